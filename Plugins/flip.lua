-- flip: the pane and the drawer are the two sides of one card that flips over as the drawer opens.
--
-- The pane stays where it is and turns away until it is edge-on at half-way; then the drawer, on the back,
-- turns in to face you. The card turns about the axis across the drawer's direction.
return {
  version = "1.0.0",
  description = "A flip: pane and drawer are the two sides of one card",
  params = {
    eye = { default = 1200, min = 300, max = 10000, doc = "distance of the eye in points" },
  },
  tests = {
    { closed = 1, direction = "left", expect = { pane = { hidden = false, frame = { 0, 0, 375, 667 } }, drawer = { hidden = true, z = 1 } } },
    { closed = 0, direction = "left", expect = { pane = { hidden = true }, drawer = { hidden = false } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local horizontal = panekit.horizontal(d)
    local k = panekit.sign(d) * (horizontal and 1 or -1)
    local ax, ay = horizontal and 0 or 1, horizontal and 1 or 0
    local perspective = -1 / p.eye
    local front = a < 0.5
    return {
      pane = {
        frame = { 0, 0, ctx.size.w, ctx.size.h },
        hidden = not front,
        ops = { { "rotate", k * a * math.pi, ax, ay, 0 }, { "perspective", perspective } },
      },
      drawer = {
        hidden = front,
        z = 1,
        ops = { { "rotate", -k * (1 - a) * math.pi, ax, ay, 0 }, { "perspective", perspective } },
      },
    }
  end,
}
