// The sheet's detents on two screen sizes per behavior, against reference/sheets.md (each value's source cited).

import Testing

@testable import PaneKit

@Suite struct SheetGeometryTests {
    static let phone = Size(width: 375, height: 812)
    static let android = Size(width: 360, height: 640)
    static let phoneSafe = SafeAreaInsets(top: 47, bottom: 34)

    static func sheet(
        _ behavior: SheetBehavior, _ size: Size = phone, safe: SafeAreaInsets = phoneSafe,
        _ edit: (inout SheetConfiguration) -> Void = { _ in }
    ) throws -> SheetGeometry {
        var c = SheetConfiguration(size: size, behavior: behavior)
        c.safeArea = safe
        edit(&c)
        return try SheetGeometry.resolve(c)
    }

    static func positions(_ g: SheetGeometry) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: g.detents.map { ($0.name, $0.position) })
    }

    // BSB:1720-1745: auto peek max(64 dp, H − W·9/16) in integer arithmetic; fitToContents offset max(0, H − child).
    @Test func materialAutoPeekIsTheNineSixteenthsKeylineInIntegers() throws {
        let g = try Self.sheet(.material)
        #expect(Self.positions(g) == ["collapsed": 210, "expanded": 0])  // 375·9/16 = 210 (3375/16 truncated)
        #expect(g.material?.peek == 602)
        let small = try Self.sheet(.material, Self.android)
        #expect(Self.positions(small) == ["collapsed": 202, "expanded": 0])  // 3240/16 = 202.5 → 202
        // At density 3 the arithmetic runs in pixels: 1125·9/16 = 632 px, so collapsed is 632/3 pt, not 210.
        let dense = try Self.sheet(.material) { $0.density = 3 }
        #expect(dense.material?.collapsedOffset == 632)
        #expect(abs(Self.positions(dense)["collapsed"]! - 632.0 / 3) < 1e-12)
    }

    // BSB:1722: the 64 dp minimum peek wins on a wide, short container (H − W·9/16 < 64).
    @Test func materialPeekHasSixtyFourPointMinimum() throws {
        let g = try Self.sheet(.material, Size(width: 812, height: 375))
        #expect(Self.positions(g)["collapsed"] == 311)  // 375 − 64
        #expect(g.material?.peek == 64)
    }

    // BSB:1733-1745: fitToContents off gives halfExpanded at int(H·(1 − ratio)) and expanded at expandedOffset;
    // fitToContents on with a short content puts expanded at H − content and collapsed no higher.
    @Test func materialHalfExpandedAndFitToContentsOffsets() throws {
        let half = try Self.sheet(.material) {
            $0.fitToContents = false
            $0.halfExpandedRatio = 0.3
            $0.expandedOffset = 40
        }
        // Java computes int(812 · (1 − 0.3f)) in float: 568.39996 → 568.
        #expect(Self.positions(half) == ["collapsed": 210, "halfExpanded": 568, "expanded": 40])
        let short = try Self.sheet(.material) { $0.contentHeight = 300 }
        #expect(Self.positions(short) == ["collapsed": 512, "expanded": 512])  // peek = min(602, 300)
        let peek = try Self.sheet(.material) { $0.peekHeight = 100 }
        #expect(Self.positions(peek)["collapsed"] == 712)
        let listed = try Self.sheet(.material) {
            $0.detents = [.named("collapsed"), .named("halfExpanded"), .named("expanded"), .named("hidden")]
        }
        #expect(listed.canHide && listed.position(of: "halfExpanded") == 406)
    }

    // M3 ModalBottomSheet draggableAnchors: Hidden H, PartiallyExpanded H/2 when the sheet is taller, Expanded H − sheet.
    @Test func composeAnchors() throws {
        let full = try Self.sheet(.compose)
        #expect(Self.positions(full) == ["partiallyExpanded": 406, "expanded": 0])
        #expect(full.canHide && full.hiddenPosition == 812)
        let tall = try Self.sheet(.compose, Self.android) { $0.contentHeight = 500 }
        #expect(Self.positions(tall) == ["partiallyExpanded": 320, "expanded": 140])
        let short = try Self.sheet(.compose) { $0.contentHeight = 300 }
        #expect(Self.positions(short) == ["expanded": 512])
        let skip = try Self.sheet(.compose) { $0.skipPartiallyExpanded = true }
        #expect(Self.positions(skip) == ["expanded": 0])
    }

    // reference §2 (UNKNOWN there): the chosen large (10 pt below the safe area) and medium (53 % of the height).
    @Test func uikitMediumAndLargeAreTheDocumentedChoices() throws {
        let g = try Self.sheet(.uikit) { $0.detents = [.named("medium"), .named("large")] }
        #expect(g.detents.map(\.name) == ["medium", "large"])
        #expect(abs(g.position(of: "medium")! - 812 * 0.47) < 1e-9)
        #expect(g.position(of: "large") == 57)
        let other = try Self.sheet(.uikit, Size(width: 390, height: 844)) { $0.detents = [.named("medium"), .named("large")] }
        #expect(abs(other.position(of: "medium")! - 844 * 0.47) < 1e-9)
        #expect(try Self.sheet(.uikit).detents.map(\.name) == ["large"])  // detents default [.large()]
    }

    // FloatingPanel Layout.swift:36-38: full 18 below the safe top, half at half the safe area, tip 69 above the
    // safe bottom; hidden 100 below the container (Layout.swift:290-301); each rounded to the display scale, halves
    // away from zero (Layout.swift:318-319, `rounded(by:)`).
    @Test func floatingPanelAnchorsOnTwoScreens() throws {
        let g = try Self.sheet(.floatingpanel) { $0.hideable = true }
        #expect(Self.positions(g) == ["tip": 709, "half": 1238.0 / 3, "full": 65])  // 412.5 at 3 px per point
        #expect(g.hiddenPosition == 912)
        let other = try Self.sheet(.floatingpanel, Size(width: 390, height: 844))
        #expect(Self.positions(other) == ["tip": 741, "half": 1286.0 / 3, "full": 65])  // 428.5
        #expect(!other.canHide)
        let one = try Self.sheet(.floatingpanel, Size(width: 390, height: 844)) { $0.displayScale = 1 }
        #expect(Self.positions(one) == ["tip": 741, "half": 429, "full": 65])
        let two = try Self.sheet(.floatingpanel, Size(width: 390, height: 844)) { $0.displayScale = 2 }
        #expect(Self.positions(two) == ["tip": 741, "half": 428.5, "full": 65])
    }

    // gorhom normalizeSnapPoint: max(0, H − height); percentages of H; the dynamic detent adds the 24 pt handle.
    @Test func gorhomSnapPoints() throws {
        let g = try Self.sheet(.gorhom) {
            $0.detents = [.height(name: "peek", 200), .fraction(name: "half", 0.5), .content]
            $0.contentHeight = 600
        }
        #expect(g.detents.map(\.name) == ["peek", "half", "content"])
        #expect(Self.positions(g) == ["peek": 612, "half": 406, "content": 188])
        let dynamic = try Self.sheet(.gorhom, Self.android) { $0.contentHeight = 630 }
        #expect(Self.positions(dynamic) == ["content": 0])  // min(630 + 24, H) = H
    }

    // vaul use-snap-points.ts:75-109: a number is a fraction of the height, offset H − height; no snap points: one
    // open drawer of the content's height.
    @Test func vaulSnapPointsAndSingleDrawer() throws {
        let g = try Self.sheet(.vaul) { $0.detents = [.fraction(name: "quarter", 0.25), .fraction(name: "full", 1)] }
        #expect(Self.positions(g) == ["quarter": 609, "full": 0])
        let single = try Self.sheet(.vaul) { $0.contentHeight = 400 }
        #expect(Self.positions(single) == ["open": 412])
        #expect(single.canHide)
    }

    @Test func insetDetentIsBelowTheSafeAreaTop() throws {
        let g = try Self.sheet(.uikit) { $0.detents = [.inset(name: "tall", 20)] }
        #expect(g.position(of: "tall") == 67)
    }

    // DESIGN §13: the closed fraction is 0 at the largest detent, 1 at the lowest resting position, below 0 past
    // the largest.
    @Test func closedFractionIsKeyedToLargestAndLowestResting() throws {
        let fp = try Self.sheet(.floatingpanel)
        #expect(fp.closedFraction(at: 65) == 0)
        #expect(fp.closedFraction(at: 709) == 1)
        #expect(fp.closedFraction(at: 0) < 0)
        let hideable = try Self.sheet(.floatingpanel) { $0.hideable = true }
        #expect(hideable.closedFraction(at: 912) == 1)
        #expect(hideable.detentFractions.map(\.name) == ["tip", "half", "full", "hidden"])
        let single = try Self.sheet(.uikit) { $0.hideable = false }
        #expect(single.closedFraction(at: 812) == 1)  // one detent, not hideable: measured from hidden
    }

    // The top edge: the same detents measured from the top, with the safe area's top and bottom swapped.
    @Test func topEdgeSwapsTheSafeArea() throws {
        let g = try Self.sheet(.floatingpanel, safe: SafeAreaInsets(top: 34, bottom: 47)) { $0.edge = .top }
        #expect(Self.positions(g) == Self.positions(try Self.sheet(.floatingpanel)))
    }

    // DESIGN §13 bad input: unknown detent names, fractions outside 0…1, heights beyond the container, an
    // initialDetent not among the detents; every problem with its path.
    @Test func badInputNamesEveryPath() {
        func issues(_ behavior: SheetBehavior, _ edit: (inout SheetConfiguration) -> Void) -> [String] {
            var c = SheetConfiguration(size: Self.phone, behavior: behavior)
            edit(&c)
            do {
                _ = try SheetGeometry.resolve(c)
                return []
            } catch {
                return error.issues.map(\.description)
            }
        }
        let many = issues(.gorhom) {
            $0.detents = [.fraction(name: "a", 1.5), .height(name: "b", 900), .named("tip"), .content]
            $0.initialDetent = "nope"
        }
        #expect(many.contains("detents[0].fraction: expected a fraction of the container's height between 0 and 1, got 1.5"))
        #expect(many.contains("detents[1].height: expected a height within the container (0…812), got 900"))
        #expect(many.contains { $0.hasPrefix("detents[2]: unknown detent 'tip' for gorhom") })
        #expect(many.contains("detents[3]: a \"content\" detent needs the container's contentHeight"))
        let initial = issues(.floatingpanel) { $0.initialDetent = "full2" }
        #expect(initial == ["initialDetent: expected one of the detents (tip, half, full, hidden), got 'full2'"])
        #expect(
            issues(.material) { $0.detents = [.height(name: "x", 100)] }.first?.hasPrefix(
                "detents[0]: material takes only its named detents") == true)
        #expect(issues(.material) { $0.halfExpandedRatio = 1 } == ["halfExpandedRatio: expected a ratio strictly between 0 and 1, got 1"])
        #expect(issues(.compose) { $0.contentHeight = 1000 } == ["contentHeight: expected a height within the container (0…812), got 1000"])
        #expect(issues(.uikit) { $0.detents = [] } == ["detents: expected at least one detent, got an empty list"])
        #expect(issues(.uikit) { $0.detents = [.named("large"), .named("large")] } == ["detents[1]: detent 'large' is listed twice"])
        #expect(issues(.uikit) { $0.undimmedDetent = "small" }.count == 1)
        #expect(issues(.gorhom) { _ in }.first?.hasPrefix("detents: gorhom takes its snap points") == true)
        #expect(
            issues(.material) {
                $0.detents = [.named("collapsed"), .named("expanded"), .named("hidden")]; $0.hideable = false
            } == ["detents[2]: 'hidden' is listed but hideable is false"])
        #expect(
            issues(.vaul) { $0.detents = [.height(name: "hidden", 10)] } == ["detents[0].name: expected a detent name other than 'hidden'"])
    }
}
