// A sheet's rows in `panekit feel`: each gesture's detent, position, settle, overshoot and peak speed (SheetFeel),
// as the columns the command writes.

extension SheetFeel {
    /// A sheet's numbers view: one row per pan and programmatic move; the behavior's last detent and position.
    static let table = FeelMeasure(
        noun: "sheets",
        columns: [
            .init("gesture", key: "kind", .text), .init("at s", key: "at", .number(step: nil)),
            .init("release s", key: "release", .number(step: nil)), .init("from", key: "from", .text),
            .init("detent", key: "detent", .text), .init("position pt", key: "position", .number(step: 0.1)),
            .init(
                "settle s", key: "settle", .number(step: 0.001),
                missing: "settle —: the next gesture starts before the sheet comes to rest"),
            .init("overshoot pt", key: "overshoot", .number(step: 0.1)), .init("peak pt/s", key: "peakVelocity", .number(step: 1)),
        ],
        summary: [.init("detent", key: "detent", .text), .init("position", key: "position", .number(step: nil))],
        help: """
            On a sheet each pan, and each setDetent, present, dismiss and setContentHeight (another action when it
            sets the resting sheet moving), is a row:
              detent      where the sheet comes to rest
              position    the y of the sheet's top edge at rest, in points (a top sheet mirrored)
              settle      seconds from the release (a pan's last sample, else the action's time) to the first frame
                          from which the sheet never moves again; — when the next gesture starts first
              overshoot   points past the rest position in the direction of travel (0 when none)
              peak        the largest speed of the settle in points per second, between consecutive frames from
                          the first at or after the release: the drag before it is not counted
            In JSON a behavior's detent and position are its last frame's.
            """,
        behavior: { $0.configuration(as: SheetConfiguration.self)?.behavior.rawValue },
        measure: { timeline, frames in
            var feel = SheetFeel()
            for frame in frames { feel.add(frame) }
            let rows = feel.measure(timeline).map { g -> [FeelMeasure.Value] in
                [
                    .text(g.kind), .number(g.at), .number(g.release), .text(g.from), .text(g.detent), .number(g.position),
                    .number(g.settle), .number(g.overshoot), .number(g.peakVelocity),
                ]
            }
            let last = feel.samples.last
            return FeelMeasure.Run(
                rows: rows, summary: [.text(last?.detent), .number(last?.position)],
                rest: last.map { "the sheet rests at \($0.detent ?? "—"), \(NumberFormat.string($0.position)) pt" })
        })
}
