// What sample and plot share: the styler a command names (with its --param overrides) and the container it is
// posed on (--container, --direction, --size, --reveal).

import Foundation
import PaneKit
import PaneKitScenario

enum StylerArguments {
    /// The registered container types as the help text lists them: `drawer, dynamics, …, adaptive or sheet`.
    static var containerNames: String {
        let names = ContainerRegistry.names
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The styler `name` with the `--param` values of `args` read by its declared parameter kinds.
    /// - Throws: `CLIError`: exit 1 for an unknown styler or a bad value, exit 2 for an unknown parameter.
    static func make(_ name: String, args: Arguments, registry: StylerRegistry) throws(CLIError) -> any Styler {
        let command = args.command
        guard registry.entry(named: name) != nil else {
            throw .input("\(command): unknown styler \"\(name)\"" + hint(for: name, registry: registry))
        }
        let overrides = try ParamArguments.overrides(args, stylers: [name], registry: registry)[name] ?? [:]
        do { return try registry.make(name, params: overrides) } catch { throw .input("\(command): \(error.message)") }
    }

    /// `; did you mean "mm.parallax"?`, or the plugin file of that name in the current folder (which is not a
    /// plugins folder), and where to find the list.
    static func hint(for name: String, registry: StylerRegistry) -> String {
        if !name.hasSuffix(".lua"), FileManager.default.fileExists(atPath: name + ".lua") {
            return "; to use the plugin file \(name).lua, give its path: \(name).lua"
        }
        return Suggestion.hint(for: name, among: registry.names) + "; run panekit stylers for the list"
    }

    /// The container a styler is posed on, with the drawer in `direction` at `reveal`.
    struct Posing {
        var container: ContainerSpec
        var typeName: String
        var direction: Direction
        var size: Size
        var reveal: Double
    }

    /// The container of a styler's family: the first registered container whose `stylerPrefixes` the name starts
    /// with (`ms.*` dynamics, `sidemenu.*` sidemenu), else the first registered one (the drawer).
    static func family(of styler: String) -> any ContainerDescriptor {
        let all = ContainerRegistry.descriptors
        return all.first { $0.stylerPrefixes.contains(where: styler.hasPrefix) } ?? all[0]
    }

    /// Reads `--container` (default: the styler's family), `--direction`, `--size` and `--reveal` (default: the
    /// container's own width: 280 drawer, 267 or 300 dynamics, 2/3 of the width sidemenu).
    /// - Throws: `CLIError` (exit 2) for a bad flag or a direction the container has no drawer for.
    static func posing(for name: String, args: Arguments, direction chosen: Direction? = nil) throws(CLIError) -> Posing {
        let command = args.command
        // A plugin that does not style the left drawer is shown on its first direction, on the first container with
        // top and bottom drawers when that is top or bottom.
        let styled = PluginSessions.shared.directions(of: name) ?? Direction.allCases
        var given = chosen
        if given == nil { given = try args.choice("direction", ["left", "right", "top", "bottom"]).flatMap(Direction.init(rawValue:)) }
        var direction = given ?? (styled.contains(.left) ? .left : styled.first ?? .left)
        let descriptor =
            try args.choice("container", ScenarioLoader.containerTypes).flatMap(ContainerRegistry.descriptor(named:))
            ?? (direction.isHorizontal
                ? family(of: name) : ContainerRegistry.descriptors.first(where: \.takesVerticalDrawers) ?? family(of: name))
        let type = descriptor.kind.rawValue
        if !direction.isHorizontal && !descriptor.takesVerticalDrawers {
            throw .usage("\(command): --direction \(direction.rawValue): the \(type) container has only left and right drawers")
        }
        if direction.isHorizontal && !descriptor.takesHorizontalDrawers {
            // A sheet rests against the bottom edge unless told top.
            guard given == nil else {
                throw .usage("\(command): --direction \(direction.rawValue): the \(type) container has only top and bottom edges")
            }
            direction = .bottom
        }
        let size = try args.size("size") ?? Size(width: 375, height: 667)
        // A drawer's width as a scenario gives it: at most Scenario.largestMagnitude.
        let revealOption = try args.double(
            "reveal", where: { $0 > 0 && $0 <= Scenario.largestMagnitude },
            expected: "a width > 0 and ≤ \(NumberFormat.message(Scenario.largestMagnitude))")
        var posed = descriptor.posedSpec(size: size, direction: direction, reveal: revealOption)
        if let behaviorName = try args.choice("behavior", SheetBehavior.allCases.map(\.rawValue)),
            let behavior = SheetBehavior(rawValue: behaviorName)
        {
            guard var c = posed.spec.configuration(as: SheetConfiguration.self) else {
                throw .usage("\(command): --behavior: only the sheet container takes a behavior (add --container sheet)")
            }
            c.behavior = behavior
            if !behavior.takesCustomDetents { c.detents = nil }
            // gorhom's default snap point is its content: half the container when nothing says.
            if c.detents == nil, behavior == .gorhom { c.contentHeight = c.contentHeight ?? size.height / 2 }
            guard let geometry = try? SheetGeometry.resolve(c) else {
                throw .usage("\(command): --behavior \(behaviorName): the sheet does not fit a container of this size")
            }
            posed = (.sheet(c), size.height - geometry.largestPosition)
        }
        return Posing(container: posed.spec, typeName: type, direction: direction, size: size, reveal: posed.reveal)
    }
}
