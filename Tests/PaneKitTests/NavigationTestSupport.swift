// Helpers for the navigation tests: a host over a stack, run to given times, and the numbers a test reads off a
// frame (a screen's offset as a fraction of the width, its alpha and scale, the overlay's alpha).

import PaneKit

/// A navigation stack of `behavior` at `width` × 600 under the default stylers, with `screens` at rest.
func navigationHost(
    _ behavior: NavigationBehavior, preset: String? = nil, version: Int = 7, width: Double = 400, screens: [String] = ["inbox"],
    layout: LayoutDirection = .ltr, stylers: [any Styler]? = nil
) -> PaneHost {
    var c = NavigationConfiguration(size: Size(width: width, height: 600), behavior: behavior, screens: screens)
    c.preset = preset
    c.version = version
    c.layoutDirection = layout
    return PaneHost(container: NavigationContainer(c), fps: 60, stylers: stylers.map { [.screens: $0] } ?? [:])
}

extension Frame {
    /// The x offset of `screen`'s node as a fraction of the width (its transform's translation; scale about the
    /// centre does not move it).
    func x(_ screen: String) -> Double? {
        node(Role.screen.member(named: screen)).map { $0.style.transform.m41 / size.width }
    }
    /// The y offset of `screen`'s node as a fraction of the height.
    func y(_ screen: String) -> Double? {
        node(Role.screen.member(named: screen)).map { $0.style.transform.m42 / size.height }
    }
    /// The alpha of `screen`'s node.
    func alpha(_ screen: String) -> Double? { node(Role.screen.member(named: screen))?.style.alpha }
    /// The x scale of `screen`'s node.
    func scale(_ screen: String) -> Double? { node(Role.screen.member(named: screen))?.style.transform.m11 }
    /// The overlay's alpha, 0 when it is hidden or absent.
    var dim: Double {
        guard let overlay = node(.overlay), !overlay.style.hidden else { return 0 }
        return overlay.style.alpha
    }
    /// The navigation events of the frame.
    var navigationEvents: [NavigationEvent] { events.compactMap { $0.as(NavigationEvent.self) } }
}

extension PaneHost {
    /// The frames at `times` (seconds, increasing).
    mutating func frames(at times: [Double]) throws -> [Frame] { try times.map { try step(at: $0) } }

    /// Steps at 1-ms spacing from `start` to `end` and returns every navigation event with its frame time.
    mutating func events(from start: Double, to end: Double) throws -> [(time: Double, event: NavigationEvent)] {
        var out: [(Double, NavigationEvent)] = []
        var t = start
        while t <= end + 1e-9 {
            for e in try step(at: t).navigationEvents { out.append((t, e)) }
            t += 0.001
        }
        return out
    }
}

/// `value` rounded to 3 decimals, as the reference prints its samples.
func r3(_ value: Double?) -> Double? { value.map { ($0 * 1000).rounded() / 1000 } }
