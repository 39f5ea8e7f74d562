-- zoom: the content zooms out and slides a little as the drawer opens, while the drawer fades in.
-- This is the plugin of DESIGN §9, and the smallest useful styler: start here.
return {
  name = "zoom",
  version = "1.0.0",
  description = "The content zooms out as the drawer opens",
  params = { scale = { default = 0.75, min = 0.1, max = 1.0, doc = "pane scale when fully open" } },
  -- Checked by `panekit test`: the pane's scale and shift and the drawer's fade at a few fractions.
  tests = {
    { closed = 0.5, direction = "left", expect = { pane = { scale = 0.875, translate = { 28, 0 } }, drawer = { alpha = 0.5 } } },
    { closed = 1, direction = "left", expect = { pane = { scale = 1, translate = { 0, 0 } }, drawer = { alpha = 0 } } },
    { closed = 0, direction = "right", params = { scale = 0.5 }, expect = { pane = { scale = 0.5, translate = { 56, 0 } }, drawer = { alpha = 1 } } },
  },
  style = function(ctx)
    local s = 1 - (1 - ctx.params.scale) * ctx.open
    return {
      pane = { scale = s, translate = { ctx.open * ctx.reveal * 0.2, 0 } },
      drawer = { alpha = ctx.open },
    }
  end,
}
