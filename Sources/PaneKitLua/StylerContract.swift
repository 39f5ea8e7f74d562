// The styler contract, declared once: the roles a style function edits, the fields of its `ctx` and the keys of its
// edits. The C bridge builds the context and reads the edits from these names (given at set-up), and
// Plugins/panekit.d.lua and the tables of docs/plugins.md are generated from them (Scripts/generate-contract.sh).

import PaneKit

/// What a Lua style function reads and returns, in one table: the single source of the names the C bridge, the
/// LuaLS stubs and the plugin guide use.
///
/// Adding a `ctx` field is one entry in `contextFields` (its name, type, notes and how to read it from a
/// `StyleContext`); adding an edit key is one entry in `editKeys` (and its field on `NodeEdit`). Then run
/// Scripts/generate-contract.sh, which rewrites the generated parts of the stubs and the guide.
package enum StylerContract {
    /// How a field refreshed before every call is read: a C function of the address of the `StyleContext`
    /// (`context($0).pointee`), so `LuaContext` calls each through a pointer, with no closure context to retain.
    package typealias Reader = @convention(c) (UnsafeRawPointer) -> Double

    /// The value of one `ctx` field.
    package enum FieldKind: Sendable {
        /// A number, refreshed before every call.
        case number(Reader)
        /// A boolean, refreshed before every call: its reader gives 1 for true, 0 for false (as C receives it).
        case boolean(Reader)
        /// One of a list of names, refreshed before every call: its reader gives the index of the name.
        case choice([String], Reader)
        /// A number or `nil`, refreshed before every call: its reader gives NaN for `nil` (as C receives it).
        case optionalNumber(Reader)
        /// A string or `nil`, any text: read before every call, its bytes given to Lua only when they changed.
        case text(@Sendable (StyleContext) -> String?)
        /// A table of name → number (empty when there is none): read before every call, written again only when
        /// a name or a number changed.
        case table(@Sendable (StyleContext) -> [(name: String, closed: Double)])
        /// A family's number field (its slot in `StyleContext.values`), `nil` where its family did not set it.
        case familyNumber(Int)
        /// A family's boolean field (its slot in `StyleContext.values`), `nil` where its family did not set it.
        case familyBoolean(Int)
        /// `ctx.size`: a table of numbers (its own fields), refreshed before every call.
        case size([ContextField])
        /// `ctx.frames`: each node's frame by role, refreshed before every call.
        case frames
        /// `ctx.params`: the parameters, written once when the styler is made.
        case params
    }

    /// One field of `ctx`: its key, its kind, and how the stubs and the guide describe it (the memberwise
    /// initialiser's labels are the properties' names).
    package struct ContextField: Sendable {
        /// The key.
        package let name: String
        /// What it holds and how it is read from a `StyleContext`.
        package let kind: FieldKind
        /// Its LuaLS type in the stubs when the kind's own (`stubType`) is not the one to show (a choice of a named
        /// type).
        package var luaType: String? = nil
        /// Its note in the stubs.
        package let stubNote: String
        /// The description in the guide's table.
        package let guideNote: String
        /// The first column of its row in the guide's table, when not `` `ctx.NAME` ``.
        package var guideName: String? = nil

        /// Its LuaLS type in the stubs: `luaType`, or what its kind holds.
        package var stubType: String {
            if let luaType { return luaType }
            switch kind {
            case .number: return "number"
            case .boolean: return "boolean"
            case .familyNumber: return "number?"
            case .familyBoolean: return "boolean?"
            case .choice: return "string"
            case .optionalNumber: return "number?"
            case .text: return "string?"
            case .table: return "table<string, number>"
            case .size(let parts): return "{" + parts.map { "\($0.name): \($0.stubType)" }.joined(separator: ", ") + "}"
            case .frames: return "table<PaneKitRole, PaneKitFrame?>"
            case .params: return "table<string, number|boolean|string>"
            }
        }

        /// Whether the host writes it before every call (all but `params`, written once when the styler is made).
        package var changesPerCall: Bool {
            if case .params = kind { return false }
            return true
        }
    }

    /// The roles a style function edits, by their JSON names, in the order the registered families list them.
    package static var roles: [String] { Role.allCases.map(\.rawValue) }
    /// The key that stands for this direction's drawer, in the edits and under `ctx.frames`.
    package static let drawerKey = "drawer"
    /// The keys of a frame (`ctx.frames.ROLE` and the `frame` edit's named form), in the order x, y, w, h.
    package static let frameKeys = ["x", "y", "w", "h"]

    /// The fields of `ctx`, in the order of the stubs and the guide: the core's, with the registered families'
    /// own (``familyFields``) after `layout`.
    package static var contextFields: [ContextField] {
        let split = coreFields.firstIndex { $0.name == "frames" } ?? coreFields.count
        return Array(coreFields[..<split]) + familyFields + Array(coreFields[split...])
    }

    /// The fields every family has, in order.
    static var coreFields: [ContextField] {
        [
            ContextField(
                name: "direction",
                kind: .choice(Direction.allCases.map(\.rawValue), { Double(StylerContract.context($0).pointee.direction.index) }),
                luaType: "PaneKitDirection",
                stubNote: "the drawer being styled; `drawer` edits go to it",
                guideNote: "`\"left\"`, `\"right\"`, `\"top\"` or `\"bottom\"`: the drawer being styled"),
            ContextField(
                name: "closed", kind: .number { StylerContract.context($0).pointee.closed },
                stubNote: "1 closed, 0 fully open, below 0 past open, above 1 past closed",
                guideNote: "1 closed, 0 fully open, below 0 past open (stretch), above 1 past closed"),
            ContextField(
                name: "open", kind: .number { StylerContract.context($0).pointee.open }, stubNote: "1 - closed",
                guideNote: "`1 - ctx.closed` (MMDrawer's percentVisible)"),
            ContextField(
                name: "reveal", kind: .number { StylerContract.context($0).pointee.reveal },
                stubNote: "the drawer's maximum or reveal width, in points",
                guideNote: "the drawer's maximum or reveal width along its axis, in points"),
            ContextField(
                name: "size",
                kind:
                    .size([
                        ContextField(name: "w", kind: .number { StylerContract.context($0).pointee.size.width }, note: ""),
                        ContextField(name: "h", kind: .number { StylerContract.context($0).pointee.size.height }, note: ""),
                    ]), note: "the container's size", guideName: "`ctx.size.w`, `ctx.size.h`"),
            ContextField(
                name: "time", kind: .number { StylerContract.context($0).pointee.time }, note: "seconds since the start of the run"),
            ContextField(
                name: "velocity", kind: .number { StylerContract.context($0).pointee.velocity },
                stubNote: "the closed fraction's rate of change per second (negative while opening), gestures included",
                guideNote: "the closed fraction's rate of change, per second: negative while opening, positive while closing, 0 at "
                    + "rest; on every frame, gestures included (a pan's comes from its touch times). See docs/motion.md"),
            ContextField(
                name: "reducedMotion", kind: .boolean { StylerContract.context($0).pointee.reducedMotion ? 1 : 0 },
                stubNote: "the host runs with reduced motion: it cross-fades every transition not driven by a finger, so a styler "
                    + "may keep a still look",
                guideNote: "`true` when the run has `reducedMotion` (docs/scenario.md): the host cross-fades every transition not "
                    + "driven by a finger, so a plugin may keep a still look (during a drag, say)"),
            ContextField(
                name: "leading", kind: .boolean { StylerContract.context($0).pointee.leading ? 1 : 0 },
                stubNote: "this drawer is on the leading side: left under ltr, right under the container's layoutDirection \"rtl\" "
                    + "(never top or bottom); `direction` stays physical, so a styler written for the leading drawer reads it "
                    + "to look right both ways",
                guideNote: "`true` when this drawer is on the leading side: the left one under `ltr`, the right one under the "
                    + "container's `layoutDirection: \"rtl\"` (docs/scenario.md, Right to left); never for top and bottom. "
                    + "`ctx.direction` stays physical, so a plugin written per side (with `panekit.sign`) mirrors by itself; "
                    + "read `ctx.leading` for what depends on reading order"),
            ContextField(
                name: "state",
                kind: .choice(ContainerState.allCases.map(\.rawValue), { Double(StylerContract.context($0).pointee.state.id) }),

                stubNote: "the container's state: \"closed\", \"opening\", \"open\", \"closing\", \"bouncing\", …",
                guideNote: "the container's state (`ContainerState`): `closed`, `opening`, `open`, `closing`, `dragging`, "
                    + "`bouncing`, `resizing`, `moving` (split), `popover` (split), `openWide` (dynamics); `resizing` also "
                    + "while the `adaptive` container changes layout"),
            ContextField(
                name: "container",
                kind: .choice(
                    ContainerRegistry.names, { Double(StylerContract.containerIndex(StylerContract.context($0).pointee.container)) }),

                stubNote: "the container type: \"drawer\", …",
                guideNote: "the container type (`ContainerKind`): `drawer`, `dynamics`, `split`, `sidemenu`, `adaptive`"),
            ContextField(
                name: "layout",
                kind: .choice(
                    AdaptiveLayout.allCases.map(\.rawValue), { Double(StylerContract.caseIndex(StylerContract.context($0).pointee.layout)) }
                ),

                stubNote: "the container's layout: \"drawer\", \"sidebar\" or \"split\" (the adaptive container's for its width; "
                    + "\"split\" for the split container, \"drawer\" for the others)",
                guideNote: "the container's layout: `\"drawer\"`, `\"sidebar\"` or `\"split\"`. The `adaptive` container's changes "
                    + "with its width (docs/scenario.md); the split container is `\"split\"`, the others `\"drawer\"`. A styler "
                    + "that slides the pane for a drawer can leave it alone beside a pinned sidebar: "
                    + "`if ctx.layout ~= \"drawer\" then return {} end`"),
            ContextField(
                name: "frames", kind: .frames,
                stubNote: "the frame of each node that exists; `drawer` is this direction's",
                guideNote: "the untransformed frame `{x =, y =, w =, h =}` of each node that exists, by role; `ctx.frames.drawer` "
                    + "is this direction's drawer; a missing node is `nil`"),
            ContextField(
                name: "params", kind: .params,
                stubNote: "the parameters, defaults overridden by the scenario",
                guideNote: "the parameters: defaults, overridden by the scenario and `--param` (colours as `\"#rrggbb\"` strings)"),
        ]
    }

    /// The fields the registered families declare (``ContainerDescriptor/contextFields``), in registry order: each
    /// reads as `nil` where its family did not set it.
    static var familyFields: [ContextField] {
        var seen = Set<String>()
        return ContainerRegistry.descriptors.flatMap(\.contextFields).compactMap { field in
            guard seen.insert(field.name).inserted else { return nil }
            let slot = field.slot
            let kind: FieldKind =
                switch field.kind {
                case .number, .optionalNumber: .familyNumber(slot)
                case .boolean: .familyBoolean(slot)
                case .text: .text { $0.values.text(slot) }
                case .table: .table { $0.values.table(slot) }
                }
            return ContextField(
                name: field.name, kind: kind, luaType: field.luaType, stubNote: field.stubNote, guideNote: field.guideNote)
        }
    }

    /// The names of `ctx`, sorted: what the error on a missing field lists.
    package static var contextFieldNames: [String] { contextFields.map(\.name).sorted() }

    /// The `StyleContext` at `address`, for the readers of `contextFields`: each reads the fields it needs in
    /// place, with no copy of the context.
    @inline(__always)
    static func context(_ address: UnsafeRawPointer) -> UnsafePointer<StyleContext> {
        address.assumingMemoryBound(to: StyleContext.self)
    }

    /// The position of `kind` among the registered containers (`ContainerRegistry.names`, the built-ins first, in
    /// their registry order): the index the `container` field is written as. A built-in is found without allocating;
    /// a container registered after the vocabulary was made is past its names and reads as `nil` in Lua.
    @inline(__always)
    static func containerIndex(_ kind: ContainerKind) -> Int {
        let name = kind.rawValue
        return builtinNames.withUnsafeBufferPointer { names in
            for i in names.indices where names[i] == name { return i }
            return ContainerRegistry.names.firstIndex(of: name) ?? -1
        }
    }

    /// The built-in containers' names, in registry order, read once: `containerIndex` compares the names as
    /// strings (equal ones are found by their bits, in line), with no call through a descriptor per call.
    private static let builtinNames = ContainerRegistry.builtins.map(\.kind.rawValue)

    /// The position of `value` in `E.allCases`: its case's tag, for an enum without payloads of at most 256 cases,
    /// whose synthesized `allCases` lists the cases in declaration order (`StylerContractTests` checks each choice).
    /// - Complexity: O(1), no allocation, no comparison.
    @inline(__always)
    static func caseIndex<E: CaseIterable>(_ value: E) -> Int {
        precondition(MemoryLayout<E>.size == 1)
        return Int(unsafeBitCast(value, to: UInt8.self))
    }
}

extension StylerContract.ContextField {
    /// A field the stubs and the guide describe in the same words.
    package init(name: String, kind: StylerContract.FieldKind, note: String, guideName: String? = nil) {
        self.init(name: name, kind: kind, stubNote: note, guideNote: note, guideName: guideName)
    }
}
