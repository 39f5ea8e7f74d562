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
public struct StylerError: Error, Sendable, CustomStringConvertible {
    /// The name of the styler that failed.
    public var styler: String
    /// What went wrong, as a person reads it (for Lua, `file.lua:LINE: message`).
    public var message: String

    /// An error of the styler `styler`.
    public init(styler: String, message: String) {
        self.styler = styler
        self.message = message
    }

    public var description: String { message }
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
