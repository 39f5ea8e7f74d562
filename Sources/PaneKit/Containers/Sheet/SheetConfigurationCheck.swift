// Checks a sheet configuration and computes its detents, collecting every problem with its path.

/// The validator behind ``SheetGeometry/resolve(_:)``: one pass over the options that records each problem and
/// still computes what it can, so a configuration with three mistakes reports three.
struct SheetConfigurationCheck {
    let c: SheetConfiguration
    private(set) var issues: [SheetConfigurationIssue] = []
    /// The height and width in points, and the safe area seen from the sheet's edge.
    let H: Double, W: Double
    let safe: SafeAreaInsets

    init(_ configuration: SheetConfiguration) {
        c = configuration
        H = configuration.size.height
        W = configuration.size.width
        safe = configuration.edge == .bottom ? configuration.safeArea : configuration.safeArea.verticallyMirrored
    }

    mutating func fail(_ path: String, _ message: String) {
        issues.append(SheetConfigurationIssue(path: path, message: message))
    }

    private static func number(_ v: Double) -> String { NumberFormat.message(v) }

    /// Checks `value` lies in `range`, naming `what` was expected.
    private mutating func require(_ value: Double, in range: ClosedRange<Double>, _ path: String, _ what: String) {
        guard value.isFinite, range.contains(value) else {
            return fail(path, "expected \(what), got \(Self.number(value))")
        }
    }

    mutating func resolve() -> SheetGeometry? {
        guard W.isFinite, H.isFinite, W > 0, H > 0 else {
            fail("size", "expected a positive width and height, got \(Self.number(W))x\(Self.number(H))")
            return nil
        }
        let within = "a height within the container (0…\(Self.number(H)))"
        for (value, key) in [(safe.top, "top"), (safe.bottom, "bottom"), (c.safeArea.left, "left"), (c.safeArea.right, "right")] {
            require(value, in: 0...H, "safeArea.\(key)", "an inset within the container (0…\(Self.number(H)))")
        }
        if safe.top + safe.bottom > H { fail("safeArea", "expected top + bottom within the container's height") }
        require(c.density, in: 0.01...100, "density", "pixels per point between 0.01 and 100")
        require(c.displayScale, in: 0.01...100, "displayScale", "pixels per point between 0.01 and 100")
        require(c.displayRate, in: 1...1000, "displayRate", "a refresh rate between 1 and 1000 Hz")
        if let h = c.contentHeight { require(h, in: 0...H, "contentHeight", within) }
        if let p = c.peekHeight { require(p, in: 0...H, "peekHeight", within) }
        require(c.expandedOffset, in: 0...H, "expandedOffset", within)
        if !(c.halfExpandedRatio > 0 && c.halfExpandedRatio < 1) {
            fail("halfExpandedRatio", "expected a ratio strictly between 0 and 1, got \(Self.number(c.halfExpandedRatio))")
        }
        let specs = c.detents ?? defaultDetents()
        if c.detents?.isEmpty == true { fail("detents", "expected at least one detent, got an empty list") }
        var seen: Set<String> = []
        for (i, spec) in specs.enumerated() {
            checkSpec(spec, at: "detents[\(i)]")
            if !seen.insert(spec.name).inserted { fail("detents[\(i)]", "detent '\(spec.name)' is listed twice") }
        }
        checkFlags(specs)
        checkScrollRegions()
        guard issues.isEmpty else { return nil }
        let hidden = c.behavior == .floatingpanel ? floatingPanelRounded(H + SheetGeometry.floatingPanelHiddenOffset) : H
        var detents: [SheetDetent] = []
        var material: MaterialOffsets?
        switch c.behavior {
        case .material:
            let m = materialOffsets(specs)
            material = m
            let density = c.density
            let px = { (v: Int) in Double(v) / density }
            for spec in specs where spec.name != "hidden" {
                let p: Int =
                    switch spec.name {
                    case "collapsed": m.collapsedOffset
                    case "halfExpanded": m.halfExpandedOffset
                    default: m.expandedOffset
                    }
                detents.append(SheetDetent(name: spec.name, position: px(p)))
            }
        case .compose:
            let sheet = c.contentHeight ?? H
            for spec in specs where spec.name != "hidden" {
                detents.append(SheetDetent(name: spec.name, position: spec.name == "expanded" ? max(0, H - sheet) : H / 2))
            }
        case .floatingpanel:
            for spec in specs where spec.name != "hidden" {
                detents.append(SheetDetent(name: spec.name, position: floatingPanelRounded(position(spec))))
            }
        default:
            for spec in specs where spec.name != "hidden" {
                detents.append(SheetDetent(name: spec.name, position: position(spec)))
            }
        }
        guard !detents.isEmpty else {
            fail("detents", "expected at least one detent besides hidden")
            return nil
        }
        // Smallest sheet first; a stable sort keeps the declared order of equal positions (gorhom's ties).
        detents = detents.enumerated().sorted { a, b in
            a.element.position != b.element.position ? a.element.position > b.element.position : a.offset < b.offset
        }.map(\.element)
        let geometry = SheetGeometry(
            size: c.size, detents: detents, hiddenPosition: hidden, canHide: c.resolvedHideable, material: material)
        let names = geometry.names
        if let initial = c.initialDetent, !names.contains(initial) {
            fail("initialDetent", "expected one of the detents (\(names.joined(separator: ", "))), got '\(initial)'")
        }
        if let undimmed = c.undimmedDetent, !names.contains(undimmed) {
            fail("undimmedDetent", "expected one of the detents (\(names.joined(separator: ", "))), got '\(undimmed)'")
        }
        if c.undimmedDetent != nil, c.behavior == .material || c.behavior == .compose {
            fail("undimmedDetent", "expected no undimmedDetent: \(c.behavior.rawValue)'s modal sheet dims the content at every detent")
        }
        return issues.isEmpty ? geometry : nil
    }

