-- sink-back: the look of a modern app's drawer. As the drawer slides over the content, the content sinks back:
-- it shrinks towards `scale` about its centre and rounds its corners to `radius`; the drawer rounds the two
-- corners of its inner edge and casts a soft shadow. The Lua twin of the built-in `sink.back`; use it with
-- `"openMode": "above"` and `scrim` for the dimming.
return {
  version = "1.0.0",
  description = "The content sinks back with rounded corners as the drawer slides over it",
  params = {
    scale = { default = 0.92, min = 0.5, max = 1, doc = "the pane's scale when open" },
    radius = { default = 16, min = 0, max = 100, doc = "the pane's corner radius when open, in points" },
    drawerRadius = { default = 20, min = 0, max = 100, doc = "the radius of the drawer's inner corners, in points" },
  },
  tests = {
    {
      closed = 0, direction = "left",
      expect = {
        pane = { scale = 0.92, cornerRadius = { 16, 16, 16, 16 } },
        drawer = { cornerRadius = { 0, 20, 20, 0 } },
      },
    },
    {
      closed = 1, direction = "right",
      expect = { pane = { scale = 1, cornerRadius = { 0, 0, 0, 0 } }, drawer = { cornerRadius = { 20, 0, 0, 20 } } },
    },
  },
  style = function(ctx)
    local p = ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local r = p.drawerRadius
    -- The drawer's inner edge is the one facing the content: clockwise from the top left.
    local inner = ({
      left = { 0, r, r, 0 }, right = { r, 0, 0, r }, top = { 0, 0, r, r }, bottom = { r, r, 0, 0 },
    })[ctx.direction]
    return {
      pane = { scale = panekit.lerp(1, p.scale, a), cornerRadius = p.radius * a },
      drawer = { cornerRadius = inner, shadow = { radius = 16, opacity = 0.35 * a } },
    }
  end,
}
