// The one shape of every output format: begin, one call per frame, end, into a byte buffer.

import PaneKit

/// How a writer's output is cut into documents (files, or standard output).
public enum FrameWriterLayout: Sendable, Equatable {
    /// One document that grows as the frames come (JSON Lines, ASCII text, an asciicast recording): what
    /// `begin`, each `write` and `end` append can go out at once.
    case stream
    /// One whole document per frame (an SVG image, an ASCII frame in its own file): each `write` appends one
    /// complete document; `begin` and `end` append nothing.
    case documentPerFrame
    /// One document made from the whole run at the end (a contact sheet, an animated SVG, CSS, Lottie): `write`
    /// keeps the frame and appends nothing; `end` appends the document.
    case wholeRun
}

/// What a writer is told about the run before its first frame.
public struct FrameRun: Sendable, Equatable {
    /// The run's title (the scenario's name), for documents that carry one.
    public var title: String
    /// The frame rate of the run (> 0); frames carry their own times.
    public var fps: Double

    /// A run named `title` at `fps` frames per second.
    public init(title: String, fps: Double) {
        self.title = title
        self.fps = fps
    }
}

/// One output format: told about the run (`begin`), given each frame in order (`write`), then finished
/// (`end`); each call appends UTF-8 or binary bytes to a buffer the caller owns, empties and reuses.
///
/// Every format `panekit render --format` writes is one `FrameWriter`; the command looks the format up in its
/// table and calls these four members, nothing else. A writer whose `layout` is `.stream` or
/// `.documentPerFrame` holds no more than one frame, so a long run costs one frame of memory; `.wholeRun`
/// writers keep the frames until `end`.
///
/// ```swift
/// var writer = FrameJSON.Writer()
/// var bytes: [UInt8] = []
/// writer.begin(FrameRun(title: "demo", fps: 60), into: &bytes)
/// for frame in frames { writer.write(frame, into: &bytes) }
/// writer.end(into: &bytes)
/// ```
public protocol FrameWriter {
    /// The extension of this format's files, without the dot (`jsonl`, `svg`, `cast`).
    static var fileExtension: String { get }

    /// How the output is cut into documents.
    var layout: FrameWriterLayout { get }

    /// Appends what comes before the first frame (a header line), if anything.
    mutating func begin(_ run: FrameRun, into out: inout [UInt8]) throws

    /// Appends one frame's output (`.stream`, `.documentPerFrame`) or keeps the frame (`.wholeRun`).
    mutating func write(_ frame: Frame, into out: inout [UInt8]) throws

    /// Appends what comes after the last frame: a closing event, or the whole document of a `.wholeRun` writer.
    mutating func end(into out: inout [UInt8]) throws

    /// What the output could not keep exactly, one sentence each; read after `end`.
    var warnings: [String] { get }

    /// Files that go beside the output when it is the file `fileName` (a page that plays a style sheet):
    /// each one's extension, replacing the output's, and its bytes; read after `end`.
    func companions(of fileName: String) -> [(fileExtension: String, bytes: [UInt8])]
}

extension FrameWriter {
    /// Whether the output can go out as the frames are made (`.stream` and `.documentPerFrame`), rather than
    /// only once the whole run is known.
    public var streams: Bool { layout != .wholeRun }

    /// No warnings.
    public var warnings: [String] { [] }

    /// No companion files.
    public func companions(of fileName: String) -> [(fileExtension: String, bytes: [UInt8])] { [] }

    /// Appends nothing.
    public mutating func begin(_ run: FrameRun, into out: inout [UInt8]) throws {}

    /// Appends nothing.
    public mutating func end(into out: inout [UInt8]) throws {}
}

/// What a ``WholeRunWriter`` keeps until its `end`: the run it was told about and every frame, in order.
public struct KeptRun: Sendable {
    /// The run's title and frame rate, from `begin` (untitled at 60 fps before it).
    public var run = FrameRun(title: "", fps: 60)
    /// The frames written so far.
    public var frames: [Frame] = []

    /// Nothing kept yet.
    public init() {}
}

/// A writer that makes one document of the whole run at the end (``FrameWriterLayout/wholeRun``): `begin` and
/// `write` keep the run and its frames in ``kept``, and `end` makes the document from them.
public protocol WholeRunWriter: FrameWriter {
    /// The run and the frames kept so far.
    var kept: KeptRun { get set }
}

extension WholeRunWriter {
    /// The whole run, at the end.
    public var layout: FrameWriterLayout { .wholeRun }

    /// Keeps the run's title and frame rate.
    public mutating func begin(_ run: FrameRun, into out: inout [UInt8]) { kept.run = run }

    /// Keeps the frame.
    public mutating func write(_ frame: Frame, into out: inout [UInt8]) { kept.frames.append(frame) }
}
