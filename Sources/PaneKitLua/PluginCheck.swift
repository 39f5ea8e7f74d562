// Checking a plugin: run it over closed fractions in every direction it supports, then in every state of every
// container it can run in, and validate each result.

import PaneKit

/// Runs a plugin the way `panekit check` does and collects its problems.
public enum PluginCheck {
    /// −0.1 to 1.1 in steps of 0.05: past open, the whole travel, and past closed.
    public static let fractions: [Double] = (-2...22).map { Double($0) / 20 }
    /// The few fractions a hot reload tries before swapping a new version in.
    public static let quickFractions: [Double] = [1, 0.5, 0, -0.1]
    /// The container the check poses: 375×667 with 280-point side drawers and 200-point top and bottom ones.
    public static let size = Size(width: 375, height: 667)

    /// The reveal width the check uses for `direction`.
    public static func reveal(for direction: Direction) -> Double { direction.isHorizontal ? 280 : 200 }

    /// The context of `direction`'s subject at closed fraction `closed`, as the host builds it on the first family
    /// that styles by default and poses that direction (a drawer container at the sides, a dynamics one above and
    /// below), at `reveal` (the check's: 280 at the sides, 200 above and below), in the state a transition shows
    /// there (closed at 1, open at 0, opening between: a static pose is at rest).
    public static func context(direction: Direction, closed: Double, size: Size = size, reveal: Double? = nil) -> StyleContext {
        let group = StylerGroup(direction)
        let family =
            ContainerRegistry.descriptors.first { $0.stylesByDefault && $0.posableGroups.contains(group) }
            ?? ContainerRegistry.descriptors[0]
        let container = family.posedSpec(size: size, group: group, reveal: reveal ?? Self.reveal(for: direction))?.spec
        var context = (container ?? family.posedSpec(size: size, group: .left, reveal: nil)!.spec).posedContext(group, closed: closed)
        context.state = closed >= 1 ? .closed : (closed <= 0 ? .open : .opening)
        return context
    }

    /// The states a container of `kind` can show a styler (see each container's `state`); the adaptive
    /// container's depend on its layout.
    public static func states(of kind: ContainerKind, layout: AdaptiveLayout = .drawer) -> [ContainerState] {
        ContainerRegistry.descriptor(for: kind)?.states(layout: layout) ?? [.closed, .opening, .open, .closing, .dragging]
    }

    /// One pose of the grid: a container posed statically for one group's subject, which the check then tells every
    /// state, reading direction and reduced-motion setting.
    struct GridPose {
        let container: ContainerSpec
        let layout: AdaptiveLayout
        let group: StylerGroup
        /// `dynamics`, `adaptive sidebar`, `sheet material`.
        let label: String
        /// The states with their fractions.
        let states: [(state: ContainerState, fractions: CheckFractions)]
        /// The behavior posed (a sheet's), nil for a family without behaviors.
        let behavior: String?
    }

    /// The groups of `descriptor` a plugin that styles `directions` is posed on: its direction groups among
    /// them, and every group of its own (a pager's `pages`).
    package static func groups(of descriptor: any ContainerDescriptor, directions: [Direction]) -> [StylerGroup] {
        descriptor.posableGroups.filter { group in group.direction.map(directions.contains) ?? true }
    }

    /// Every container the check poses for `manifest`: each of its families (its `containers`, else the drawer
    /// families) at the 375×667 of `size`, group by group, each pose with its states (the adaptive container at a
    /// width for each of its layouts, a sheet in each behavior).
    static func poses(_ manifest: Manifest) -> [GridPose] {
        // Family by family, in the manifest's or the registry's order, then by group.
        manifest.families.flatMap { descriptor in
            groups(of: descriptor, directions: manifest.directions).flatMap { group in
                descriptor.checkPoses(group: group, size: size).map {
                    GridPose(
                        container: $0.container, layout: $0.layout, group: $0.group, label: $0.label, states: $0.states,
                        behavior: $0.behavior)
                }
            }
        }
    }

