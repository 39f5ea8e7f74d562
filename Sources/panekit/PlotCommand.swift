// panekit plot: an SVG chart of every channel a styler writes, per node, against the closed fraction.

import PaneKit
import PaneKitRender

enum PlotCommand {
    static let help = """
        usage: panekit plot STYLER [--direction D] [--out FILE.svg] [--param KEY=VALUE]... [--plugins DIR]
                            [--container C] [--behavior B] [--size WxH] [--reveal R] [--range A..B]
               panekit plot SCENARIO.json [--out FILE.svg] [--param KEY=VALUE]... [--plugins DIR] [--range A..B]
                            [--appearance FILE.json] [--theme dark|light]

        Poses a container at closed fractions from -0.1 to 1.1 (by 0.01), runs only STYLER and charts every channel it
        changes, one panel per channel and a line per node: translate, scale, skew, rotate (the transform
        decomposed as CSS does), the eye distance of its perspective (-1/m34, in points), alpha, anchor,
        shadow, z, hidden and frame. Dots mark every 0.05.

        With a scenario file, plots every styler its "stylers" name, posed in its container (size, widths,
        configuration) on the direction it styles, with the scenario's parameters: one SVG with one chart per
        styler stacked top to bottom, in the scenario's order (left, right, top, bottom; then as listed).
          --container C   \(StylerArguments.containerNames) (default: the styler's family:
                          ms.* dynamics, sidemenu.* sidemenu, sheet.* sheet, others drawer)
          --behavior B    \(StylerArguments.behaviorHelp)
          --direction D   left or right, or top or bottom on dynamics and split (default left)
          --out FILE.svg  write the chart there instead of standard output
          --param K=V     a styler parameter (repeatable)
          --plugins DIR   folder of Lua stylers (default ./Plugins when it exists)
          --size WxH      container size (default 375x667)
          --reveal R      the drawer's width (default: 280 drawer, 267 or 300 dynamics, 2/3 of the width
                          sidemenu, the split position 320 split)
          --range A..B    the closed fractions charted, such as -0.5..1 (default -0.1..1.1; A < B, both in -10…10)
        \(AppearanceArguments.flagHelp);
                          with it, each chart is followed by the styler's poses at closed 1, 0.75, 0.5, 0.25, 0
                          drawn with those looks (a scenario's own "appearance" applies too)
        \(Theme.flagHelp)

        Example: panekit plot mm.swinging-door --out door.svg && rsvg-convert door.svg -o door.png

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "plot", arguments,
            valued: ["container", "behavior", "direction", "out", "param", "plugins", "size", "reveal", "range", "appearance", "theme"],
            switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let given = args.positionals.first else {
            throw .usage("plot: expected one styler name; see panekit plot --help")
        }
        if !RunTargets.isStyler(given) { return try plotScenario(given, args: args) }
        let registry = try Registries.load(pluginsFolder: args.value("plugins"), files: RunTargets.pluginFiles([given]))
        let name = RunTargets.stylerName(given)
        let posing = try StylerArguments.posing(for: name, args: args)
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        let axis = poseAxis(posing.container)
        let fractions = try range(args.value("range"), axis: axis)
        let channels: [CurveChannel]
        do {
            channels = try CurvePlot.channels(of: styler, container: posing.container, group: posing.group, fractions: fractions)
        } catch {
            throw .input("plot: \(error)")
        }
        var context = "\(posing.subjectName) of a \(NumberFormat.string(posing.size.width))×\(NumberFormat.string(posing.size.height)) "
        let behavior = args.value("behavior").map { " (\($0))" } ?? ""
        context += "\(posing.typeName) container\(behavior), reveal \(NumberFormat.string(posing.reveal))"
        let params = (try args.params()).map { "\($0.key)=\($0.value)" }
        if !params.isEmpty { context += "; " + params.joined(separator: ", ") }
        let description = registry.entry(named: name)?.description ?? ""
        var svg = CurvePlot().render(
            title: name, notes: (description.isEmpty ? [] : [description]) + [context], channels: channels, fractions: fractions,
            axis: axis)
        let appearance = try AppearanceArguments.parse(args)
        if args.value("appearance") != nil {
            let poses = try posesSheet(
                styler, container: posing.container, group: posing.group, appearance: appearance, theme: Theme.parse(args),
                title: "\(name): poses")
            svg = stacked([svg, poses], title: name)
        }
        try Output.deliver(svg, to: args.value("out"))
    }

    /// `plot SCENARIO`: one chart per styler the scenario names, stacked in one SVG (a single styler's chart alone).
    static func plotScenario(_ path: String, args: Arguments) throws(CLIError) {
        for flag in ["container", "direction", "size", "reveal"] where args.value(flag) != nil {
            throw .usage("plot: --\(flag) poses a styler; \(path) poses its stylers in its own container")
        }
        let registry = try Registries.load(pluginsFolder: args.value("plugins"), scenarios: [path])
        guard let scenario = try RunTargets.scenarios([path], args: args, registry: registry, fps: nil).first else { return }
        let axis = poseAxis(scenario.container)
        let fractions = try range(args.value("range"), axis: axis)
        let file = Files.displayName(path)
        var charts: [String] = []
        for group in scenario.stylers.keys.sorted() {
            for reference in scenario.stylers[group] ?? [] {
                let styler: any Styler
                do { styler = try registry.make(reference.name, params: reference.params) } catch {
                    throw .input("plot: \(file): \(error)")
                }
                let channels: [CurveChannel]
                do {
                    channels = try CurvePlot.channels(
                        of: styler, container: scenario.container, group: group, fractions: fractions)
                } catch {
                    throw .input("plot: \(file): \(reference.name): \(error)")
                }
                let size = scenario.container.makeContainer().size
                var context =
                    "\(group.direction.map { "\($0.rawValue) drawer" } ?? group.rawValue) of the \(NumberFormat.string(size.width))×"
                context += "\(NumberFormat.string(size.height)) \(scenario.container.typeName) container of \(file)"
                let params = reference.params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                if !params.isEmpty { context += "; " + params.joined(separator: ", ") }
                let description = registry.entry(named: reference.name)?.description ?? ""
                charts.append(
                    CurvePlot().render(
                        title: "\(reference.name) (\(group.rawValue))",
                        notes: (description.isEmpty ? [] : [description]) + [context], channels: channels, fractions: fractions,
                        axis: axis))
                if args.value("appearance") != nil {
                    var looks = scenario.appearance
                    looks.roles.merge(try AppearanceArguments.parse(args).roles) { _, given in given }
                    charts.append(
                        try posesSheet(
                            styler, container: scenario.container, group: group, appearance: looks, theme: Theme.parse(args),
                            title: "\(reference.name) (\(group.rawValue)): poses"))
                }
            }
        }
        guard !charts.isEmpty else {
            throw .input("plot: \(file) names no stylers; list them under \"stylers\" to plot them")
        }
        let svg = charts.count == 1 ? charts[0] : stacked(charts, title: "\(file): \(charts.count) stylers")
        try Output.deliver(svg, to: args.value("out"))
    }

    /// The styler's poses (closed 1, 0.75, 0.5, 0.25 and 0; a pager's offsets −1 … 1) as a contact sheet drawn with `appearance`.
    static func posesSheet(
        _ styler: any Styler, container: ContainerSpec, group: StylerGroup, appearance: Appearance, theme: Theme, title: String
    ) throws(CLIError) -> String {
        let samples: [Sample]
        do {
            samples = try Sampler.sample(styler, container: container, group: group, fractions: poseAxis(container).poses)
        } catch {
            throw .input("plot: \(error)")
        }
        let size = container.makeContainer().size
        let frames = samples.enumerated().map { i, sample in
            Frame(
                index: i, time: 0, container: container.kind, state: sample.closed >= 1 ? .closed : (sample.closed <= 0 ? .open : .opening),
                fractions: Fractions(group.direction.map { [($0, sample.closed)] } ?? []), size: size, nodes: sample.nodes, events: [])
        }
        return ContactSheet(columns: frames.count, theme: theme, appearance: appearance).render(frames, title: title)
    }

    /// Charts stacked top to bottom in one SVG document: each chart becomes a nested `<svg>` at its place.
    static func stacked(_ charts: [String], title: String) -> String {
        let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let root = "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        var body = "", top = 0.0, width = 0.0
        for chart in charts {
            var text = chart.hasPrefix(prolog) ? String(chart.dropFirst(prolog.count)) : chart
            let tag = String(text.prefix { $0 != ">" })
            let height = number(named: "height", in: tag), chartWidth = number(named: "width", in: tag)
            if text.hasPrefix(root) { text = "<svg x=\"0\" y=\"\(NumberFormat.string(top))\" " + text.dropFirst(root.count) }
            body += text.hasSuffix("\n") ? text : text + "\n"
            top += height
            width = max(width, chartWidth)
        }
        var out = prolog + root + "width=\"\(NumberFormat.string(width))\" height=\"\(NumberFormat.string(top))\" "
        out += "viewBox=\"0 0 \(NumberFormat.string(width)) \(NumberFormat.string(top))\">\n"
        out += "<title>\(xmlEscaped(title))</title>\n" + body + "</svg>\n"
        return out
    }

    /// The number of the attribute `name="…"` in an element's start tag, 0 when it has none.
    private static func number(named name: String, in tag: String) -> Double {
        guard let start = tag.range(of: " \(name)=\"") else { return 0 }
        return Double(tag[start.upperBound...].prefix { $0 != "\"" }) ?? 0
    }

    private static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `--range A..B`: the fractions from A to B by 0.01.
    /// What the pose value means on `container`'s family (a pager's offset; the closed fraction elsewhere).
    static func poseAxis(_ container: ContainerSpec) -> PoseAxis {
        ContainerRegistry.descriptor(named: container.typeName)?.poseAxis ?? .closedFraction
    }

    static func range(_ text: String?, axis: PoseAxis) throws(CLIError) -> [Double] {
        guard let text else { return CurvePlot.fractions(from: axis.range.lowerBound, to: axis.range.upperBound) }
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]), low.isFinite, high.isFinite,
            low >= -10, high <= 10, high - low >= 0.01
        else {
            throw .usage("plot: --range: expected A..B with -10 ≤ A < B ≤ 10 (at least 0.01 apart) such as -0.5..1, got \"\(text)\"")
        }
        return CurvePlot.fractions(from: low, to: high)
    }
}
