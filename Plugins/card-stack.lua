-- card-stack: the pane is a card dealt off a stack; the drawer is the next card, rising to the top.
--
-- As the drawer opens the pane lifts (its shadow grows), tilts a little and slides away; the drawer starts
-- smaller, further back and dimmer, and comes forward to full size.
return {
  version = "1.0.0",
  description = "A card stack: the pane is dealt off, the drawer rises from behind it",
  params = {
    depth = { default = 0.85, min = 0.5, max = 1, doc = "the drawer's scale when it is at the back of the stack" },
    tilt = { default = 4, min = 0, max = 20, doc = "the pane's tilt at open, in degrees" },
    dim = { default = 0.5, min = 0, max = 1, doc = "the drawer's opacity at the back of the stack" },
  },
  tests = {
    {
      closed = 0, direction = "left",
      expect = {
        pane = { rotate = { z = 0.0698132 }, z = 1, shadow = { radius = 20, opacity = 0.6, offset = { 0, 4 } } },
        drawer = { scale = 1, alpha = 1, translate = { 0, 0 } },
      },
      tolerance = 1e-6,
    },
    { closed = 1, direction = "left", expect = { drawer = { scale = 0.85, alpha = 0.5, translate = { -28, 0 } } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local sign = panekit.sign(d)
    local back = panekit.lerp(p.depth, 1, a)
    local dx, dy = panekit.along(d, -sign * (1 - a) * ctx.reveal * 0.1)
    return {
      pane = {
        rotate = { z = sign * a * math.rad(p.tilt) * (panekit.horizontal(d) and 1 or -1) },
        shadow = { radius = 4 + 16 * a, opacity = 0.2 + 0.4 * a, offset = { 0, 4 * a } },
        z = 1,
      },
      drawer = { scale = back, translate = { dx, dy }, alpha = panekit.lerp(p.dim, 1, a) },
    }
  end,
}
