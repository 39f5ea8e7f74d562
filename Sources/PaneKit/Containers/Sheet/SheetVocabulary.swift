// The sheet's nodes (DESIGN §13): its surface, the grabber and the keyboard it rises above.

extension Role {
    /// A sheet's surface.
    public static let sheet = Role.declare("sheet")
    /// The grabber near a sheet's top edge.
    public static let grabber = Role.declare("grabber")
    /// The on-screen keyboard a sheet rises above (its keyboard rules).
    public static let keyboard = Role.declare("keyboard")

    /// The sheet's roles in the order they are listed (with the pane and the overlay, which it shares).
    static let sheetFamily: [Role] = [.pane, .sheet, .grabber, .keyboard, .overlay]
}

/// The sheet's own `ctx` fields (declared once here: Lua, the stubs and the guide read them from the declarations).
package enum SheetFields {
    /// `ctx.detent`: the detent the sheet rests at or is settling to.
    package static let detent = ContextField<String?>.text(
        "detent", family: "sheet",
        stub: "the sheet's detent: the one it rests at or is settling to (nil for containers without detents)",
        guide: "the `sheet` container's detent, by name: the one it rests at or is settling to (`\"half\"`, `\"full\"`, …; "
            + "docs/scenario.md); `nil` for containers without detents")
    /// `ctx.detents`: each resting detent by name, with its closed fraction.
    package static let detents = ContextField<[(name: String, closed: Double)]>.table(
        "detents", family: "sheet",
        stub: "each detent of the sheet by name, with its closed fraction (empty for containers without detents)",
        guide: "each resting detent of the `sheet` container by name, with the closed fraction `ctx.closed` has there "
            + "(`ctx.detents.half`; `hidden` too when the sheet can hide); an empty table for containers without detents, "
            + "so `ctx.detents.half` is `nil` there")
    /// `ctx.position`: the y of the sheet's top edge, as for a bottom sheet.
    package static let position = ContextField<Double?>.optionalNumber(
        "position", family: "sheet",
        stub: "the y of the sheet's top edge, in points, as for a bottom sheet (nil for other containers)",
        guide: "the y of the `sheet` container's top edge in points, as for a bottom sheet (0 at the container's top); "
            + "`nil` for other containers")

    /// Every field, for the descriptor to list (which declares them before anything reads them).
    static let all: [ContextFieldDeclaration] = [detent.declaration, detents.declaration, position.declaration]
}

extension StyleContext {
    /// A sheet's detent (Lua `ctx.detent`): the one it rests at or is settling to; nil for other containers.
    public var detent: String? {
        get { self[SheetFields.detent] }
        set { self[SheetFields.detent] = newValue }
    }
    /// A sheet's resting detents with their closed fractions (Lua `ctx.detents`), hidden last when the sheet can
    /// hide; empty for other containers.
    public var detents: [(name: String, closed: Double)] {
        get { self[SheetFields.detents] }
        set { self[SheetFields.detents] = newValue }
    }
    /// The y of a sheet's top edge as for a bottom sheet, in points (Lua `ctx.position`); nil for other containers.
    public var position: Double? {
        get { self[SheetFields.position] }
        set { self[SheetFields.position] = newValue }
    }
}

extension Frame {
    /// The detent a sheet rests at or is settling to (the last settled one while dragging), `"detent"` in JSON;
    /// nil for containers without detents.
    public var detent: String? { field("detent")?.text }
}
