// What every public error shares: a reason an app compares or switches on, written as its name, and a message a
// person reads, which is the error's description.

/// The reason of an error: one of its type's `static let`s, each a case of the type's own `Kind` so that only the
/// type makes reasons (a `switch` on one needs a `default`), written as the case's name.
package protocol ErrorReason: Hashable, Sendable, CustomStringConvertible {
    /// The reason type's cases, named as its `static let`s.
    associatedtype Kind: RawRepresentable<String>, Hashable, Sendable
    /// Which reason this is.
    var kind: Kind { get }
}

extension ErrorReason {
    /// The reason's name (`invalidValue`).
    public var description: String { kind.rawValue }
}

/// An error with a reason for an app and a message for a person, which is the error's description unless the
/// error writes its own (a Lua plugin's `file:line: message`).
package protocol ReasonedError: Error, Sendable, CustomStringConvertible {
    /// The type of the error's reasons.
    associatedtype Reason: Hashable, Sendable, CustomStringConvertible
    /// Why the error happened.
    var reason: Reason { get }
    /// What went wrong, as a person reads it.
    var message: String { get }
}

extension ReasonedError {
    /// The message.
    public var description: String { message }
}

/// An error that is a reason and a message, nothing more: ``SpringFormError`` and `PaneKitStudio`'s `StudioError`.
///
/// ``reason`` says why, for an app to compare or `switch` on; ``message`` is the text a person reads, and the
/// error's description.
public struct MessageError<ReasonType: MessageErrorReason>: ReasonedError {
    /// The type of the error's reasons (``SpringFormReason`` for a ``SpringFormError``).
    public typealias Reason = ReasonType
    /// Why the error happened.
    public var reason: Reason
    /// What went wrong, as a person reads it: what was expected and what was found.
    public var message: String
    /// An error for `reason` with the text a person reads.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }
    /// An error with the text a person reads; its reason is `other`.
    public init(_ message: String) { self.init(.other, message) }
}

/// The reasons of a ``MessageError``: named values an app compares or switches on; new reasons may be added, so a
/// `switch` needs a `default`.
public protocol MessageErrorReason: Hashable, Sendable, CustomStringConvertible {
    /// The reason of an error made from its message alone (``MessageError/init(_:)``).
    static var other: Self { get }
}
