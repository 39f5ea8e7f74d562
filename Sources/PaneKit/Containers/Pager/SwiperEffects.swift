// Swiper's six effects as page stylers (`swiper.*`, reference/pagers.md §5.1), with Swiper's defaults. A slide's
// `progress` is −offset; the 3-D effects are seen through `.swiper-3d`'s perspective of 1200 px from the container's
// centre; the stacking effects (cube, flip, cards, creative, fade) cancel the pager's slide as `virtualTranslate`
// does. Swiper's shadow elements are not nodes and are not drawn.

import Foundation

/// One Swiper effect.
package struct SwiperEffectStyler: Styler {
    /// The effects.
    package enum Kind: String, CaseIterable, Sendable {
        case cube = "swiper.cube", coverflow = "swiper.coverflow", flip = "swiper.flip", cards = "swiper.cards"
        case creative = "swiper.creative", fade = "swiper.fade"
    }

    /// One side's `creativeEffect` options (`prev` or `next`): translate x, y in % of the slide and z in px, rotations
    /// in degrees, scale, opacity.
    package struct Side: Sendable, Hashable {
        package var translate = (x: 0.0, y: 0.0, z: 0.0)
        package var rotate = (x: 0.0, y: 0.0, z: 0.0)
        package var scale = 1.0, opacity = 1.0

        /// Swiper's default: no motion at all.
        package init() {}

        package static func == (a: Side, b: Side) -> Bool {
            a.translate == b.translate && a.rotate == b.rotate && a.scale == b.scale && a.opacity == b.opacity
        }
        package func hash(into h: inout Hasher) {
            for v in [translate.x, translate.y, translate.z, rotate.x, rotate.y, rotate.z, scale, opacity] { h.combine(v) }
        }
    }

    /// The options of the effects, with Swiper's defaults.
    package struct Options: Sendable, Hashable {
        /// coverflowEffect: rotate 50°, stretch 0 px, depth 100 px, scale 1, modifier 1.
        package var rotate = 50.0, stretch = 0.0, depth = 100.0, scale = 1.0, modifier = 1.0
        /// flipEffect.limitRotation (true).
        package var limitRotation = true
        /// cardsEffect: perSlideRotate 2°, perSlideOffset 8 %, rotate true.
        package var perSlideRotate = 2.0, perSlideOffset = 8.0, cardsRotate = true
        /// creativeEffect: limitProgress 1, progressMultiplier 1, prev and next.
        package var limitProgress = 1.0, progressMultiplier = 1.0
        package var prev = Side(), next = Side()
        /// fadeEffect.crossFade (false).
        package var crossFade = false

        /// Swiper's defaults.
        package init() {}
    }

    /// `.swiper-3d`'s perspective, 1200 px.
    package static let perspective = 1200.0

    /// The effect.
    package let kind: Kind
    /// Its options.
    package let options: Options
    /// Its name.
    package var name: String { kind.rawValue }

    /// The effect `kind` with `options`.
    package init(_ kind: Kind, options: Options = Options()) {
        self.kind = kind
        self.options = options
    }

    /// The slide's transform about its centre, its opacity, z-index and visibility at offset `p`, for a slide `w`
    /// long along the axis and `across` across it, in a horizontal swiper (before the slide is cancelled and the
    /// perspective applied); `swipe` is the pager's swipe direction (`StyleContext.swipe`, the cards' tilt),
    /// `vertical` whether the pager is.
    /// - Complexity: O(1), no allocation.
    package func effect(p: Double, w: Double, across: Double = 0, pages: Int, swipe: Double = 0, vertical: Bool = false)
        -> (transform: Transform3D, alpha: Double, z: Int, hidden: Bool)
    {
        let deg = Double.pi / 180, progress = -p, o = options
        switch kind {
        case .cube:
            // Net of the slide's own rotateY(90°·i) and the wrapper's −(90°·i + 90°·progress): 90° per page of offset,
            // about the cube's centre half a slide behind the face.
            let t = Transform3D.translation(x: 0, y: 0, z: w / 2)
                .concatenating(.rotation(angle: 90 * p * deg, x: 0, y: 1, z: 0))
                .concatenating(.translation(x: 0, y: 0, z: -w / 2))
            return (t, 1, -Int(abs(p).rounded()), abs(p) >= 1)
        case .coverflow:
            var m = progress * o.modifier
            if abs(m) < 0.001 { m = 0 }
            var rotateY = o.rotate * m, tz = -o.depth * abs(m), s = 1 - (1 - o.scale) * abs(m)
            var tx = o.stretch * m
            if abs(rotateY) < 0.001 { rotateY = 0 }
            if abs(tz) < 0.001 { tz = 0 }
            if abs(tx) < 0.001 { tx = 0 }
            if abs(s - 1) < 0.001 { s = 1 }
            let t = Transform3D.scale(x: s, y: s).concatenating(.rotation(angle: rotateY * deg, x: 0, y: 1, z: 0))
                .concatenating(.translation(x: tx, y: 0, z: tz))
            return (t, 1, 1 - Int(abs(Self.jsRound(m))), false)
        case .flip:
            let q = o.limitRotation ? min(max(progress, -1), 1) : progress
            let angle = -180 * q
            return (.rotation(angle: angle * deg, x: 0, y: 1, z: 0), 1, pages - Int(abs(Self.jsRound(q))), abs(angle) > 90)
        case .cards:
            let q = min(max(progress, -4), 4)
            // The card the swipe moves tilts (`isSwipeToNext`, `isSwipeToPrev`): swiping forward the one leaving
            // before the centre (0 < q < 1), back the one after it; `subProgress` k is whole half-way.
            let tilted = (swipe > 0 && q > 0 && q < 1) || (swipe < 0 && q < 0 && q > -1)
            let k = tilted ? (1 - abs((abs(q) - 0.5) / 0.5)).squareRoot() * min(abs(swipe), 1) : 0
            let rotate = o.cardsRotate ? -o.perSlideRotate * q - 28 * q * k : 0
            let shift = (o.perSlideOffset - abs(q) * 0.75 + 96 * k) * abs(q) / 100 * w * (q < 0 ? 1 : q > 0 ? -1 : 0)
            let rise = (o.cardsRotate || !vertical ? -25 : 0) * k * abs(q) / 100 * across
            let s = 1 - 0.5 * k * abs(q)
            let t = Transform3D.scale(x: s, y: s).concatenating(.rotation(angle: rotate * deg, x: 0, y: 0, z: 1))
                .concatenating(.translation(x: shift, y: rise, z: -100 * abs(q)))
            return (t, 1, pages - Int(abs(Self.jsRound(progress))), false)
        case .creative:
            let q = min(max(progress, -o.limitProgress), o.limitProgress), k = abs(q * o.progressMultiplier)
            let side = q < 0 ? o.next : q > 0 ? o.prev : Side()
            let s = q < 0 ? 1 + (1 - side.scale) * q * o.progressMultiplier : 1 - (1 - side.scale) * q * o.progressMultiplier
            let alpha = q < 0 ? 1 + (1 - side.opacity) * q * o.progressMultiplier : 1 - (1 - side.opacity) * q * o.progressMultiplier
            let t = Transform3D.scale(x: s, y: s)
                .concatenating(.rotation(angle: side.rotate.z * k * deg, x: 0, y: 0, z: 1))
                .concatenating(.rotation(angle: side.rotate.y * k * deg, x: 0, y: 1, z: 0))
                .concatenating(.rotation(angle: side.rotate.x * k * deg, x: 1, y: 0, z: 0))
                .concatenating(.translation(x: side.translate.x / 100 * w * k, y: side.translate.y / 100 * w * k, z: side.translate.z * k))
            return (t, alpha, pages - Int(abs(Self.jsRound(progress))), false)
        case .fade:
            let alpha = o.crossFade ? max(1 - abs(progress), 0) : 1 + min(max(progress, -1), 0)
            return (.identity, alpha, 0, false)
        }
    }

    /// A translation of `d` along the pager's axis.
    static func along(_ d: Double, _ vertical: Bool) -> Transform3D {
        vertical ? .translation(x: 0, y: d) : .translation(x: d, y: 0)
    }

    /// JavaScript's `Math.round`: halves go up.
    static func jsRound(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

    /// - Complexity: per frame, no allocation.
    package func style(_ context: StyleContext, into edits: inout StyleEdits) throws {
        let p = context.offsetInPages, vertical = !context.direction.isHorizontal
        let (w, across) = context.pageLengths
        var (t, alpha, z, hidden) = effect(
            p: p, w: w, across: across, pages: context.pageCount ?? 1, swipe: context.swipe ?? 0, vertical: vertical)
        if vertical { t = CarouselStyler.swapAxes(t) }
        let slide = p * context.reveal
        // Coverflow's slides keep their place, seen through the container's perspective from its centre; the others
        // are stacked at the centre.
        if kind == .coverflow { t = t.concatenating(Self.along(slide, vertical)) }
        t = t.concatenating(.perspective(-1 / Self.perspective)).concatenating(Self.along(-slide, vertical))
        let page = context.subject
        edits[page].transform = context.mirroredForLayout(t)
        edits[page].alpha = min(max(alpha, 0), 1)
        if kind == .cards { edits[page].anchor = vertical ? Point(x: 1, y: 0.5) : Point(x: 0.5, y: 1) }
        if hidden { edits[page].hidden = true }
        if kind != .fade { edits[page].z = z }
    }
}
