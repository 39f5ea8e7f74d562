// Timing helpers for panekit-bench: a monotonic clock, repeated runs, medians and spreads, and process runs.

import Foundation

/// The median, minimum and maximum of repeated measurements.
struct Figure {
    var median: Double
    var min: Double
    var max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        let n = sorted.count
        median = n == 0 ? 0 : (n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2)
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }

    init(median: Double, min: Double, max: Double) {
        self.median = median
        self.min = min
        self.max = max
    }

    init(single value: Double) {
        median = value
        min = value
        max = value
    }
}

enum Measure {
    /// Nanoseconds on a monotonic clock.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Runs `body` `runs` times and returns each run's time divided by `per` (nanoseconds per unit).
    static func nanoseconds(runs: Int, per units: Int, _ body: () throws -> Void) rethrows -> Figure {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            try body()
            samples.append(Double(now() - start) / Double(max(units, 1)))
        }
        return Figure(samples)
    }

    /// The resident set size of this process in bytes (Linux: /proc/self/statm), or nil elsewhere.
    static func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The wall time in milliseconds of running the panekit executable beside this one with `arguments`, `runs`
    /// times, its output discarded. Spawns with posix_spawn and waits with waitpid: Foundation's Process adds tens
    /// of milliseconds of its own on Linux.
    static func processMilliseconds(_ arguments: [String], runs: Int) throws -> Figure {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("panekit").path
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = now()
            try runSilently(executable, arguments)
            samples.append(Double(now() - start) / 1e6)
        }
        return Figure(samples)
    }

    /// Runs `path` with `arguments`, its standard output and error sent to /dev/null, and waits for it.
    /// - Throws: `BenchError` when the process cannot start or does not exit normally.
    static func runSilently(_ path: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard status == 0 else { throw BenchError.input("cannot start \(path): error \(status)") }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) == -1, errno == EINTR {}
        guard exit & 0x7f == 0 else { throw BenchError.input("\(path) \(arguments.joined(separator: " ")) was killed") }
    }
}