    /// The behavior's detents when the configuration lists none.
    private mutating func defaultDetents() -> [SheetDetentSpec] {
        let hide = c.resolvedHideable
        switch c.behavior {
        case .material:
            let half = c.fitToContents == false
            return [.named("collapsed")] + (half ? [.named("halfExpanded")] : []) + [.named("expanded")]
                + (hide ? [.named("hidden")] : [])
        case .compose:
            let sheet = c.contentHeight ?? H
            let partial = c.skipPartiallyExpanded != true && sheet > H / 2
            return (partial ? [.named("partiallyExpanded")] : []) + [.named("expanded")] + (hide ? [.named("hidden")] : [])
        case .uikit: return [.named("large")]
        case .floatingpanel: return [.named("tip"), .named("half"), .named("full")] + (hide ? [.named("hidden")] : [])
        case .gorhom:
            guard c.contentHeight != nil else {
                fail(
                    "detents",
                    "gorhom takes its snap points as detents ({\"name\",\"height\"}, {\"name\",\"fraction\"}, \"content\") or sizes itself to a contentHeight; got neither"
                )
                return []
            }
            return [.content]
        case .vaul: return [.height(name: "open", c.contentHeight ?? H)]
        }
    }

    private mutating func checkSpec(_ spec: SheetDetentSpec, at path: String) {
        let behavior = c.behavior
        switch spec {
        case .named(let name):
            guard behavior.namedDetents.contains(name) else {
                let known =
                    behavior.namedDetents.isEmpty
                    ? "\(behavior.rawValue) has no named detents: use {\"name\",\"height\"}, {\"name\",\"fraction\"}, {\"name\",\"inset\"} or \"content\""
                    : "expected one of \(behavior.namedDetents.joined(separator: ", "))"
                return fail(path, "unknown detent '\(name)' for \(behavior.rawValue): \(known)")
            }
            return
        default:
            break
        }
        guard behavior.takesCustomDetents else {
            return fail(
                path,
                "\(behavior.rawValue) takes only its named detents (\(behavior.namedDetents.joined(separator: ", "))), got \(describe(spec))"
            )
        }
        if spec.name == "hidden" || spec.name.isEmpty {
            fail("\(path).name", "expected a detent name other than '\(spec.name)'")
        }
        let within = "a height within the container (0…\(Self.number(H)))"
        switch spec {
        case .height(_, let h): require(h, in: 0...H, "\(path).height", within)
        case .fraction(_, let f): require(f, in: 0...1, "\(path).fraction", "a fraction of the container's height between 0 and 1")
        case .inset(_, let i):
            require(
                i, in: 0...(H - safe.top), "\(path).inset",
                "an inset below the safe area's top within the container (0…\(Self.number(H - safe.top)))")
        case .content:
            if c.contentHeight == nil { fail(path, "a \"content\" detent needs the container's contentHeight") }
        case .named: break
        }
    }

