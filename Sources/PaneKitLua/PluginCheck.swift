// Checking a plugin: run it over closed fractions in every direction it supports and validate each result.

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

    /// Makes a styler of `plugin` with its default parameters and runs it at each fraction in each direction
    /// it supports.
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
        for direction in plugin.manifest.directions {
            for closed in fractions {
                edits.removeAll()
                do {
                    try styler.style(context(direction: direction, closed: closed), into: &edits)
                } catch let error as PluginError {
                    var error = error
                    let at = " (\(direction.rawValue), closed \(NumberFormat.string(closed)))"
                    guard seen.insert(error.problems.joined(separator: "\n")).inserted else { continue }
                    error.problems = error.problems.map { $0 + at }
                    error.message += at
                    problems.append(error)
                    if error.isLimitExceeded { return problems }
                } catch {
                    problems.append(PluginError(file: plugin.file, reason: .runtime, message: "\(error)"))
                }
            }
        }
        return problems
    }
}
