// The live studio: the page's routes over a session that re-runs the engine on demand, follows its files and
// pushes new frames to open pages, and turns pointer input into the container's own pans and taps.

import Foundation
import PaneKit
import PaneKitLua
import PaneKitRender

/// A live session behind `panekit studio`.
public final class LiveStudio: @unchecked Sendable {
    /// Builds the runs afresh (reloading changed plugins and scenario files); called at start, on a file change.
    public typealias Loader = @Sendable () throws(StudioError) -> StudioInput

    private let load: Loader
    private let watched: @Sendable () -> [String]
    private let lock = NSLock()
    private var input: StudioInput
    private var overrides: [String: [String: ParamValue]] = [:]
    /// The drags and taps made on the stages: the runs the page holds are the scenario with them played in.
    private var gestures = StudioGestures()
    private var frames: [[Frame]] = []
    private var problem: String?
    private var streams: [EventStream] = []
    private var files: FileWatch
    private var watching = false

    /// - Parameters:
    ///   - load: makes the runs; its first call must succeed.
    ///   - watched: the files whose changes re-run the engine (scenarios and the plugins they use), asked at every
    ///     look, so it should be cheap (no loading).
    /// - Throws: `StudioError` when the first run fails.
    public init(load: @escaping Loader, watched: @escaping @Sendable () -> [String]) throws(StudioError) {
        self.load = load
        self.watched = watched
        input = try load()
        frames = try StudioPayload.frames(of: input)
        problem = input.problems.isEmpty ? nil : input.problems.joined(separator: "\n")
        files = FileWatch(files: watched())
    }