    private func describe(_ spec: SheetDetentSpec) -> String {
        switch spec {
        case .named(let n): "'\(n)'"
        case .height: "a {\"name\",\"height\"} detent"
        case .fraction: "a {\"name\",\"fraction\"} detent"
        case .inset: "a {\"name\",\"inset\"} detent"
        case .content: "\"content\""
        }
    }

    /// The options that a detents list implies and must agree with (material's halfExpanded and fitToContents,
    /// hidden and hideable, compose's partiallyExpanded).
    private mutating func checkFlags(_ specs: [SheetDetentSpec]) {
        guard let listed = c.detents else { return }
        let names = listed.map(\.name)
        if let i = names.firstIndex(of: "hidden"), c.hideable == false {
            fail("detents[\(i)]", "'hidden' is listed but hideable is false")
        }
        switch c.behavior {
        case .material:
            for required in ["collapsed", "expanded"] where !names.contains(required) {
                fail("detents", "material always has '\(required)': list it")
            }
            if let i = names.firstIndex(of: "halfExpanded"), c.fitToContents == true {
                fail("detents[\(i)]", "'halfExpanded' exists only when fitToContents is false")
            }
        case .compose:
            if !names.contains("expanded") { fail("detents", "compose always has 'expanded': list it") }
            if let i = names.firstIndex(of: "partiallyExpanded") {
                if c.skipPartiallyExpanded == true {
                    fail("detents[\(i)]", "'partiallyExpanded' is listed but skipPartiallyExpanded is true")
                } else if (c.contentHeight ?? H) <= H / 2 {
                    fail(
                        "detents[\(i)]",
                        "'partiallyExpanded' exists only when the sheet (contentHeight \(Self.number(c.contentHeight ?? H))) is taller than half the container (\(Self.number(H / 2)))"
                    )
                }
            }
        default: break
        }
    }

    /// Material's offsets in pixels, in the integer arithmetic of BSB:1720-1745.
    private func materialOffsets(_ specs: [SheetDetentSpec]) -> MaterialOffsets {
        let d = c.density
        let px = { (points: Double) in Int((points * d).rounded()) }
        let parentH = px(H), parentW = px(W)
        let child = px(c.contentHeight ?? H)
        let fitToContents = !specs.contains(.named("halfExpanded")) && c.fitToContents != false
        let fitOffset = max(0, parentH - child)
        let half = Int(Float(parentH) * (1 - Float(c.halfExpandedRatio)))
        let peek: Int
        if let p = c.peekHeight {
            peek = px(p)
        } else {
            let desired = max(px(SheetGeometry.materialPeekHeightMin), parentH - parentW * 9 / 16)
            peek = min(desired, child)
        }
        let collapsed = fitToContents ? max(parentH - peek, fitOffset) : parentH - peek
        let expanded = fitToContents ? fitOffset : max(px(c.expandedOffset), 0)
        return MaterialOffsets(
            parentHeight: parentH, parentWidth: parentW, peek: peek, fitToContentsOffset: fitOffset,
            halfExpandedOffset: half, collapsedOffset: collapsed, expandedOffset: expanded)
    }

    /// FloatingPanel's `LayoutAdapter.position(for:)`: an anchor rounded to the display's pixels, halves away from
    /// zero (`rounded(by: displayScale)`).
    private func floatingPanelRounded(_ y: Double) -> Double {
        (y * c.displayScale).rounded(.toNearestOrAwayFromZero) / c.displayScale
    }

    /// The position of a detent of uikit, floatingpanel, gorhom or vaul.
    private func position(_ spec: SheetDetentSpec) -> Double {
        switch spec {
        case .named("large"): return safe.top + SheetGeometry.uikitLargeGap
        case .named("medium"): return H * (1 - SheetGeometry.uikitMediumFraction)
        case .named("full"): return safe.top + SheetGeometry.floatingPanelFullInset
        case .named("half"):
            let bottom = H - safe.bottom
            return bottom - SheetGeometry.floatingPanelHalfFraction * (bottom - safe.top)
        case .named("tip"): return H - safe.bottom - SheetGeometry.floatingPanelTipInset
        case .named: return H
        case .height(_, let h): return max(0, H - h)
        case .fraction(_, let f): return H - f * H
        case .inset(_, let i): return safe.top + i
        case .content:
            let handle = c.behavior == .gorhom ? SheetGeometry.gorhomHandleHeight : 0
            return max(0, H - min((c.contentHeight ?? H) + handle, H))
        }
    }
}
