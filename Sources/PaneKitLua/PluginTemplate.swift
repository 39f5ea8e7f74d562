// The starter plugin `panekit new NAME` writes: commented, and passing `panekit check` as it is.

/// The text of a new plugin.
public enum PluginTemplate {
    /// A commented starter plugin named `name`: the drawer slides in behind the pane and fades in.
    public static func source(name: String) -> String {
        """
        -- \(name): a PaneKit styler. See it move with `panekit play \(name).lua --watch` (give the path you saved it
        -- under): every save reloads it, and a mistake shows on the status line as file:line: message. Tune it
        -- with --param (panekit play \(name).lua --param lag=0.5), then pin it down with `panekit test \(name).lua --record`.
        --
        -- A styler is a pure function of the context: it gets `ctx` once per frame for each drawer that is
        -- visible or moving and returns edits for nodes. The reference is PaneKit's docs/plugins.md; the
        -- annotations in panekit.d.lua beside this file (`panekit new --stubs` writes it) let an editor with the
        -- Lua language server complete and check this file.
        --
        --   ctx.direction     "left", "right", "top" or "bottom": the drawer being styled
        --   ctx.closed        1 closed, 0 fully open, below 0 past open
        --   ctx.open          1 - ctx.closed
        --   ctx.reveal        the drawer's width (its maximum or reveal width)
        --   ctx.size.w/.h     the container's size
        --   ctx.frames.pane   {x, y, w, h} of each node, by role; ctx.frames.drawer is this drawer's
        --   ctx.velocity, ctx.time, ctx.state, ctx.container, ctx.params

        return {
          version = "0.1.0",
          description = "The drawer slides in behind the pane and fades in",

          -- Parameters: a default, and for numbers min and max. Scenarios override them with "params",
          -- the command line with --param KEY=VALUE.
          params = {
            lag = { default = 0.3, min = 0, max = 1, doc = "how far behind the pane the drawer starts, as a part of its width" },
            fade = { default = true, doc = "whether the drawer fades in" },
          },

          -- What `panekit test` checks besides the golden frames (`panekit test --record` writes those): the
          -- nodes at a closed fraction, role by role; keys as in a JSON node, plus translate, scale, rotate and
          -- perspective read from its transform. Change the formula and these say what moved.
          tests = {
            { closed = 1, direction = "left", expect = { drawer = { translate = { -84, 0 }, alpha = 0 } } },
            {
              closed = 0, direction = "right", params = { fade = false },
              expect = { drawer = { translate = { 0, 0 }, alpha = 1 }, pane = { shadow = { radius = 10, opacity = 0.5 } } },
            },
          },

          style = function(ctx)
            local a = panekit.clamp(ctx.open, 0, 1) -- 0 closed … 1 open, held at 1 past open
            -- Write the styler for one edge and let panekit mirror it: sign is +1 for left and top,
            -- -1 for right and bottom; along turns a distance on the drawer's axis into x, y.
            local dx, dy = panekit.along(ctx.direction, -panekit.sign(ctx.direction) * (1 - a) * ctx.reveal * ctx.params.lag)
            return {
              -- Roles: pane, drawer (this direction's), drawer.left … drawer.bottom, overlay, statusbar, …
              -- Edits: translate, scale, rotate, perspective, transform, ops, anchor, alpha, shadow, z, frame,
              -- hidden, color. Keyed parts compose as scale, then rotate, then perspective, then translate.
              drawer = { translate = { dx, dy }, alpha = ctx.params.fade and a or 1 },
              pane = { shadow = { radius = 10 * a, opacity = 0.5 * a } },
            }
          end,
        }

        """
    }
}
