-- A Lua port of the built-in mm.swinging-door (reference/mmdrawer.md §8), for the equality test:
-- the drawer swings open on a hinge at its edge next to the pane, with perspective m34 = -1/1000.
local hinge = { left = { 1, 0.5 }, right = { 0, 0.5 }, top = { 0.5, 1 }, bottom = { 0.5, 0 } }
local pi = math.pi

return {
  version = "1.0.0",
  description = "MMDrawer swinging door, in Lua",
  style = function(ctx)
    local d, p, w = ctx.direction, ctx.open, ctx.reveal
    local sign = panekit.sign(d)
    local anchor = hinge[d]
    local reach = math.max(w, p * w) -- D = max(W, visible width)
    local ops
    if p > 1 then
      local tx, ty = panekit.along(d, sign * reach / 2)
      local horizontal = panekit.horizontal(d)
      ops = { { "translate", tx, ty }, { "scale", horizontal and p or 1, horizontal and 1 or p } }
    else
      local angle, ax, ay
      if d == "left" then angle, ax, ay = -pi / 2 + p * pi / 2, 0, 1
      elseif d == "right" then angle, ax, ay = pi / 2 - p * pi / 2, 0, 1
      elseif d == "top" then angle, ax, ay = pi / 2 - p * pi / 2, 1, 0
      else angle, ax, ay = -pi / 2 + p * pi / 2, 1, 0 end
      local tx, ty = panekit.along(d, sign * (-reach / 2 + reach * p))
      ops = { { "rotate", angle, ax, ay, 0 }, { "perspective", -1 / 1000 }, { "translate", tx, ty } }
    end
    -- Core Animation keeps a layer's position when its anchor moves; PaneKit keeps the frame (CSS
    -- transform-origin), so the original's anchor change becomes one more translation.
    local frame = ctx.frames.drawer
    local fw, fh = frame and frame.w or w, frame and frame.h or w
    ops[#ops + 1] = { "translate", (0.5 - anchor[1]) * fw, (0.5 - anchor[2]) * fh }
    return { drawer = { anchor = anchor, ops = ops } }
  end,
}
