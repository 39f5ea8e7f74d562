// The host of a grid scenario: a host per cell, stepped together, their frames laid out in one.

/// Runs a grid scenario's cells (`ScenarioGrid`) in lockstep and writes one frame of them all: each cell's nodes
/// moved to its place, renamed `cell.LABEL/ROLE`, then every caption. The cells' order is the drawing order, each
/// cell's nodes in their own back-to-front order; the frame's `cells` say where each cell is and which nodes it
/// holds, so that every writer clips a cell's nodes to its rectangle. The frame's state, family fields and
/// fractions are the first cell's; its events are every cell's, in cell order.
struct HostGrid: Sendable {
    /// The cells' hosts, in cell order.
    private(set) var hosts: [PaneHost]
    private let grid: ScenarioGrid
    /// The size of a cell's run, in points.
    private let cellSize: Size
    /// The caption role of each cell.
    private let captions: [Role]
    /// Each cell's frame, reused.
    private var frames: [Frame]
    /// Each cell's role names in the grid's frame, made the first time a role shows in that cell.
    private var renamed: [[Role: Role]]

    /// The grid of `hosts` (one per cell of `grid`, in order), each running `cellSize` points.
    init(_ grid: ScenarioGrid, hosts: [PaneHost], cellSize: Size) {
        precondition(hosts.count == grid.cells.count && !hosts.isEmpty, "a grid has a host per cell")
        self.grid = grid
        self.hosts = hosts
        self.cellSize = cellSize
        captions = grid.cells.map { Role.cell.member(named: $0.label) }
        frames = hosts.map {
            Frame(
                index: 0, time: 0, container: $0.container.kind, state: .closed, fractions: Fractions(), size: cellSize, nodes: [],
                events: [])
        }
        renamed = Array(repeating: [:], count: hosts.count)
    }

    /// The captions' drawing order: above every node of the cells.
    static let captionZ = 1_000_000

    /// The size of the grid's frame.
    var size: Size { grid.size(cell: cellSize) }

    /// Whether every cell is at rest.
    var isAtRest: Bool { hosts.allSatisfy(\.isAtRest) }

    /// Gives each cell's host the grid host's error and warning settings.
    mutating func configure(strict: Bool, onWarning: (@Sendable (String) -> Void)?) {
        for i in hosts.indices {
            hosts[i].strict = strict
            guard let onWarning else {
                hosts[i].onWarning = nil
                continue
            }
            let label = grid.cells[i].label
            hosts[i].onWarning = { onWarning("cell \(label): \($0)") }
        }
    }

    /// Queues `action` at `time` in every cell.
    mutating func schedule(_ action: Action, at time: Double) {
        for i in hosts.indices { hosts[i].schedule(action, at: time) }
    }

    /// The cell whose run contains `point` (grid coordinates), or the first; and `point` in that cell's coordinates.
    func cell(at point: Point) -> (index: Int, point: Point) {
        for i in hosts.indices {
            let o = grid.origin(ofCell: i, cell: cellSize)
            let local = Point(x: point.x - o.x, y: point.y - o.y)
            if local.x >= 0, local.y >= 0, local.x <= cellSize.width, local.y <= cellSize.height { return (i, local) }
        }
        let o = grid.origin(ofCell: 0, cell: cellSize)
        return (0, Point(x: point.x - o.x, y: point.y - o.y))
    }

    /// A touch on the grid: the same touch, at the same place in its cell, in every cell (one drag plays in all).
    mutating func touch(_ phase: TouchPhase, _ point: Point, at timestamp: Double) {
        let local = cell(at: point).point
        for i in hosts.indices { hosts[i].touch(phase, local, at: timestamp) }
    }

    /// Steps every cell to `t` and writes the grid's frame into `frame`, reusing its storage.
    mutating func step(into frame: inout Frame, at t: Double, index: Int) throws {
        var nodes = frame.nodes, events = frame.events, cells = frame.cells
        frame.nodes = []
        frame.events = []
        frame.cells = []
        nodes.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        for i in hosts.indices {
            try hosts[i].step(into: &frames[i], at: t)
            let o = grid.origin(ofCell: i, cell: cellSize)
            let start = nodes.count
            for var node in frames[i].nodes {
                node.role = role(node.role, inCell: i)
                node.frame.origin.x += o.x
                node.frame.origin.y += o.y
                nodes.append(node)
            }
            // The cell's rectangle clips its nodes in every writer: a carousel's neighbours posed past the cell's
            // edges do not cover the next cell.
            cells.append(FrameCell(label: grid.cells[i].label, rect: Rect(origin: o, size: cellSize), nodes: start..<nodes.count))
            events.append(contentsOf: frames[i].events)
        }
        // The captions last, outside every cell's rectangle, so no cell's clip cuts them.
        for i in hosts.indices {
            let o = grid.origin(ofCell: i, cell: cellSize)
            let caption = Rect(x: o.x, y: o.y - ScenarioGrid.captionHeight, width: cellSize.width, height: ScenarioGrid.captionHeight)
            nodes.append(Node(role: captions[i], frame: caption, style: NodeStyle(z: Self.captionZ), accessible: false))
        }
        let first = frames[0]
        frame.index = index
        frame.time = t
        frame.container = first.container
        frame.state = first.state
        frame.fractions = first.fractions
        frame.fields = first.fields
        frame.size = size
        frame.escape = frames.contains { $0.escape }
        frame.nodes = nodes
        frame.events = events
        frame.cells = cells
    }

    /// The grid's role for `role` in cell `cell`.
    private mutating func role(_ role: Role, inCell cell: Int) -> Role {
        if let made = renamed[cell][role] { return made }
        let made = Role.cell(grid.cells[cell].label, role)
        renamed[cell][role] = made
        return made
    }
}
