// An event's name and its details as JSON writes them, its equality, and its mirror image for right to left.

extension Event {
    /// The name of each of the core's events: `rawValue` is the `type` JSON writes. A family's events name
    /// themselves (`type`).
    package enum Name: String, Hashable, Sendable, CaseIterable {
        /// ``Event/panBegan``.
        case panBegan
        /// ``Event/panEnded(velocity:)``.
        case panEnded
        /// ``Event/panCancelled``.
        case panCancelled
        /// ``Event/caught(direction:)``.
        case caught
        /// ``Event/actionIgnored(action:reason:direction:)``.
        case actionIgnored
        /// ``Event/styleConflict(role:property:first:second:)``.
        case styleConflict
        /// ``Event/stylerFailed(styler:group:error:)``.
        case stylerFailed
        /// ``Event/frameLimitReached(limit:)``.
        case frameLimitReached
        /// ``Event/focusChanged(role:)``.
        case focusChanged
        /// ``Event/panArbitrated(winner:)``.
        case panArbitrated
        /// ``Event/scrolled(region:offset:)``.
        case scrolled
        /// ``Event/announcement(text:)``.
        case announcement
    }

    /// The core event's name, nil for a family's event.
    /// - Complexity: O(1), no allocation.
    package var name: Name? {
        switch self {
        case .panBegan: .panBegan
        case .panEnded: .panEnded
        case .panCancelled: .panCancelled
        case .caught: .caught
        case .actionIgnored: .actionIgnored
        case .styleConflict: .styleConflict
        case .stylerFailed: .stylerFailed
        case .frameLimitReached: .frameLimitReached
        case .focusChanged: .focusChanged
        case .panArbitrated: .panArbitrated
        case .scrolled: .scrolled
        case .announcement: .announcement
        case .family: nil
        }
    }

    /// What happened, as JSON's `type` writes it (`didOpen`, `stylerFailed`, …).
    public var type: String {
        if let event = familyEvent { return event.type }
        return name!.rawValue
    }

    /// One detail of an event as JSON writes it: a key and its value as text.
    package typealias Field = (key: String, value: String)

    /// The details in the order JSON writes them, values as text (numbers in PaneKit's number format, shortest
    /// round-trip form with at most 6 decimals; a flag as `true` or `false`).
    ///
    /// A detail that is `nil` is left out (a `caught` with no drawer showing has none).
    /// - Complexity: O(1); allocates the array and any number's text. Meant for writers and tests, not the
    ///   per-frame path.
    package var fields: [Field] {
        switch self {
        case .caught(let d):
            return d.map { [("direction", $0.rawValue)] } ?? []
        case .panEnded(.pointsPerSecond(let v)):
            return [("velocity", NumberFormat.string(v))]
        case .panEnded(.pointsPerEvent(let v)):
            return [("perEvent", NumberFormat.string(v))]
        case .actionIgnored(let action, let reason, let d):
            return [("action", action), ("reason", reason)] + (d.map { [("direction", $0.rawValue)] } ?? [])
        case .styleConflict(let role, let property, let first, let second):
            return [("role", role.rawValue), ("property", property.rawValue), ("stylers", first + ", " + second)]
        case .stylerFailed(let styler, let group, let error):
            return [("styler", styler), (group.direction == nil ? "group" : "direction", group.rawValue), ("message", "\(error)")]
        case .frameLimitReached(let limit):
            return [("limit", String(limit))]
        case .focusChanged(let role):
            return [("role", role?.rawValue ?? "none")]
        case .panArbitrated(.drawer(let region)):
            return [("winner", "drawer")] + (region.map { [("region", String($0))] } ?? [])
        case .panArbitrated(.scrollRegion(let region)):
            return [("winner", "scrollRegion"), ("region", String(region))]
        case .panArbitrated(.nobody(let reason)):
            return [("winner", "none"), ("reason", reason.rawValue)]
        case .scrolled(let region, let offset):
            return [("region", String(region)), ("offset", NumberFormat.string(offset))]
        case .announcement(let text):
            return [("text", text)]
        case .family(let event):
            return Self.engineEvent(event).fields
        case .panBegan, .panCancelled:
            return []
        }
    }

    /// The text of the detail `key` as JSON writes it, if the event has it.
    /// - Complexity: as ``fields``.
    package func value(_ key: String) -> String? {
        fields.first { $0.key == key }?.value
    }

    /// Whether two events have the same type and write the same details.
    public static func == (a: Event, b: Event) -> Bool {
        guard a.type == b.type else { return false }
        let x = a.fields, y = b.fields
        return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
    }

    /// Hashes the type and the details as JSON writes them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        for field in fields {
            hasher.combine(field.key)
            hasher.combine(field.value)
        }
    }

    /// The event as its mirror image across the vertical axis sees it (a right-to-left layout): left and right
    /// swap in every direction, role and styler group, and with `velocityAlongX` a pan's release velocity changes
    /// sign.
    ///
    /// - Parameter velocityAlongX: whether the container's drawers move along x, so that their velocities mirror
    ///   (a dynamics container's top and bottom drawers report theirs along y).
    /// - Complexity: O(1), no allocation.
    package func mirroredHorizontally(velocityAlongX: Bool = true) -> Event {
        switch self {
        case .caught(let d): .caught(direction: d?.mirroredHorizontally)
        case .panEnded(let v): .panEnded(velocity: velocityAlongX ? v.negated : v)
        case .actionIgnored(let action, let reason, let d):
            .actionIgnored(action: action, reason: reason, direction: d?.mirroredHorizontally)
        case .styleConflict(let role, let property, let first, let second):
            .styleConflict(role: role.mirroredHorizontally, property: property, first: first, second: second)
        case .stylerFailed(let styler, let group, let error):
            .stylerFailed(styler: styler, group: group.mirroredHorizontally, error: error)
        case .focusChanged(let role): .focusChanged(role: role?.mirroredHorizontally)
        case .family(let event): .family(Self.engineEvent(event).mirroredHorizontally(velocityAlongX: velocityAlongX))
        case .panBegan, .panCancelled, .frameLimitReached, .panArbitrated, .scrolled, .announcement: self
        }
    }
}
