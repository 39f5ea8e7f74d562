// The error a host throws when a run cannot go on, with the reason an app switches on.

/// Why a run stopped: a styler failed under `strict`, or the run asked for an impossible time or too many frames.
///
/// An app tells the causes apart by ``reason`` and shows ``message``:
///
/// ```swift
/// do { try host.step() } catch let error as HostError {
///     switch error.reason {
///     case .stylerFailed: showStylerProblem(error.message)
///     case .tooManyFrames: askForAShorterRun()
///     default: show(error.message)
///     }
/// }
/// ```
public struct HostError: ReasonedError {
    /// Why a run stopped, for an app to compare or `switch` on; new reasons may be added, so a `switch` needs a
    /// `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case invalidFrameTime, nonFiniteEdit, stylerFailed, nonFiniteFrame, tooManyFrames, other }
        package let kind: Kind
        /// A frame time that is not finite or earlier than the last one.
        public static let invalidFrameTime = Reason(kind: .invalidFrameTime)
        /// A styler wrote NaN or an infinity (it is then disabled, or under `strict` it stops the run as
        /// ``stylerFailed`` with this error as the underlying one).
        public static let nonFiniteEdit = Reason(kind: .nonFiniteEdit)
        /// A styler failed under `strict`; ``HostError/underlying`` is its error.
        public static let stylerFailed = Reason(kind: .stylerFailed)
        /// The container's geometry, or a composition of finite edits, overflowed to NaN or an infinity.
        public static let nonFiniteFrame = Reason(kind: .nonFiniteFrame)
        /// The run would make more frames than one run may (`Scenario.maximumFrames`).
        public static let tooManyFrames = Reason(kind: .tooManyFrames)
        /// An error made with `HostError.init(_:underlying:)`, which names no reason.
        public static let other = Reason(kind: .other)
    }

    /// Why the run stopped.
    public var reason: Reason
    /// What went wrong, one line (the CLI prints it after the file name).
    public var message: String
    /// The error the failing styler threw, as a typed value (a Lua plugin's is `PluginError`, with its file, line
    /// and traceback; `PaneKitLua` reads it as `pluginError`); nil when no styler threw.
    public var underlying: (any Error)?
    /// The name of the styler that failed or wrote a number that is not finite, when one did.
    public var styler: String?
    /// The time of the frame refused or stopped, in seconds, when the error is about one.
    public var time: Double?
    /// A host error for `reason` with `message` and, when a styler threw, its error; `styler` and `time` say where.
    package init(
        _ reason: Reason, _ message: String, underlying: (any Error)? = nil, styler: String? = nil, time: Double? = nil
    ) {
        self.reason = reason
        self.message = message
        self.underlying = underlying
        self.styler = styler
        self.time = time
    }
    /// A host error with `message` and, when a styler threw, its error; its reason is ``Reason/other``.
    package init(_ message: String, underlying: (any Error)? = nil) {
        self.init(.other, message, underlying: underlying)
    }
}
