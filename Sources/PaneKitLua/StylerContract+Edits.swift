// The edit keys of the styler contract: one entry per key a style function's node edits may hold.

import CLuaEdits
import PaneKit

extension StylerContract {
    /// One key of a node's edits.
    package struct EditKey: Sendable {
        /// The key.
        package let name: String
        /// Its LuaLS type in the stubs.
        package let luaType: String
        /// Its note in the stubs, if any.
        package let stubNote: String?
        /// The value column of the guide's table.
        package let guideValue: String
        /// The last column of the guide's table.
        package let guideNote: String
        /// Names from CSS, UIKit, Core Animation, SwiftUI and Compose that authors write for this key (lowercased,
        /// without `-` and `_`): the message on such an unknown key names this one.
        package let habits: [String]
        /// How the decoder reads the value (`PK_KEY_*`: the grammar in Sources/CLuaEdits).
        package let decoding: Int32
        /// For a key of numbers (`PK_KEY_NUMBERS`), their form and where they go on a `NodeEdit`.
        package let numbers: NumbersForm?

        /// An edit key.
        package init(
            _ name: String, _ decoding: Int32, lua luaType: String, stub stubNote: String? = nil, value guideValue: String,
            guide guideNote: String,
            habits: [String] = []
        ) {
            self.name = name
            self.luaType = luaType
            self.stubNote = stubNote
            self.guideValue = guideValue
            self.guideNote = guideNote
            self.habits = habits
            self.decoding = decoding
            numbers = nil
        }

        /// A key of `form.count` numbers (one number stands for all of them): the decoder needs no C of its own for
        /// it, and `form.apply` puts them on the `NodeEdit`.
        package init(
            _ name: String, numbers form: NumbersForm, lua luaType: String, stub stubNote: String? = nil,
            value guideValue: String, guide guideNote: String, habits: [String] = []
        ) {
            self.init(
                name, Int32(PK_KEY_NUMBERS), lua: luaType, stub: stubNote, value: guideValue, guide: guideNote, habits: habits)
            self = EditKey(copying: self, numbers: form)
        }

        private init(copying key: EditKey, numbers: NumbersForm) {
            name = key.name
            luaType = key.luaType
            stubNote = key.stubNote
            guideValue = key.guideValue
            guideNote = key.guideNote
            habits = key.habits
            decoding = key.decoding
            self.numbers = numbers
        }
    }

    /// The form of a key of numbers: a number ≥ `minimum` for all `count`, or a list of `count` such numbers.
    package struct NumbersForm: Sendable {
        /// How many numbers the key holds.
        package let count: Int
        /// The least each may be.
        package let minimum: Double
        /// What the messages say the value is, such as `a number or a list {tl, tr, br, bl}`.
        package let expected: String
        /// Puts the decoded numbers (`count` of them) on the node's edit.
        package let apply: @Sendable (UnsafeBufferPointer<Double>, inout NodeEdit) -> Void

        /// A form of `count` numbers ≥ `minimum`.
        package init(
            count: Int, minimum: Double, expected: String,
            apply: @escaping @Sendable (UnsafeBufferPointer<Double>, inout NodeEdit) -> Void
        ) {
            self.count = count
            self.minimum = minimum
            self.expected = expected
            self.apply = apply
        }
    }

