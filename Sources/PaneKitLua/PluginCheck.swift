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

    /// A drawer container's pose at closed fraction `closed` in push mode: the pane moved by the open part of
    /// the reveal width, the drawer pinned to its edge, the overlay over the pane.
    public static func context(direction: Direction, closed: Double, size: Size = size, reveal: Double? = nil) -> StyleContext {
        let reveal = reveal ?? Self.reveal(for: direction)
        let offset = direction.sign * reveal * (1 - closed)
        let pane =
            direction.isHorizontal
            ? Rect(x: offset, y: 0, width: size.width, height: size.height)
            : Rect(x: 0, y: offset, width: size.width, height: size.height)
        let drawer: Rect
        switch direction {
        case .left: drawer = Rect(x: 0, y: 0, width: reveal, height: size.height)
        case .right: drawer = Rect(x: size.width - reveal, y: 0, width: reveal, height: size.height)
        case .top: drawer = Rect(x: 0, y: 0, width: size.width, height: reveal)
        case .bottom: drawer = Rect(x: 0, y: size.height - reveal, width: size.width, height: reveal)
        }
        var frames = PerRole<Rect?>(repeating: nil)
        frames[.pane] = pane
        frames[.overlay] = pane
        frames[.drawer(direction)] = drawer
        let state: ContainerState = closed >= 1 ? .closed : (closed <= 0 ? .open : .opening)
        return StyleContext(direction: direction, closed: closed, reveal: reveal, size: size, state: state, frames: frames)
    }

    /// The states a container of `kind` can show a styler (see each container's `state`); the adaptive
    /// container's depend on its layout.
    public static func states(of kind: ContainerKind, layout: AdaptiveLayout = .drawer) -> [ContainerState] {
        ContainerRegistry.descriptor(for: kind)?.states(layout: layout) ?? [.closed, .opening, .open, .closing, .dragging]
    }

    /// The closed fractions a styler meets in `state`: a container at rest sits at its resting fraction (closed
    /// 1, open 0, open wide past open); a moving one passes through all of `fractions`.
    static func fractions(in state: ContainerState, from fractions: [Double]) -> [Double] {
        switch state {
        case .closed, .popover: [1]
        case .open: [0]
        case .openWide: fractions.filter { $0 <= 0 }
        default: fractions
        }
    }

    /// One pose of the grid: a container posed statically for one direction, which the check then tells every
    /// state, reading direction and reduced-motion setting.
    struct GridPose {
        let container: ContainerSpec
        let layout: AdaptiveLayout
        let direction: Direction

        /// `dynamics`, or `adaptive sidebar` for a container posed in several layouts.
        let label: String
    }

    /// Every container the check poses, with the directions it has: the 375×667 of `size`, and the adaptive
    /// container at a width for each of its layouts.
    static func poses(directions: [Direction]) -> [GridPose] {
        // Container by container, in registry order, then by direction.
        ContainerRegistry.descriptors.flatMap { descriptor in
            directions.flatMap { direction in
                let specs = descriptor.checkSpecs(direction: direction, size: size)
                return specs.map {
                    let name = $0.spec.typeName
                    let label = specs.count > 1 ? "\(name) \($0.layout.rawValue)" : name
                    return GridPose(container: $0.spec, layout: $0.layout, direction: direction, label: label)
                }
            }
        }
    }

    /// The context the host builds for `pose` with its container posed statically at `closed`.
    static func context(_ pose: GridPose, closed: Double) -> StyleContext {
        var posed = pose.container.makePosableContainer()
        posed.setStaticPose(StylerGroup(pose.direction), closed: closed)
        var nodes = Pose()
        posed.pose(into: &nodes)
        let subject = nodes.subject(pose.direction) ?? .drawer(pose.direction, closed: closed, reveal: 0, styled: true)
        return StyleContext(subject: subject, of: posed, pose: nodes)
    }

    /// Makes a styler of `plugin` with its default parameters and runs it at each fraction in each direction
    /// it supports, then over the grid of every container it can run in: each state that container can be in
    /// (at the fractions that state allows), both reading directions, with and without reduced motion (those
    /// three variants at every other fraction of a sweep longer than 8).
    ///
    /// A problem first met in the plain sweep names its direction and fraction (`(left, closed -0.1)`); one
    /// met only in the grid names the whole context (`(left, closed 0.3, bouncing, drawer, rtl, reduced
    /// motion)`).
    /// - Returns: the distinct problems, in the order met; a plugin stops at its first exceeded limit.
    public static func run(_ plugin: LuaPlugin, fractions: [Double] = fractions) -> [PluginError] {
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
        let directions = plugin.manifest.directions
        for direction in directions {
            for closed in fractions {
                let context = context(direction: direction, closed: closed)
                guard call(context, "\(direction.rawValue), closed \(NumberFormat.string(closed))") else { return problems }
            }
        }
        for pose in poses(directions: directions) {
            let states = states(of: pose.container.kind, layout: pose.layout)
            var posed: [Double: StyleContext] = [:]
            for state in states {
                let stateFractions = Self.fractions(in: state, from: fractions)
                for (index, closed) in stateFractions.enumerated() {
                    if posed[closed] == nil { posed[closed] = context(pose, closed: closed) }
                    var context = posed[closed]!
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
                                "\(pose.direction.rawValue), closed \(NumberFormat.string(context.closed)), \(state.rawValue), "
                                    + pose.label + (layoutDirection == .rtl ? ", rtl" : "") + (reduced ? ", reduced motion" : ""))
                            if !ok { return problems }
                        }
                    }
                }
            }
        }
        return problems
    }
}
