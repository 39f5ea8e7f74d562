// The sheet's predictive back (reference/sheets.md §1.2, §1b): material's BottomSheetBehavior with
// MaterialBottomContainerBackHelper, and Compose's ModalBottomSheet.

extension SheetContainer {
    /// Starts a predictive back: only material and Compose sheets take it, and only while shown (MDC registers its
    /// back callback for a shown sheet; Compose's handler is enabled while the target is not Hidden). A new back
    /// replaces one that is still easing out.
    mutating func startBack(_ gesture: BackGesture, at time: Double, events: inout [Event]) {
        guard behavior == .material || behavior == .compose else {
            return events.append(
                .actionIgnored(action: "back", reason: "predictive back is Android's: only material and compose sheets take it"))
        }
        guard detent != "hidden" else { return events.append(.actionIgnored(action: "back", reason: "the sheet is hidden")) }
        back = SheetBack(gesture: gesture, start: time, release: nil)
        if gesture.duration == 0 { endBack(events: &events) }
    }

    /// Ends the gesture at its last sample: a cancel eases the shrink away; a commit goes where the platform's
    /// back goes (material: hidden when hideable, else collapsed; Compose: from expanded to partially expanded
    /// when that anchor exists, else hidden).
    mutating func endBack(events: inout [Event]) {
        guard var b = back, b.release == nil else { return }
        let end = b.end
        let eased = b.trackEased(at: end)
        let raw = b.gesture.progress[b.gesture.progress.count - 1]
        b.release = .heldWhileMoving(eased)
        back = b
        // Bring any running settle to the gesture's end first, so the commit starts from where the sheet is then.
        advanceMotion(to: end, events: &events)
        var target: String?
        if b.gesture.commit {
            switch behavior {
            case .material:
                target = geometry.canHide ? "hidden" : (geometry.position(of: "collapsed") != nil ? "collapsed" : nil)
            default:
                if settledDetent == "expanded", geometry.position(of: "partiallyExpanded") != nil {
                    target = "partiallyExpanded"
                } else if geometry.canHide {
                    target = "hidden"
                } else {
                    events.append(.actionIgnored(action: "back", reason: "the sheet is not hideable"))
                }
            }
        }
        if target == "hidden" {
            if behavior == .material {
                // finishBackProgressNotPersistent: the shrunk sheet slides out along FastOutSlowIn in
                // lerp(300, 150, progress) ms, then the state becomes HIDDEN.
                slideOut(after: raw, at: end, events: &events)
            } else {
                startSettle(to: "hidden", velocity: 0, kind: .move, timing: nil, animated: true, at: end, events: &events)
            }
            return
        }
        let reset = resetTween(from: eased, progress: raw, committed: b.gesture.commit, at: end)
        back?.release = .reset(reset)
        if let target, target != settledDetent || position != geometry.position(of: target) {
            startSettle(to: target, velocity: 0, kind: .move, timing: nil, animated: true, at: end, events: &events)
        }
    }

    /// How the shrink eases away: material's reset animator (FastOutSlowIn, 100 ms when cancelled,
    /// lerp(300, 150, progress) ms when a committed back collapses the sheet); Compose's default spring.
    private func resetTween(from eased: Double, progress raw: Double, committed: Bool, at time: Double) -> Tween {
        guard behavior == .material else { return Tween(from: eased, to: 0, start: time, spring: SheetBackMotion.composeReset) }
        let duration = committed ? SheetBackMotion.materialCommitDuration(progress: raw) : SheetBackMotion.materialCancelDuration
        return Tween(from: eased, to: 0, start: time, duration: duration, curve: SheetBackMotion.fastOutSlowIn)
    }

    /// Material's committed back on a hideable sheet: the sheet moves to hidden along FastOutSlowIn, keeping its
    /// shrink until it lands.
    private mutating func slideOut(after raw: Double, at time: Double, events: inout [Event]) {
        startSettle(to: "hidden", velocity: 0, kind: .move, timing: nil, animated: true, at: time, events: &events)
        guard settle != nil else { return }
        let duration = SheetBackMotion.materialCommitDuration(progress: raw)
        settle = .tween(
            Tween(from: position, to: geometry.hiddenPosition, start: time, duration: duration, curve: SheetBackMotion.fastOutSlowIn))
    }

    /// The eased progress that shrinks the sheet now (0 when no back is under way).
    var backEased: Double {
        guard let b = back else { return 0 }
        switch b.release {
        case nil: return b.trackEased(at: now)
        case .reset(let tween): return tween.value(at: now)
        case .heldWhileMoving(let eased): return state == .opening || state == .closing ? eased : 0
        }
    }

    /// Whether no back is under way or easing out.
    var backIsOver: Bool {
        guard let b = back else { return true }
        switch b.release {
        case nil: return false
        case .reset(let tween): return tween.isFinished(at: now)
        case .heldWhileMoving: return !(state == .opening || state == .closing)
        }
    }
}
