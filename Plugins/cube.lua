-- cube: the pane and the drawer are two faces of a cube that turns as the drawer opens.
--
-- Both faces share one edge, the pane's edge next to the drawer. The pane turns away about that edge
-- while the drawer turns in from edge-on, so at open the drawer faces you and the pane is edge-on.
-- Per direction: the pane's hinge and the drawer's (their anchors), both on the shared edge.
local hinge = {
  left = { { 0, 0.5 }, { 1, 0.5 } }, right = { { 1, 0.5 }, { 0, 0.5 } },
  top = { { 0.5, 0 }, { 0.5, 1 } }, bottom = { { 0.5, 1 }, { 0.5, 0 } },
}

return {
  version = "1.0.0",
  description = "A 3-D cube: pane and drawer are two faces turning about their shared edge",
  params = {
    eye = { default = 1000, min = 200, max = 10000, doc = "distance of the eye in points; smaller is more dramatic" },
    turn = { default = 90, min = 10, max = 90, doc = "how far the pane turns away at open, in degrees" },
  },
  tests = {
    { closed = 1, direction = "left", expect = { pane = { perspective = -0.001, rotate = { y = 0 } } } },
    { closed = 0.5, direction = "left", expect = { drawer = { translate = { -140, 0 }, anchor = { 1, 0.5 } } } },
    { closed = 1, direction = "left", params = { eye = 500 }, expect = { pane = { perspective = -0.002 } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local a = panekit.clamp(ctx.open, 0, 1)
    local horizontal = panekit.horizontal(d)
    -- k makes the far side of each face go away from the viewer, whatever the edge.
    local k = panekit.sign(d) * (horizontal and 1 or -1)
    local ax, ay = horizontal and 0 or 1, horizontal and 1 or 0
    local perspective = -1 / p.eye
    -- The drawer's hinge is its inner edge; move it onto the pane's edge, which the container has moved
    -- by open × reveal (past open it keeps following).
    local gx, gy = panekit.along(d, -panekit.sign(d) * (1 - ctx.open) * ctx.reveal)
    return {
      pane = {
        anchor = hinge[d][1],
        ops = { { "rotate", k * a * math.rad(p.turn), ax, ay, 0 }, { "perspective", perspective } },
      },
      drawer = {
        anchor = hinge[d][2],
        ops = {
          { "rotate", -k * (1 - a) * math.pi / 2, ax, ay, 0 },
          { "perspective", perspective },
          { "translate", gx, gy },
        },
      },
    }
  end,
}
