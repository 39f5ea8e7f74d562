import Testing

@testable import PaneKit

/// `Node.scroll` keeps its regions in the node itself: a node is plain data, and the list still reads, writes and
/// compares as the array of regions it is.
struct NodeScrollTests {
    static let a = ContentScroll(rect: Rect(x: 0, y: 40, width: 390, height: 747), offset: 12)
    static let b = ContentScroll(rect: Rect(x: 0, y: 800, width: 390, height: 100), offset: -3.5)

    /// The host empties last frame's nodes every frame: with no reference in a node that is a count set to 0,
    /// not a destroy per node through the runtime.
    @Test func aNodeIsPlainData() {
        #expect(_isPOD(Node.self))
    }

    @Test func theRegionsReadBackInOrder() {
        var node = Node(role: .sheet, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(node.scroll.isEmpty)
        node.scroll.append(Self.a)
        node.scroll.append(Self.b)
        #expect(node.scroll == [Self.a, Self.b])
        #expect(node.scroll.map(\.offset) == [12, -3.5])
        node.scroll[1].offset = 7
        #expect(node.scroll[1] == ContentScroll(rect: Self.b.rect, offset: 7))
        node.scroll.removeFirst()
        #expect(node.scroll == [ContentScroll(rect: Self.b.rect, offset: 7)])
        node.scroll = []
        #expect(node.scroll.isEmpty)
    }

    /// Equal regions make equal nodes, whatever was stored before: a removed region leaves nothing behind.
    @Test func nodesCompareByTheirRegions() {
        let frame = Rect(x: 0, y: 0, width: 390, height: 844)
        var shortened = Node(role: .sheet, frame: frame, scroll: [Self.a, Self.b, Self.a, Self.b])
        shortened.scroll.removeLast(3)
        let made = Node(role: .sheet, frame: frame, scroll: [Self.a])
        #expect(shortened == made)
        #expect(shortened.hashValue == made.hashValue)
        #expect(made != Node(role: .sheet, frame: frame, scroll: [Self.b]))
        #expect(made != Node(role: .sheet, frame: frame))
        #expect(Node(role: .sheet, frame: frame, scroll: [Self.a, Self.b]).scroll.count == 2)
    }

    /// A sheet puts at most four regions in its node: a fifth is refused when the sheet is made, naming the key.
    @Test func aSheetHoldsAtMostFourRegions() throws {
        var region = ScrollRegion(rect: Rect(x: 0, y: 60, width: 375, height: 100), axis: .vertical, range: 0...100, offset: 0)
        region.space = .sheet
        var c = SheetConfiguration(size: Size(width: 375, height: 812), behavior: .uikit)
        c.scrollRegions = Array(repeating: region, count: 4) + [ScrollRegion(rect: region.rect, range: 0...1, offset: 0)]
        _ = try SheetContainer(c)  // four in the sheet and one behind it
        c.scrollRegions.append(region)
        do {
            _ = try SheetContainer(c)
            Issue.record("a fifth region in the sheet was accepted")
        } catch {
            #expect(error.description == "scrollRegions: expected at most 4 regions in the sheet, got 5")
        }
    }
}
