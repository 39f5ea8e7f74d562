-- zoom-out: RESideMenu's look. The content shrinks and slides aside, the menu zooms in to its place.
--
-- At open the pane is at `scale` with its centre `offset` points past the container's far edge, and it
-- casts a shadow; the drawer starts at `menuScale` and transparent and settles at full size.
-- (RESideMenu also rounds the content's corners; PaneKit's edits have no corner radius.)
return {
  version = "1.0.0",
  description = "RESideMenu's zoom-out: the content shrinks aside while the menu zooms in",
  params = {
    scale = { default = 0.7, min = 0.3, max = 1, doc = "the pane's scale at open (contentViewScaleValue)" },
    offset = { default = 30, min = -200, max = 200, doc = "how far past the far edge the pane's centre ends, in points" },
    menuScale = { default = 1.5, min = 1, max = 3, doc = "the menu's scale when closed" },
    shadow = { default = true, doc = "whether the pane casts a shadow (contentViewShadowEnabled)" },
    shadowColor = { default = "#000000", doc = "the pane's shadow colour" },
  },
  tests = {
    {
      closed = 0, direction = "left",
      expect = {
        pane = { scale = 0.7, translate = { -62.5, 0 }, shadow = { radius = 8, opacity = 0.4, color = "#000000" } },
        drawer = { scale = 1, alpha = 1 },
      },
    },
    { closed = 1, direction = "left", expect = { pane = { scale = 1, translate = { 0, 0 } }, drawer = { scale = 1.5, alpha = 0 } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local sign = panekit.sign(d)
    local a = ctx.open
    local extent = panekit.horizontal(d) and ctx.size.w or ctx.size.h
    -- The container has moved the pane by a·reveal; its centre should be at lerp(extent/2, extent+offset, a).
    local tx, ty = panekit.along(d, sign * a * (extent / 2 + p.offset - ctx.reveal))
    local edits = {
      pane = { scale = panekit.lerp(1, p.scale, panekit.clamp(a, 0, 1.2)), translate = { tx, ty } },
      drawer = { scale = panekit.lerp(p.menuScale, 1, panekit.clamp(a, 0, 1)), alpha = a },
    }
    if p.shadow then
      edits.pane.shadow = { radius = 8, opacity = 0.4 * panekit.clamp(a, 0, 1), color = p.shadowColor }
    end
    return edits
  end,
}
