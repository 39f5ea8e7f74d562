// The data a studio page draws, as one JSON document: every frame of every run, each styler's parameters, its
// channels against the closed fraction and its poses at those fractions, all computed by the engine.

import PaneKit
import PaneKitRender

/// Builds the page's JSON. The page never computes motion: everything it shows is in here.
public enum StudioPayload {
    /// The closed fractions the curves and the closed-fraction mode are sampled at: −0.3 to 1.1 by 0.01.
    public static let fractions = CurvePlot.fractions(from: -0.3, to: 1.1)

    /// The runs of `input` and their frames.
    /// - Throws: `StudioError` naming the run when a scenario does not run (a strict styler failure, a bad styler).
    public static func frames(of input: StudioInput) throws(StudioError) -> [[Frame]] {
        var result: [[Frame]] = []
        for run in input.runs {
            do {
                result.append(try run.scenario.run(registry: input.registry, strict: input.strict))
            } catch {
                throw StudioError(.runFailed, "\(run.name): \(error)")
            }
        }
        return result
    }

    /// The whole document.
    /// - Parameters:
    ///   - input: the runs, with their parameter values already applied.
    ///   - frames: the frames of each run (from `frames(of:)`, or a drag's re-run).
    ///   - live: whether the page talks to a studio server (knobs and drag enabled).
    ///   - recorded: the gestures played into the runs, as a JSON array of timeline entries (the live studio's).
    public static func json(_ input: StudioInput, frames: [[Frame]], live: Bool, recorded: String? = nil) -> String {
        var out = "{\"mode\":\(live ? "\"live\"" : "\"static\""),\"title\":"
        FrameJSON.appendString(input.runs.first?.scenario.name ?? "", to: &out)
        out += ",\"command\":"
        FrameJSON.appendString(commandLine(input), to: &out)
        out += ",\"error\":"
        if input.problems.isEmpty { out += "null" } else { FrameJSON.appendString(input.problems.joined(separator: "\n"), to: &out) }
        if let recorded { out += ",\"recorded\":" + recorded }
        let theme = input.theme, appearance = input.runs.first?.scenario.appearance ?? .none
        out += ",\"theme\":\"\(theme.name.rawValue)\",\"stage\":\"\(theme.background.hex)\",\"colors\":{"
        // ORDER ROLE: the colour table follows Role.allCases, then a grid's cells' roles.
        let roles = Role.allCases + Role.cells(in: frames.joined())
        out += roles.map { "\"\($0.rawValue)\":\"\((appearance[$0]?.color ?? theme.color(of: $0)).hex)\"" }.joined(separator: ",")
        // Each role's image and wireframe as CSS background layers, sized for its node in the first frame, or, when
        // it has no area there (a sheet presented from hidden is 0 pt tall), for its largest in the run.
        out += "},\"looks\":{"
        let run = frames.first ?? []
        let area = { (node: Node) in max(0, node.frame.size.width) * max(0, node.frame.size.height) }
        out += roles.compactMap { role -> String? in
            let first = run.first?.nodes.first { $0.role == role }
            let node = first.flatMap {
                area($0) > 0 ? $0 : run.compactMap { $0.nodes.first { $0.role == role } }.max { area($0) < area($1) }
            }
            let size = node?.frame.size ?? input.runs.first?.scenario.size ?? Size(width: 375, height: 667)
            let css = NodeLook.cssBackground(role, size: size, theme: theme, appearance: appearance)
            guard !css.isEmpty else { return nil }
            var entry = ""
            FrameJSON.appendString(role.rawValue, to: &entry)
            entry += ":"
            FrameJSON.appendString(css, to: &entry)
            return entry
        }.joined(separator: ",")
        // A wireframe whose node changes size in the runs, drawn for each size it takes (`LookSizes`):
        // [[width, height, css], …]; the page draws the one nearest its node's size, so content is laid out for the
        // node it is in, never stretched from another size.
        out += "},\"lookSizes\":{"
        out += roles.compactMap { role -> String? in
            guard LookSizes.sized(role, appearance: appearance) else { return nil }
            let sizes = LookSizes(frames.flatMap { run in run.compactMap { $0.nodes.first { $0.role == role }?.frame.size } }).sizes
            guard sizes.count > 1 else { return nil }
            var entry = ""
            FrameJSON.appendString(role.rawValue, to: &entry)
            entry += ":["
            entry += sizes.map { size in
                var drawn = "[\(num(size.width)),\(num(size.height)),"
                FrameJSON.appendString(NodeLook.cssBackground(role, size: size, theme: theme, appearance: appearance), to: &drawn)
                return drawn + "]"
            }.joined(separator: ",")
            return entry + "]"
        }.joined(separator: ",")
        out += "},\"runs\":["
        for (i, run) in input.runs.enumerated() {
            if i > 0 { out += "," }
            let shown = i < frames.count ? frames[i] : []
            let meter =
                live ? StudioMeter(scenario: run.scenario, registry: input.registry, strict: input.strict, limit: max(1, shown.count)) : nil
            appendRun(run, frames: shown, registry: input.registry, meter: meter, to: &out)
        }
        out += "]}"
        return out
    }

    /// The command that reproduces what the page shows: the command's words plus every parameter value that
    /// differs from its default, as `--param STYLER.NAME=VALUE` in styler and parameter order.
    public static func commandLine(_ input: StudioInput) -> String {
        var words = input.command
        var seen: Set<String> = []
        for reference in input.runs.flatMap(references) where seen.insert(reference.name).inserted {
            for spec in input.registry.entry(named: reference.name)?.params ?? [] {
                if let value = reference.params[spec.name], value != spec.defaultValue {
                    words.append("--param")
                    words.append("\(reference.name).\(spec.name)=\(value)")
                }
            }
        }
        return words.map(quoted).joined(separator: " ")
    }

    /// The styler references of a run in group order (the directions first, in direction order).
    static func references(_ run: StudioRun) -> [StylerReference] {
        run.scenario.stylers.keys.sorted().flatMap { run.scenario.stylers[$0] ?? [] }
    }

    private static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./=,:#+".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `meter`: each Lua styler's measured cost, for the live studio only. A file PaneKit writes (`render --format
    /// html`, `docs`) carries none, so that it stays byte-identical from run to run: the bytes a Lua state holds after
    /// a call move with its garbage collector, and even a call's instruction count moved by one from process to
    /// process (a plugin's first call).
    static func appendRun(
        _ run: StudioRun, frames: [Frame], registry: StylerRegistry, meter: StudioMeter? = nil, to out: inout String
    ) {
        let s = run.scenario
        out += "{\"name\":"
        FrameJSON.appendString(run.name, to: &out)
        if let behavior = run.behavior { out += ",\"behavior\":\"\(behavior)\"" }
        // The stage is the frames' size: a grid's whole sheet, not one cell's.
        out += ",\"size\":[\(num(s.frameSize.width)),\(num(s.frameSize.height))],\"fps\":\(num(s.fps)),\"frames\":["
        for (i, frame) in frames.enumerated() {
            if i > 0 { out += "," }
            out += FrameJSON.line(frame)
        }
        out += "],\"stylers\":["
        var first = true
        for group in s.stylers.keys.sorted() {
            for reference in s.stylers[group] ?? [] {
                if !first { out += "," }
                first = false
                appendStyler(reference, group: group, container: s.container, registry: registry, to: &out)
                if let cost = meter?.stylers.first(where: { $0.name == reference.name }) {
                    // The styler's meter: {"budget", "memory", "frames": [[instructions, bytes] or null, …]}.
                    out.removeLast()
                    out += ",\"cost\":{\"budget\":\(cost.budget),\"memory\":\(cost.memoryCap),\"frames\":["
                    out += cost.frames.prefix(frames.count).map { $0.map { "[\($0.instructions),\($0.memory)]" } ?? "null" }
                        .joined(separator: ",")
                    out += "]}}"
                }
            }
        }
        out += "]}"
    }

    /// A styler with its parameters (declared and current values), its channels and its poses.
    static func appendStyler(
        _ reference: StylerReference, group: StylerGroup, container: ContainerSpec, registry: StylerRegistry,
        to out: inout String
    ) {
        out += "{\"name\":"
        FrameJSON.appendString(reference.name, to: &out)
        out += ",\"direction\":\"\(group.rawValue)\",\"params\":["
        let specs = registry.entry(named: reference.name)?.params ?? []
        for (i, spec) in specs.enumerated() {
            if i > 0 { out += "," }
            out += "{\"name\":"
            FrameJSON.appendString(spec.name, to: &out)
            out += ",\"kind\":\"\(spec.kind.rawValue)\",\"default\":"
            FrameJSON.appendString(spec.defaultValue.description, to: &out)
            out += ",\"value\":"
            FrameJSON.appendString((reference.params[spec.name] ?? spec.defaultValue).description, to: &out)
            out += ",\"min\":\(spec.min.map(num) ?? "null"),\"max\":\(spec.max.map(num) ?? "null"),\"choices\":["
            out += spec.choices.map(FrameJSON.string).joined(separator: ",")
            out += "],\"doc\":"
            FrameJSON.appendString(spec.doc, to: &out)
            out += "}"
        }
        out += "],\"fractions\":["
        out += fractions.map(num).joined(separator: ",")
        out += "]"
        do {
            let styler = try registry.make(reference.name, params: reference.params)
            // One pass through the styler gives both the poses and the curves (a parameter change re-runs this).
            let poses = try Sampler.sample(styler, container: container, group: group, fractions: fractions)
            let channels = try CurvePlot.channels(styled: poses, container: container, group: group)
            out += ",\"channels\":["
            for (i, channel) in channels.enumerated() {
                if i > 0 { out += "," }
                out += "{\"role\":\"\(channel.role.rawValue)\",\"name\":"
                FrameJSON.appendString(channel.name, to: &out)
                out += ",\"unit\":"
                FrameJSON.appendString(channel.unit, to: &out)
                out += ",\"values\":[" + channel.values.map { $0.isFinite ? num($0) : "null" }.joined(separator: ",") + "]"
                if channel.clamped {
                    out += ",\"clamped\":"
                    FrameJSON.appendString(CurvePlot.clampedNote, to: &out)
                }
                out += "}"
            }
            out += "],\"poses\":["
            for (i, pose) in poses.enumerated() {
                if i > 0 { out += "," }
                FrameJSON.appendSample(pose, to: &out)
            }
            out += "]}"
        } catch {
            out += ",\"channels\":[],\"poses\":[],\"error\":"
            FrameJSON.appendString("\(error)", to: &out)
            out += "}"
        }
    }

    static func num(_ x: Double) -> String { NumberFormat.string(x) }
}