    /// The routes of the page: `/`, `/frames.json`, `/session.json`, `/events`, `/params`, `/drag`, `/reset`.
    public var routes: RouteTable {
        var table = RouteTable()
        table.add("GET", "/") { [self] _ in .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", text: page())) }
        table.add("GET", "/frames.json") { [self] _ in
            .response(HTTPResponse(status: 200, contentType: "application/jsonl; charset=utf-8", text: jsonLines()))
        }
        table.add("GET", "/session.json") { [self] _ in .response(.json(payload())) }
        table.add("GET", "/events") { [self] _ in .events { stream in self.attach(stream) } }
        table.add("POST", "/params") { [self] request in .response(setParams(request.body)) }
        table.add("POST", "/drag") { [self] request in .response(drag(request.body)) }
        table.add("POST", "/reset") { [self] _ in .response(reset()) }
        return table
    }

    /// The page with the current session embedded.
    public func page() -> String { StudioPage.html(payload: payload(), runs: lock.withLock { input.runs }) }

    /// The current session as the page's JSON.
    public func payload() -> String {
        lock.withLock {
            var shown = gestures.applied(to: input.applying(overrides))
            shown.problems = problem.map { [$0] } ?? []
            return StudioPayload.json(shown, frames: frames, live: true, recorded: gestures.isEmpty ? nil : gestures.actionsJSON())
        }
    }

    /// The main run's frames exactly as `panekit render --format json` writes them.
    public func jsonLines() -> String {
        lock.withLock { (frames.first ?? []).map { FrameJSON.line($0) + "\n" }.joined() }
    }

    private func attach(_ stream: EventStream) {
        lock.withLock {
            streams.removeAll { !$0.isOpen }
            streams.append(stream)
        }
        stream.send(event: "hello", data: "{}")
    }

    private func broadcast(event: String, data: String) {
        let open = lock.withLock { streams.filter(\.isOpen) }
        for stream in open { stream.send(event: event, data: data) }
    }

    // MARK: Files

    /// Polls the watched files every `interval` seconds on a background thread; a change re-runs the engine and
    /// pushes the new session (or the error, keeping the last good frames) to every open page. A watched file that
    /// cannot be read (a FIFO, a file over `WatchedFile.maximumSize`) is not loaded: the page shows
    /// `not reloaded: FILE is not a regular file` and keeps the last good frames.
    public func watch(interval: Double = 0.1) {
        let start = lock.withLock { () -> Bool in
            defer { watching = true }
            return !watching
        }
        guard start else { return }
        Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                look()
            }
        }.start()
    }

    /// Looks at the watched files once and acts on what changed, as `watch` says.
    func look() {
        let changes = changed()
        guard !changes.isEmpty else { return }
        if let refusal = FileWatch.refusal(of: changes) { return report(refusal) }
        refresh()
    }

    /// The watched files whose contents (or whose problem) differ from the last look.
    func changed() -> [FileWatch.Change] {
        let paths = watched()
        var watch = lock.withLock { files }
        watch.files = paths
        let changes = watch.poll()
        lock.withLock { files = watch }
        return changes
    }

    /// Loads and runs again; pushes `session` on success, `problem` on failure (the last good frames stay).
    public func refresh() {
        do throws(StudioError) {
            let fresh = try load()
            let applied = lock.withLock { gestures.applied(to: fresh.applying(overrides)) }
            if !fresh.problems.isEmpty { throw StudioError(.invalidInput, fresh.problems.joined(separator: "\n")) }
            let runFrames = try StudioPayload.frames(of: applied)
            lock.withLock {
                input = fresh
                frames = runFrames
                problem = nil
            }
            broadcast(event: "session", data: payload())
        } catch {
            report(error.message)
        }
    }

    /// Shows `message` as the session's problem on every open page; the last good frames stay.
    private func report(_ message: String) {
        lock.withLock { problem = message }
        broadcast(event: "problem", data: "{\"error\":\(FrameJSON.string(message))}")
    }

    // MARK: Parameters

    /// `POST /params` with `{"STYLER.NAME": "VALUE", …}`: the values are read by each parameter's declared kind,
    /// the engine re-runs, and the answer is the new session.
    func setParams(_ body: [UInt8]) -> HTTPResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return .json(errorJSON("expected a JSON object {\"STYLER.NAME\": \"VALUE\", …}"), status: 400)
        }
        let current = lock.withLock { (input, overrides, gestures) }
        var next = current.1
        for key in object.keys.sorted() {
            let text: String
            switch object[key] {
            case let s as String: text = s
            case let n as NSNumber: text = NumberFormat.string(n.doubleValue)
            default:
                return .json(errorJSON("\(key): expected the value as a string (\"0.5\", \"true\", \"#ff0000\") or a number"), status: 400)
            }
            guard let dot = key.lastIndex(of: "."), dot != key.startIndex else {
                return .json(errorJSON("\(key): expected STYLER.NAME"), status: 400)
            }
            let styler = String(key[..<dot]), name = String(key[key.index(after: dot)...])
            let inRun = current.0.runs.contains { StudioPayload.references($0).contains { $0.name == styler } }
            guard inRun, let spec = current.0.registry.entry(named: styler)?.params.first(where: { $0.name == name }) else {
                return .json(errorJSON("\(key): not a parameter of a styler of this run"), status: 400)
            }
            do {
                next[styler, default: [:]][name] = try spec.parse(text)
            } catch {
                return .json(errorJSON("\(key): \(error.message)"), status: 400)
            }
        }
        do throws(StudioError) {
            let runFrames = try StudioPayload.frames(of: current.2.applied(to: current.0.applying(next)))
            lock.withLock {
                overrides = next
                frames = runFrames
            }
            return .json(payload())
        } catch {
            return .json(errorJSON(error.message), status: 400)
        }
    }

    // MARK: Drag

    /// `POST /drag` with `{"frame": K, "track": [[t, x, y], …], "ended": bool}` or `{"frame": K, "tap": [x, y]}`:
    /// the gesture starts from frame K of the run the page holds (the scenario with every earlier gesture played in),
    /// and runs by the container's own gesture model from that frame's time. Answers `{"start": first frame of the
    /// gesture, "release": the frame at the finger's last sample, "frames": [FRAME…], "actions": [ACTION…]}`, the
    /// actions every recorded gesture's (and this one's) as a scenario's timeline entries. A released gesture
    /// (`ended`, or a tap) is recorded: the run the page holds is then the answer's, until `POST /reset`.
    ///
    /// When the runs compare sheet behaviors (`--behaviors`) the same gesture (the same points in container
    /// coordinates at the same times) is run on every run, K indexing the longest of them, and the answer adds
    /// `"compared": [{"behavior", "start", "frames"}, …]` for the runs after the first; the bounds hold for each
    /// run, and the answer's size for all of them together.
    func drag(_ body: [UInt8]) -> HTTPResponse {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any],
            let frameIndex = (object["frame"] as? NSNumber)?.intValue
        else {
            return .json(errorJSON("expected {\"frame\": K, \"track\": [[t, x, y], …]} or {\"frame\": K, \"tap\": [x, y]}"), status: 400)
        }
        let (current, runFrames, registry, recorded) = lock.withLock {
            (gestures.applied(to: input.applying(overrides)), frames, input.registry, gestures)
        }
        // The runs the gesture plays on: every behavior of a comparison of behaviors, else the main run.
        let replayed = StudioGestures.replayed(current)
        let clock = replayed.filter { $0 < runFrames.count }.map { runFrames[$0] }.max { $0.count < $1.count }
        guard !replayed.isEmpty, let shown = clock, frameIndex >= 0, frameIndex < shown.count else {
            return .json(errorJSON("frame: expected an index of the current run"), status: 400)
        }
        let t0 = shown[frameIndex].time
        var gesture: [TimedAction] = []
        var entry = ""
        let ended: Bool
        var last = 0.0
        if let tap = object["tap"] as? [NSNumber], tap.count == 2, tap.allSatisfy({ $0.doubleValue.isFinite }) {
            let p = Point(x: tap[0].doubleValue, y: tap[1].doubleValue)
            gesture = [TimedAction(at: t0, .tap(p))]
            entry = "{\"at\":\(num(t0)),\"action\":\"tap\",\"point\":[\(num(p.x)),\(num(p.y))]}"
            ended = true
        } else if let track = object["track"] as? [[NSNumber]], !track.isEmpty {
            guard track.count <= Self.maximumDragPoints else {
                return .json(errorJSON("track: \(track.count) samples; a drag holds at most \(Self.maximumDragPoints)"), status: 413)
            }
            ended = (object["ended"] as? Bool) ?? false
            var samples: [(Double, Point)] = []
            for sample in track {
                guard sample.count == 3, sample.allSatisfy({ $0.doubleValue.isFinite }), sample[0].doubleValue >= last else {
                    return .json(errorJSON("track: expected samples [t, x, y] with t increasing from 0"), status: 400)
                }
                last = sample[0].doubleValue
                samples.append((last, Point(x: sample[1].doubleValue, y: sample[2].doubleValue)))
            }
            guard last <= Self.maximumDragSeconds else {
                return .json(
                    errorJSON(
                        "track: the drag lasts \(num(last)) s; a drag lasts at most \(num(Self.maximumDragSeconds)) s"),
                    status: 413)
            }
            for (i, sample) in samples.enumerated() {
                let phase: TouchPhase = i == 0 ? .began : (ended && i == samples.count - 1 ? .ended : .moved)
                gesture.append(TimedAction(at: t0 + sample.0, .pan(phase, sample.1)))
            }
            let points = samples.map { "[\(num($0.0)),\(num($0.1.x)),\(num($0.1.y))]" }.joined(separator: ",")
            entry = "{\"at\":\(num(t0)),\"action\":\"pan\",\"track\":[\(points)]}"
        } else {
            return .json(errorJSON("expected \"track\": [[t, x, y], …] or \"tap\": [x, y]"), status: 400)
        }
        var scenarios: [Scenario] = []
        for i in replayed {
            let scenario = StudioGestures.continued(current.runs[i].scenario, from: t0, with: gesture, ended: ended, end: t0 + last)
            if let duration = scenario.duration, scenario.frameCount(forDuration: duration) > Self.maximumDragFrames {
                return .json(
                    errorJSON(
                        "frame \(frameIndex) and a drag of \(num(last)) s make more than \(Self.maximumDragFrames) frames at "
                            + "\(num(scenario.fps)) fps; drag earlier or shorter"),
                    status: 413)
            }
            scenarios.append(scenario)
        }
        // A released drag runs until the container rests, at most `maximumDragFrames` frames in all, and the
        // answer is written frame by frame until it would pass `maximumDragAnswer` bytes.
        var answers: [(start: Int, release: Int, frames: String, run: [Frame])] = []
        var size = 0
        for scenario in scenarios {
            var start: Int?, release: Int?
            var run: [Frame] = []
            var body = ""
            do {
                try scenario.run(registry: registry, strict: current.strict, limit: Self.maximumDragFrames) { frame in
                    if start == nil, frame.time >= t0 - 1e-9 { start = run.count }
                    if release == nil, frame.time >= t0 + last - 1e-9 { release = run.count }
                    if !run.isEmpty { body += "," }
                    body += FrameJSON.line(frame)
                    run.append(frame)
                    if size + body.utf8.count > Self.maximumDragAnswer { throw DragTooLarge() }
                }
            } catch is DragTooLarge {
                return .json(
                    errorJSON(
                        "the frames of this drag pass \(Self.maximumDragAnswer >> 20) MiB after \(run.count) frames; drag earlier or shorter"
                    ),
                    status: 413)
            } catch {
                return .json(errorJSON("\(error)"), status: 400)
            }
            size += body.utf8.count
            answers.append((start ?? 0, release ?? max(run.count - 1, 0), body, run))
        }
        if ended {
            // The run the page holds is now this one: the next gesture starts from what it shows.
            lock.withLock {
                gestures.record(StudioGestures.Gesture(start: t0, actions: gesture, json: entry))
                for (answer, i) in zip(answers, replayed) where i < frames.count { frames[i] = answer.run }
            }
        }
        let actions = ended ? lock.withLock { gestures.actionsJSON() } : recorded.actionsJSON(adding: entry)
        var out =
            "{\"start\":\(answers[0].start),\"release\":\(answers[0].release),\"frames\":[" + answers[0].frames + "],\"actions\":\(actions)"
        if answers.count > 1 {
            out += ",\"compared\":["
            for (k, answer) in answers.enumerated().dropFirst() {
                if k > 1 { out += "," }
                let behavior = current.runs[replayed[k]].behavior ?? ""
                out += "{\"behavior\":\"\(behavior)\",\"start\":\(answer.start),\"frames\":[\(answer.frames)]}"
            }
            out += "]"
        }
        return .json(out + "}")
    }

    /// `POST /reset`: forgets every recorded gesture; the runs are the scenario's again. Answers the new session.
    func reset() -> HTTPResponse {
        let current = lock.withLock { input.applying(overrides) }
        do throws(StudioError) {
            let runFrames = try StudioPayload.frames(of: current)
            lock.withLock {
                gestures = StudioGestures()
                frames = runFrames
            }
            return .json(payload())
        } catch {
            return .json(errorJSON(error.message), status: 400)
        }
    }

    /// The most samples a drag's track may hold.
    public static let maximumDragPoints = 10_000
    /// The longest drag, from its first sample to its last, in seconds.
    public static let maximumDragSeconds = 60.0
    /// The most frames a drag's run makes, from the run's start through the gesture (10 minutes at 60 fps).
    public static let maximumDragFrames = Scenario.defaultFrameLimit
    /// The largest answer to a drag, in bytes of JSON (64 MiB).
    public static let maximumDragAnswer = 64 << 20

    private struct DragTooLarge: Error {}

    private func errorJSON(_ message: String) -> String { "{\"error\":\(FrameJSON.string(message))}" }
    private func num(_ x: Double) -> String { NumberFormat.string(x) }
}
