// Stylers: pure functions from a StyleContext to edits of nodes.

/// A styler turns a drawer's closed fraction into edits of nodes.
///
/// Stylers are small values: built-ins capture their parameters when made, so `style` reads nothing else.
public protocol Styler: Sendable {
    /// The registered name (`mm.parallax`, `zoom`, …).
    var name: String { get }

    /// Writes this styler's edits for `context` into `edits` (which arrive empty).
    /// - Throws: `StylerError` when the styler cannot produce edits (Lua stylers; built-ins never throw).
    func style(_ context: StyleContext, into edits: inout StyleEdits) throws
}

/// Why a styler call failed, with the text a person reads.
///
/// ``reason`` tells a baked table met in another geometry or layout from a styler's own failure; ``message`` is
/// the text a person reads.
public struct StylerError: ReasonedError {
    /// Why a styler call failed, for an app to compare or `switch` on; new reasons may be added, so a `switch`
    /// needs a `default`.
    public struct Reason: ErrorReason {
        package enum Kind: String { case failed, geometryMismatch, layoutMismatch, malformedTable }
        package let kind: Kind
        /// The styler's own failure: what an app's styler throws with ``StylerError/init(_:styler:message:)``.
        public static let failed = Reason(kind: .failed)
        /// A baked styler met a direction, container, size or reveal it has no table for.
        public static let geometryMismatch = Reason(kind: .geometryMismatch)
        /// A baked styler met the other layout direction (ltr or rtl) than the one it was baked in.
        public static let layoutMismatch = Reason(kind: .layoutMismatch)
        /// A baked styler's table is inconsistent (its arrays disagree in length).
        public static let malformedTable = Reason(kind: .malformedTable)
    }

    /// Why the call failed.
    public var reason: Reason
    /// The name of the styler that failed.
    public var styler: String
    /// What went wrong, as a person reads it (for Lua, `file.lua:LINE: message`).
    public var message: String

    /// An error of the styler `styler` for `reason`; without one, for the styler's own failure (``Reason/failed``).
    public init(_ reason: Reason = .failed, styler: String, message: String) {
        self.reason = reason
        self.styler = styler
        self.message = message
    }
}

/// A styler made from a closure, for apps that embed PaneKit.
public struct ClosureStyler: Styler {
    public let name: String
    private let body: @Sendable (StyleContext, inout StyleEdits) throws -> Void

    /// A styler named `name` whose `style` calls `body` with the context and the edits to fill.
    public init(name: String, _ body: @escaping @Sendable (StyleContext, inout StyleEdits) throws -> Void) {
        self.name = name
        self.body = body
    }

    public func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        try body(context, &edits)
    }
}
