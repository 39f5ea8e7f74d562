// Frames for the render tests: runs of the gallery examples, and split-view frames built by hand.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitLua
import XCTest

enum Fixtures {
    /// The package's root folder, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The built-in stylers and the gallery's Lua plugins, as `panekit render` sees them from the root.
    static let registry: StylerRegistry =
        (try? PluginCatalog(folder: root.appendingPathComponent("Plugins").path))?.registry ?? .builtins

    /// The frames of `Examples/<name>.json`.
    static func frames(_ name: String) throws -> [Frame] {
        let path = root.appendingPathComponent("Examples/\(name).json").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try ScenarioLoader.load(text, file: path, registry: registry).run(registry: registry, strict: true)
    }

    /// A 1024 × 768 split view (the split container comes later): master, divider, detail, the two corner views,
    /// and optionally a popover with a shadow.
    /// - Parameters:
    ///   - vertical: master left of detail (true) or above it.
    ///   - dividerWidth: 1 for MG's thin style, 25 for the pane splitter.
    static func split(vertical: Bool = true, dividerWidth w: Double = 1, popover: Bool = false) -> Frame {
        let size = Size(width: 1024, height: 768), r = 5.0, position = 320.0
        var nodes: [Node] = []
        if vertical {
            nodes.append(Node(role: .master, frame: Rect(x: 0, y: 0, width: position, height: size.height)))
            nodes.append(Node(role: .detail, frame: Rect(x: position + w, y: 0, width: size.width - position - w, height: size.height)))
            nodes.append(Node(role: .divider, frame: Rect(x: position, y: 0, width: w, height: size.height)))
            nodes.append(Node(role: .cornerLeading, frame: Rect(x: position - r, y: 0, width: 2 * r + w, height: r)))
            nodes.append(Node(role: .cornerTrailing, frame: Rect(x: position - r, y: size.height - r, width: 2 * r + w, height: r)))
        } else {
            nodes.append(Node(role: .master, frame: Rect(x: 0, y: 0, width: size.width, height: position)))
            nodes.append(Node(role: .detail, frame: Rect(x: 0, y: position + w, width: size.width, height: size.height - position - w)))
            nodes.append(Node(role: .divider, frame: Rect(x: 0, y: position, width: size.width, height: w)))
            nodes.append(Node(role: .cornerLeading, frame: Rect(x: 0, y: position - r, width: r, height: 2 * r + w)))
            nodes.append(Node(role: .cornerTrailing, frame: Rect(x: size.width - r, y: position - r, width: r, height: 2 * r + w)))
        }
        if popover {
            var style = NodeStyle()
            style.shadow = Shadow(radius: 12, opacity: 0.4, offset: Point(x: 0, y: 4))
            nodes.append(Node(role: .popover, frame: Rect(x: 40, y: 60, width: 320, height: 420), style: style))
        }
        return Frame(
            index: 0, time: 0, container: .split, state: .closed, fractions: Fractions([(.left, 1)]), size: size,
            nodes: nodes, events: [])
    }

    /// A frame holding only `nodes`, for testing one node's drawing.
    static func frame(_ nodes: [Node], size: Size = Size(width: 375, height: 667)) -> Frame {
        Frame(index: 0, time: 0, container: .drawer, state: .closed, fractions: Fractions(), size: size, nodes: nodes, events: [])
    }
}
