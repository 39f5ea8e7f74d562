// Frames as CSS animations: one @keyframes rule per node role, and a script-free HTML page that plays them.

import PaneKit

/// Writes a run's frames as CSS: `@keyframes panekit-ROLE` (a `.` in the role written `-`) with one keyframe per
/// frame, at the percentage of the frame's time in the animation, carrying the node's frame (`left`, `top`,
/// `width`, `height`), `transform-origin` (its anchor), `transform: matrix3d(…)` with the 16 numbers in the
/// JSON order (Core Animation's m11…m44 order is CSS's matrix3d order), `opacity` (alpha), `z-index` (its
/// place back to front) and `visibility`.
///
/// The animation lasts `frames × 1/fps`: frame i starts at i/fps, so it sits at 100·i/count percent and the
/// last frame holds to 100 %. Between keyframes the browser interpolates linearly (matrices by CSS's own
/// decomposition); at the keyframes the values are the frames' own. A role missing from a frame is hidden then.
public struct CSSKeyframes: Sendable {
    /// The stage's and the roles' colours.
    public var theme: Theme
    /// What each role's node shows: colour, image and wireframe become the role's background layers.
    public var appearance: Appearance

    /// A CSS writer in `theme` (dark by default) with the scenario's `appearance`.
    public init(theme: Theme = .dark, appearance: Appearance = .none) {
        self.theme = theme
        self.appearance = appearance
    }

    /// The class and keyframes name of `role`: `panekit-drawer-left`.
    public static func name(_ role: Role) -> String { "panekit-" + role.rawValue.replacingOccurrences(of: ".", with: "-") }

    /// The roles of `frames` in role order (ORDER ROLE).
    public static func roles(_ frames: [Frame]) -> [Role] {
        Role.allCases.filter { role in frames.contains { $0.nodes.contains { $0.role == role } } }
    }

    /// The style sheet for `frames`.
    /// - Parameters:
    ///   - frames: the run, in order; every frame becomes one keyframe step.
    ///   - fps: the frames' rate; the animation lasts `frames.count / fps` seconds.
    ///   - title: a comment line naming the scenario.
    public func render(_ frames: [Frame], fps: Double, title: String) -> String {
        guard let first = frames.first else { return "" }
        let count = frames.count
        let duration = Double(count) / fps
        var out =
            "/* \(title.replacingOccurrences(of: "*/", with: "* /")): \(count) frames at \(NumberFormat.string(fps)) fps, made by panekit */\n"
        out += ".panekit-stage { position: relative; overflow: hidden; width: \(NumberFormat.string(first.size.width))px; "
        out += "height: \(NumberFormat.string(first.size.height))px; background: \(theme.background.hex); perspective: none; }\n"
        out += ".panekit-node { position: absolute; box-sizing: border-box; animation-duration: \(NumberFormat.string(duration))s; "
        out += "animation-timing-function: linear; animation-iteration-count: infinite; animation-fill-mode: both; }\n"
        for role in Self.roles(frames) {
            let name = Self.name(role)
            let color = appearance[role]?.color ?? theme.color(of: role)
            let size = frames.first { $0.nodes.contains { $0.role == role } }?.nodes.first { $0.role == role }?.frame.size ?? first.size
            let layers = NodeLook.cssBackground(role, size: size, theme: theme, appearance: appearance)
            out += ".\(name) { animation-name: \(name); background: \(color.hex);\(layers.isEmpty ? "" : " " + layers) }\n"
        }
        for role in Self.roles(frames) {
            out += "@keyframes \(Self.name(role)) {\n"
            var last = ""
            for (i, frame) in frames.enumerated() {
                let body = keyframe(role, in: frame)
                out += "  \(NumberFormat.string(100 * Double(i) / Double(count)))% { \(body) }\n"
                last = body
            }
            out += "  100% { \(last) }\n}\n"
        }
        return out
    }

    /// The declarations of `role`'s keyframe in `frame`.
    func keyframe(_ role: Role, in frame: Frame) -> String {
        guard let index = frame.nodes.firstIndex(where: { $0.role == role }) else { return "visibility: hidden; opacity: 0;" }
        let node = frame.nodes[index]
        let f = node.frame, s = node.style
        let color = node.style.color.map { " background-color: \($0.hex);" } ?? ""
        let radius = node.style.cornerRadius.map { " border-radius: " + NodeLook.cssRadius($0) + ";" } ?? ""
        return
            "left: \(NumberFormat.string(f.x))px; top: \(NumberFormat.string(f.y))px; width: \(NumberFormat.string(f.width))px; height: \(NumberFormat.string(f.height))px; "
            + "transform-origin: \(NumberFormat.string(s.anchor.x * 100))% \(NumberFormat.string(s.anchor.y * 100))%; "
            + "transform: matrix3d(\(s.transform.values.map(NumberFormat.string).joined(separator: ", "))); opacity: \(NumberFormat.string(s.alpha)); "
            + "z-index: \(index); visibility: \(s.hidden ? "hidden" : "visible");" + color + radius
    }

    /// A page that plays `stylesheet` with no script: the stage and one element per role.
    public func page(_ frames: [Frame], stylesheet: String, title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(escape(title))</title>\n"
        out += "<link rel=\"stylesheet\" href=\"\(escape(stylesheet))\">\n"
        out += "<style>body { margin: 0; padding: 16px; background: #e9ecef; font: 13px sans-serif; }</style>\n</head>\n<body>\n"
        out += "<div class=\"panekit-stage\">\n"
        for role in Self.roles(frames) { out += "<div class=\"panekit-node \(Self.name(role))\" title=\"\(role.rawValue)\"></div>\n" }
        out += "</div>\n<p>\(escape(title))</p>\n</body>\n</html>\n"
        return out
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension CSSKeyframes {
    /// `--format css`: the run's style sheet, made at the end, and optionally the page that plays it.
    public struct Writer: WholeRunWriter, Sendable {
        /// Style sheets end in `.css`.
        public static let fileExtension = "css"

        /// Whether a script-free HTML page that plays the style sheet goes beside it (`companions(of:)`).
        public let page: Bool
        /// The run and its frames, kept for `end`.
        public var kept = KeptRun()
        /// The theme and appearance the style sheet is written with.
        public let css: CSSKeyframes

        /// A CSS writer, with the HTML page beside the style sheet when `page` is true.
        public init(page: Bool = false, theme: Theme = .dark, appearance: Appearance = .none) {
            self.page = page
            css = CSSKeyframes(theme: theme, appearance: appearance)
        }

        /// Appends the style sheet.
        public mutating func end(into out: inout [UInt8]) {
            out.append(contentsOf: css.render(kept.frames, fps: kept.run.fps, title: kept.run.title).utf8)
        }

        /// With `page`, the `.html` page that plays the style sheet `fileName`.
        public func companions(of fileName: String) -> [(fileExtension: String, bytes: [UInt8])] {
            guard page else { return [] }
            return [("html", Array(css.page(kept.frames, stylesheet: fileName, title: kept.run.title).utf8))]
        }
    }
}
