// Many frames in one SVG: a grid of tiles labelled with time and closed fractions, and an optional onion skin.

import PaneKit

/// Lays frames out in a grid in one SVG, each tile labelled with its index, time and closed fractions, so a
/// reviewer sees a whole transition at a glance; optionally followed by an onion skin, every frame overlaid at
/// low opacity in one large panel.
public struct ContactSheet: Sendable {
    /// Tiles per row; nil chooses about a 16:10 sheet.
    public var columns: Int?
    /// The width of a tile in the sheet; its height keeps the container's aspect.
    public var tileWidth: Double
    /// Whether an onion-skin panel follows the grid.
    public var onionSkin: Bool
    /// The colours of the tiles' stage, roles and wireframes.
    public var theme: Theme
    /// What each role's node shows (a scenario's `appearance`).
    public var appearance: Appearance

    /// A sheet of tiles `tileWidth` points wide, `columns` to a row (`nil`: about 16:10), with an optional onion skin.
    public init(
        columns: Int? = nil, tileWidth: Double = 160, onionSkin: Bool = false, theme: Theme = .dark, appearance: Appearance = .none
    ) {
        self.columns = columns.map { max(1, $0) }
        self.tileWidth = tileWidth
        self.onionSkin = onionSkin
        self.theme = theme
        self.appearance = appearance
    }

    static let gap = 12.0, labelHeight = 30.0, titleHeight = 34.0

    /// The positions of `tiles` frames evenly spaced among `count` frames, the first and the last included
    /// (position k is round(k × (count − 1) / (tiles − 1))); every position when `tiles` ≥ `count`.
    /// `panekit render --format sheet --tiles N` picks its tiles so.
    /// - Precondition: `tiles` ≥ 2.
    public static func evenlySpaced(_ tiles: Int, of count: Int) -> [Int] {
        precondition(tiles >= 2, "a sheet of evenly spaced tiles has the first and the last frame")
        guard tiles < count else { return Array(0..<count) }
        let spacing = Double(count - 1) / Double(tiles - 1)
        return (0..<tiles).map { Int((Double($0) * spacing).rounded()) }
    }

    /// The positions 0, `step`, 2 × `step`, … below `count`: every `step`-th frame from the first
    /// (`panekit render --format sheet --every K`).
    /// - Precondition: `step` ≥ 1.
    public static func every(_ step: Int, of count: Int) -> [Int] {
        precondition(step >= 1, "a step of at least one frame")
        return Array(stride(from: 0, to: count, by: step))
    }

    /// The number of tiles per row for `count` frames of a container of `size`.
    public func columnCount(frames count: Int, size: Size) -> Int {
        if let columns { return columns }
        guard count > 1, size.width > 0 else { return 1 }
        let tileHeight = tileWidth * size.height / size.width + Self.labelHeight
        let guess = (Double(count) * 1.6 * (tileHeight + Self.gap) / (tileWidth + Self.gap)).squareRoot().rounded(.up)
        return guess.isFinite ? max(1, min(count, Int(min(guess, Double(count))))) : 1
    }