    /// The contexts the host builds for `group`'s subjects with `container` posed statically at `closed`: the one
    /// builder (`StyleContext(subject:of:pose:)`), as the host, the baker and `sample` build it.
    static func contexts(of container: ContainerSpec, group: StylerGroup, closed: Double) -> [StyleContext] {
        container.posedContexts(group, closed: closed)
    }

    /// Where a call was: the group, and the subject's node when the group has several subjects.
    static func place(_ context: StyleContext, among count: Int) -> String {
        context.group.rawValue + (count > 1 ? ", " + context.subject.rawValue : "")
    }

    /// Makes a styler of `plugin` with its default parameters and runs it at each fraction in each direction
    /// it supports, then over the grid of every container it can run in: each state that container can be in
    /// (at the fractions that state allows), both reading directions, with and without reduced motion (those
    /// three variants at every other fraction of a sweep longer than 8).
    ///
    /// A problem first met in the plain sweep names its direction and fraction (`(left, closed -0.1)`); one
    /// met only in the grid names the whole context (`(left, closed 0.3, bouncing, drawer, rtl, reduced
    /// motion)`).
    /// With `behavior`, a family that has behaviors (a sheet) is posed in that one only (`--behavior`).
    /// - Returns: the distinct problems, in the order met; a plugin stops at its first exceeded limit.
    public static func run(_ plugin: LuaPlugin, fractions: [Double] = fractions, behavior: String? = nil) -> [PluginError] {
        let styler: LuaStyler
        do {
            styler = try LuaStyler(plugin: plugin)
        } catch {
            return [error]
        }
        var problems: [PluginError] = []
        var seen: Set<String> = []
        var edits = StyleEdits()
        /// Runs one call; false once a limit is exceeded (the check stops there).
        func call(_ context: StyleContext, _ label: @autoclosure () -> String) -> Bool {
            edits.removeAll()
            do {
                try styler.style(context, into: &edits)
            } catch let error as PluginError {
                var error = error
                guard seen.insert(error.problems.joined(separator: "\n")).inserted else { return true }
                let at = " (\(label()))"
                error.problems = error.problems.map { $0 + at }
                error.message += at
                problems.append(error)
                if error.isLimitExceeded { return false }
            } catch {
                guard seen.insert("\(error)").inserted else { return true }
                problems.append(PluginError(file: plugin.file, reason: .runtime, message: "\(error)"))
            }
            return true
        }
        let grid = poses(plugin.manifest).filter { behavior == nil || $0.behavior == nil || $0.behavior == behavior }
        // The plain sweep: each group on the first pose that has it.
        var swept: [StylerGroup] = []
        for pose in grid where !swept.contains(pose.group) {
            swept.append(pose.group)
            for closed in fractions {
                let contexts = contexts(of: pose.container, group: pose.group, closed: closed)
                for context in contexts {
                    let at = place(context, among: contexts.count)
                    guard call(context, "\(at), closed \(NumberFormat.string(closed))") else { return problems }
                }
            }
        }
        for pose in grid {
            var posed: [Double: [StyleContext]] = [:]
            for (state, rule) in pose.states {
                let stateFractions = rule.fractions(of: fractions)
                for (index, closed) in stateFractions.enumerated() {
                    if posed[closed] == nil { posed[closed] = contexts(of: pose.container, group: pose.group, closed: closed) }
                    let contexts = posed[closed]!
                    for var context in contexts {
                        context.state = state
                        // rtl and reduced motion at every other fraction of a long sweep: what they change is a branch,
                        // not a formula, and the grid stays a few thousand calls.
                        let everyVariant = stateFractions.count <= 8 || index % 2 == 0
                        for layoutDirection in LayoutDirection.allCases {
                            context.layoutDirection = layoutDirection
                            for reduced in [false, true] where everyVariant || (layoutDirection == .ltr && !reduced) {
                                context.reducedMotion = reduced
                                let ok = call(
                                    context,
                                    "\(place(context, among: contexts.count)), closed \(NumberFormat.string(context.closed)), "
                                        + "\(state.rawValue), " + pose.label + (layoutDirection == .rtl ? ", rtl" : "")
                                        + (reduced ? ", reduced motion" : ""))
                                if !ok { return problems }
                            }
                        }
                    }
                }
            }
        }
        return problems
    }
}