    /// The keys of a node's edits, in the order of the stubs and the guide.
    package static let editKeys: [EditKey] = [
        EditKey(
            "translate", Int32(PK_KEY_TRANSLATE), lua: "{[1]: number, [2]: number, [3]?: number}", stub: "x, y[, z] in points",
            value: "`{x, y[, z]}`",
            guide: "points",
            habits: [
                "translation", "translationx", "translationy", "translationz", "translatex", "translatey", "translatez",
                "offset", "offsetx", "offsety",
            ]),
        EditKey(
            "scale", Int32(PK_KEY_SCALE), lua: "number|{[1]: number, [2]: number, [3]?: number}", stub: "uniform (z too), or sx, sy[, sz]",
            value: "`s` or `{sx, sy[, sz]}`", guide: "`s` scales x, y and z; `sz` defaults to 1",
            habits: ["scalex", "scaley", "scalez", "scaleeffect"]),
        EditKey(
            "rotate", Int32(PK_KEY_ROTATE), lua: "{x?: number, y?: number, z?: number}|number", stub: "radians about each axis, or about z",
            value: "`{x = rad, y = rad, z = rad}` or `rad`", guide: "each optional; a number turns about z",
            habits: [
                "rotation", "rotationx", "rotationy", "rotationz", "rotatex", "rotatey", "rotatez", "rotationeffect",
                "rotation3deffect",
            ]),
        EditKey(
            "perspective", Int32(PK_KEY_PERSPECTIVE), lua: "number", stub: "m34, such as -1/1000", value: "`m34`",
            guide: "such as `-1/1000`",
            habits: ["m34"]),
        EditKey(
            "transform", Int32(PK_KEY_TRANSFORM), lua: "number[]", stub: "16 numbers, m11 … m44 (Core Animation's layout, row vectors)",
            value: "16 numbers", guide: "m11, m12, …, m44: Core Animation's layout, row vectors (`p' = p × M`)",
            habits: ["matrix", "matrix3d", "transform3d"]),
        EditKey(
            "ops", Int32(PK_KEY_OPS), lua: "PaneKitOperation[]", stub: "operations applied first to last", value: "list of operations",
            guide: "applied first to last (below)", habits: ["operations"]),
        EditKey(
            "anchor", Int32(PK_KEY_ANCHOR), lua: "{[1]: number, [2]: number}",
            stub: "the transform's pivot in unit coordinates of the frame (default 0.5, 0.5)", value: "`{x, y}`",
            guide: "the transform's pivot in unit coordinates of the frame (default 0.5, 0.5), CSS's transform-origin: the "
                + "frame stays put",
            habits: ["transformorigin", "anchorpoint", "pivot", "pivotx", "pivoty", "origin"]),
        EditKey(
            "alpha", Int32(PK_KEY_ALPHA), lua: "number", stub: "0…1 (clamped); multiplies with other stylers' alpha", value: "number",
            guide: "clamped to 0…1, as UIKit does; multiplies with other stylers' alpha", habits: ["opacity", "alphavalue"]),
        EditKey(
            "shadow", Int32(PK_KEY_SHADOW), lua: "PaneKitShadow", value: "`{radius =, opacity =, offset = {x, y}, color = \"#000000\"}`",
            guide: "radius ≥ 0 and opacity required (also as `{radius, opacity}`); opacity clamped to 0…1; `color` as for "
                + "`color`",
            habits: [
                "boxshadow", "shadowradius", "shadowopacity", "shadowcolor", "shadowoffset", "elevation", "shadowelevation",
            ]),
        EditKey(
            "z", Int32(PK_KEY_Z), lua: "integer", stub: "z-order; higher is in front", value: "integer",
            guide: "z-order; higher is in front",
            habits: ["zindex", "zposition", "zorder"]),
        EditKey(
            "frame", Int32(PK_KEY_FRAME), lua: "{[1]: number, [2]: number, [3]: number, [4]: number}|PaneKitFrame",
            stub: "replaces the container's frame", value: "`{x, y, w, h}` or `{x =, y =, w =, h =}`",
            guide: "replaces the frame the container gave (for resize-like stylers); `frame = ctx.frames.pane` works",
            habits: ["bounds", "rect"]),
        EditKey(
            "hidden", Int32(PK_KEY_HIDDEN), lua: "boolean", value: "boolean", guide: "",
            habits: ["visible", "isvisible", "ishidden", "visibility", "display"]),
        EditKey(
            "color", Int32(PK_KEY_COLOR), lua: "PaneKitColor", stub: "the fill of a node with a colour of its own (the overlay)",
            value: "`\"#rgb\"`, `\"#rrggbb\"`, `\"#rrggbbaa\"` or a CSS colour name",
            guide: "the fill of a node with a colour of its own (the overlay)",
            habits: ["backgroundcolor", "backgroundcolour", "background", "colour", "fill", "tint", "tintcolor"]),
        EditKey(
            "cornerRadius",
            numbers: NumbersForm(
                count: 4, minimum: 0, expected: "a number ≥ 0 or a list {topLeft, topRight, bottomRight, bottomLeft}",
                apply: { v, edit in edit.cornerRadius = CornerRadius(topLeft: v[0], topRight: v[1], bottomRight: v[2], bottomLeft: v[3]) }),
            lua: "number|{[1]: number, [2]: number, [3]: number, [4]: number}",
            stub: "points ≥ 0; one for every corner, or top-left, top-right, bottom-right, bottom-left",
            value: "`r` or `{topLeft, topRight, bottomRight, bottomLeft}`",
            guide: "points, each ≥ 0 (a negative one is refused with its key: `pane.cornerRadius[2]: expected a number ≥ 0, "
                + "got -2`); rounds the node's corners, clips its content and image and shapes its shadow; radii larger "
                + "than the node are scaled down together as CSS does",
            habits: ["borderradius", "radius", "cornerradii", "rounded", "roundedcorners"]),
    ]

    /// The operations of `ops`, in the decoder's order, and the names authors write for each.
    package static let operations: [(name: String, habits: [String])] = [
        ("translate", ["translation", "translatex", "translatey", "translatez", "translate3d"]),
        ("scale", ["scalex", "scaley", "scalez", "scale3d"]),
        ("rotate", ["rotation", "rotatex", "rotatey", "rotatez", "rotate3d"]),
        ("perspective", []),
        ("matrix", ["transform", "matrix3d"]),
    ]
}
