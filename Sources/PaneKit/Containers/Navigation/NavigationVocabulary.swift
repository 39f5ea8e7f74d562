// The navigation stack's words (DESIGN §14): the `screen.NAME` nodes, the `screens` styler group, its `ctx` fields
// and the frame's `"stack"`. The overlay (the dim over the screen below) is the core's.

extension Role {
    /// A screen of a navigation stack, by name: `screen.inbox`, `screen.thread`.
    public static let screen = Role.declareGroup("screen", named: true)

    /// The navigation stack's roles in the order they are listed.
    static let navigationFamily: [Role] = [.screen, .overlay]
}

extension StylerGroup {
    /// A scenario's `stylers.screens`: one call per visible screen of a navigation stack.
    public static let screens = StylerGroup.declare("screens")
}

extension ContainerKind {
    /// A navigation stack of named screens (`NavigationContainer`).
    package static let navigation = ContainerKind("navigation")
}

/// The navigation stack's own `ctx` fields (declared once here: Lua, the stubs and the guide read them from here).
package enum NavigationFields {
    /// `ctx.progress`: the styled screen's entrance, 0 (off) → 1 (in place).
    package static let progress = ContextField<Double>.number(
        "progress", family: "navigation",
        stub: "the styled screen's entrance, 0 → 1 (navigation container; react-navigation's current.progress)",
        guide: "the `navigation` container's entrance of the styled screen: 0 before it is pushed, 1 in place, falling "
            + "back to 0 as it is popped (react-navigation's `current.progress`, Flutter's `animation`)")
    /// `ctx.next`: the entrance of the screen above the styled one, 0 when none moves over it.
    package static let next = ContextField<Double>.number(
        "next", family: "navigation",
        stub: "the entrance progress of the screen above the styled one, 0 when none (navigation container)",
        guide: "the `navigation` container's entrance of the screen above the styled one (0 when there is none; "
            + "react-navigation's `next.progress`, Flutter's `secondaryAnimation`)")
    /// `below`: the styled screen is the one below the top one (the built-in stylers'; not in Lua). Said, not inferred from `ctx.next`: the top
    /// screen's progress is 0 on a push's first frame and under a back gesture dragged all the way, and the screen
    /// below is still the screen below then.
    package static let below = ContextField<Bool>.boolean(
        "below", family: "navigation",
        stub: "whether the styled screen is the one below the top screen, even while `ctx.next` is 0 (navigation container)",
        guide: "whether the `navigation` container's styled screen is the one below the top screen (`true`) or the top "
            + "screen itself: `ctx.next` is 0 on a push's first frame and under a back gesture dragged all the way, and "
            + "the screen below is still the one below then")
    /// `released` (the built-in stylers'; not in Lua): the top screen's progress when the back gesture let go, while the motion after the release
    /// runs (Android's shell animates its commit from the windows where the release left them).
    package static let released = ContextField<Double?>.optionalNumber(
        "released", family: "navigation",
        stub: "the top screen's progress when the back gesture let go, during the motion after it (nil otherwise)",
        guide: "the `navigation` container's progress of the top screen when the back gesture or predictive back let go, "
            + "while the commit or cancel after it runs; `nil` otherwise. Android's cross-activity commit starts from "
            + "the windows where the release left them")
    /// `ctx.gesture`: a finger or the back gesture drives the transition.
    package static let gesture = ContextField<Bool>.boolean(
        "gesture", family: "navigation",
        stub: "whether a finger or the back gesture drives the transition (navigation container)",
        guide: "whether the `navigation` container's transition is driven by the interactive back gesture or "
            + "predictive back (and the settle after it): Flutter's stylers then run their curves linearly")
    /// `ctx.screen`: the styled screen's name.
    package static let screen = ContextField<String?>.text(
        "screen", family: "navigation", stub: "the styled screen's name (navigation container; nil for others)",
        guide: "the `navigation` container's name of the styled screen (`\"inbox\"`); `nil` for other containers")
    /// `ctx.index`: the styled screen's place in the stack, 0 at the bottom.
    package static let index = ContextField<Double>.number(
        "index", family: "navigation", stub: "the styled screen's place in the stack, 0 at the bottom (navigation container)",
        guide: "the `navigation` container's place of the styled screen in the stack, 0 for the bottom (root) screen")
    /// `ctx.preset`: the preset of the transition the styled screen takes part in.
    package static let preset = ContextField<String?>.text(
        "preset", family: "navigation",
        stub: "the preset of the transition the styled screen takes part in (navigation container; nil for others)",
        guide: "the `navigation` container's preset of the transition the styled screen takes part in: the top screen's "
            + "own, and for the screen below it the preset of the screen above (react-navigation's rule)")

    /// Every field Lua sees, for the descriptor to list (which declares them before anything reads them). `below` and
    /// `released` are the built-in stylers' only: each field in the Lua contract costs every plugin's state memory,
    /// and two more put the smallest `--max-memory` (64 KiB) over before a plugin's first line runs.
    static let all: [ContextFieldDeclaration] = [
        progress.declaration, next.declaration, gesture.declaration, screen.declaration,
        index.declaration,
        preset.declaration,
    ]
}

extension StyleContext {
    /// A navigation screen's entrance, 0 → 1 (Lua `ctx.progress`).
    public var progress: Double {
        get { self[NavigationFields.progress] }
        set { self[NavigationFields.progress] = newValue }
    }
    /// The entrance of the screen above a navigation screen, 0 when none (Lua `ctx.next`).
    public var next: Double {
        get { self[NavigationFields.next] }
        set { self[NavigationFields.next] = newValue }
    }
    /// Whether a navigation screen is the one below the top screen (the built-in stylers').
    package var below: Bool {
        get { self[NavigationFields.below] }
        set { self[NavigationFields.below] = newValue }
    }
    /// The top navigation screen's progress when the back gesture let go, during the motion after it (the
    /// built-in stylers').
    package var released: Double? {
        get { self[NavigationFields.released] }
        set { self[NavigationFields.released] = newValue }
    }
    /// Whether the back gesture drives a navigation transition (Lua `ctx.gesture`).
    public var gesture: Bool {
        get { self[NavigationFields.gesture] }
        set { self[NavigationFields.gesture] = newValue }
    }
    /// A navigation screen's name (Lua `ctx.screen`); nil for other containers.
    public var screen: String? {
        get { self[NavigationFields.screen] }
        set { self[NavigationFields.screen] = newValue }
    }
    /// A navigation screen's place in its stack, 0 at the bottom (Lua `ctx.index`).
    public var index: Double {
        get { self[NavigationFields.index] }
        set { self[NavigationFields.index] = newValue }
    }
    /// The preset of a navigation screen's transition (Lua `ctx.preset`); nil for other containers.
    public var preset: String? {
        get { self[NavigationFields.preset] }
        set { self[NavigationFields.preset] = newValue }
    }
}

extension Frame {
    /// A navigation stack's screens by name, bottom first (`"stack"` in JSON); nil for other containers.
    public var stack: [String]? {
        if case .texts(let names) = field("stack") { return names }
        return nil
    }
}
