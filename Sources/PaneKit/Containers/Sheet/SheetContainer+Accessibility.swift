// Where touches and screen readers reach around a sheet: the pane behind an undimmed sheet takes taps and stays
// accessible; a dimming sheet is modal, its overlay tap dismisses it as the behavior does, and it announces the
// detents it comes to rest at.

extension SheetContainer {
    /// Whether a touch outside the sheet reaches the pane behind: UIKit's undimmed area, FloatingPanel's backdrop
    /// once UIKit's hit-testing skips it (alpha below 0.01), gorhom's backdrop at or below its `disappearsOnIndex`
    /// (pointer events `none`), material's and Compose's dialogs only once hidden; vaul's modal drawer takes every
    /// touch outside while open, unless `undimmedDetent` makes it non-modal below it (docs/compat.md).
    var passesTouchesThrough: Bool {
        switch behavior {
        case .floatingpanel: return dimming < 0.01
        case .vaul where configuration.undimmedDetent == nil: return position >= geometry.hiddenPosition
        default: return dimming <= 0
        }
    }

    /// Why a tap on the dimmed overlay does not dismiss the sheet, or nil when it does: FloatingPanel's backdrop
    /// tap is off by default; gorhom's backdrop `pressBehavior` 'close' closes whatever `enablePanDownToClose`
    /// says; the others dismiss when the sheet can hide (UIKit's `isModalInPresentation`, vaul's `dismissible`,
    /// material's `hideable`, Compose's hidden anchor).
    var overlayTapRefusal: String? {
        switch behavior {
        case .floatingpanel: return "FloatingPanel's backdrop does not dismiss on a tap"
        case .gorhom: return detent == "hidden" ? "the sheet is not hideable" : nil
        default: return geometry.canHide && detent != "hidden" ? nil : "the sheet is not hideable"
        }
    }

    /// What a screen reader says when the sheet rests at `name`: Material's state descriptions, `expanded` at the
    /// largest detent, `collapsed` at the smallest, `partially expanded` between; nothing once hidden (the focus
    /// goes back to the pane, a `focusChanged`).
    /// - Complexity: O(1), no allocation (constant strings).
    func announcement(for name: String) -> String? {
        let detents = geometry.detents
        if name == "hidden" { return nil }
        if name == detents[detents.count - 1].name { return "expanded" }
        return name == detents[0].name ? "collapsed" : "partially expanded"
    }

    /// A shown sheet holds focus (it takes it on the frame it is presented: `focusChanged`); where touches reach the
    /// pane behind it (``passesTouchesThrough``) the pane stays reachable and the sheet is not modal; elsewhere only
    /// the sheet is reachable, with its grabber and a raised keyboard. The escape (close) action is there only while
    /// the sheet can hide. A sheet shows while it is above its hidden position, at its lowest detent too (where the
    /// closed fraction of a sheet that cannot hide is 1).
    func sheetAccessibility(of pose: Pose) -> Accessibility {
        let subject = pose.subject(edge.direction)
        let showing = position < geometry.hiddenPosition && subject?.styled == true ? subject : nil
        var result = Accessibility.drawers(pose, showing: showing, contentStaysReachable: passesTouchesThrough)
        guard showing != nil else { return result }
        result.escape = geometry.canHide
        // The grabber is an element of its own (UIKit's grabber and M3's drag handle take accessibility actions to
        // change the detent); a raised keyboard takes input for the sheet.
        result.insert(.grabber)
        if keyboardHeight > 0 { result.insert(.keyboard) }
        return result
    }
}