    /// The sheet as one SVG document.
    /// - Parameters:
    ///   - frames: the frames to lay out as tiles, in reading order.
    ///   - title: written at the top (the scenario's name).
    /// - Complexity: O(frames × nodes); one buffer, no per-node allocation.
    public func render(_ frames: [Frame], title: String) -> String {
        let size = frames.first?.size ?? Size(width: 375, height: 667)
        let scale = size.width > 0 ? tileWidth / size.width : 1
        let tileHeight = size.height * scale
        let count = frames.count
        let columns = columnCount(frames: count, size: size)
        let rows = (count + columns - 1) / columns
        let gap = Self.gap
        let gridWidth = gap + Double(columns) * (tileWidth + gap)
        let gridHeight = Self.titleHeight + Double(rows) * (tileHeight + Self.labelHeight + gap)
        let onionScale = min(2.5 * scale, max(scale, (gridWidth - 2 * gap) / max(size.width, 1)))
        let onionHeight = onionSkin ? size.height * onionScale + Self.labelHeight + gap : 0
        let width = max(gridWidth, onionSkin ? size.width * onionScale + 2 * gap : 0)
        let height = gridHeight + onionHeight + gap

        var out = TextBuffer(capacity: 1024 + count * (600 + 350 * (frames.first?.nodes.count ?? 4)))
        var summary = TextBuffer(capacity: 32)
        summary.append(int: count)
        summary.append(count == 1 ? " frame" : " frames")
        if let last = frames.last {
            summary.append(", ")
            summary.append(number: last.time)
            summary.append(" s")
        }
        let renderer = appendHead(
            title: title, summary: summary.string, width: width, height: height, size: size, blurs: SVGRenderer.blurRadii(frames),
            to: &out)

        var prefix = TextBuffer(capacity: 16)
        for (i, frame) in frames.enumerated() {
            let x = gap + Double(i % columns) * (tileWidth + gap)
            let y = Self.titleHeight + Double(i / columns) * (tileHeight + Self.labelHeight + gap)
            openPanel(x: x, y: y, scale: scale, size: size, to: &out)
            Self.appendBody(frame, renderer: renderer, ids: "f", i, prefix: &prefix, to: &out)
            out.append("</g></g>\n")
            appendTileLabel(frame, width: tileWidth, y: tileHeight, to: &out)
            out.append("</g>\n")
        }
        if onionSkin, !frames.isEmpty {
            appendOnionSkin(frames, size: size, scale: onionScale, x: gap, y: gridHeight, to: &out)
        }
        out.append("</svg>\n")
        return out.string
    }

