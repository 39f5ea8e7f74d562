// The pager's words (DESIGN §14): its numbered `page.N` nodes, the `pages` styler group, its states, its `ctx` fields
// (`ctx.offset`, `ctx.page`, `ctx.pages`) and its frame fields (`"page"`, `"offset"`).

extension ContainerKind {
    /// A pager or carousel (`PagerContainer`).
    public static let pager = ContainerKind("pager")
}

extension Role {
    /// A pager's pages, numbered from 0: `page.0`, `page.1`, … Only the visible ones are nodes of a frame.
    public static let page = Role.declareGroup("page")
}

extension StylerGroup {
    /// A scenario's `stylers.pages`: one call per visible page, with its offset from the current one.
    public static let pages = StylerGroup.declare("pages")
}

extension ContainerState {
    /// A pager at rest on a page (Android's SCROLL_STATE_IDLE).
    public static let idle = ContainerState.declare("idle")
    /// A pager moving to a page after a release or a `setPage` (Android's SCROLL_STATE_SETTLING).
    public static let settling = ContainerState.declare("settling")
}

/// The pager's own `ctx` fields (declared once here: Lua, the stubs and the guide read them from the declarations).
package enum PagerFields {
    /// `ctx.offset`: the styled page's position from the current one, in pages (+1 the next page).
    package static let offset = ContextField<Double?>.optionalNumber(
        "offset", family: "pager",
        stub: "the page's position from the current one, in pages: +1 is the next page (nil for other containers)",
        guide: "the `pager` container's offset of the styled page from the centre, in pages: 0 front and centre, +1 the "
            + "next page (right, or below), −1 the previous one, as Android's `PageTransformer` position; `nil` for other "
            + "containers")
    /// `ctx.page`: the styled page's index.
    package static let page = ContextField<Double?>.optionalNumber(
        "page", family: "pager", stub: "the styled page's index, from 0 (nil for other containers)",
        guide: "the `pager` container's index of the styled page, from 0; `nil` for other containers")
    /// `ctx.pages`: how many pages the pager has.
    package static let pages = ContextField<Double?>.optionalNumber(
        "pages", family: "pager", stub: "how many pages the pager has (nil for other containers)",
        guide: "the `pager` container's number of pages; `nil` for other containers")

    /// `swipe` (the built-in stylers'; not in Lua): which way the finger has moved the pager since it came down
    /// (Swiper's cards tilt reads it). Each Lua field costs every plugin's state memory, and one more put the smallest
    /// `--max-memory` (64 KiB) over before a plugin's first line ran, as navigation's `below` did; `all` leaves it out.
    package static let swipe = ContextField<Double?>.optionalNumber(
        "swipe", family: "pager",
        stub: "+1 while a finger has moved the pager forward since touch-down, -1 back, easing to 0 as the settle after it runs",
        guide: "the `pager` container's swipe direction since touch-down: +1 while the finger has moved the pager "
            + "forward (toward the higher pages), −1 back, 0 with no finger or no move; after the release it eases to 0 "
            + "with the settle (the share of it still to run); 0 under `setPage`; `nil` for other containers")

    /// Every field, for the descriptor to list (which declares them before anything reads them).
    static let all: [ContextFieldDeclaration] = [offset.declaration, page.declaration, pages.declaration]
}

extension StyleContext {
    /// A pager page's offset from the current page, in pages (Lua `ctx.offset`; +1 the next page); nil for other
    /// containers.
    public var pageOffset: Double? {
        get { self[PagerFields.offset] }
        set { self[PagerFields.offset] = newValue }
    }
    /// The styled page's index (Lua `ctx.page`); nil for other containers.
    public var page: Int? {
        get { self[PagerFields.page].map { Int($0) } }
        set { self[PagerFields.page] = newValue.map(Double.init) }
    }
    /// The swipe's direction since touch-down (for the built-in stylers; not in Lua): +1 forward, −1 back, easing to
    /// 0 over the settle after the release; nil for other containers.
    package var swipe: Double? {
        get { self[PagerFields.swipe] }
        set { self[PagerFields.swipe] = newValue }
    }
    /// How many pages the pager has (Lua `ctx.pages`); nil for other containers.
    public var pageCount: Int? {
        get { self[PagerFields.pages].map { Int($0) } }
        set { self[PagerFields.pages] = newValue.map(Double.init) }
    }
}

extension Frame {
    /// A pager's current page (`"page"` in JSON): the page nearest the centre; nil for other containers.
    public var page: Int? {
        if case .integer(let page) = field("page") { return page }
        return nil
    }
    /// A pager's continuous position, in pages (`"offset"` in JSON: 2.5 is half-way from page 2 to page 3); nil for
    /// other containers.
    public var pageOffset: Double? {
        if case .number(let offset) = field("offset") { return offset }
        return nil
    }
}
