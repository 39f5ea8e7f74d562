-- airbnb: the Airbnb app's menu (AirbnbViewController): the content scales down, tilts back in 3-D and
-- slides aside, while the menu slides in from a little way off and fades in.
return {
  version = "1.0.0",
  description = "Airbnb's scale-and-slide: the content shrinks and tilts away, the menu slides in",
  params = {
    scale = { default = 0.8, min = 0.4, max = 1, doc = "the pane's scale at open" },
    tilt = { default = 12, min = 0, max = 45, doc = "how far the pane turns back at open, in degrees" },
    slide = { default = 60, min = 0, max = 200, doc = "how far off the menu starts, in points" },
  },
  tests = {
    {
      closed = 0, direction = "left",
      expect = {
        pane = { scale = 0.8, rotate = { y = -0.20944 }, shadow = { radius = 12, opacity = 0.3 } },
        drawer = { translate = { 0, 0 }, alpha = 1 },
      },
      tolerance = 1e-5,
    },
    { closed = 1, direction = "left", expect = { drawer = { translate = { -60, 0 }, alpha = 0 } } },
    { closed = 0.5, direction = "top", expect = { drawer = { translate = { 0, -30 }, alpha = 0.5 } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local sign = panekit.sign(d)
    local horizontal = panekit.horizontal(d)
    local turn = sign * (horizontal and -1 or 1) * a * math.rad(p.tilt)
    local mx, my = panekit.along(d, -sign * (1 - a) * p.slide)
    return {
      pane = {
        scale = panekit.lerp(1, p.scale, a),
        rotate = horizontal and { y = turn } or { x = turn },
        perspective = -1 / 600,
        shadow = { radius = 12, opacity = 0.3 * a },
      },
      drawer = { translate = { mx, my }, alpha = a },
    }
  end,
}
