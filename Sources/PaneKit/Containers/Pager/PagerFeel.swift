// A pager's rows in `panekit feel`: for each swipe and each setPage of the timeline, the page it comes to rest on,
// the settle time, the overshoot past that page and the peak speed, in pages.

/// The swipes and page changes of a pager run, measured on its frames.
enum PagerFeel {
    /// One swipe or setPage, measured.
    struct Gesture {
        /// `pan` or `setPage`.
        var kind: String
        /// When it starts and when it lets go (a pan's last sample; a setPage's own time), in seconds.
        var at: Double, release: Double
        /// The current page when it started.
        var from: Int
        /// The page the pager rests on after it; nil when the next gesture starts first.
        var page: Int?
        /// Seconds from the release to the first frame at rest; nil when the next gesture starts first.
        var settle: Double?
        /// Pages past the resting page in the direction of travel (0 when none).
        var overshoot: Double
        /// The largest speed after the release, pages per second, between consecutive frames.
        var peakVelocity: Double
    }

    /// A pager's numbers view: one row per swipe and setPage.
    static let table = FeelMeasure(
        noun: "pagers",
        columns: [
            .init("gesture", key: "kind", .text), .init("at s", key: "at", .number(step: nil)),
            .init("release s", key: "release", .number(step: nil)), .init("from", key: "from", .integer),
            .init("page", key: "page", .integer, missing: "page —: the next gesture started before the pager came to rest"),
            .init("settle s", key: "settle", .number(step: 0.001)), .init("overshoot pages", key: "overshoot", .number(step: 0.001)),
            .init("peak pages/s", key: "peakVelocity", .number(step: 0.01)),
        ],
        help: """
            On a pager each swipe (a pan) and each setPage is a row: from (the page it started on), page (the page it
            rests on; — when the next gesture starts first), settle (the release to the first frame at rest),
            overshoot (pages past the resting page in the direction of travel) and peak (the largest speed after the
            release, pages per second).
            """,
        behavior: { $0.configuration(as: PagerConfiguration.self)?.behavior.rawValue },
        measure: { timeline, frames in
            FeelMeasure.Run(
                rows: gestures(timeline, frames).map { g in
                    [
                        .text(g.kind), .number(g.at), .number(g.release), .number(Double(g.from)), .number(g.page.map(Double.init)),
                        .number(g.settle), .number(g.overshoot), .number(g.peakVelocity),
                    ]
                })
        })

    /// Each `pan` and `setPage` of `timeline`, measured on `frames`: the settle ends at the first frame from the
    /// release on where the pager is at rest (`idle`); one that the next gesture interrupts has no page or settle. A
    /// touch does not interrupt a settle that runs on under it (Swiper and reanimated-carousel until the drag starts),
    /// and one that completes it (ViewPager within 2 dp of the page) ends it there.
    static func gestures(_ timeline: [TimedAction], _ frames: [Frame]) -> [Gesture] {
        var out: [Gesture] = []
        for entry in timeline {
            let kind: String, duration: Double
            if case .gesture(let path)? = entry.action.touch {
                (kind, duration) = ("pan", path.duration)
            } else if case .setPage? = entry.action.as(PagerAction.self)?.untimed.action {
                (kind, duration) = ("setPage", 0)
            } else {
                continue
            }
            let release = entry.time + duration
            let nextEntry = timeline.first {
                $0.time > entry.time + 1e-9 && ($0.action.touch != nil || $0.action.as(PagerAction.self) != nil)
            }
            let next = nextEntry?.time ?? .infinity
            guard let start = frames.lastIndex(where: { $0.time <= entry.time + 1e-9 }) ?? frames.indices.first,
                let from = frames[start].page
            else { continue }
            var gesture = Gesture(
                kind: kind, at: entry.time, release: release, from: from, page: nil, settle: nil, overshoot: 0, peakVelocity: 0)
            var travelled: [(time: Double, offset: Double)] = []
            for frame in frames[start...] where frame.time >= release - 1e-9 {
                guard let offset = frame.pageOffset else { break }
                // A touch after it interrupts it, unless the settle runs on under the still finger (Swiper,
                // reanimated-carousel) or the touch completed it (ViewPager within 2 dp): the page on a whole page.
                let resting = offset == offset.rounded()
                if frame.time >= next - 1e-9 {
                    guard nextEntry?.action.touch != nil, frame.state == .settling || resting else { break }
                    if frame.state != .settling {
                        travelled.append((frame.time, offset))
                        (gesture.page, gesture.settle) = (frame.page, frame.time - release)
                        break
                    }
                }
                if let previous = travelled.last, frame.time > previous.time {
                    gesture.peakVelocity = max(gesture.peakVelocity, abs(offset - previous.offset) / (frame.time - previous.time))
                }
                travelled.append((frame.time, offset))
                if frame.state == .idle {
                    gesture.page = frame.page
                    gesture.settle = frame.time - release
                    break
                }
            }
            if let page = gesture.page, let first = travelled.first {
                // Past the resting page in the direction the release set out in.
                let rest = travelled.last?.offset ?? Double(page)
                let direction: Double = rest > first.offset ? 1 : (rest < first.offset ? -1 : 0)
                gesture.overshoot = travelled.map { direction * ($0.offset - rest) }.max().map { max(0, $0) } ?? 0
            }
            out.append(gesture)
        }
        return out
    }
}
