// The `panekit` helper table every plugin gets: interpolation, directions, the core's timing curves and
// transform builders, written in Lua so a plugin's calls stay inside Lua.

import PaneKit

/// The Lua source of the `panekit` table (documented for authors in Plugins/panekit.d.lua).
///
/// Timing curves are generated from `TimingCurve.named` and solved by the same steps as `TimingCurve.value`,
/// so a curve gives the same number in Lua as in Swift. Transforms are 16-number lists in Core Animation's
/// layout (m11, m12, …, m44; row vectors), ready for an edit's `transform` or an `ops` "matrix".
public enum HelperLibrary {
    /// The Lua styler API version, `panekit.api`.
    static let apiVersion = 1

    /// The chunk that defines the global `panekit` table (what every plugin's state runs first).
    public static var source: String {
        let curves = TimingCurve.named.map { named in
            let c = named.curve
            return "panekit.curves.\(named.name) = panekit.bezier(\(c.x1), \(c.y1), \(c.x2), \(c.y2))"
        }
        return body.replacingOccurrences(of: "@API@", with: "\(apiVersion)")
            .replacingOccurrences(of: "@CURVES@", with: curves.joined(separator: "\n"))
            .replacingOccurrences(of: "@CURVENAMES@", with: TimingCurve.named.map(\.name).joined(separator: ", "))
    }

