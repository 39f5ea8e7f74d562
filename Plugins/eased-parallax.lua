-- eased-parallax: mm.parallax with a timing curve: the drawer catches up with the pane along a curve
-- instead of in step, so it lags at first and settles softly (or the other way round).
return {
  version = "1.0.0",
  description = "Parallax along a timing curve: the drawer eases into place",
  params = {
    factor = { default = 2, min = 1, max = 10, doc = "how far behind the drawer starts: reveal / factor" },
    curve = {
      default = "easeOut",
      choices = { "linear", "easeIn", "easeOut", "easeInEaseOut", "default" },
      doc = "the timing curve the drawer follows",
    },
  },
  tests = {
    { closed = 1, direction = "left", expect = { drawer = { translate = { -140, 0 } } } },
    { closed = 1, direction = "right", expect = { drawer = { translate = { 140, 0 } } } },
    { closed = 0, direction = "left", expect = { drawer = { translate = { 0, 0 } } } },
    { closed = 0.5, direction = "left", params = { curve = "linear", factor = 4 }, expect = { drawer = { translate = { -35, 0 } } } },
  },
  style = function(ctx)
    local d, p = ctx.direction, ctx.params
    local eased = panekit.curve(p.curve)(ctx.open)
    local tx, ty = panekit.along(d, -panekit.sign(d) * ctx.reveal * (1 - eased) / p.factor)
    return { drawer = { translate = { tx, ty } } }
  end,
}
