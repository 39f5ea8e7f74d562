// Saving and restoring the drawer container's state, as MM's state restoration does (reference §9).

import Foundation

/// The restorable state of a drawer container: the open side, the drawers' widths and the open mode.
package struct DrawerSnapshot: Codable, Hashable, Sendable {
    /// `left`, `right`, or nil when closed (MM saves 0, 1 or 2).
    package var openSide: Direction?
    /// The left drawer's maximum width in points, or `nil` when there is no left drawer.
    package var leftWidth: Double?
    /// The right drawer's maximum width in points, or `nil` when there is no right drawer.
    package var rightWidth: Double?
    /// The open mode's raw value (`push` or `above`).
    package var openMode: String

    /// A snapshot of the given state.
    package init(openSide: Direction?, leftWidth: Double?, rightWidth: Double?, openMode: DrawerOpenMode) {
        self.openSide = openSide
        self.leftWidth = leftWidth
        self.rightWidth = rightWidth
        self.openMode = openMode.rawValue
    }

    /// The snapshot as JSON with sorted keys (deterministic).
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// Reads a snapshot from JSON.
    /// - Throws: `ContainerError` saying what is wrong with the text.
    package static func from(json text: String) throws(ContainerError) -> DrawerSnapshot {
        do {
            let snapshot = try JSONDecoder().decode(DrawerSnapshot.self, from: Data(text.utf8))
            guard DrawerOpenMode(rawValue: snapshot.openMode) != nil else {
                throw ContainerError(.invalidValue, "openMode: expected push or above, got \"\(snapshot.openMode)\"", key: "openMode")
            }
            for (key, width) in [("leftWidth", snapshot.leftWidth), ("rightWidth", snapshot.rightWidth)] {
                if let width, !(width > 0 && width.isFinite) {
                    throw ContainerError(.invalidValue, "\(key): expected a width > 0, got \(NumberFormat.message(width))", key: key)
                }
            }
            if let side = snapshot.openSide, !side.isHorizontal {
                throw ContainerError(.invalidValue, "openSide: expected left or right, got \(side.rawValue)", key: "openSide")
            }
            return snapshot
        } catch let error as ContainerError {
            throw error
        } catch {
            throw ContainerError(.malformedSnapshot, "not a drawer snapshot: \(error)")
        }
    }
}

extension DrawerContainer {
    /// The state to save: the open side (nil unless fully open), the widths and the mode.
    package func snapshot() -> DrawerSnapshot {
        DrawerSnapshot(
            openSide: openSide, leftWidth: directions.contains(.left) ? maximumWidth(.left) : nil,
            rightWidth: directions.contains(.right) ? maximumWidth(.right) : nil, openMode: configuration.openMode)
    }

    /// A container built from `configuration` with the saved state applied: widths of the drawers that exist,
    /// the mode, and the open side opened without animation (as MM's restore calls open(side, animated: NO)).
    package init(_ configuration: DrawerConfiguration, restoring snapshot: DrawerSnapshot) {
        var c = configuration
        if let w = snapshot.leftWidth, c.widths[.left] != nil { c.widths[.left] = w }
        if let w = snapshot.rightWidth, c.widths[.right] != nil { c.widths[.right] = w }
        c.openMode = DrawerOpenMode(rawValue: snapshot.openMode) ?? c.openMode
        self.init(c)
        if let side = snapshot.openSide {
            var events: [Event] = []
            perform(.open(side, animated: false), at: 0, events: &events)
        }
    }
}
