---@meta
-- LuaLS annotations for PaneKit stylers: the context, the edits, the manifest and the panekit table.
-- Not a plugin (files ending in .d.lua are skipped). Point the Lua language server at this folder and
-- annotate a plugin's table with ---@type PaneKitPlugin to get completion and type checks.

---@alias PaneKitDirection "left"|"right"|"top"|"bottom"

---@alias PaneKitRole "pane"|"drawer"|"drawer.left"|"drawer.right"|"drawer.top"|"drawer.bottom"|"overlay"|"statusbar"|"master"|"detail"|"divider"|"corner.leading"|"corner.trailing"|"popover"|"sheet"|"grabber"|"keyboard"|"screen"|"page"

---A colour: "#rgb", "#rrggbb", "#rrggbbaa" or a CSS colour name ("black", "rebeccapurple", "transparent").
---@alias PaneKitColor string

---A node's untransformed frame.
---@class PaneKitFrame
---@field x number
---@field y number
---@field w number
---@field h number

---What a style function reads. One table per plugin, refreshed in place on every call; reading a field that
---does not exist is an error.
---@class PaneKitContext
---@field direction PaneKitDirection the drawer being styled; `drawer` edits go to it
---@field closed number 1 closed, 0 fully open, below 0 past open, above 1 past closed
---@field open number 1 - closed
---@field reveal number the drawer's maximum or reveal width, in points
---@field size {w: number, h: number} the container's size
---@field time number seconds since the start of the run
---@field velocity number the closed fraction's rate of change per second (negative while opening), gestures included
---@field reducedMotion boolean the host runs with reduced motion: it cross-fades every transition not driven by a finger, so a styler may keep a still look
---@field leading boolean this drawer is on the leading side: left under ltr, right under the container's layoutDirection "rtl" (never top or bottom); `direction` stays physical, so a styler written for the leading drawer reads it to look right both ways
---@field state string the container's state: "closed", "opening", "open", "closing", "bouncing", …
---@field container string the container type: "drawer", …
---@field layout string the container's layout: "drawer", "sidebar" or "split" (the adaptive container's for its width; "split" for the split container, "drawer" for the others)
---@field detent string? the sheet's detent: the one it rests at or is settling to (nil for containers without detents)
---@field detents table<string, number> each detent of the sheet by name, with its closed fraction (empty for containers without detents)
---@field position number? the y of the sheet's top edge, in points, as for a bottom sheet (nil for other containers)
---@field progress number? the styled screen's entrance, 0 → 1 (navigation container; react-navigation's current.progress)
---@field next number? the entrance progress of the screen above the styled one, 0 when none (navigation container)
---@field gesture boolean? whether a finger or the back gesture drives the transition (navigation container)
---@field screen string? the styled screen's name (navigation container; nil for others)
---@field index number? the styled screen's place in the stack, 0 at the bottom (navigation container)
---@field preset string? the preset of the transition the styled screen takes part in (navigation container; nil for others)
---@field offset number? the page's position from the current one, in pages: +1 is the next page (nil for other containers)
---@field page number? the styled page's index, from 0 (nil for other containers)
---@field pages number? how many pages the pager has (nil for other containers)
---@field frames table<PaneKitRole, PaneKitFrame?> the frame of each node that exists; `drawer` is this direction's
---@field params table<string, number|boolean|string> the parameters, defaults overridden by the scenario

---A shadow; radius and opacity are required.
---@class PaneKitShadow
---@field radius number blur radius, ≥ 0
---@field opacity number 0…1 (clamped)
---@field offset? {[1]: number, [2]: number} x, y (default 0, 0)
---@field color? PaneKitColor default "#000000"

---One step of `ops`: {"translate", x, y[, z]}, {"scale", s} or {"scale", sx, sy[, sz]},
---{"rotate", radians[, ax, ay, az]} (default axis z), {"perspective", m34}, {"matrix", m11, …, m44}.
---@alias PaneKitOperation table

