// panekit bake: sample a styler (built-in or Lua) into a .bake.json table that the core plays back without Lua.

import Foundation
import PaneKit
import PaneKitScenario

enum BakeCommand {
    static let help = """
        usage: panekit bake STYLER|PLUGIN.lua --out NAME.bake.json [--param KEY=VALUE]... [--container C]
                            [--direction D]... [--size WxH] [--reveal R] [--layout-direction ltr|rtl]
                            [--plugins DIR]

        Samples STYLER over the closed fraction -0.3...1.1 for each direction, placing samples where they are
        needed, so that playing the table back stays within 0.25 pt of the live styler on every corner of every
        node and within 0.005 on alpha, and matches it exactly on which properties are written, z and hidden.
        Prints the error measured at 1,001 fractions and between samples, the sample count and the file size.
        The table plays only on the container type, size, reveal and layout direction it was baked for (bake again
        for others).
        A styler whose edits change with ctx.time, ctx.velocity or ctx.state is refused.
          --out FILE        the bake file to write (its name must end in .bake.json)
          --param K=V       a styler parameter (repeatable)
          --container C     drawer, dynamics, split or sidemenu (default: the styler's family)
          --direction D     a direction to bake (repeatable; default: every side drawer the container and the
                            styler have, top and bottom too on dynamics)
          --size WxH        container size (default 375x667)
          --reveal R        the drawer's width (default: the container's)
          --layout-direction L  ltr (default) or rtl: the reading direction the styler is told (ctx.leading);
                            a table baked for one is refused by a container of the other
          --plugins DIR     folder of Lua stylers (default ./Plugins when it exists)
        \(Registries.limitHelp)

        Example: panekit bake Plugins/zoom.lua --direction left --direction right --out zoom.bake.json

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(
            command: "bake", arguments,
            valued: Registries.limitFlags.union([
                "container", "direction", "size", "reveal", "param", "plugins", "out", "layout-direction",
            ]),
            switches: ["help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let argument = args.positionals.first else {
            throw .usage("bake: expected one styler name or plugin file; see panekit bake --help")
        }
        guard let out = args.value("out") else { throw .usage("bake: give the file to write with --out NAME.bake.json") }
        guard out.hasSuffix(".bake.json") else { throw .usage("bake: --out: expected a name ending in .bake.json, got \"\(out)\"") }
        let registry = try Registries.load(
            pluginsFolder: args.value("plugins"), limits: Registries.limits(args), files: RunTargets.pluginFiles([argument]))
        let name = RunTargets.stylerName(argument)
        let styler = try StylerArguments.make(name, args: args, registry: registry)
        var directions: [Direction] = []
        for text in args.values("direction") {
            guard let d = Direction(rawValue: text) else {
                throw .usage("bake: --direction: expected left, right, top or bottom, got \"\(text)\"")
            }
            if !directions.contains(d) { directions.append(d) }
        }
        let first = try StylerArguments.posing(for: name, args: args, direction: directions.first)
        if directions.isEmpty {
            let styled = PluginSessions.shared.directions(of: name) ?? Direction.allCases
            let possible =
                ContainerRegistry.descriptor(for: first.container.kind)?.bakeDirections(posed: first.direction) ?? [first.direction]
            directions = possible.filter(styled.contains)
        }
        var containers: [(Direction, ContainerSpec)] = []
        for d in directions { containers.append((d, try StylerArguments.posing(for: name, args: args, direction: d).container)) }
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
                    + "\(d.worstDirection.rawValue) drawer (\(d.setMismatches) set-type mismatches); the styler jumps there")
        }
        let text = BakeFile.text(result.styler, bound: bound, difference: result.difference)
        try Output.write(text, to: out)
        let samples = result.styler.tracks.map { "\($0.direction.rawValue) \($0.fractions.count)" }.joined(separator: ", ")
        Output.print(
            "bake: wrote \(out): \(text.utf8.count) bytes, \(result.styler.tracks.reduce(0) { $0 + $1.fractions.count }) samples "
                + "(\(samples)); largest difference from the live styler \(NumberFormat.string(d.points)) pt, alpha "
                + "\(NumberFormat.string(d.alpha)) (bound \(NumberFormat.string(bound.points)) pt, \(NumberFormat.string(bound.alpha)))\n")
    }
}
