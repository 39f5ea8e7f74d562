// The sheet's nodes on a frame: the content behind, the dimming, the sheet and its grabber, mirrored for a top
// sheet.

/// The rectangles of a sheet's nodes, in container coordinates.
package struct SheetLayout: Sendable, Hashable {
    /// The content behind the sheet (the whole container).
    package var pane: Rect
    /// The dimming view (the whole container).
    package var overlay: Rect
    /// The sheet: from its top edge to the container's edge.
    package var sheet: Rect
    /// The grabber, centred near the sheet's top edge.
    package var grabber: Rect
}

extension SheetContainer {
    /// Each behavior's grabber: width, height and distance from the sheet's top edge, in points. M3's drag handle
    /// 32 × 4 with 22 of padding (SheetDefaults.kt); FloatingPanel's 36 × 5 at 6 (SurfaceView.swift:95-105); UIKit's,
    /// gorhom's indicator and vaul's handle position are choices (docs/compat.md).
    package static func grabberMetrics(_ behavior: SheetBehavior) -> (width: Double, height: Double, top: Double) {
        switch behavior {
        case .material, .compose: (32, 4, 22)
        case .uikit: (36, 5, 5)
        case .floatingpanel: (36, 5, 6)
        case .gorhom: (30, 4, 10)
        case .vaul: (32, 5, 8)
        }
    }

    /// The nodes' rectangles now.
    package var layout: SheetLayout {
        let W = size.width, H = size.height
        let bounds = Rect(x: 0, y: 0, width: W, height: H)
        let g = Self.grabberMetrics(behavior)
        let edges = keyboardEdges
        var sheet = Rect(x: 0, y: edges.top, width: W, height: max(edges.bottom - edges.top, 0))
        var grabber = Rect(x: (W - g.width) / 2, y: edges.top + g.top, width: g.width, height: g.height)
        let eased = backEased
        if eased > 0 {
            // Predictive back: the sheet shrinks about its bottom edge; its content keeps its aspect ratio, scaled
            // by the sheet's horizontal scale from the sheet's top (MDC counter-scales the children).
            let shrunk = SheetBackMotion.shrink(sheet, eased: eased)
            let s = W > 0 ? shrunk.size.width / W : 1
            grabber = Rect(x: (W - g.width * s) / 2, y: shrunk.origin.y + g.top * s, width: g.width * s, height: g.height * s)
            sheet = shrunk
        }
        if edge == .top {
            sheet.origin.y = H - sheet.origin.y - sheet.size.height
            grabber.origin.y = H - grabber.origin.y - grabber.size.height
        }
        return SheetLayout(pane: bounds, overlay: bounds, sheet: sheet, grabber: grabber)
    }

    /// The sheet's regions whose content offset is not 0, in the coordinates of the sheet's node `frame`: a top
    /// sheet's regions measured from its bottom edge, and under predictive back scaled with the content (by the
    /// sheet's horizontal scale, from its top). Empty, without allocating, while every region is at 0.
    func contentScroll(in frame: Rect) -> NodeScrolls {
        let offsets = scroll.offsets
        guard offsets.contains(where: { $0 != 0 }) else { return NodeScrolls() }
        let s = size.width > 0 ? frame.width / size.width : 1
        var out = NodeScrolls()
        for (r, region) in scroll.regions.enumerated() where region.space == .sheet && offsets[r] != 0 {
            var rect = Rect(x: region.rect.x * s, y: region.rect.y * s, width: region.rect.width * s, height: region.rect.height * s)
            if edge == .top { rect.origin.y = frame.height - rect.origin.y - rect.size.height }
            out.append(ContentScroll(rect: rect, offset: offsets[r] * s))
        }
        return out
    }

    /// Writes the nodes back to front (pane, overlay, sheet, grabber, a raised keyboard) and the sheet's subject
    /// (its edge's closed fraction) into `pose`. The overlay carries the behavior's dimming as a black fill at that
    /// alpha, hidden when 0.
    /// - Complexity: five nodes, no allocation beyond the pose's storage.
    package func pose(into pose: inout Pose) {
        let l = layout
        pose.nodes.append(Node(role: .pane, frame: l.pane))
        var overlay = NodeStyle()
        let alpha = dimming
        overlay.alpha = alpha
        overlay.color = .black
        overlay.hidden = alpha <= 0
        pose.nodes.append(Node(role: .overlay, frame: l.overlay, style: overlay))
        var sheet = Node(role: .sheet, frame: l.sheet)
        sheet.scrolls = contentScroll(in: l.sheet)
        pose.nodes.append(sheet)
        pose.nodes.append(Node(role: .grabber, frame: l.grabber))
        if let keyboard = keyboardNode { pose.nodes.append(keyboard) }
        let span = geometry.lowestPosition - geometry.largestPosition
        pose.subjects.append(
            .drawer(
                edge.direction, role: .sheet, closed: closedFraction, velocity: span > 0 ? velocity / span : 0,
                reveal: size.height - geometry.largestPosition, styled: true))
    }
}