---The edits of one node. Without `ops`, the keyed parts compose as scale, then rotate (x, then y, then z),
---then perspective, then translate. `ops` and `transform` stand alone.
---@class PaneKitEdit
---@field translate? {[1]: number, [2]: number, [3]?: number} x, y[, z] in points
---@field scale? number|{[1]: number, [2]: number, [3]?: number} uniform (z too), or sx, sy[, sz]
---@field rotate? {x?: number, y?: number, z?: number}|number radians about each axis, or about z
---@field perspective? number m34, such as -1/1000
---@field transform? number[] 16 numbers, m11 … m44 (Core Animation's layout, row vectors)
---@field ops? PaneKitOperation[] operations applied first to last
---@field anchor? {[1]: number, [2]: number} the transform's pivot in unit coordinates of the frame (default 0.5, 0.5)
---@field alpha? number 0…1 (clamped); multiplies with other stylers' alpha
---@field shadow? PaneKitShadow
---@field z? integer z-order; higher is in front
---@field frame? {[1]: number, [2]: number, [3]: number, [4]: number}|PaneKitFrame replaces the container's frame
---@field hidden? boolean
---@field color? PaneKitColor the fill of a node with a colour of its own (the overlay)
---@field cornerRadius? number|{[1]: number, [2]: number, [3]: number, [4]: number} points ≥ 0; one for every corner, or top-left, top-right, bottom-right, bottom-left

---What a style function returns: edits by role. Return {} for none.
---@alias PaneKitEdits table<PaneKitRole, PaneKitEdit>

---A parameter: its type comes from the default (a number, a boolean, a colour string, or a string with choices).
---@class PaneKitParam
---@field default number|boolean|string
---@field min? number numbers only
---@field max? number numbers only
---@field choices? string[] the allowed strings of an enum parameter
---@field type? "number"|"boolean"|"color"|"enum" only when the default is ambiguous
---@field doc? string one line for `panekit stylers`

---The table a plugin file returns.
---@class PaneKitExpectedNode
---@field translate? {[1]: number, [2]: number, [3]?: number} the transform's translation (m41, m42, m43)
---@field scale? number|{[1]: number, [2]: number, [3]?: number} the decomposed scale; a number checks x and y
---@field rotate? {x?: number, y?: number, z?: number} the decomposed rotation, in radians
---@field perspective? number m34
---@field transform? number[] the 16 numbers m11 … m44
---@field anchor? {[1]: number, [2]: number}
---@field alpha? number
---@field z? integer
---@field hidden? boolean
---@field frame? {[1]: number, [2]: number, [3]: number, [4]: number} x, y, w, h
---@field corners? number[][] the four projected corners, top-left first
---@field shadow? {radius?: number, opacity?: number, offset?: {[1]: number, [2]: number}, color?: PaneKitColor}
---@field color? PaneKitColor
---@field cornerRadius? {[1]: number, [2]: number, [3]: number, [4]: number} top-left, top-right, bottom-right, bottom-left

--- One expectation of `panekit test`: pose the container at `closed`, run the styler and compare the nodes.
---@class PaneKitTest
---@field closed number the closed fraction to pose
---@field direction? PaneKitDirection default: the plugin's first direction
---@field params? table<string, number|boolean|string> parameters over the defaults (also sampled into the golden file)
---@field expect table<PaneKitRole, PaneKitExpectedNode> expected values by role (`drawer` is this direction's)
---@field tolerance? number how far a number may be off (default 1e-6)

---@class PaneKitPlugin
---@field name? string must equal the file name without .lua (the default)
---@field version? string
---@field description? string
---@field params? table<string, PaneKitParam>
---@field directions? PaneKitDirection[] the directions it can style (default all four)
---@field style fun(ctx: PaneKitContext): PaneKitEdits
---@field tests? PaneKitTest[] expectations `panekit test` checks (beside the golden frames)

---A 4×4 transform: 16 numbers m11 … m44.
---@alias PaneKitMatrix number[]

---@class PaneKitCurves
---@field linear fun(t: number): number
---@field easeIn fun(t: number): number
---@field easeOut fun(t: number): number
---@field easeInEaseOut fun(t: number): number
---@field default fun(t: number): number Core Animation's default curve

---The helper table every plugin gets.
---@class PaneKitHelpers
---@field api integer the Lua styler API version (1)
---@field curves PaneKitCurves the core's timing curves (t is clamped to 0…1)
panekit = {}

---a + (b - a) * t
---@param a number
---@param b number
---@param t number
---@return number
function panekit.lerp(a, b, t) end

---x limited to lo…hi
---@param x number
---@param lo number
---@param hi number
---@return number
function panekit.clamp(x, lo, hi) end

---Where x lies from a to b, limited to 0…1 (the inverse of lerp).
---@param x number
---@param a number
---@param b number
---@return number
function panekit.progress(x, a, b) end

---+1 for left and top, -1 for right and bottom: the sign of the pane's motion as the drawer opens.
---@param direction PaneKitDirection
---@return integer
function panekit.sign(direction) end

---Whether the direction moves along x.
---@param direction PaneKitDirection
---@return boolean
function panekit.horizontal(direction) end

---A distance along the direction's axis as x, y: write a styler for one edge and mirror it.
---@param direction PaneKitDirection
---@param amount number
---@return number x
---@return number y
function panekit.along(direction, amount) end

---A colour string from components 0…1: "#rrggbb", or "#rrggbbaa" when a < 1.
---@param r number
---@param g number
---@param b number
---@param a? number
---@return PaneKitColor
function panekit.color(r, g, b, a) end

---A timing function from CSS's cubic-bezier(x1, y1, x2, y2); x1 and x2 in 0…1.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@return fun(t: number): number
function panekit.bezier(x1, y1, x2, y2) end

---The named curve of panekit.curves.
---@param name "linear"|"easeIn"|"easeOut"|"easeInEaseOut"|"default"
---@return fun(t: number): number
function panekit.curve(name) end

---@return PaneKitMatrix
function panekit.identity() end

---@param x number
---@param y number
---@param z? number
---@return PaneKitMatrix
function panekit.translate(x, y, z) end

---scale(s) is uniform (z too); scale(sx, sy[, sz]) leaves z at 1 unless given.
---@param sx number
---@param sy? number
---@param sz? number
---@return PaneKitMatrix
function panekit.scale(sx, sy, sz) end

---A rotation of angle radians about (x, y, z), default the z axis.
---@param angle number
---@param x? number
---@param y? number
---@param z? number
---@return PaneKitMatrix
function panekit.rotate(angle, x, y, z) end

---The identity with m34 set, such as -1/1000.
---@param m34 number
---@return PaneKitMatrix
function panekit.perspective(m34) end

---The transforms applied first to last: concat(a, b) applies a, then b.
---@param ... PaneKitMatrix
---@return PaneKitMatrix
function panekit.concat(...) end
