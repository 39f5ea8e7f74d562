-- fold: the drawer unfolds from the screen's edge like a sheet of paper, its free edge glued to the pane.
--
-- The drawer is hinged on the container's edge. At each fraction it turns by the angle whose perspective
-- projection puts its free edge exactly on the pane's edge, so the two never part (ECSlidingViewController's
-- fold, with the drawer as one panel). Past open it stretches to keep up; it darkens as it folds away.
-- The hinge: the drawer's edge on the container's edge.
local anchors = { left = { 0, 0.5 }, right = { 1, 0.5 }, top = { 0.5, 0 }, bottom = { 0.5, 1 } }

return {
  version = "1.0.0",
  description = "A fold: the drawer unfolds from the screen's edge, its free edge on the pane's",
  params = {
    eye = { default = 800, min = 200, max = 10000, doc = "distance of the eye in points" },
    shade = { default = 0.5, min = 0, max = 1, doc = "how much the drawer darkens when folded away (0 none)" },
  },
  tests = {
    { closed = 1, direction = "left", expect = { drawer = { alpha = 0.5, anchor = { 0, 0.5 } } } },
    { closed = 0, direction = "left", expect = { drawer = { alpha = 1, rotate = { y = 0 } } } },
    { closed = 1, direction = "left", params = { shade = 0 }, expect = { drawer = { alpha = 1 } } },
  },
  style = function(ctx)
    local d, p, w = ctx.direction, ctx.params, ctx.reveal
    local horizontal = panekit.horizontal(d)
    local k = panekit.sign(d) * (horizontal and 1 or -1)
    local ax, ay = horizontal and 0 or 1, horizontal and 1 or 0
    local a = panekit.clamp(ctx.open, 0, 1)
    local length = horizontal and (ctx.frames.drawer and ctx.frames.drawer.w or w)
      or (ctx.frames.drawer and ctx.frames.drawer.h or w)
    -- Solve cos θ − c sin θ = a, with c = a·W/eye: the free edge's projection W cos θ / (1 + W sin θ / eye)
    -- lands at a·W.
    local c = a * length / p.eye
    local theta = math.acos(panekit.clamp(a / math.sqrt(1 + c * c), -1, 1)) - math.atan(c)
    local ops = { { "rotate", k * theta, ax, ay, 0 }, { "perspective", -1 / p.eye } }
    if ctx.open > 1 then
      ops = { { "scale", horizontal and ctx.open or 1, horizontal and 1 or ctx.open } }
    end
    return {
      drawer = { anchor = anchors[d], ops = ops, alpha = 1 - p.shade * (1 - a) },
    }
  end,
}