    /// Writes the document's start: the header, the title, the tile clip and the definitions for `blurs`, the
    /// background and the title line (the title at the left, `summary` at the right); returns the renderer of the
    /// tiles.
    func appendHead(
        title: String, summary: String, width: Double, height: Double, size: Size, blurs: [Double], to out: inout TextBuffer
    ) -> SVGRenderer {
        SVGRenderer.appendHeader(width: width, height: height, to: &out)
        out.append("<title>")
        out.append(xml: title)
        out.append("</title>\n")
        out.append("<defs>\n<clipPath id=\"tile\"><rect")
        out.append(attribute: "width", size.width)
        out.append(attribute: "height", size.height)
        out.append("/></clipPath>\n</defs>\n")
        SVGRenderer.appendDefinitions(blurs: blurs, size: size, to: &out)
        let renderer = SVGRenderer(theme: theme, appearance: appearance)
        renderer.appendImageDefinitions(to: &out)
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"#f7f7f8\"/>\n")
        let room = width - 3 * Self.gap - Self.estimatedWidth(summary, size: 12, bold: false)
        let (line, titleSize) = Self.fittedTitle(title, room: room)
        SVGRenderer.appendText(line, x: Self.gap, y: 22, size: titleSize, fill: "#222222", bold: true, to: &out)
        SVGRenderer.appendText(summary, x: width - Self.gap, y: 22, size: 12, anchor: "end", fill: "#555555", to: &out)
        return renderer
    }

    /// The title line and its font size: the title at 15 when it fits in `room` points beside the summary, else
    /// at the size (in half points, down to 11) at which it does, else cut with "…" at 11, so a long scenario name
    /// never runs into the summary (the document's `<title>` keeps the whole name).
    static func fittedTitle(_ title: String, room: Double) -> (line: String, size: Double) {
        let full = estimatedWidth(title, size: 15, bold: true)
        guard full > room else { return (title, 15) }
        let size = (15 * room / full * 2).rounded(.down) / 2
        if size >= 11 { return (title, size) }
        let fits = max(1, Int(room / (11 * boldAdvance)) - 1)
        var cut = String(title.prefix(fits))
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return (cut + "…", 11)
    }

    /// About how wide `text` is in the sans-serif SVG viewers fall back to (DejaVu Sans: about 0.55 em a character,
    /// 0.63 em bold); an estimate kept the same on every machine, since the layout must be deterministic.
    static func estimatedWidth(_ text: String, size: Double, bold: Bool) -> Double {
        Double(text.count) * size * (bold ? boldAdvance : 0.55)
    }

    /// A bold character's advance in ems (``estimatedWidth(_:size:bold:)``).
    static let boldAdvance = 0.63

    /// Opens a panel at (x, y) drawing a container scaled by `scale` and clipped to its bounds, on the frame
    /// background; close it with `</g></g>` (scale and clip), then `</g>` after its caption.
    func openPanel(x: Double, y: Double, scale: Double, size: Size, to out: inout TextBuffer) {
        out.append("<g transform=\"translate(")
        out.append(number: x, y)
        out.append(")\">\n<g transform=\"scale(")
        out.append(number: scale)
        out.append(")\"><g clip-path=\"url(#tile)\">\n")
        SVGRenderer.appendBackground(Rect(origin: .zero, size: size), color: theme.background, to: &out)
    }

    /// `#12  0.4 s` on the first line, `left 0.5 · right 1` on the second.
    func appendTileLabel(_ frame: Frame, width: Double, y: Double, to out: inout TextBuffer) {
        out.append("<text x=\"0\" y=\"")
        out.append(number: y + 12)
        out.append("\" font-size=\"10\" fill=\"#222222\">#")
        out.append(int: frame.index)
        out.append("  ")
        out.append(number: frame.time)
        out.append(" s  ")
        out.append(xml: frame.state.rawValue)
        out.append("</text>\n<text x=\"0\" y=\"")
        out.append(number: y + 24)
        out.append("\" font-size=\"10\" fill=\"#555555\">")
        for (i, entry) in frame.fractions.values.enumerated() {
            if i > 0 { out.append(" · ") }
            out.append(entry.direction.rawValue)
            out.append(" ")
            out.append(number: entry.closed)
        }
        out.append("</text>\n")
    }

    /// Draws `frame` with `renderer`, its ids prefixed `KIND INDEX-` (`f3-`) so that no two tiles share an id;
    /// `prefix` is a buffer reused from frame to frame.
    static func appendBody(
        _ frame: Frame, renderer: SVGRenderer, ids kind: StaticString, _ index: Int, prefix: inout TextBuffer,
        to out: inout TextBuffer
    ) {
        prefix.removeAll()
        prefix.append(kind)
        prefix.append(int: index)
        prefix.append("-")
        renderer.appendBody(frame, idPrefix: prefix.string, to: &out)
    }

    /// Every frame overlaid at an opacity that keeps the sum readable, without shadows.
    private func appendOnionSkin(_ frames: [Frame], size: Size, scale: Double, x: Double, y: Double, to out: inout TextBuffer) {
        let opacity = min(0.5, max(0.03, 2.5 / Double(frames.count)))
        openPanel(x: x, y: y, scale: scale, size: size, to: &out)
        // Colours only: a wireframe or an image a dozen times over would hide the motion.
        let colors = Appearance(appearance.roles.mapValues { RoleLook(color: $0.color) })
        let renderer = SVGRenderer(labels: false, shadows: false, theme: theme, appearance: colors)
        var prefix = TextBuffer(capacity: 16)
        for (i, frame) in frames.enumerated() {
            out.append("<g opacity=\"")
            out.append(number: opacity)
            out.append("\">\n")
            Self.appendBody(frame, renderer: renderer, ids: "o", i, prefix: &prefix, to: &out)
            out.append("</g>\n")
        }
        out.append("</g></g>\n")
        SVGRenderer.appendText(
            "onion skin: \(frames.count) frames overlaid", x: 0, y: size.height * scale + 16, size: 11, fill: "#222222", to: &out)
        out.append("</g>\n")
    }
}

extension ContactSheet {
    /// `--format sheet`: the run's frames as one contact sheet, made at the end.
    public struct Writer: WholeRunWriter, Sendable {
        /// SVG files end in `.svg`.
        public static let fileExtension = "svg"

        /// The sheet's layout.
        public let sheet: ContactSheet
        private let tiles: @Sendable (Int) -> [Int]
        /// The run and its frames, kept for `end`.
        public var kept = KeptRun()

        /// A writer laying the frames out as `sheet`.
        /// - Parameters:
        ///   - sheet: the sheet's layout.
        ///   - tiles: the positions, among the run's `count` frames, of the frames that become tiles
        ///     (`ContactSheet.evenlySpaced`, `ContactSheet.every`); every frame by default.
        public init(sheet: ContactSheet = ContactSheet(), tiles: @escaping @Sendable (_ count: Int) -> [Int] = { Array(0..<$0) }) {
            self.sheet = sheet
            self.tiles = tiles
        }

        /// Appends the sheet of the chosen tiles.
        public mutating func end(into out: inout [UInt8]) {
            let chosen = tiles(kept.frames.count).map { kept.frames[$0] }
            out.append(contentsOf: sheet.render(chosen, title: kept.run.title).utf8)
        }
    }
}
