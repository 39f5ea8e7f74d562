// The Android docs' sample transformers (`page.zoom-out`, `page.depth`, reference/pagers.md §1.9) and the common
// transformer set after ToxicBakery's collection (§6.1), formula for formula, each writing a page's View properties.
//
// ToxicBakery's base class clamps the position to −1 … 1, cancels the slide (translationX = −W·p) unless the effect
// pages normally, and hides pages at ±1 or beyond (alpha 0); its subclass then sets its own properties.

import Foundation

/// One of the page transformers, by its formula.
package struct PageTransformerStyler: Styler {
    /// The formulas.
    package enum Kind: String, CaseIterable, Sendable {
        case zoomOut = "page.zoom-out", depth = "page.depth", accordion = "page.accordion", cubeIn = "page.cube-in"
        case cubeOut = "page.cube-out", flipHorizontal = "page.flip-horizontal", flipVertical = "page.flip-vertical"
        case rotateDown = "page.rotate-down", rotateUp = "page.rotate-up", stack = "page.stack", tablet = "page.tablet"
        case zoomIn = "page.zoom-in", zoomOutSlide = "page.zoom-out-slide"
        case backgroundToForeground = "page.background-to-foreground"
        case foregroundToBackground = "page.foreground-to-background", scaleInOut = "page.scale-in-out"

        /// Whether the pages slide (ToxicBakery's `isPagingEnabled`); the others are stacked.
        var pages: Bool {
            switch self {
            case .cubeIn, .cubeOut, .rotateDown, .rotateUp, .zoomOutSlide: true
            default: false
            }
        }
    }

    /// The formula.
    package let kind: Kind
    /// Its name.
    package var name: String { kind.rawValue }

    /// The transformer of `kind`.
    package init(_ kind: Kind) { self.kind = kind }

    /// `android.graphics.Camera`'s default location, 8 inches at 72 px per inch (TabletTransformer's offset).
    package static let tabletCamera = 576.0

    /// The page's View properties at offset `p`, for a page `w` long along the axis and `h` across.
    /// - Complexity: O(1), no allocation.
    package func view(p raw: Double, w: Double, h: Double) -> PageView {
        var v = PageView()
        switch kind {
        case .zoomOut: return Self.androidZoomOut(raw, w: w, h: h)
        case .depth: return Self.androidDepth(raw, w: w)
        default: break
        }
        let p = raw.isNaN ? 0 : min(max(raw, -1), 1)
        v.translationX = kind.pages ? 0 : -w * p
        v.alpha = p <= -1 || p >= 1 ? 0 : 1
        v.pivot = Point(x: 0, y: 0)
        switch kind {
        case .accordion:
            v.pivot = Point(x: p < 0 ? 0 : 1, y: 0)
            v.scaleX = p < 0 ? 1 + p : 1 - p
        case .backgroundToForeground:
            let s = max(p < 0 ? 1 : abs(1 - p), 0.5)
            (v.scaleX, v.scaleY, v.pivot) = (s, s, Point(x: 0.5, y: 0.5))
            v.translationX = p < 0 ? w * p : -w * p * 0.25
        case .foregroundToBackground:
            let s = max(p > 0 ? 1 : abs(1 + p), 0.5)
            (v.scaleX, v.scaleY, v.pivot) = (s, s, Point(x: 0.5, y: 0.5))
            v.translationX = p > 0 ? w * p : -w * p * 0.25
        case .cubeIn:
            v.pivot = Point(x: p > 0 ? 0 : 1, y: 0)
            v.rotationY = -90 * p
        case .cubeOut:
            v.cameraDistance = 20 * w
            v.pivot = Point(x: p < 0 ? 1 : 0, y: 0.5)
            v.rotationY = 90 * p
        case .flipHorizontal:
            v.pivot = Point(x: 0.5, y: 0.5)
            v.rotationY = 180 * p
            v.hidden = abs(p) >= 0.5
            if abs(v.rotationY) > 90 { v.alpha = 0 }
        case .flipVertical:
            v.pivot = Point(x: 0.5, y: 0.5)
            v.rotationX = -180 * p
            v.hidden = abs(p) >= 0.5
            if abs(v.rotationX) > 90 { v.alpha = 0 }
        case .rotateDown:
            v.pivot = Point(x: 0.5, y: 1)
            v.rotation = -15 * p * -1.25
        case .rotateUp:
            v.pivot = Point(x: 0.5, y: 0)
            v.rotation = -15 * p
        case .scaleInOut:
            v.pivot = Point(x: p < 0 ? 0 : 1, y: 0.5)
            let s = p < 0 ? 1 + p : 1 - p
            (v.scaleX, v.scaleY) = (s, s)
        case .stack:
            v.translationX = p < 0 ? 0 : -w * p
        case .tablet:
            let degrees = 30 * abs(p) * (p < 0 ? 1 : -1)
            v.pivot = Point(x: 0.5, y: 0)
            v.rotationY = degrees
            v.translationX = Self.tabletOffset(degrees, w: w, h: h)
        case .zoomIn:
            let s = p < 0 ? p + 1 : abs(1 - p)
            (v.scaleX, v.scaleY, v.pivot) = (s, s, Point(x: 0.5, y: 0.5))
            v.alpha = raw < -1 || raw > 1 ? 0 : 1 - (s - 1)
        case .zoomOutSlide:
            let s = max(0.85, 1 - abs(p))
            let vertical = h * (1 - s) / 2, horizontal = w * (1 - s) / 2
            v.translationX = p < 0 ? horizontal - vertical / 2 : -horizontal + vertical / 2
            (v.scaleX, v.scaleY, v.pivot) = (s, s, Point(x: 0.5, y: 0.5))
            v.alpha = 0.5 + (s - 0.85) / (1 - 0.85) * (1 - 0.5)
        case .zoomOut, .depth: break
        }
        return v
    }

    /// The Android docs' ZoomOutPageTransformer: the page shrinks to 0.85 and fades to 0.5 over its first 15 %
    /// off-centre, drawn in toward the centre; pages beyond ±1 are transparent. Pages slide.
    static func androidZoomOut(_ p: Double, w: Double, h: Double) -> PageView {
        var v = PageView()
        guard p >= -1, p <= 1 else {
            v.alpha = 0
            return v
        }
        let s = max(0.85, 1 - abs(p))
        let vertical = h * (1 - s) / 2, horizontal = w * (1 - s) / 2
        v.translationX = p < 0 ? horizontal - vertical / 2 : -horizontal + vertical / 2
        (v.scaleX, v.scaleY) = (s, s)
        v.alpha = 0.5 + (s - 0.85) / (1 - 0.85) * (1 - 0.5)
        return v
    }

    /// The Android docs' DepthPageTransformer (the ViewPager2 version, with translationZ −1 behind): a page leaving
    /// to the left slides; one coming from the right stays put, grows from 0.75 and fades in.
    static func androidDepth(_ p: Double, w: Double) -> PageView {
        var v = PageView()
        if p < -1 || p > 1 {
            v.alpha = 0
        } else if p > 0 {
            v.alpha = 1 - p
            v.translationX = -w * p
            let s = 0.75 + 0.25 * (1 - abs(p))
            (v.scaleX, v.scaleY) = (s, s)
            v.z = -1
        }
        return v
    }

    /// TabletTransformer's translationX: how far the rotated page's right edge moves in, seen by a camera 576 points
    /// away (the page turned by |degrees| about its centre), signed by the rotation.
    static func tabletOffset(_ degrees: Double, w: Double, h: Double) -> Double {
        let a = abs(degrees) * Double.pi / 180
        let x = w / 2, d = tabletCamera
        let projected = x * cos(a) * d / (d + x * sin(a))
        return (w - (w / 2 + projected)) * (degrees > 0 ? 1 : -1)
    }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let (w, h) = context.pageLengths
        view(p: context.offsetInPages, w: w, h: h).write(context, into: &edits)
    }
}
