// The gestures a designer has made on the live studio's stages: the run the page holds is the scenario with each of
// them played from the frame it started on, so the next one starts from exactly what the stage shows.

import PaneKit

/// The drags and taps recorded on the live studio, oldest first, and the runs they change.
struct StudioGestures: Sendable {
    /// One released drag or tap: its actions from the time of the frame it started on.
    struct Gesture: Sendable {
        /// The time of the frame the gesture started on.
        var start: Double
        /// Its pan samples (or tap) at their times.
        var actions: [TimedAction]
        /// The same as a scenario's timeline entries, for the page to show and a designer to paste.
        var json: String
    }

    private(set) var recorded: [Gesture] = []

    /// Whether any gesture changed the scenario.
    var isEmpty: Bool { recorded.isEmpty }

    /// Adds a released gesture.
    mutating func record(_ gesture: Gesture) { recorded.append(gesture) }

    /// The indices of the runs a gesture plays on: every behavior of a comparison of behaviors, else the main run.
    static func replayed(_ input: StudioInput) -> [Int] {
        input.runs.first?.behavior == nil
            ? Array(input.runs.indices.prefix(1)) : input.runs.indices.filter { input.runs[$0].behavior != nil }
    }

    /// `input` with every gesture played on the runs it plays on: each one's timeline up to the gesture's start, then
    /// the gesture, in order; a run with gestures goes on until its container rests.
    func applied(to input: StudioInput) -> StudioInput {
        guard !recorded.isEmpty else { return input }
        var copy = input
        for i in Self.replayed(input) {
            for gesture in recorded {
                copy.runs[i].scenario = Self.continued(copy.runs[i].scenario, from: gesture.start, with: gesture.actions, ended: true)
            }
        }
        return copy
    }

    /// `scenario`'s timeline up to `start`, then `actions`; run until the container rests when the gesture has
    /// ended, else up to `end`.
    static func continued(_ scenario: Scenario, from start: Double, with actions: [TimedAction], ended: Bool, end: Double? = nil)
        -> Scenario
    {
        var s = scenario
        s.timeline = s.timeline.filter { $0.time <= start } + actions
        s.duration = ended ? nil : end
        s.frameTimes = nil  // the gesture's frames follow the run's rate from its start
        return s
    }

    /// Every recorded gesture's timeline entries as one JSON array, then `current` (a gesture in progress) if given.
    func actionsJSON(adding current: String? = nil) -> String {
        let parts = recorded.map(\.json) + (current.map { [$0] } ?? [])
        return "[" + parts.joined(separator: ",") + "]"
    }
}
