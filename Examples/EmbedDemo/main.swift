// EmbedDemo: PaneKit embedded in an app from code, with no scenario file: a drawer, a custom Swift styler and
// a Lua plugin, an open, a bounce and a close, printed as ASCII frames.

import PaneKit
import PaneKitLua
import PaneKitRender

// A styler of our own: as the left drawer opens, the pane shrinks to 90 % and tilts by 3°, and the drawer fades in.
// A styler reads only its context (closed fraction, reveal width, sizes, time) and writes edits per role.
let tilt = ClosureStyler(name: "demo.tilt") { context, edits in
    let open = min(max(context.open, 0), 1)
    edits[.pane].transform = Transform3D.scale(1 - 0.1 * open)
        .concatenating(.rotation(angle: -0.05 * open, x: 0, y: 0, z: 1))
    edits[context.drawer].alpha = 0.4 + 0.6 * open
}

// The stylers of the left drawer, run in order on every frame: a built-in, then ours.
var stylers: [any Styler] = [MMParallaxStyler(factor: 2), tilt]

// A Lua plugin, written here as text (an app would ship it as a file and use PluginLoader.load(path:)): it runs
// in its own sandboxed Lua state under an instruction budget and a memory cap, and draws a thin shadow
// under the drawer's edge that deepens as it opens.
let edgeShadow = """
    return {
      description = "a shadow along the drawer's edge that deepens as it opens",
      params = { depth = { default = 12, min = 0, max = 40, doc = "shadow radius when fully open" } },
      style = function(ctx)
        local open = panekit.clamp(ctx.open, 0, 1)
        return { drawer = { shadow = { radius = ctx.params.depth * open, opacity = 0.6 * open } } }
      end,
    }
    """
do {
    let plugin = try LuaPlugin(source: edgeShadow, path: "edge-shadow.lua")
    stylers.append(try LuaStyler(plugin: plugin))
} catch {
    print("EmbedDemo: the Lua plugin did not load: \(error)")
}

// MMDrawerController's model: a 280 pt left drawer on a 375 × 667 screen, run at 12 frames a second.
let container = DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280]))
// A typed host takes only the drawer's actions (DrawerAction): `.setSplitPosition(300)` here would not compile.
var host = TypedPaneHost(container, fps: 12, stylers: [.left: stylers])
host.schedule(.open(.left), at: 0)
host.schedule(.close(), at: 0.8)
host.schedule(.bounce(.left), at: 1.4)

// Each frame is an immutable value: apply its nodes to your views, or draw it as here.
let renderer = ASCIIRenderer(columns: 48, rows: 14)
do {
    for frame in try host.runUntilRest() {
        print(ASCIIRenderer.caption(frame))
        print(renderer.render(frame))
    }
} catch {
    print("EmbedDemo: \(error)")
}
