// The options of the drawer container (MMDrawerController), with the original's defaults.

/// The drawer container's configuration. Defaults are MMDrawerController's (reference/mmdrawer.md §1).
public struct DrawerConfiguration: Sendable, Hashable {
    /// The container's size in points.
    public var size: Size
    /// The maximum width of each drawer that exists (left and right only); a missing key means no drawer.
    public var widths: [Direction: Double]
    /// Whether the pane moves aside (``DrawerOpenMode/push``) or the drawer slides over it (``DrawerOpenMode/above``).
    public var openMode: DrawerOpenMode = .push
    /// shouldStretchDrawer: the drawer stretches when pulled past its maximum width.
    public var stretch: Bool = true
    /// The speed of the left drawer's animations in points per second (MM's animationVelocityLeft).
    public var animationVelocityLeft: Double = 840
    /// The speed of the right drawer's animations in points per second (MM's animationVelocityRight).
    public var animationVelocityRight: Double = 840
    /// How far the bounce preview opens the drawer, in points.
    public var bounceDistance: Double = 50
    /// Whether the pane casts ``shadow`` onto the drawer.
    public var showsShadow: Bool = true
    /// The pane's shadow when ``showsShadow`` is on: MM's radius 10 pt, opacity 0.8, offset (0, −3) pt.
    public var shadow = Shadow(radius: 10, opacity: 0.8, offset: Point(x: 0, y: -3), color: .black)
    /// Whether a status-bar background node (``Role/statusbar``) sits above the content.
    public var showsStatusBarBackgroundView: Bool = false
    /// The status-bar background's colour.
    public var statusBarViewBackgroundColor: Color = .black
    /// The width in points of the edge strip where a bezel pan may start.
    public var bezelPanningCenterViewRange: Double = 20
    /// The horizontal release speed in points per second above which a pan settles in the direction of the throw.
    public var panVelocityXAnimationThreshold: Double = 200
    /// The gestures that may open a drawer while all are closed (MM's openDrawerGestureModeMask; none by default).
    public var openGestures: DrawerOpenGestures = []
    /// The gestures that may close the open drawer (MM's closeDrawerGestureModeMask; none by default).
    public var closeGestures: DrawerCloseGestures = []
    /// Which touches the pane's content receives while a drawer is open (stored for the app; see the type).
    public var centerHiddenInteractionMode: CenterHiddenInteractionMode = .navigationBarOnly
    /// Retargeting (DESIGN §12, off as in MM): open and close during a slide start from the current position and
    /// velocity instead of being refused, and a pan catches a sliding pane where it is.
    public var interruptible = false
    /// The timing of transitions that name none, releases included (nil: MM's curves and durations). A release
    /// hands the finger's velocity to it.
    public var timing: Timing?
    /// The pan policy (DESIGN §12); an empty one keeps MM's numbers (`Container+Arbitration.swift` resolves it).
    public var panPolicy = PanPolicy()
    /// Scrolling regions inside the content that take a pan before the drawer does.
    public var scrollRegions: [ScrollRegion] = []
    /// The reading direction (DESIGN §12): `rtl` runs the mirror image of `leftToRightCounterpart`.
    public var layoutDirection = LayoutDirection.ltr

    /// MM's default maximum drawer width, 280 points.
    public static let defaultWidth = 280.0
    /// The shortest transition, 0.15 seconds, however short the distance.
    package static let minimumDuration = 0.15
    /// The pause in seconds between the old pane leaving and the new one arriving in a full-close replace.
    package static let fullClosePause = 0.10
    /// The length of the bounce preview in seconds.
    package static let bounceDuration = 0.8
    /// The status-bar background's height in points.
    package static let statusBarHeight = 20.0
    /// The bounce keyframes in 128ths of the distance: three decaying swings, 32 keys spread over 0.8 s.
    package static let bounceKeys: [Double] = [
        0, 32, 60, 83, 100, 114, 124, 128, 128, 124, 114, 100, 83, 60, 32, 0,
        24, 42, 54, 62, 64, 62, 54, 42, 24, 0, 18, 28, 32, 28, 18, 0,
    ]
    /// The names of MM's open-gesture mask bits, as scenario files write them.
    package static let openGestureNames = DrawerOpenGestures.names.map(\.name)
    /// The names of MM's close-gesture mask bits.
    package static let closeGestureNames = DrawerCloseGestures.names.map(\.name)

    /// A configuration with MM's defaults for a container of `size` and drawers of the given maximum widths in points.
    public init(size: Size, widths: [Direction: Double] = [.left: defaultWidth, .right: defaultWidth]) {
        self.size = size
        self.widths = widths
    }

    /// The animation velocity used towards `side` (the right one when no side is given, as the fork does).
    package func velocity(_ side: Direction?) -> Double {
        side == .left ? animationVelocityLeft : animationVelocityRight
    }

    /// MM's duration rule: distance over velocity, at least 0.15 s; 0 when not animated.
    package static func duration(distance: Double, velocity: Double, animated: Bool = true) -> Double {
        guard animated else { return 0 }
        return max(abs(distance) / abs(velocity), minimumDuration)
    }

    /// MM's pan constraint with stretch: where the pane's x lands for a raw x (reference §4, steps 3–4),
    /// including the final floor to whole points.
    /// - Parameters:
    ///   - raw: the pane's x before the constraint (start x plus the pan's translation).
    ///   - containerWidth: the width of the pane's container (Vc).
    package func constrainedPaneX(raw: Double, containerWidth: Double) -> Double {
        let wl = widths[.left] ?? 0, wr = widths[.right] ?? 0
        let x: Double
        if raw < -wr {
            x = stretch && widths[.right] != nil ? -wr - Self.overshoot(raw: raw, width: wr, containerWidth: containerWidth) : -wr
        } else if raw > wl {
            x = stretch && widths[.left] != nil ? wl + Self.overshoot(raw: raw, width: wl, containerWidth: containerWidth) : wl
        } else {
            x = raw
        }
        return x.rounded(.down)
    }

    /// The stretch past a maximum width W: 1:1 for the first 0.75·M (M = 0.1·(Vc − W)), then a soft approach to
    /// 1.5·M. The soft part is rounded half away from zero, as the original does.
    static func overshoot(raw: Double, width: Double, containerWidth: Double) -> Double {
        let m = 0.1 * (containerWidth - width)
        let linear = 0.75 * m
        let delta = abs(abs(raw) - width)
        if delta < linear { return delta }
        let over = linear + (delta - linear) * linear / ((delta - linear) * (delta - linear) + 15000).squareRoot()
        return over.rounded(.toNearestOrAwayFromZero)
    }
}
