// A node's scroll regions, stored in the node itself.

/// The scroll regions of a node (``Node/scroll``), at most ``capacity``, stored inline: a node then holds no
/// reference and is plain data, so emptying last frame's nodes is a count set to 0. With an array here every node
/// was destroyed through the runtime's generic array destroy, a call per node, on every frame.
struct NodeScrolls: RandomAccessCollection, Hashable, Sendable {
    /// The most regions a node holds; a sheet's configuration puts at most this many regions in the sheet.
    static let capacity = 4

    /// How many regions are stored.
    private var stored: UInt8 = 0
    // The slots; those past `stored` stay zero, so that the synthesised `==` and `hash(into:)` see only the regions.
    private var r0 = Self.zero, r1 = Self.zero, r2 = Self.zero, r3 = Self.zero

    /// No regions.
    init() {}

    /// The regions of `regions`, in order.
    /// - Precondition: at most ``capacity`` regions.
    init(_ regions: [ContentScroll]) {
        precondition(regions.count <= Self.capacity, "a node holds at most \(Self.capacity) scroll regions, got \(regions.count)")
        for region in regions { append(region) }
    }

    /// An empty slot's value.
    @inline(__always) private static var zero: ContentScroll {
        ContentScroll(rect: Rect(x: 0, y: 0, width: 0, height: 0), offset: 0)
    }

    /// 0.
    var startIndex: Int { 0 }
    /// The number of regions.
    var endIndex: Int { Int(stored) }

    /// The region at `i`.
    /// - Precondition: `i` is in `0..<count`.
    subscript(i: Int) -> ContentScroll {
        precondition(i >= 0 && i < endIndex, "scroll region index \(i) out of range 0..<\(endIndex)")
        switch i {
        case 0: return r0
        case 1: return r1
        case 2: return r2
        default: return r3
        }
    }

    /// Adds `region` after the others.
    /// - Precondition: fewer than ``capacity`` regions are stored.
    mutating func append(_ region: ContentScroll) {
        precondition(endIndex < Self.capacity, "a node holds at most \(Self.capacity) scroll regions")
        switch stored {
        case 0: r0 = region
        case 1: r1 = region
        case 2: r2 = region
        default: r3 = region
        }
        stored += 1
    }
}
