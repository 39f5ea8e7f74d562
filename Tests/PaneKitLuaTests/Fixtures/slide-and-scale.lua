-- A Lua port of the built-in mm.slide-and-scale (reference/mmdrawer.md §8), for the equality test:
-- the drawer grows from 0.9, slides 50 pt into place and fades in; no special case past open.
return {
  version = "1.0.0",
  description = "MMDrawer slide and scale, in Lua",
  style = function(ctx)
    local p = ctx.open
    local dx, dy = panekit.along(ctx.direction, panekit.sign(ctx.direction) * 50 * (1 - p))
    return {
      drawer = { scale = 0.9 + 0.1 * p, translate = { dx, dy }, alpha = p }, -- alpha is clamped to 0…1
    }
  end,
}
