// The pager's built-in stylers (DESIGN §14): the Android docs' two samples and the common transformer set
// (`page.*`), iCarousel's types (`carousel.*`) and Swiper's effects (`swiper.*`), with their parameters.

extension BuiltinStylers {
    /// The pager's built-in transformers, which the pager's descriptor lists as its `stylers`.
    package static let pager: [StylerEntry] = pageTransformers + carousels + swiperEffects

    /// What each `page.*` transformer does, for `panekit stylers`.
    static let pageDescriptions: [PageTransformerStyler.Kind: String] = [
        .zoomOut: "The Android docs' ZoomOutPageTransformer: pages shrink to 0.85 and fade to 0.5 as they leave the centre",
        .depth: "The Android docs' DepthPageTransformer: the incoming page grows from 0.75 and fades in behind the leaving one",
        .accordion: "Pages fold like an accordion: the scale along the axis is 1 − |offset|, pivoted at the shared edge",
        .cubeIn: "Pages turn on the inside of a cube (rotationY −90° × offset)",
        .cubeOut: "Pages turn on the outside of a cube (rotationY 90° × offset, camera 20 widths away)",
        .flipHorizontal: "Stacked pages flip about the vertical axis (rotationY 180° × offset), each shown until half way",
        .flipVertical: "Stacked pages flip about the horizontal axis (rotationX −180° × offset), each shown until half way",
        .rotateDown: "Pages swing about their bottom centre (rotation 18.75° × offset)",
        .rotateUp: "Pages swing about their top centre (rotation −15° × offset)",
        .stack: "The next page waits under the current one, which slides away",
        .tablet: "Stacked pages turn like tablets (rotationY ∓30° × |offset|) with their edges kept together",
        .zoomIn: "Stacked pages zoom in from nothing (scale 1 − |offset|)",
        .zoomOutSlide: "ToxicBakery's ZoomOutSlide: the Android docs' zoom-out on sliding pages, clamped at ±1",
        .backgroundToForeground: "The next page grows from the background (scale ≥ 0.5) as the current one leaves",
        .foregroundToBackground: "The current page shrinks into the background (scale ≥ 0.5) as the next one slides over",
        .scaleInOut: "Stacked pages scale about the shared edge (1 − |offset|)",
    ]

    /// The `page.*` entries.
    static let pageTransformers: [StylerEntry] = PageTransformerStyler.Kind.allCases.map { kind in
        StylerEntry(name: kind.rawValue, description: pageDescriptions[kind] ?? kind.rawValue, params: []) { _ in
            PageTransformerStyler(kind)
        }
    }

    /// The `carousel.*` entries, with iCarousel's `spacing`, `tilt` and `arc` options.
    static let carousels: [StylerEntry] = CarouselStyler.Kind.allCases.map { kind in
        let spacing = ParamKey.number("spacing", kind.spacing, min: 0.01, max: 10, doc: "iCarousel's spacing option, in item widths")
        let tilt = ParamKey.number("tilt", kind.tilt, min: -10, max: 10, doc: "iCarousel's tilt option")
        let arc = ParamKey.number("arc", 2 * Double.pi, min: 0.01, max: 4 * Double.pi, doc: "iCarousel's arc option, in radians")
        var params = [spacing.spec]
        if [.coverFlow, .coverFlow2, .timeMachine, .invertedTimeMachine].contains(kind) { params.append(tilt.spec) }
        if kind.circular { params.append(arc.spec) }
        let name = String(kind.rawValue.dropFirst("carousel.".count))
        return StylerEntry(
            name: kind.rawValue, description: "iCarousel's \(name) type: each item placed by its offset, m34 −1/500", params: params
        ) { p in
            CarouselStyler(kind, spacing: p[spacing], tilt: p[tilt], arc: p[arc])
        }
    }

