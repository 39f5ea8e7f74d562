// Typed parameter keys: a key reads the override or its default, is made only for its kind, and every built-in
// declares its parameters as keys.

import Testing

@testable import PaneKit

@Suite struct ParamKeyTests {
    enum Fold: String, CaseIterable, Sendable { case hinge, roll, stack }

    static let angle = ParamKey.number("angle", 0.5, min: 0, max: 3, doc: "radians")
    static let tint = ParamKey.color("tint", .black, doc: "colour")
    static let flip = ParamKey.bool("flip", false, doc: "mirror")
    static let fold = ParamKey.enumeration("fold", Fold.roll, doc: "how the drawer folds")
    let specs = [angle.spec, tint.spec, flip.spec, fold.spec]

    @Test func aKeyReadsTheDefault() throws {
        let p = try Parameters(specs: specs)
        #expect(p[Self.angle] == 0.5)
        #expect(p[Self.tint] == .black)
        #expect(p[Self.flip] == false)
        #expect(p[Self.fold] == .roll)
    }

    @Test func aKeyReadsTheOverride() throws {
        let p = try Parameters(
            specs: specs,
            overrides: ["angle": .number(2), "tint": .string("#ff000080"), "flip": .bool(true), "fold": .string("stack")])
        #expect(p[Self.angle] == 2)
        #expect(p[Self.tint] == Color(hex: "#ff000080"))
        #expect(p[Self.flip] == true)
        #expect(p[Self.fold] == .stack)
        // The overrides are still validated against the key's declaration, with the same messages as before.
        #expect(throws: ParamError("angle: expected a number ≤ 3, got 4")) {
            try Parameters(specs: specs, overrides: ["angle": .number(4)])
        }
        #expect(throws: ParamError("fold: expected one of hinge, roll, stack, got \"fan\"")) {
            try Parameters(specs: specs, overrides: ["fold": .string("fan")])
        }
    }

    @Test func parametersOfAnotherStylerReadTheKeysDefault() throws {
        let other = try Parameters(specs: [.bool("angle", true, doc: "")], overrides: ["angle": .bool(false)])
        #expect(other[Self.angle] == 0.5)
        #expect(try Parameters(specs: [])[Self.fold] == .roll)
    }

    @Test func theFactoriesDeclareTheirKind() {
        #expect(Self.angle.spec == .number("angle", 0.5, min: 0, max: 3, doc: "radians"))
        #expect(Self.tint.spec == .color("tint", .black, doc: "colour"))
        #expect(Self.flip.spec == .bool("flip", false, doc: "mirror"))
        #expect(Self.fold.spec.kind == .enumeration && Self.fold.spec.choices == ["hinge", "roll", "stack"])
        #expect(Self.fold.spec.defaultValue == .string("roll") && Self.fold.name == "fold")
    }

    @Test func aKeyOfAnotherKindIsRejectedWhenBuilt() {
        #expect(ParamKey<Double>(Self.angle.spec) == Self.angle)
        #expect(ParamKey<Bool>(Self.flip.spec) == Self.flip)
        #expect(ParamKey<Color>(Self.tint.spec) == Self.tint)
        #expect(ParamKey<Fold>(Self.fold.spec) == Self.fold)
        #expect(ParamKey<Double>(Self.flip.spec) == nil)
        #expect(ParamKey<Bool>(Self.tint.spec) == nil)
        #expect(ParamKey<Color>(Self.angle.spec) == nil)
        #expect(ParamKey<Fold>(Self.angle.spec) == nil)
        // An enumeration whose choices are not the enum's cases.
        let other = ParamSpec(name: "fold", kind: .enumeration, defaultValue: .string("roll"), choices: ["roll", "fan"], doc: "")
        #expect(ParamKey<Fold>(other) == nil)
        // A spec whose default is not of its declared kind.
        #expect(ParamKey<Double>(ParamSpec(name: "x", kind: .number, defaultValue: .bool(true), doc: "")) == nil)
    }

    /// The public keys of each built-in, as an app reads them; they must be exactly what the registry declares.
    static let builtinKeys: [String: [ParamSpec]] = [
        "mm.parallax": [MMParallaxStyler.factor.spec],
        "scrim": [ScrimStyler.color.spec, ScrimStyler.maxAlpha.spec],
        "ms.parallax": [MSParallaxStyler.offsetFraction.spec],
        "ms.fade": [MSFadeStyler.closedAlpha.spec],
        "ms.scale": [MSScaleStyler.closedScale.spec],
        "ms.resize": [MSResizeStyler.minimumRevealWidth.spec],
        "ms.shadow": [
            MSShadowStyler.radius.spec, MSShadowStyler.opacity.spec, MSShadowStyler.offsetX.spec, MSShadowStyler.offsetY.spec,
            MSShadowStyler.color.spec,
        ],
        "sidemenu.custom": [
            SideMenuStyle.menuStartAlpha.spec, SideMenuStyle.menuOnTop.spec, SideMenuStyle.menuTranslateFactor.spec,
            SideMenuStyle.menuScaleFactor.spec, SideMenuStyle.onTopShadowColor.spec, SideMenuStyle.onTopShadowRadius.spec,
            SideMenuStyle.onTopShadowOpacity.spec, SideMenuStyle.onTopShadowOffsetX.spec, SideMenuStyle.onTopShadowOffsetY.spec,
            SideMenuStyle.presentingEndAlpha.spec, SideMenuStyle.presentingTranslateFactor.spec,
            SideMenuStyle.presentingScaleFactor.spec,
        ],
        "sink.back": [SinkBackStyler.scale.spec, SinkBackStyler.radius.spec, SinkBackStyler.drawerRadius.spec],
        "sheet.scrim": [SheetScrimStyler.color.spec, SheetScrimStyler.maxAlpha.spec],
        "nav.rn.slide-from-right-ios": [NavigationReactStyler.versionKey.spec],
        "nav.rn.modal-presentation-ios": [NavigationReactStyler.versionKey.spec],
        "nav.rn.fade-from-bottom-android": [NavigationReactStyler.versionKey.spec],
        "nav.rn.reveal-from-bottom-android": [NavigationReactStyler.versionKey.spec],
        "nav.rn.scale-from-center-android": [NavigationReactStyler.versionKey.spec],
        "nav.rn.fade-from-right-android": [NavigationReactStyler.versionKey.spec],
        "nav.rn.bottom-sheet-android": [NavigationReactStyler.versionKey.spec],
    ]

    /// The pager's built-ins (`carousel.*`, `swiper.*` options), whose parameters are read on a page at an offset
    /// (PageTransformerTests), not on a drawer's context.
    static let pagerStylers = Set(BuiltinStylers.pager.map(\.name))

    @Test func everyBuiltInsDeclaredKeysAreItsParamSpecs() {
        for entry in StylerRegistry.builtins.all where entry.isBuiltin && !Self.pagerStylers.contains(entry.name) {
            #expect(entry.params == (Self.builtinKeys[entry.name] ?? []), "\(entry.name)")
        }
        #expect(Set(Self.builtinKeys.keys).isSubset(of: StylerRegistry.builtins.names))
    }

    /// A value of `spec` other than its default, within its bounds.
    static func changed(_ spec: ParamSpec) -> ParamValue {
        switch spec.defaultValue {
        case .number(let n):
            if let max = spec.max, max != n { return .number(max) }
            if let min = spec.min, min != n { return .number(min) }
            return .number(n + 100)
        case .bool(let b): return .bool(!b)
        case .color(let c): return .color(c == .white ? .black : .white)
        case .string(let s): return .string(spec.choices.first { $0 != s } ?? s)
        }
    }

    @Test func everyDeclaredParameterOfABuiltInIsRead() throws {
        var context = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 375, height: 667))
        context.frames[.pane] = Rect(x: 140, y: 0, width: 375, height: 667)
        context.frames[.drawerLeft] = Rect(x: 0, y: 0, width: 280, height: 667)
        context.frames[.overlay] = context.frames[.pane]
        func edits(_ entry: StylerEntry, _ overrides: [String: ParamValue]) throws -> PerRole<NodeEdit> {
            var edits = StyleEdits()
            try entry.make(try Parameters(specs: entry.params, overrides: overrides)).style(context, into: &edits)
            return edits.edits
        }
        for entry in StylerRegistry.builtins.all where entry.isBuiltin && !Self.pagerStylers.contains(entry.name) {
            let plain = try edits(entry, [:])
            for spec in entry.params {
                #expect(try edits(entry, [spec.name: Self.changed(spec)]) != plain, "\(entry.name).\(spec.name)")
            }
        }
    }
}
