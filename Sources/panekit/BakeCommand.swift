// panekit bake: sample a styler (built-in or Lua) into a .bake.json table that the core plays back without Lua.

import Foundation
import PaneKit
import PaneKitRender
import PaneKitScenario

enum BakeCommand {
    static let help = """
        usage: panekit bake STYLER|PLUGIN.lua --out NAME.bake.json [--param KEY=VALUE]... [--container C]
                            [--behavior B] [--direction D]... [--size WxH] [--reveal R] [--layout-direction ltr|rtl]
                            [--plugins DIR]
               panekit bake STYLER|PLUGIN.lua --format css|lottie --out FILE [--html] [--steps N]
                            [--stretch S] [--param KEY=VALUE]... [--container C] [--behavior B] [--direction D]
                            [--size WxH] [--reveal R] [--plugins DIR]

        Samples STYLER over the closed fraction -0.3...1.1 for each direction, placing samples where they are
        needed, so that playing the table back stays within 0.25 pt of the live styler on every corner of every
        node and within 0.005 on alpha, and matches it exactly on which properties are written, z and hidden.
        Prints the error measured at 1,001 fractions and between samples, the sample count and the file size.
        The table plays only on the container type, size, reveal and layout direction it was baked for (bake again
        for others).
        A styler whose edits change with ctx.time, ctx.velocity or ctx.state is refused.
          --out FILE        the bake file to write (its name must end in .bake.json)
          --param K=V       a styler parameter (repeatable)
          --container C     \(StylerArguments.containerNames) (default: the styler's family)
          --behavior B      \(StylerArguments.behaviorHelp)
          --direction D     a direction to bake (repeatable; default: every side drawer the container and the
                            styler have, top and bottom too on dynamics)
          --size WxH        container size (default 375x667)
          --reveal R        the drawer's width (default: the container's)
          --layout-direction L  ltr (default) or rtl: the reading direction the styler is told (ctx.leading);
                            a table baked for one is refused by a container of the other
          --plugins DIR     folder of Lua stylers (default ./Plugins when it exists)
          --format F        css or lottie: a hand-off keyed by the open fraction instead of a bake table, the
                            styler's poses (as panekit sample draws them) at open fractions 0 (closed) to 1
                            (open) on one direction (default left):
                            css: paused @keyframes whose delay is calc(var(--panekit-open) * -1s); set
                            --panekit-open on .panekit-stage and each .panekit-node.panekit-ROLE takes the pose
                            at that open fraction (--out NAME.css; --html also writes NAME.html, a demo page
                            with a slider and a pointer drag);
                            lottie: frame k is the pose at open fraction k/N, op N, markers closed (0) and open
                            (N), and stretch (N to the end) with --stretch; a player's progress is the open
                            fraction (--out NAME.json)
          --steps N         css, lottie: poses from closed to open (default 100; 1 to 10000)
          --stretch S       css, lottie: also the poses past open up to open fraction 1 + S (0 to 1, default 0)
          --html            css: also write the demo page beside the style sheet
        \(Registries.limitHelp)

        Example: panekit bake Plugins/zoom.lua --direction left --direction right --out zoom.bake.json
                 panekit bake mm.swinging-door --format css --html --out door.css

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "bake", arguments,
            valued: Registries.limitFlags.union([
                "behavior",
                "container", "direction", "size", "reveal", "param", "plugins", "out", "layout-direction", "format",
                "steps", "stretch",
            ]),
            switches: ["help", "html"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let argument = args.positionals.first else {
            throw .usage("bake: expected one styler name or plugin file; see panekit bake --help")
        }
        if let format = try args.choice("format", ["css", "lottie"]) { return try handOff(argument, format: format, args: args) }
        for flag in ["steps", "stretch", "html"] where args.has(flag) {
            throw .usage("bake: --\(flag) goes with --format css or lottie")
        }
        guard let out = args.value("out") else { throw .usage("bake: give the file to write with --out NAME.bake.json") }
        guard out.hasSuffix(".bake.json") else { throw .usage("bake: --out: expected a name ending in .bake.json, got \"\(out)\"") }
        let registry = try Registries.load(
            pluginsFolder: args.value("plugins"), limits: Registries.limits(args), files: RunTargets.pluginFiles([argument]))
        let name = RunTargets.stylerName(argument)
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        var groups: [StylerGroup] = []
        for text in args.values("direction") {
            guard let d = Direction(rawValue: text) else {
                throw .usage("bake: --direction: expected left, right, top or bottom, got \"\(text)\"")
            }
            if !groups.contains(StylerGroup(d)) { groups.append(StylerGroup(d)) }
        }
        let first = try StylerArguments.posing(for: name, args: args, group: groups.first)
        if groups.isEmpty {
            let styled = PluginSessions.shared.directions(of: name) ?? Direction.allCases
            let possible = ContainerRegistry.descriptor(for: first.container.kind)?.bakeGroups(posed: first.group) ?? [first.group]
            groups = possible.filter { $0.direction.map(styled.contains) ?? true }
        }
        var containers: [(StylerGroup, ContainerSpec)] = []
        for g in groups { containers.append((g, try StylerArguments.posing(for: name, args: args, group: g).container)) }
        let overrides = try ParamArguments.overrides(args, stylers: [name], registry: registry)[name] ?? [:]
        let params = (try? Parameters(specs: registry.entry(named: name)?.params ?? [], overrides: overrides).values) ?? overrides
        var layoutDirection = LayoutDirection.ltr
        if let text = args.value("layout-direction") {
            guard let read = LayoutDirection(rawValue: text) else {
                throw .usage("bake: --layout-direction: expected ltr or rtl, got \"\(text)\"")
            }
            layoutDirection = read
        }
        let origin = BakeOrigin(
            styler: name, params: params, container: first.container.kind, size: first.size,
            layoutDirection: layoutDirection)
        let bound = BakeBound()
        let result: (styler: BakedStyler, difference: BakeDifference)
        do {
            result = try StylerBaker.bake(styler, name: name, origin: origin, containers: containers, bound: bound)
        } catch {
            throw .input("bake: \(argument): \(error)")
        }
        let d = result.difference
        if !d.within(bound) {
            throw .input(
                "bake: \(argument): the table misses the bound at closed \(NumberFormat.string(d.worstFraction)) on the "
                    + "\(d.worstGroup.direction.map { "\($0.rawValue) drawer" } ?? d.worstGroup.rawValue) (\(d.setMismatches) set-type mismatches); the styler jumps there"
            )
        }
        let text = BakeFile.text(result.styler, bound: bound, difference: result.difference)
        try Output.write(text, to: out)
        let samples = result.styler.tracks.map {
            "\($0.group.rawValue)\($0.member > 0 ? " member \($0.member)" : "") \($0.fractions.count)"
        }.joined(separator: ", ")
        Output.print(
            "bake: wrote \(out): \(text.utf8.count) bytes, \(result.styler.tracks.reduce(0) { $0 + $1.fractions.count }) samples "
                + "(\(samples)); largest difference from the live styler \(NumberFormat.string(d.points)) pt, alpha "
                + "\(NumberFormat.string(d.alpha)) (bound \(NumberFormat.string(bound.points)) pt, \(NumberFormat.string(bound.alpha)))\n")
    }

    /// `--format css|lottie`: the styler's poses at open fractions 0, 1/N, … 1 (and past open with `--stretch`)
    /// as a fraction-keyed style sheet or Lottie file.
    static func handOff(_ argument: String, format: String, args: Arguments) throws(CLIError) {
        let fileExtension = format == "css" ? ".css" : ".json"
        guard let out = args.value("out") else {
            throw .usage("bake: --format \(format): give the file to write with --out NAME\(fileExtension)")
        }
        guard out.hasSuffix(fileExtension), out.count > fileExtension.count else {
            throw .usage("bake: --out: expected a name ending in \(fileExtension) for --format \(format), got \"\(out)\"")
        }
        if args.has("html"), format != "css" { throw .usage("bake: --html goes with --format css") }
        if args.values("direction").count > 1 {
            throw .usage("bake: --format \(format) writes one direction; give --direction once")
        }
        if args.has("layout-direction") { throw .usage("bake: --layout-direction goes with bake tables, not --format \(format)") }
        let steps = try args.int("steps", where: { $0 >= 1 && $0 <= 10_000 }, expected: "a whole number from 1 to 10000") ?? 100
        let stretch = try args.double("stretch", where: { $0 >= 0 && $0 <= 1 }, expected: "a number from 0 to 1") ?? 0
        let registry = try Registries.load(
            pluginsFolder: args.value("plugins"), limits: Registries.limits(args), files: RunTargets.pluginFiles([argument]))
        let name = RunTargets.stylerName(argument)
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        let posing = try StylerArguments.posing(for: name, args: args)
        let stretchSteps = Int((stretch * Double(steps)).rounded())
        let open = (0...(steps + stretchSteps)).map { Double($0) / Double(steps) }
        let samples: [Sample]
        do {
            samples = try Sampler.sample(styler, container: posing.container, group: posing.group, fractions: open.map { 1 - $0 })
        } catch {
            throw .input("bake: \(argument): \(error)")
        }
        let frames = samples.enumerated().map { i, sample in
            Frame(
                index: i, time: open[i], container: posing.container.kind,
                state: sample.closed >= 1 ? .closed : (sample.closed <= 0 ? .open : .opening),
                fractions: Fractions([(posing.direction, sample.closed)]), size: posing.size, nodes: sample.nodes, events: [])
        }
        let title = "\(name): \(posing.direction.rawValue) drawer by open fraction"
        if format == "css" {
            try Output.write(CSSKeyframes().openFractionSheet(frames, openFractions: open, title: title), to: out)
            var wrote = "bake: wrote \(out): \(frames.count) poses, --panekit-open 0 to \(NumberFormat.string(open.last!))"
            if args.has("html") {
                let page = String(out.dropLast(fileExtension.count)) + ".html"
                let sheet = URL(fileURLWithPath: out).lastPathComponent
                let html = CSSKeyframes().openFractionPage(
                    frames, stylesheet: sheet, title: title, end: open.last!, rightToLeft: posing.direction == .right)
                try Output.write(html, to: page)
                wrote += "; the demo page \(page)"
            }
            return Output.print(wrote + "\n")
        }
        var markers = [LottieWriter.Marker(name: "closed", frame: 0), LottieWriter.Marker(name: "open", frame: Double(steps))]
        if stretchSteps > 0 { markers.append(LottieWriter.Marker(name: "stretch", frame: Double(steps), duration: Double(stretchSteps))) }
        let result = LottieWriter().render(
            frames, fps: Double(steps), title: title, markers: markers, outPoint: Double(steps + stretchSteps) + 0.01)
        try Output.write(result.json, to: out)
        for warning in result.warnings { Output.warn("bake: \(out): warning: \(warning)") }
        Output.print(
            "bake: wrote \(out): frames 0 (closed) to \(steps) (open)"
                + (stretchSteps > 0 ? " and the stretch to \(steps + stretchSteps)" : "") + "; progress = open fraction"
                + (stretchSteps > 0 ? " × \(NumberFormat.string(Double(steps) / Double(steps + stretchSteps)))" : "") + "\n")
    }
}
