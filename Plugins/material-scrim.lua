-- material-scrim: Material Design's modal navigation drawer.
--
-- The content stays put under a scrim (black at 32 % by default) while the drawer slides over it with an
-- elevation shadow. It undoes the container's push by giving the pane and the overlay the full frame.
return {
  version = "1.0.0",
  description = "Material's modal drawer: it slides over the content, which dims under a scrim",
  params = {
    scrimColor = { default = "#000000", doc = "the scrim's colour" },
    scrimAlpha = { default = 0.32, min = 0, max = 1, doc = "the scrim's opacity when the drawer is open" },
    elevation = { default = 16, min = 0, max = 48, doc = "the drawer's elevation: the blur of its shadow, in points" },
  },
  tests = {
    {
      closed = 0.5, direction = "left",
      expect = {
        overlay = { color = "#000000", alpha = 0.16, hidden = false, frame = { 0, 0, 375, 667 }, z = 1 },
        drawer = { translate = { -140, 0 }, z = 2, shadow = { radius = 16, opacity = 0.175, offset = { 2, 0 } } },
      },
    },
    { closed = 0, direction = "right", params = { scrimAlpha = 0.5, scrimColor = "#202020" }, expect = { overlay = { alpha = 0.5, color = "#202020" } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local full = { 0, 0, ctx.size.w, ctx.size.h }
    local sx, sy = panekit.along(d, -panekit.sign(d) * (1 - a) * ctx.reveal)
    local ox, oy = panekit.along(d, panekit.sign(d) * p.elevation / 4)
    return {
      pane = { frame = full, z = 0 },
      overlay = { frame = full, hidden = false, color = p.scrimColor, alpha = p.scrimAlpha * a, z = 1 },
      drawer = {
        translate = { sx, sy },
        z = 2,
        shadow = { radius = p.elevation, opacity = 0.35 * a, offset = { ox * a, oy * a } },
      },
    }
  end,
}
