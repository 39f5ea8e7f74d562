// Frames as an asciicast v2 recording: the ASCII frames with their times, playable by asciinema.

import PaneKit

/// Writes an asciicast v2 file: a JSON header line, then one `[time, "o", text]` event per frame that homes the
/// cursor and redraws the grid and a caption line. The cursor is hidden first and shown again at the end.
public struct Asciicast: Sendable {
    public var renderer: ASCIIRenderer

    public init(renderer: ASCIIRenderer = ASCIIRenderer()) {
        self.renderer = renderer
    }

    /// The recording; its terminal is the grid plus one caption line.
    /// - Complexity: O(frames × cells); the canvas and line buffers are reused.
    public func render(_ frames: [Frame], title: String) -> String {
        var out = TextBuffer(capacity: 256 + frames.count * (renderer.columns + 8) * (renderer.rows + 1) * 2)
        out.append("{\"version\":2,\"width\":")
        out.append(int: renderer.columns)
        out.append(",\"height\":")
        out.append(int: renderer.rows + 1)
        out.append(",\"title\":")
        out.append(FrameJSON.string(title))
        out.append(",\"env\":{\"TERM\":\"xterm-256color\"}}\n")
        var canvas = ASCIICanvas(columns: renderer.columns, rows: renderer.rows)
        var screen = TextBuffer(capacity: (renderer.columns + 8) * (renderer.rows + 1))
        for (i, frame) in frames.enumerated() {
            screen.removeAll()
            if i == 0 { screen.append("\u{1b}[?25l\u{1b}[2J") }
            screen.append("\u{1b}[H")
            renderer.render(frame, canvas: &canvas, into: &screen, lineEnd: "\r\n")
            ASCIIRenderer.appendCaption(frame, to: &screen)
            screen.append("\u{1b}[K")
            appendEvent(time: frame.time, screen.string, to: &out)
        }
        appendEvent(time: frames.last?.time ?? 0, "\r\n\u{1b}[?25h", to: &out)
        return out.string
    }

    private func appendEvent(time: Double, _ text: String, to out: inout TextBuffer) {
        out.append("[")
        out.append(number: time)
        out.append(",\"o\",")
        out.append(FrameJSON.string(text))
        out.append("]\n")
    }
}
