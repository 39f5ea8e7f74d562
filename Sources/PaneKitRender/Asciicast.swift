// Frames as an asciicast v2 recording: the ASCII frames with their times, playable by asciinema.

import PaneKit

/// Writes an asciicast v2 file: a JSON header line, then one `[time, "o", text]` event per frame that homes the
/// cursor and redraws the grid and a caption line. The cursor is hidden first and shown again at the end.
public struct Asciicast: Sendable {
    /// Draws each frame's grid.
    public var renderer: ASCIIRenderer

    /// A recording drawn by `renderer` (80 × 24, no colour, by default).
    public init(renderer: ASCIIRenderer = ASCIIRenderer()) {
        self.renderer = renderer
    }

    /// The recording; its terminal is the grid plus one caption line.
    /// - Complexity: O(frames × cells); the canvas and line buffers are reused.
    public func render(_ frames: [Frame], title: String) -> String {
        var out = TextBuffer(capacity: 256 + frames.count * (renderer.columns + 8) * (renderer.rows + 1) * 2)
        var writer = Writer(renderer: renderer)
        writer.header(title: title, to: &out)
        for frame in frames { writer.append(frame, to: &out) }
        writer.finish(to: &out)
        return out.string
    }

    /// Writes a recording a frame at a time, so a long run needs one frame in memory: `header`, one `append`
    /// per frame, then `finish`. The text is the same as `render`'s.
    public struct Writer: Sendable {
        /// Draws each frame's grid.
        public let renderer: ASCIIRenderer
        private var canvas: ASCIICanvas
        private var screen: TextBuffer
        private var frames = 0
        private var lastTime = 0.0

        /// A writer drawing with `renderer`; it allocates its canvas and screen buffer once here.
        public init(renderer: ASCIIRenderer = ASCIIRenderer()) {
            self.renderer = renderer
            canvas = ASCIICanvas(columns: renderer.columns, rows: renderer.rows)
            screen = TextBuffer(capacity: (renderer.columns + 8) * (renderer.rows + 1))
        }

        /// The header line; its terminal is the grid plus one caption line.
        package func header(title: String, to out: inout TextBuffer) {
            out.append("{\"version\":2,\"width\":")
            out.append(int: renderer.columns)
            out.append(",\"height\":")
            out.append(int: renderer.rows + 1)
            out.append(",\"title\":")
            out.append(FrameJSON.string(title))
            out.append(",\"env\":{\"TERM\":\"xterm-256color\"}}\n")
        }

        /// One event that homes the cursor and redraws the grid and the caption.
        /// - Complexity: O(cells); the canvas and screen buffers are reused.
        package mutating func append(_ frame: Frame, to out: inout TextBuffer) {
            screen.removeAll()
            if frames == 0 { screen.append("\u{1b}[?25l\u{1b}[2J") }
            screen.append("\u{1b}[H")
            renderer.render(frame, canvas: &canvas, into: &screen, lineEnd: "\r\n")
            ASCIIRenderer.appendCaption(frame, to: &screen)
            screen.append("\u{1b}[K")
            Self.appendEvent(time: frame.time, screen.string, to: &out)
            frames += 1
            lastTime = frame.time
        }

        /// The last event, which shows the cursor again.
        package func finish(to out: inout TextBuffer) {
            Self.appendEvent(time: lastTime, "\r\n\u{1b}[?25h", to: &out)
        }

        private static func appendEvent(time: Double, _ text: String, to out: inout TextBuffer) {
            out.append("[")
            out.append(number: time)
            out.append(",\"o\",")
            out.append(FrameJSON.string(text))
            out.append("]\n")
        }
    }
}

extension Asciicast.Writer: FrameWriter {
    /// asciicast files end in `.cast`.
    public static let fileExtension = "cast"

    /// One recording that grows an event per frame.
    public var layout: FrameWriterLayout { .stream }

    /// Appends the header line, titled with the run's title.
    public mutating func begin(_ run: FrameRun, into out: inout [UInt8]) {
        TextBuffer.appending(to: &out) { header(title: run.title, to: &$0) }
    }

    /// Appends the frame's event.
    /// - Complexity: O(cells); no allocation once the writer's buffers and `out` have grown.
    public mutating func write(_ frame: Frame, into out: inout [UInt8]) {
        TextBuffer.appending(to: &out) { append(frame, to: &$0) }
    }

    /// Appends the last event, which shows the cursor again.
    public mutating func end(into out: inout [UInt8]) {
        TextBuffer.appending(to: &out) { finish(to: &$0) }
    }
}