    private static let body = """
        -- panekit: helpers for stylers. Argument errors point at the plugin's line (error level 3).
        local type, error, format, abs, cos, sin, sqrt = type, error, string.format, math.abs, math.cos, math.sin, math.sqrt
        local floor = math.floor
        local panekit = { api = @API@, curves = {} }

        local function number(value, position, name)
          if type(value) ~= "number" then
            error(format("bad argument #%d to '%s' (number expected, got %s)", position, name,
              value == nil and "no value" or type(value)), 3)
          end
          return value
        end

        local function optional(value, default, position, name)
          if value == nil then return default end
          return number(value, position, name)
        end

        local signs = { left = 1, top = 1, right = -1, bottom = -1 }
        local function direction(value, name)
          local sign = signs[value]
          if sign == nil then
            error(format("bad argument #1 to '%s' (left, right, top or bottom expected, got %s)", name,
              type(value) == "string" and format("%q", value) or type(value)), 3)
          end
          return sign
        end

        --- a + (b - a) * t
        function panekit.lerp(a, b, t)
          number(a, 1, "lerp"); number(b, 2, "lerp"); number(t, 3, "lerp")
          return a + (b - a) * t
        end

        --- x limited to lo…hi
        function panekit.clamp(x, lo, hi)
          number(x, 1, "clamp"); number(lo, 2, "clamp"); number(hi, 3, "clamp")
          if lo > hi then error(format("bad argument #3 to 'clamp' (hi %s is below lo %s)", hi, lo), 2) end
          if x < lo then return lo elseif x > hi then return hi end
          return x
        end

        --- Where x lies from a to b, limited to 0…1 (the inverse of lerp).
        function panekit.progress(x, a, b)
          number(x, 1, "progress"); number(a, 2, "progress"); number(b, 3, "progress")
          if a == b then error("bad argument #3 to 'progress' (a and b must differ)", 2) end
          local t = (x - a) / (b - a)
          if t < 0 then return 0 elseif t > 1 then return 1 end
          return t
        end

        --- +1 for left and top (opening moves things towards positive coordinates), -1 for right and bottom.
        function panekit.sign(d) return direction(d, "sign") end

        --- Whether the direction moves along x.
        function panekit.horizontal(d)
          direction(d, "horizontal")
          return d == "left" or d == "right"
        end

        --- amount along the direction's axis, as x, y.
        function panekit.along(d, amount)
          direction(d, "along"); number(amount, 2, "along")
          if d == "left" or d == "right" then return amount, 0 end
          return 0, amount
        end

        local function byte(c, position)
          number(c, position, "color")
          if c < 0 then c = 0 elseif c > 1 then c = 1 end
          return floor(c * 255 + 0.5)
        end

        --- A colour from components 0…1: "#rrggbb", or "#rrggbbaa" when a < 1.
        function panekit.color(r, g, b, a)
          local text = format("#%02x%02x%02x", byte(r, 1), byte(g, 2), byte(b, 3))
          if a ~= nil and byte(a, 4) < 255 then text = text .. format("%02x", byte(a, 4)) end
          return text
        end

        -- Cubic bézier timing curves, solved as TimingCurve.value does (Newton, then bisection).
        local function bezier(s, a, b)
          local u = 1 - s
          return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
        end
        local function derivative(s, a, b)
          local u = 1 - s
          return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
        end
        local function solve(x, x1, x2)
          local s = x
          for _ = 1, 8 do
            local e = bezier(s, x1, x2) - x
            if abs(e) < 1e-14 then return s end
            local slope = derivative(s, x1, x2)
            if abs(slope) < 1e-9 then break end
            s = s - e / slope
          end
          local lo, hi = 0.0, 1.0
          s = x
          for _ = 1, 200 do
            local value = bezier(s, x1, x2)
            if abs(value - x) < 1e-14 then break end
            if value < x then lo = s else hi = s end
            s = (lo + hi) / 2
          end
          return s
        end

        --- A timing function from CSS's cubic-bezier(x1, y1, x2, y2): t (0…1, clamped) → progress.
        function panekit.bezier(x1, y1, x2, y2)
          number(x1, 1, "bezier"); number(y1, 2, "bezier"); number(x2, 3, "bezier"); number(y2, 4, "bezier")
          if x1 < 0 or x1 > 1 or x2 < 0 or x2 > 1 then
            error("bad argument to 'bezier' (x1 and x2 must lie in 0…1)", 2)
          end
          return function(t)
            number(t, 1, "curve")
            if t <= 0 then return 0 end
            if t >= 1 then return 1 end
            if x1 == y1 and x2 == y2 then return t end
            return bezier(solve(t, x1, x2), y1, y2)
          end
        end

        @CURVES@

        --- The named curve (@CURVENAMES@).
        function panekit.curve(name)
          local curve = rawget(panekit.curves, name)
          if curve == nil then
            error(format("bad argument #1 to 'curve' (one of @CURVENAMES@ expected, got %s)",
              type(name) == "string" and format("%q", name) or type(name)), 2)
          end
          return curve
        end

        -- Transforms: 16 numbers, m11 m12 m13 m14 m21 … m44, row vectors (p' = p × M).
        function panekit.identity()
          return { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 }
        end

        function panekit.translate(x, y, z)
          number(x, 1, "translate"); number(y, 2, "translate"); z = optional(z, 0, 3, "translate")
          return { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1 }
        end

        --- scale(s) is uniform (z too); scale(sx, sy) leaves z alone.
        function panekit.scale(sx, sy, sz)
          number(sx, 1, "scale")
          if sy == nil then sy, sz = sx, sx else number(sy, 2, "scale"); sz = optional(sz, 1, 3, "scale") end
          return { sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1 }
        end

        --- A rotation of angle radians about the axis (x, y, z), default the z axis, as CATransform3DMakeRotation.
        function panekit.rotate(angle, x, y, z)
          number(angle, 1, "rotate")
          x = optional(x, 0, 2, "rotate"); y = optional(y, 0, 3, "rotate"); z = optional(z, 1, 4, "rotate")
          local length = sqrt(x * x + y * y + z * z)
          if length == 0 then return panekit.identity() end
          local ux, uy, uz = x / length, y / length, z / length
          local c, s = cos(angle), sin(angle)
          local t = 1 - c
          return {
            t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
            t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
            t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
            0, 0, 0, 1,
          }
        end

        --- The identity with m34 set (Core Animation's usual -1/eyeDistance, such as -1/1000).
        function panekit.perspective(m34)
          number(m34, 1, "perspective")
          return { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, m34, 0, 0, 0, 1 }
        end

        local function multiply(a, b)
          local m = {}
          for r = 0, 3 do
            for c = 1, 4 do
              m[r * 4 + c] = a[r * 4 + 1] * b[c] + a[r * 4 + 2] * b[4 + c] + a[r * 4 + 3] * b[8 + c] + a[r * 4 + 4] * b[12 + c]
            end
          end
          return m
        end

        local function matrix(m, position)
          if type(m) ~= "table" or #m ~= 16 then
            error(format("bad argument #%d to 'concat' (a list of 16 numbers expected, got %s)", position, type(m)), 3)
          end
          return m
        end

        --- The transforms applied first to last: concat(a, b) applies a, then b.
        function panekit.concat(...)
          local count = select("#", ...)
          if count == 0 then return panekit.identity() end
          local result = matrix((...), 1)
          for i = 2, count do result = multiply(result, matrix((select(i, ...)), i)) end
          return result
        end

        -- A misspelt helper is an error naming the nearest one, like a misspelt ctx field, rather than a
        -- later "attempt to call a nil value".
        local lower, concat, sort, pairs, tostring, max = string.lower, table.concat, table.sort, pairs, tostring, math.max
        local function distance(a, b)
          a, b = lower(a), lower(b)
          local previous = {}
          for j = 0, #b do previous[j] = j end
          for i = 1, #a do
            local current = { [0] = i }
            for j = 1, #b do
              local cost = a:byte(i) == b:byte(j) and 0 or 1
              current[j] = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            end
            previous = current
          end
          return previous[#b]
        end

        local function strict(t, prefix)
          setmetatable(t, {
            __index = function(_, key)
              local names = {}
              for k in pairs(t) do names[#names + 1] = tostring(k) end
              sort(names)
              local word, hint = tostring(key), ""
              if t == panekit and type(key) == "string" and rawget(panekit.curves, key) ~= nil then
                hint = format("; did you mean %s.curves.%s?", prefix, key)
              else
                local best, bestDistance = nil, max(2, #word // 3) + 1
                for _, name in ipairs(names) do
                  local d = distance(word, name)
                  if d < bestDistance then best, bestDistance = name, d end
                end
                if best then hint = format("; did you mean %s.%s?", prefix, best) end
              end
              error(format("%s.%s: no such field%s (%s has: %s)", prefix, word, hint, prefix, concat(names, ", ")), 2)
            end,
          })
        end
        strict(panekit.curves, "panekit.curves")
        strict(panekit, "panekit")

        _G.panekit = panekit
        """
}
