// The frame limit of runs without a duration: the `--max-frames` flag and the warning when a run reaches it.

import PaneKit

enum FrameLimit {
    /// Help line for `--max-frames`.
    static let help = """
          --max-frames N   the frame limit of a scenario without "duration" (default \(Scenario.defaultFrameLimit), \
        at most \(Scenario.maximumFrames)); a run that has not come to rest by then stops with a warning
        """

    /// The limit given by `--max-frames`, or the default.
    static func parse(_ args: Arguments) throws(CLIError) -> Int {
        try args.int(
            "max-frames", where: { $0 >= 1 && $0 <= Scenario.maximumFrames },
            expected: "a whole number from 1 to \(Scenario.maximumFrames)") ?? Scenario.defaultFrameLimit
    }

    /// The warning for a run that its limit stopped before it came to rest.
    static func warning(frames: Int, fps: Double) -> String {
        "stopped after \(frames) frames (\(NumberFormat.string(Double(frames) / fps)) s), the frame "
            + "limit, before the motion came to rest; the last frame carries a \(PaneHost.frameLimitEvent.rawValue) event. "
            + "Give the scenario a \"duration\", or raise the limit with --max-frames N"
    }
}