    /// The `swiper.*` entries, with Swiper's options.
    static let swiperEffects: [StylerEntry] = {
        typealias S = SwiperEffectStyler
        let rotate = ParamKey.number("rotate", 50, min: -360, max: 360, doc: "coverflowEffect.rotate, degrees")
        let stretch = ParamKey.number("stretch", 0, min: -10000, max: 10000, doc: "coverflowEffect.stretch, px")
        let depth = ParamKey.number("depth", 100, min: -10000, max: 10000, doc: "coverflowEffect.depth, px")
        let scale = ParamKey.number("scale", 1, min: 0, max: 10, doc: "coverflowEffect.scale")
        let modifier = ParamKey.number("modifier", 1, min: -100, max: 100, doc: "coverflowEffect.modifier")
        let limitRotation = ParamKey.bool("limitRotation", true, doc: "flipEffect.limitRotation")
        let perSlideRotate = ParamKey.number("perSlideRotate", 2, min: -360, max: 360, doc: "cardsEffect.perSlideRotate, degrees")
        let perSlideOffset = ParamKey.number("perSlideOffset", 8, min: -100, max: 100, doc: "cardsEffect.perSlideOffset, %")
        let cardsRotate = ParamKey.bool("rotate", true, doc: "cardsEffect.rotate")
        let crossFade = ParamKey.bool("crossFade", false, doc: "fadeEffect.crossFade")
        let limitProgress = ParamKey.number("limitProgress", 1, min: 0, max: 100, doc: "creativeEffect.limitProgress")
        let multiplier = ParamKey.number("progressMultiplier", 1, min: -100, max: 100, doc: "creativeEffect.progressMultiplier")
        func side(_ prefix: String) -> [ParamKey<Double>] {
            [
                .number("\(prefix)TranslateX", 0, min: -1000, max: 1000, doc: "creativeEffect.\(prefix).translate[0], % of the slide"),
                .number("\(prefix)TranslateY", 0, min: -1000, max: 1000, doc: "creativeEffect.\(prefix).translate[1], % of the slide"),
                .number("\(prefix)TranslateZ", 0, min: -10000, max: 10000, doc: "creativeEffect.\(prefix).translate[2], px"),
                .number("\(prefix)RotateX", 0, min: -360, max: 360, doc: "creativeEffect.\(prefix).rotate[0], degrees"),
                .number("\(prefix)RotateY", 0, min: -360, max: 360, doc: "creativeEffect.\(prefix).rotate[1], degrees"),
                .number("\(prefix)RotateZ", 0, min: -360, max: 360, doc: "creativeEffect.\(prefix).rotate[2], degrees"),
                .number("\(prefix)Scale", 1, min: 0, max: 10, doc: "creativeEffect.\(prefix).scale"),
                .number("\(prefix)Opacity", 1, min: 0, max: 1, doc: "creativeEffect.\(prefix).opacity"),
            ]
        }
        let prev = side("prev"), next = side("next")
        @Sendable func read(_ keys: [ParamKey<Double>], _ p: Parameters) -> S.Side {
            var s = S.Side()
            s.translate = (p[keys[0]], p[keys[1]], p[keys[2]])
            s.rotate = (p[keys[3]], p[keys[4]], p[keys[5]])
            (s.scale, s.opacity) = (p[keys[6]], p[keys[7]])
            return s
        }
        return [
            StylerEntry(name: "swiper.cube", description: "Swiper's cube effect: 90° per page about the cube's centre", params: []) { _ in
                S(.cube)
            },
            StylerEntry(
                name: "swiper.coverflow",
                description: "Swiper's coverflow effect: side slides turned, pushed back and scaled by their offset",
                params: [rotate.spec, stretch.spec, depth.spec, scale.spec, modifier.spec]
            ) { p in
                var o = S.Options()
                (o.rotate, o.stretch, o.depth, o.scale, o.modifier) = (p[rotate], p[stretch], p[depth], p[scale], p[modifier])
                return S(.coverflow, options: o)
            },
            StylerEntry(
                name: "swiper.flip", description: "Swiper's flip effect: stacked slides flip 180° per page", params: [limitRotation.spec]
            ) { p in
                var o = S.Options()
                o.limitRotation = p[limitRotation]
                return S(.flip, options: o)
            },
            StylerEntry(
                name: "swiper.cards",
                description: "Swiper's cards effect: a stack of cards, each tilted 2° and offset 8 % from the one above",
                params: [perSlideRotate.spec, perSlideOffset.spec, cardsRotate.spec]
            ) { p in
                var o = S.Options()
                (o.perSlideRotate, o.perSlideOffset, o.cardsRotate) = (p[perSlideRotate], p[perSlideOffset], p[cardsRotate])
                return S(.cards, options: o)
            },
            StylerEntry(
                name: "swiper.creative",
                description:
                    "Swiper's creative effect: each side's translate, rotate, scale and opacity per page (Swiper's defaults: none)",
                params: [limitProgress.spec, multiplier.spec] + (prev + next).map(\.spec)
            ) { p in
                var o = S.Options()
                (o.limitProgress, o.progressMultiplier) = (p[limitProgress], p[multiplier])
                (o.prev, o.next) = (read(prev, p), read(next, p))
                return S(.creative, options: o)
            },
            StylerEntry(
                name: "swiper.fade", description: "Swiper's fade effect: stacked slides, the next fading in over the current",
                params: [crossFade.spec]
            ) { p in
                var o = S.Options()
                o.crossFade = p[crossFade]
                return S(.fade, options: o)
            },
        ]
    }()
}
