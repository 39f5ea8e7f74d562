// The drawer's velocities, which its pose reads every frame: the quick answers inlined, the tweens' out of line.

extension DrawerContainer {
    /// The pane offset's rate of change at `time` (the time the container was last advanced to), pt/s.
    /// Inlined into the pose with the quick answers; a tween's velocity off the frame's time is out of line
    /// (`tweenVelocity(_:_:at:)`), so that the pose reads no tween unless it needs one.
    @inline(__always)
    func paneVelocity(at time: Double) -> Double {
        if drag != nil { return tracks.pane.rate }
        switch phase {
        case .none, .bounce: return 0
        default: break
        }
        if time == now, let paneRateNow { return paneRateNow }
        return Self.tweenVelocity(phase, tweens, at: time)
    }

    /// `paneVelocity(at:)` from the running tween of `phase` in `tweens`. Static, with only what it reads: a method
    /// on the container called from the inlined pose made the witness copy the whole container again.
    @inline(never)
    static func tweenVelocity(
        _ phase: Phase, _ tweens: UnsafeMutablePointer<(Tween, Tween, Tween)>, at time: Double
    ) -> Double {
        switch phase {
        case .none, .bounce: return 0
        case .slide, .resize: return tweens.pointee.0.velocity(at: time)
        case .fullClose:
            return time < tweens.pointee.2.start ? tweens.pointee.0.velocity(at: time) : tweens.pointee.2.velocity(at: time)
        }
    }

    /// The drawer width's rate of change at `time`, pt/s (width changes and the full close). Inlined into the pose
    /// with the quick answer, as `paneVelocity(at:)`.
    @inline(__always)
    func drawerWidthVelocity(_ side: Direction, at time: Double) -> Double {
        switch phase {
        case .fullClose(side), .resize(side): return Self.tweenWidthVelocity(side, phase, tweens, at: time)
        default: return 0
        }
    }

    /// `drawerWidthVelocity(_:at:)` from the running tweens (static, as `tweenVelocity`).
    @inline(never)
    static func tweenWidthVelocity(
        _ side: Direction, _ phase: Phase, _ tweens: UnsafeMutablePointer<(Tween, Tween, Tween)>, at time: Double
    ) -> Double {
        switch phase {
        case .fullClose(side): return time < tweens.pointee.0.end ? tweens.pointee.1.velocity(at: time) : 0
        case .resize(side): return tweens.pointee.1.velocity(at: time)
        default: return 0
        }
    }
}
