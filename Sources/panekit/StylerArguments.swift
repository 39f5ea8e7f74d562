// What sample and plot share: the styler a command names (with its --param overrides) and the container it is
// posed on (--container, --direction, --size, --reveal).

import Foundation
import PaneKit
import PaneKitScenario

enum StylerArguments {
    /// The registered container types as the help text lists them: `drawer, dynamics, …, adaptive or sheet`.
    static var containerNames: String { Words.list(ContainerRegistry.names, or: true) }

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

    /// The container a styler is posed on, with the subject of `group` (a drawer's direction) at `reveal`.
    struct Posing {
        var container: ContainerSpec
        var typeName: String
        var group: StylerGroup
        var size: Size
        var reveal: Double
        /// The drawer's direction, for the drawer families' outputs (`"direction"` in JSON); a sheet's edge.
        var direction: Direction { group.direction ?? .bottom }
        /// What is posed, as titles say it: a drawer family's `left drawer`, another family's subject and group
        /// (`sheet (bottom)`).
        var subjectName: String {
            let subject = ContainerSpec.subject(group, in: container.posed(group, closed: 0).pose, closed: 0)
            return subject.role == .drawer(direction) ? "\(direction.rawValue) drawer" : "\(subject.role.rawValue) (\(group.rawValue))"
        }
    }

    /// The container of a styler's family: the first of the plugin's `containers`, else the first registered
    /// container whose `stylerPrefixes` the name starts with (`ms.*` dynamics, `sidemenu.*` sidemenu), else the first
    /// registered one (the drawer).
    static func family(of styler: String) -> any ContainerDescriptor {
        let all = ContainerRegistry.descriptors
        if let first = PluginSessions.shared.containers(of: styler)?.first, let descriptor = ContainerRegistry.descriptor(for: first) {
            return descriptor
        }
        return all.first { $0.stylerPrefixes.contains(where: styler.hasPrefix) } ?? all[0]
    }

    /// The help line of `--behavior`, each family that has behaviors with its own (from the registry).
    static var behaviorHelp: String {
        let lines = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map {
            "\($0.kind.rawValue): \($0.behaviors.joined(separator: ", "))"
        }
        return "the container's behavior (" + lines.joined(separator: "; ") + ")"
    }

    /// The families that take a behavior, as a message names them: `the sheet container`, `the sheet or pager
    /// containers`.
    static var behaviorFamilies: String {
        let names = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.map(\.kind.rawValue)
        guard let last = names.last else { return "no container" }
        return "the " + (names.count == 1 ? last + " container" : names.dropLast().joined(separator: ", ") + " or " + last + " containers")
    }

    /// Reads `--container` (default: the styler's family), `--direction` (or `group`), `--behavior`, `--size` and
    /// `--reveal` (default: the container's own width: 280 drawer, 267 or 300 dynamics, 2/3 of the width sidemenu).
    /// - Throws: `CLIError` (exit 2) for a bad flag, a direction the container has no subject on or a behavior it
    ///   does not have.
    static func posing(for name: String, args: Arguments, group chosen: StylerGroup? = nil) throws(CLIError) -> Posing {
        let command = args.command
        // A plugin that does not style the left drawer is shown on its first direction, on the first container with
        // top and bottom drawers when that is top or bottom.
        let styled = PluginSessions.shared.directions(of: name) ?? Direction.allCases
        var given = chosen
        if given == nil { given = try args.choice("direction", ["left", "right", "top", "bottom"]).flatMap(StylerGroup.init(rawValue:)) }
        let family = family(of: name)
        // A plugin that names its containers is posed on the first of them, on its first subject it styles.
        // So is a built-in of a family a styler must ask for (`page.*` on the pager): no drawer has its nodes.
        let declared =
            PluginSessions.shared.containers(of: name)?.isEmpty == false
            || (!family.stylesByDefault && family.stylers.contains { $0.name == name })
        let preferred =
            given
            ?? (declared
                ? family.posableGroups.first { $0.direction.map(styled.contains) ?? true } ?? family.posableGroups.first ?? .left
                : StylerGroup(styled.contains(.left) ? .left : styled.first ?? .left))
        let descriptor =
            try args.choice("container", ScenarioLoader.containerTypes).flatMap(ContainerRegistry.descriptor(named:))
            ?? (declared || family.posableGroups.contains(preferred)
                ? family : ContainerRegistry.descriptors.first { $0.stylesByDefault && $0.posableGroups.contains(preferred) } ?? family)
        let type = descriptor.kind.rawValue
        var group = preferred
        if !descriptor.posableGroups.contains(group) {
            // Without --direction the container's own first subject (a sheet's bottom edge).
            guard given == nil, let first = descriptor.posableGroups.first else {
                throw .usage(
                    "\(command): --direction \(group.rawValue): the \(type) container poses "
                        + descriptor.posableGroups.map(\.rawValue).joined(separator: ", ") + " only")
            }
            group = first
        }
        let behavior = try args.value("behavior").map { (value: String) throws(CLIError) -> String in
            guard !descriptor.behaviors.isEmpty else {
                let first = ContainerRegistry.descriptors.first { !$0.behaviors.isEmpty }?.kind.rawValue ?? ""
                let takes = ContainerRegistry.descriptors.filter { !$0.behaviors.isEmpty }.count == 1 ? "takes" : "take"
                throw .usage("\(command): --behavior: only \(behaviorFamilies) \(takes) a behavior (add --container \(first))")
            }
            guard descriptor.behaviors.contains(value) else {
                throw .usage(
                    "\(command): --behavior: expected one of \(descriptor.behaviors.joined(separator: ", ")), got \"\(value)\""
                        + Suggestion.hint(for: value, among: descriptor.behaviors))
            }
            return value
        }
        let size = try args.size("size") ?? Size(width: 375, height: 667)
        // A drawer's width as a scenario gives it: at most Scenario.largestMagnitude.
        let revealOption = try args.double(
            "reveal", where: { $0 > 0 && $0 <= Scenario.largestMagnitude },
            expected: "a width > 0 and ≤ \(NumberFormat.message(Scenario.largestMagnitude))")
        guard let posed = descriptor.posedSpec(size: size, group: group, reveal: revealOption, behavior: behavior) else {
            throw .usage("\(command): the \(type) container\(behavior.map { " (\($0))" } ?? "") does not fit a container of this size")
        }
        return Posing(container: posed.spec, typeName: type, group: group, size: size, reveal: posed.reveal)
    }
}
