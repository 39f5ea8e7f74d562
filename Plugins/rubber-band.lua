-- rubber-band: pulling past open (or past closed) meets a resistance that grows with the pull.
--
-- The container moves the pane one point per point of pull; this styler gives back the excess so the pane
-- only travels limit × (1 − 1 / (1 + pull × stiffness / limit)), UIScrollView's rubber band, and stretches
-- the drawer from its outer edge to fill the gap. Inside the travel it writes nothing, so it goes after
-- another styler (such as mm.parallax) on the same direction.
-- The drawer stretches from its outer edge, the one on the container's edge.
local outer = { left = { 0, 0.5 }, right = { 1, 0.5 }, top = { 0.5, 0 }, bottom = { 0.5, 1 } }

return {
  version = "1.0.0",
  description = "A rubber band past open and past closed: the pane resists, the drawer stretches",
  params = {
    limit = { default = 60, min = 1, max = 400, doc = "the most the pane can travel past its end, in points" },
    stiffness = { default = 0.55, min = 0.05, max = 2, doc = "how quickly the resistance builds (UIKit uses 0.55)" },
  },
  tests = {
    { closed = 0.5, direction = "left", expect = { pane = { translate = { 0, 0 } } } },
    -- 70 points past open: the band gives 23.45 of them, so the pane stays 46.55 back and the drawer stretches.
    {
      closed = -0.25, direction = "left",
      expect = { pane = { translate = { -46.548, 0 } }, drawer = { scale = { 1.0838, 1 }, anchor = { 0, 0.5 } } },
      tolerance = 1e-3,
    },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local sign = panekit.sign(d)
    local over, toward
    if ctx.closed < 0 then
      over, toward = -ctx.closed * ctx.reveal, sign -- past open
    elseif ctx.closed > 1 then
      over, toward = (ctx.closed - 1) * ctx.reveal, -sign -- past closed
    else
      return {}
    end
    local band = p.limit * (1 - 1 / (1 + over * p.stiffness / p.limit))
    local bx, by = panekit.along(d, -toward * (over - band))
    local edits = { pane = { translate = { bx, by } } }
    if toward == sign then
      local stretch = (ctx.reveal + band) / ctx.reveal
      local horizontal = panekit.horizontal(d)
      edits.drawer = { anchor = outer[d], scale = { horizontal and stretch or 1, horizontal and 1 or stretch } }
    end
    return edits
  end,
}
