// The eight platforms a pager imitates (DESIGN §14; reference/pagers.md) and the numbers each one's swipe uses.

/// Whose pager a ``PagerContainer`` imitates: its release rule, its settle motion, its `setPage` animation and its edge.
public enum PagerBehavior: String, CaseIterable, Sendable, Hashable {
    /// Android's ViewPager (v1): a fling past 25 dp at 400 dp/s, else the 0.4/0.6 truncation; a quintic settle of
    /// at most 600 ms; no rubber band.
    case viewpager
    /// Android's ViewPager2 (RecyclerView and PagerSnapHelper): a fling above 50 dp/s, else the nearest centre; the
    /// snap scroller's decelerate curve; a long `setPage` jumps to within 3 pages first.
    case viewpager2
    /// Jetpack Compose's HorizontalPager/VerticalPager: 400 dp/s, else 0.5 of the finger's travel; a stiffness-400
    /// spring clamped at the target; `setPage` a stiffness-1500 spring.
    case compose
    /// UIScrollView with `isPagingEnabled` (its rule and curve are not published: the choices are in docs/compat.md).
    case uikit
    /// iCarousel: a constant-deceleration glide rounded to an item, else the nearest item in 0.4 s; linear edge
    /// resistance over one item.
    case icarousel
    /// Swiper: a touch shorter than 300 ms goes one slide, a longer one needs 50 %; a 300 ms CSS `ease`; resistance
    /// over^0.85.
    case swiper
    /// Embla Carousel: a boosted flick against clamp(20 % of the view, 50, 225) px, settled by its 60 Hz integrator.
    case embla
    /// react-native-reanimated-carousel: a 2 s projection of the release; a 500 ms (v5) or 600 ms (v4) easeOutQuart.
    case reanimatedCarousel = "reanimated-carousel"
}

/// A pager's scroll axis.
public enum PagerOrientation: String, CaseIterable, Sendable, Hashable {
    /// Pages side by side; the next page is to the right (to the left under right-to-left).
    case horizontal
    /// Pages stacked; the next page is below.
    case vertical
}

/// The platforms' numbers (reference/pagers.md), in points, seconds and pages.
package enum PagerConstants {
    /// ViewPager's MIN_DISTANCE_FOR_FLING, 25 dp.
    package static let viewPagerFlingDistance = 25.0
    /// ViewPager's MIN_FLING_VELOCITY, 400 dp/s.
    package static let viewPagerFlingVelocity = 400.0
    /// ViewPager's CLOSE_ENOUGH, 2 dp: a touch-down catches a settle only farther than this from its end.
    package static let viewPagerCloseEnough = 2.0
    /// The platform's maximum fling velocity ViewPager's tracker is clamped to, 8000 dp/s.
    package static let viewPagerMaxFlingVelocity = 8000.0
    /// ViewPager's MAX_SETTLE_DURATION, 600 ms.
    package static let viewPagerMaxSettle = 0.6
    /// RecyclerView's minimum fling velocity (the platform's), 50 dp/s.
    package static let recyclerMinFling = 50.0
    /// Compose's MinFlingVelocityDp, 400 dp/s.
    package static let composeFlingVelocity = 400.0
    /// Compose's snapPositionalThreshold, 0.5.
    package static let composePositionalThreshold = 0.5
    /// Compose's DefaultPositionThreshold, 56 dp.
    package static let composePositionThreshold = 56.0
    /// Swiper's longSwipesMs, 300 ms.
    package static let swiperLongSwipe = 0.3
    /// Swiper's longSwipesRatio, 0.5.
    package static let swiperLongSwipeRatio = 0.5
    /// Swiper's speed, 300 ms.
    package static let swiperSpeed = 0.3
    /// Swiper's threshold, 5 px: the first 5 px of a drag are swallowed.
    package static let swiperThreshold = 5.0
    /// Swiper's resistanceRatio, 0.85.
    package static let swiperResistance = 0.85
    /// Embla's DragTracker log interval, 170 ms.
    package static let emblaLogInterval = 0.17
    /// Embla's touch force boost, 400.
    package static let emblaBoost = 400.0
    /// iCarousel's decelerationRate, 0.95.
    package static let iCarouselDeceleration = 0.95
    /// iCarousel's SCROLL_SPEED_THRESHOLD, 2 items/s.
    package static let iCarouselSpeedThreshold = 2.0
    /// iCarousel's DECELERATE_THRESHOLD, 0.1 items.
    package static let iCarouselDecelerateThreshold = 0.1
    /// iCarousel's SCROLL_DURATION, 0.4 s.
    package static let iCarouselScroll = 0.4
    /// The iOS rubber band's constant, 0.55 [3rd-party].
    package static let rubberBand = 0.55
    /// UIScrollView's normal deceleration rate, 0.998 per ms [3rd-party].
    package static let uikitDeceleration = 0.998
}
