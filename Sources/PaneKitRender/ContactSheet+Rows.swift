// Several runs of one scenario on one contact sheet, a row each, labelled at its start: the same frames of every
// platform's sheet in the same columns (`panekit render --format sheet --behaviors …`).

import PaneKit

extension ContactSheet {
    /// The width of the label column of a sheet with rows.
    static let rowLabelWidth = 110.0

    /// Several runs as one SVG document: one row per run, its label (a behavior's name) at the row's start, its
    /// frames in the columns after it, so that the tiles of the same column show the same frame of each run.
    ///
    /// A row holds `columns` tiles (nil: all of the longest run's, so each run is one line); a run with more
    /// tiles wraps onto further lines under its label. Tile labels are those of ``render(_:title:)``; tile ids
    /// are numbered across the rows, so no two tiles share one. There is no onion skin.
    /// - Parameters:
    ///   - rows: each run's label and the frames to lay out as its tiles, in reading order.
    ///   - title: written at the top (the scenario's name).
    /// - Complexity: O(frames × nodes) over all the rows.
    public func render(rows: [(label: String, frames: [Frame])], title: String) -> String {
        let frames = rows.flatMap(\.frames)
        let size = frames.first?.size ?? Size(width: 375, height: 667)
        let scale = size.width > 0 ? tileWidth / size.width : 1
        let tileHeight = size.height * scale
        let longest = rows.map(\.frames.count).max() ?? 0
        let columns = max(1, self.columns ?? longest)
        let gap = Self.gap
        let line = tileHeight + Self.labelHeight + gap
        let lines = rows.map { max(1, ($0.frames.count + columns - 1) / columns) }
        let left = gap + Self.rowLabelWidth
        let width = left + Double(columns) * (tileWidth + gap)
        let height = Self.titleHeight + Double(lines.reduce(0, +)) * line + gap

        var out = TextBuffer(capacity: 1024 + frames.count * (600 + 350 * (frames.first?.nodes.count ?? 4)))
        var summary = TextBuffer(capacity: 48)
        summary.append(int: rows.count)
        summary.append(rows.count == 1 ? " row × " : " rows × ")
        summary.append(int: longest)
        summary.append(longest == 1 ? " frame" : " frames")
        if let last = rows.compactMap(\.frames.last).map(\.time).max() {
            summary.append(", ")
            summary.append(number: last)
            summary.append(" s")
        }
        let renderer = appendHead(
            title: title, summary: summary.string, width: width, height: height, size: size, blurs: SVGRenderer.blurRadii(frames),
            to: &out)

        var prefix = TextBuffer(capacity: 16)
        var top = Self.titleHeight
        var tile = 0
        for (r, row) in rows.enumerated() {
            out.append("<g class=\"row\">\n")
            out.append("<text class=\"row-label\" x=\"")
            out.append(number: gap)
            out.append("\" y=\"")
            out.append(number: top + tileHeight / 2)
            out.append("\" font-size=\"14\" font-weight=\"bold\" fill=\"#222222\">")
            out.append(xml: row.label)
            out.append("</text>\n")
            for (i, frame) in row.frames.enumerated() {
                let x = left + Double(i % columns) * (tileWidth + gap)
                let y = top + Double(i / columns) * line
                openPanel(x: x, y: y, scale: scale, size: size, to: &out)
                Self.appendBody(frame, renderer: renderer, ids: "f", tile, prefix: &prefix, to: &out)
                out.append("</g></g>\n")
                appendTileLabel(frame, width: tileWidth, y: tileHeight, to: &out)
                out.append("</g>\n")
                tile += 1
            }
            out.append("</g>\n")
            top += Double(lines[r]) * line
        }
        out.append("</svg>\n")
        return out.string
    }
}
