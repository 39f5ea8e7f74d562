// Stand-ins for the UIKit and Core Animation declarations the README's display-link example uses, with their Apple
// signatures, so `ReadmeDriverTests` can type-check the example on Linux, where neither framework exists.

/// The stand-in source, compiled beside the README's example (Foundation provides CGFloat, CGPoint, CGSize, CGRect).
enum DisplayLinkStandIns {
    static let source = #"""
        import Foundation

        typealias CFTimeInterval = Double

        struct Selector {
            init(_ name: String) {}
        }

        final class CADisplayLink {
            init(target: Any, selector: Selector) {}
            var timestamp: CFTimeInterval { 0 }
            func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
            func invalidate() {}
        }

        final class CGColor {
            init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
        }

        struct CATransform3D {
            var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
            var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
            var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
            var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
        }

        enum CATransaction {
            static func begin() {}
            static func setDisableActions(_ flag: Bool) {}
            static func commit() {}
        }

        class CALayer {
            var isHidden = false
            var opacity: Float = 1
            var zPosition: CGFloat = 0
            var anchorPoint = CGPoint(x: 0.5, y: 0.5)
            var bounds = CGRect.zero
            var position = CGPoint.zero
            var transform = CATransform3D(
                m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0,
                m43: 0, m44: 1)
            var shadowRadius: CGFloat = 3
            var shadowOpacity: Float = 0
            var shadowOffset = CGSize(width: 0, height: -3)
            var shadowColor: CGColor?
            var backgroundColor: CGColor?
        }

        class UIView {
            var bounds = CGRect.zero
            let layer = CALayer()
        }

        final class UITouch: Hashable {
            var timestamp: TimeInterval { 0 }
            func location(in view: UIView?) -> CGPoint { .zero }
            static func == (a: UITouch, b: UITouch) -> Bool { a === b }
            func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
        }
        """#
}
