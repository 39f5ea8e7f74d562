// Frames as CSS animations: one @keyframes rule per node role, and a script-free HTML page that plays them.

import PaneKit

/// Writes a run's frames as CSS: `@keyframes panekit-ROLE` (a `.` in the role written `-`) with one keyframe per
/// frame, at the percentage of the frame's time in the animation, carrying the node's frame (`left`, `top`,
/// `width`, `height`), `transform-origin` (its anchor), `transform: matrix3d(…)` with the 16 numbers in the
/// JSON order (Core Animation's m11…m44 order is CSS's matrix3d order), `opacity` (alpha), `z-index` (its
/// place back to front) and `visibility`.
///
/// The animation lasts `frames × 1/fps`: frame i starts at i/fps, so it sits at that time's percentage of the
/// written `animation-duration` (the percentages are computed against the duration as written, so pausing the
/// animation at i/fps shows frame i) and the last frame holds to 100 %. Between keyframes the browser
/// interpolates linearly (matrices by CSS's own decomposition); at the keyframes the values are the frames' own.
/// A hidden node's keyframes have `opacity: 0` as well as `visibility: hidden`, and the keyframe before a node
/// appears or disappears holds (`animation-timing-function: step-end`), so a node never shows in the interval
/// before it appears; a role missing from a frame is hidden then, posed where it is next (else last) present,
/// so its first visible keyframe is its own pose. Percentages are rounded down (a millionth below when exact),
/// so a time i/fps lands just past keyframe i in the browser's arithmetic.
///
/// A grid's cell (`FrameCell`) is a box `.panekit-clip-LABEL` with `overflow: hidden` at its rectangle: its
/// nodes' `left` and `top` are in the cell's coordinates, and `page` nests them in it, so they are clipped to it.
///
/// `openFractionSheet` writes the hand-off keyed by the open fraction instead: paused keyframes whose delay is
/// `calc(var(--panekit-open) * -1s)`, so a page sets `--panekit-open` on `.panekit-stage` and every node takes
/// the pose at that open fraction.
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
    public static func name(_ role: Role) -> String {
        // A grid cell's node (`cell.LABEL/page.2`) has a slash, which a class name may not.
        "panekit-" + role.rawValue.replacingOccurrences(of: ".", with: "-").replacingOccurrences(of: "/", with: "--")
    }

    /// The class of a grid cell's box, which clips the cell's nodes: `panekit-clip-swiper-cube`.
    static func cellName(_ label: String) -> String {
        "panekit-clip-" + label.replacingOccurrences(of: ".", with: "-")
    }

    /// The grid cell among `cells` whose nodes have `role` (`cell.LABEL/ROLE`), or nil (a caption, any other role).
    static func cell(of role: Role, in cells: [FrameCell]) -> FrameCell? {
        guard !cells.isEmpty, role.cellInner != nil else { return nil }
        return cells.first { role.rawValue.hasPrefix("cell." + $0.label + "/") }
    }

    /// The element of each role for a page: one `div` per role, a grid cell's nodes nested in the cell's box (which
    /// clips them), the cells first, then the other roles (a grid's captions).
    func elements(_ frames: [Frame]) -> String {
        let roles = Self.roles(frames), cells = frames.first?.cells ?? []
        func element(_ role: Role) -> String { "<div class=\"panekit-node \(Self.name(role))\" title=\"\(role.rawValue)\"></div>\n" }
        var out = ""
        for cell in cells {
            out += "<div class=\"panekit-cell \(Self.cellName(cell.label))\">\n"
            for role in roles where Self.cell(of: role, in: cells) == cell { out += element(role) }
            out += "</div>\n"
        }
        for role in roles where Self.cell(of: role, in: cells) == nil { out += element(role) }
        return out
    }

    /// The roles of `frames` in role order (ORDER ROLE), a group's members (`page.2`, `screen.inbox`) at the group's
    /// place, by number or name, then a grid's cells' roles in the order they show: every node gets its keyframes.
    public static func roles(_ frames: [Frame]) -> [Role] {
        // A group's members (a pager's pages, which come and go) stand at the group's place, by number.
        var members: [Role] = []
        for frame in frames {
            for node in frame.nodes where node.role.isMember && !members.contains(node.role) { members.append(node.role) }
        }
        let listed = Role.allCases.flatMap { role -> [Role] in
            guard role.isGroup else { return frames.contains { $0.nodes.contains { $0.role == role } } ? [role] : [] }
            return members.filter { $0.group == role }.sorted { memberOrder($0) < memberOrder($1) }
        }
        return listed + Role.cells(in: frames)
    }

    /// Where a member stands in its group: by number (`page.2` before `page.10`), a named one by name
    /// (`screen.inbox`): the same order in every process, whatever order the names were first met in.
    private static func memberOrder(_ role: Role) -> (Int, String) {
        let name = role.rawValue
        let suffix = name[name.index(after: name.lastIndex(of: ".") ?? name.startIndex)...]
        return (Int(suffix) ?? Int.max, name)
    }

    /// The style sheet for `frames`.
    /// - Parameters:
    ///   - frames: the run, in order; every frame becomes one keyframe step.
    ///   - fps: the frames' rate; the animation lasts `frames.count / fps` seconds.
    ///   - title: a comment line naming the scenario.
    /// - Complexity: O(frames × nodes).
    public func render(_ frames: [Frame], fps: Double, title: String) -> String {
        guard let first = frames.first else { return "" }
        let count = frames.count
        let written = NumberFormat.string(Double(count) / fps)
        let duration = Double(written)!
        var out =
            "/* \(comment(title)): \(count) frames at \(NumberFormat.string(fps)) fps, made by panekit */\n"
        out += ".panekit-stage { position: relative; overflow: hidden; width: \(NumberFormat.string(first.size.width))px; "
        out += "height: \(NumberFormat.string(first.size.height))px; background: \(theme.background.hex); perspective: none; }\n"
        out += ".panekit-node { position: absolute; box-sizing: border-box; animation-duration: \(written)s; "
        out += "animation-timing-function: linear; animation-iteration-count: infinite; animation-fill-mode: both; }\n"
        let percents = (0..<count).map { 100 * (Double($0) / fps) / duration }
        appendRules(frames, percents: percents, to: &out)
        return out
    }

    /// The hand-off keyed by the open fraction: `frames[k]` is the pose at open fraction `openFractions[k]`
    /// (increasing from 0, closed, to 1, open, or past it for a stretch), written as keyframes over an animation
    /// of `last open fraction` seconds that stays paused, delayed by `calc(var(--panekit-open) * -1s)`: a page sets
    /// `--panekit-open` on `.panekit-stage` (0 by default) and each `.panekit-node.panekit-ROLE` shows the pose at
    /// that open fraction, linearly interpolated between the samples.
    /// - Complexity: O(frames × nodes).
    public func openFractionSheet(_ frames: [Frame], openFractions: [Double], title: String) -> String {
        guard let first = frames.first, let end = openFractions.last, end > 0 else { return "" }
        let written = NumberFormat.string(end)
        let duration = Double(written)!
        var out = "/* \(comment(title)): \(frames.count) poses from closed (--panekit-open: 0) to open (1)"
        out += end > 1 ? " and a stretch to \(written)" : ""
        out += ", made by panekit. Set --panekit-open on .panekit-stage to the open fraction. */\n"
        out += ".panekit-stage { --panekit-open: 0; position: relative; overflow: hidden; "
        out += "width: \(NumberFormat.string(first.size.width))px; height: \(NumberFormat.string(first.size.height))px; "
        out += "background: \(theme.background.hex); perspective: none; touch-action: none; }\n"
        out += ".panekit-node { position: absolute; box-sizing: border-box; animation-duration: \(written)s; "
        out += "animation-timing-function: linear; animation-iteration-count: 1; animation-fill-mode: both; "
        out += "animation-play-state: paused; animation-delay: calc(var(--panekit-open) * -1s); }\n"
        appendRules(frames, percents: openFractions.map { 100 * $0 / duration }, to: &out)
        return out
    }

    /// The class rules and one `@keyframes` per role, frame k at `percents[k]`, the last frame held to 100 %.
    private func appendRules(_ frames: [Frame], percents: [Double], to out: inout String) {
        guard let first = frames.first else { return }
        let roles = Self.roles(frames)
        // A grid's cell is a box that clips its nodes (`overflow: hidden`): its nodes' keyframes are in its
        // coordinates, so the page nests them in it (`page`).
        for cell in first.cells {
            let r = cell.rect
            out += ".\(Self.cellName(cell.label)) { position: absolute; overflow: hidden; left: \(NumberFormat.string(r.x))px; "
            out +=
                "top: \(NumberFormat.string(r.y))px; width: \(NumberFormat.string(r.width))px; height: \(NumberFormat.string(r.height))px; }\n"
        }
        // A wireframe whose node changes size is drawn once per size (`LookSizes`), each drawing a custom property of
        // the role's rule, and each keyframe shows the one of its node's size.
        var looks: [Role: LookSizes] = [:]
        for role in roles {
            let name = Self.name(role)
            let color = appearance[role]?.color ?? theme.color(of: role)
            let size = frames.first { $0.nodes.contains { $0.role == role } }?.nodes.first { $0.role == role }?.frame.size ?? first.size
            let sizes = LookSizes(frames.compactMap { $0.nodes.first { $0.role == role }?.frame.size })
            guard LookSizes.sized(role, appearance: appearance), sizes.sizes.count > 1,
                let drawn = NodeLook.cssLayers(role, size: sizes.sizes[0], theme: theme, appearance: appearance)
            else {
                let layers = NodeLook.cssBackground(role, size: size, theme: theme, appearance: appearance)
                out += ".\(name) { animation-name: \(name); background: \(color.hex);\(layers.isEmpty ? "" : " " + layers) }\n"
                continue
            }
            looks[role] = sizes
            out += ".\(name) { animation-name: \(name); background: \(color.hex); background-size: \(drawn.sizes); "
            out += "background-position: center; background-repeat: no-repeat;"
            for (k, size) in sizes.sizes.enumerated() {
                out += " --\(name)-look-\(k): \(NodeLook.cssLayers(role, size: size, theme: theme, appearance: appearance)!.images);"
            }
            out += " }\n"
        }
        for role in roles {
            out += "@keyframes \(Self.name(role)) {\n"
            let origin = Self.cell(of: role, in: first.cells)?.rect.origin ?? .zero
            // Where the role is absent it is posed where it is next present (else where it was last).
            var poses: [(node: Node, index: Int)?] = frames.map { frame in
                frame.nodes.firstIndex { $0.role == role }.map { (frame.nodes[$0], $0) }
            }
            let present = poses.map { $0 != nil }
            var next: (node: Node, index: Int)? = nil
            for i in poses.indices.reversed() {
                if let p = poses[i] { next = p } else { poses[i] = next }
            }
            var previous: (node: Node, index: Int)? = nil
            for i in poses.indices {
                if let p = poses[i] { previous = p } else { poses[i] = previous }
            }
            let visible = frames.indices.map { present[$0] && !poses[$0]!.node.style.hidden }
            var last = ""
            for i in frames.indices {
                var body = keyframe(poses[i]!.node, index: poses[i]!.index, present: present[i], origin: origin)
                if let sizes = looks[role] {
                    body += " background-image: var(--\(Self.name(role))-look-\(sizes.nearest(poses[i]!.node.frame.size)));"
                }
                last = body
                // Where the node appears or disappears at the next keyframe, this one holds until then (step-end):
                // no fade in or out between the frames, and a time just past a keyframe shows that frame.
                if i + 1 < frames.count, visible[i] != visible[i + 1] { body += " animation-timing-function: step-end;" }
                out += "  \(Self.percent(percents[i]))% { \(body) }\n"
            }
            if percents.last.map({ $0 < 100 }) ?? false { out += "  100% { \(last) }\n" }
            out += "}\n"
        }
    }

    /// `percent` written with 6 decimals, rounded down and, when it is exact, a millionth lower (0 and 100 stay):
    /// the browser's time i/fps then falls just past keyframe i, never a rounding error before it.
    static func percent(_ percent: Double) -> String {
        guard percent > 0, percent < 100 else { return NumberFormat.string(percent) }
        var written = (percent * 1_000_000).rounded(.down) / 1_000_000
        if abs(written - percent) < 1e-10 { written -= 1e-6 }
        return NumberFormat.string(max(0, written))
    }

    /// The declarations of a keyframe that poses `node` (at `index` back to front), its box placed relative to
    /// `origin` (a grid cell's corner, for a node nested in the cell's box); a node hidden, or absent from the
    /// frame (`present` false), has `visibility: hidden` and `opacity: 0`.
    func keyframe(_ node: Node, index: Int, present: Bool, origin: Point = .zero) -> String {
        var f = node.frame
        let s = node.style
        f.origin.x -= origin.x
        f.origin.y -= origin.y
        let visible = present && !s.hidden
        let color = node.style.color.map { " background-color: \($0.hex);" } ?? ""
        let radius = node.style.cornerRadius.map { " border-radius: " + NodeLook.cssRadius($0) + ";" } ?? ""
        return
            "left: \(NumberFormat.string(f.x))px; top: \(NumberFormat.string(f.y))px; width: \(NumberFormat.string(f.width))px; height: \(NumberFormat.string(f.height))px; "
            + "transform-origin: \(NumberFormat.string(s.anchor.x * 100))% \(NumberFormat.string(s.anchor.y * 100))%; "
            + "transform: matrix3d(\(s.transform.values.map(NumberFormat.string).joined(separator: ", "))); "
            + "opacity: \(visible ? NumberFormat.string(s.alpha) : "0"); "
            + "z-index: \(index); visibility: \(visible ? "visible" : "hidden");" + color + radius
    }

    /// `title` as a comment may hold it: no `*/`, and each control character (a NUL, an escape sequence, a line
    /// break) written as `?`, as SVG's text writes them.
    private func comment(_ title: String) -> String {
        Self.printable(title, keepingLines: false).replacingOccurrences(of: "*/", with: "* /")
    }

    /// `text` with each C0 control character and DEL as `?` (tab, line feed and carriage return kept when
    /// `keepingLines`), as `TextBuffer.append(xml:)` writes them.
    static func printable(_ text: String, keepingLines: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let control = scalar.value < 0x20 || scalar.value == 0x7F
            let line = scalar == "\t" || scalar == "\n" || scalar == "\r"
            out.append(control && !(keepingLines && line) ? "?" : scalar)
        }
        return String(out)
    }

    /// A page that plays `stylesheet` with no script: the stage and one element per role.
    public func page(_ frames: [Frame], stylesheet: String, title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(escape(title))</title>\n"
        out += "<link rel=\"stylesheet\" href=\"\(escape(stylesheet))\">\n"
        out += "<style>body { margin: 0; padding: 16px; background: #e9ecef; font: 13px sans-serif; }</style>\n</head>\n<body>\n"
        out += "<div class=\"panekit-stage\">\n"
        out += elements(frames)
        out += "</div>\n<p>\(escape(title))</p>\n</body>\n</html>\n"
        return out
    }

    /// A demo page for `openFractionSheet`: the stage, one element per role, a range input (0 to `end`) and a
    /// pointer drag across the stage, both setting `--panekit-open` on the stage.
    /// - Parameters:
    ///   - frames: the poses the style sheet was written from (for the roles).
    ///   - stylesheet: the style sheet's file name, linked relative to the page.
    ///   - title: the page's title.
    ///   - end: the last open fraction (1, or past it for a stretch).
    ///   - rightToLeft: whether dragging to the left opens (a right-hand drawer, a right-to-left layout).
    public func openFractionPage(_ frames: [Frame], stylesheet: String, title: String, end: Double = 1, rightToLeft: Bool = false)
        -> String
    {
        let width = frames.first?.size.width ?? 375
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(escape(title))</title>\n"
        out += "<link rel=\"stylesheet\" href=\"\(escape(stylesheet))\">\n"
        out += "<style>body { margin: 0; padding: 16px; background: #e9ecef; font: 13px sans-serif; } "
        out += ".panekit-stage { cursor: grab; } label { display: block; margin-top: 8px; }</style>\n</head>\n<body>\n"
        out += "<div class=\"panekit-stage\" id=\"stage\">\n"
        out += elements(frames)
        out +=
            "</div>\n<label>open <input type=\"range\" id=\"open\" min=\"0\" max=\"\(NumberFormat.string(end))\" step=\"0.001\" value=\"0\"> "
        out += "<output id=\"value\">0</output></label>\n<p>\(escape(title)): drag across the stage or move the slider.</p>\n"
        out += """
            <script>
            const stage = document.getElementById('stage'), range = document.getElementById('open');
            const shown = document.getElementById('value'), end = \(NumberFormat.string(end)), width = \(NumberFormat.string(width));
            const sign = \(rightToLeft ? "-1" : "1");
            function setOpen(f) {
              f = Math.min(end, Math.max(0, f));
              stage.style.setProperty('--panekit-open', f);
              range.value = f;
              shown.textContent = f.toFixed(3);
            }
            range.addEventListener('input', () => setOpen(parseFloat(range.value)));
            let drag = null;
            stage.addEventListener('pointerdown', (e) => {
              drag = { x: e.clientX, open: parseFloat(range.value) };
              stage.setPointerCapture(e.pointerId);
            });
            stage.addEventListener('pointermove', (e) => {
              if (drag) setOpen(drag.open + sign * (e.clientX - drag.x) / width);
            });
            stage.addEventListener('pointerup', () => { drag = null; });
            stage.addEventListener('pointercancel', () => { drag = null; });
            </script>

            """
        out += "</body>\n</html>\n"
        return out
    }

    private func escape(_ s: String) -> String {
        Self.printable(s, keepingLines: true).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
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
