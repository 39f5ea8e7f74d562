/* The values of the edits: numbers, lists of numbers, colours, a shadow, a frame. */
#include "Decoder.h"

/* The value at `index`: a finite number into *out. */
int pkd_number(decoder *d, int index, double *out) {
    if (lua_type(d->L, index) != LUA_TNUMBER) {
        pkd_problem_type(d, "a number", index);
        return 0;
    }
    double n = lua_tonumberx(d->L, index, NULL);
    if (!isfinite(n)) {
        pk_problem *q = pkd_report(d, PK_PROBLEM_NOT_FINITE);
        if (q != NULL) q->got[0] = n;
        return 0;
    }
    *out = n;
    return 1;
}

/* A list at `index`: `lo`…`hi` numbers at keys skip+1… (the first `skip` entries are the caller's), into `values`.
 * Returns the count, or -1 after a problem: a key other than 1…hi+skip, or an entry that is not a finite number
 * (a missing one is `path[i]: expected a number, got nil`). */
/* A valid list in one pass (list's grammar): the count, or -1 when anything is off, and `list` reads it again
 * to name the problem. Each value is taken as lua_next gives it; a bit per key seen checks that none is missing. */
static int list_valid(lua_State *L, int index, int skip, int lo, int hi, double *values) {
    unsigned int seen = 0;
    int highest = 0;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        lua_Integer i = lua_isinteger(L, -2) ? lua_tointegerx(L, -2, NULL) : 0;
        if (i < 1 || i > hi + skip) {
            lua_pop(L, 2);
            return -1;
        }
        if (i > skip) {
            double n = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, NULL) : NAN;
            if (!isfinite(n)) {
                lua_pop(L, 2);
                return -1;
            }
            values[i - skip - 1] = n;
        }
        seen |= 1u << i;
        if (i > highest) highest = (int)i;
        lua_pop(L, 1);
    }
    int count = highest - skip > lo ? highest - skip : lo;
    unsigned int need = ((1u << (skip + count + 1)) - 1) & ~((1u << (skip + 1)) - 1);
    return (seen & need) == need ? count : -1;
}

int pkd_list(decoder *d, int index, int skip, int lo, int hi, const char *what, double *values) {
    lua_State *L = d->L;
    if (!pkd_table(d, index, what)) return -1;
    if (d->problems == NULL) {
        int count = list_valid(L, index, skip, lo, hi, values);
        if (count >= 0) return count;
    }
    int highest = 0, valid = 1;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        int isnum = 0;
        lua_Integer i = lua_type(L, -2) == LUA_TNUMBER ? lua_tointegerx(L, -2, &isnum) : 0;
        if (isnum && lua_isinteger(L, -2) && i >= 1 && i <= hi + skip) {
            if (i > highest) highest = (int)i;
        } else {
            size_t mark = pkd_path_mark(d);
            pkd_path_key(d, -2, 1);
            pkd_problem_expected(d, PK_PROBLEM_UNEXPECTED_KEY, what);
            pkd_path_reset(d, mark);
            valid = 0;
            if (STOP(d)) {
                lua_pop(L, 2);
                return -1;
            }
        }
        lua_pop(L, 1);
    }
    int count = highest - skip > lo ? highest - skip : lo;
    for (int i = skip + 1; i <= skip + count; i++) {
        lua_rawgeti(L, index, i);
        size_t mark = pkd_path_mark(d);
        pkd_path_index(d, i);
        if (!pkd_number(d, lua_gettop(L), &values[i - skip - 1])) valid = 0;
        pkd_path_reset(d, mark);
        lua_pop(L, 1);
        if (STOP(d)) return -1;
    }
    return valid ? count : -1;
}

/* A colour as Color(hex:) reads it: "#" and 3 hex digits, or 6 or 8 characters that UInt64(_:radix: 16) reads
 * (a sign is allowed there: "+" always, "-" for zero). */
static int hex_color(lua_State *L, int index, double *rgba) {
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    if (n < 1 || s[0] != '#') return 0;
    char digits[10];
    size_t count = n - 1;
    int sign = 0;
    if (count == 3) {
        for (int i = 0; i < 3; i++) digits[2 * i] = digits[2 * i + 1] = s[1 + i];
        count = 6;
    } else if (count == 6 || count == 8) {
        memcpy(digits, s + 1, count);
    } else {
        return 0;
    }
    int alpha = count == 8;
    size_t first = 0;
    if (n - 1 != 3 && (digits[0] == '+' || digits[0] == '-')) {
        sign = digits[0];
        first = 1;
        if (count == 1) return 0;
    }
    unsigned long long value = 0;
    for (size_t i = first; i < count; i++) {
        char c = digits[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0) return 0;
        value = value << 4 | (unsigned long long)v;
    }
    if (sign == '-' && value != 0) return 0;
    unsigned long long v = alpha ? value : (value << 8 | 0xff);
    rgba[0] = (double)((v >> 24) & 0xff) / 255;
    rgba[1] = (double)((v >> 16) & 0xff) / 255;
    rgba[2] = (double)((v >> 8) & 0xff) / 255;
    rgba[3] = (double)(v & 0xff) / 255;
    return 1;
}

/* A CSS named colour in any case into rgba; 0 for any other value. */
static int named_color(lua_State *L, const pk_vocabulary *v, int index, double *rgba) {
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    char folded[24];
    if (n == 0 || n >= sizeof folded) return 0;
    for (size_t i = 0; i < n; i++) folded[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) : s[i];
    folded[n] = 0;
    int lo = 0, hi = v->color_count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(folded, v->color_names[mid]);
        if (c == 0) {
            unsigned int value = v->color_values[mid];
            rgba[0] = (double)((value >> 24) & 0xff) / 255;
            rgba[1] = (double)((value >> 16) & 0xff) / 255;
            rgba[2] = (double)((value >> 8) & 0xff) / 255;
            rgba[3] = (double)(value & 0xff) / 255;
            return 1;
        }
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return 0;
}

int pkd_color(decoder *d, int index, double *rgba) {
    if (hex_color(d->L, index, rgba) || named_color(d->L, d->v, index, rgba)) return 1;
    pk_problem *q = pkd_report(d, PK_PROBLEM_COLOR);
    if (q == NULL) return 0;
    q->got_type = lua_typename(d->L, lua_type(d->L, index));
    if (lua_type(d->L, index) == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(d->L, index, &n);
        pkd_report_text(q, s, n);
    }
    return 0;
}

/* Whether the string key at `index` is `name`. */
static inline int key_is(lua_State *L, int index, const char *name) {
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    return n == strlen(name) && memcmp(s, name, n) == 0;
}

static inline int key_is_index(lua_State *L, int index, lua_Integer i) {
    return lua_type(L, index) == LUA_TNUMBER && lua_isinteger(L, index) && lua_tointegerx(L, index, NULL) == i;
}

/* A shadow {radius = …, opacity = …[, offset = {x, y}][, color = …]} (or radius, opacity, color at 1, 2, 3)
 * into out: radius, opacity, offset x, y, colour r, g, b, a. */
int pkd_shadow(decoder *d, int table, double *out) {
    lua_State *L = d->L;
    if (!pkd_table(d, table, "{radius = …, opacity = …[, offset = {x, y}][, color = \"#000000\"]}")) return 0;
    int has_radius = 0, has_opacity = 0, valid = 1;
    out[2] = out[3] = 0;
    out[4] = out[5] = out[6] = 0;
    out[7] = 1;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int value = lua_gettop(L);
        size_t mark = pkd_path_mark(d);
        if (key_is(L, -2, "radius") || key_is_index(L, -2, 1)) {
            pkd_path_name(d, "radius");
            if (has_radius) {
                pkd_problem(d, PK_PROBLEM_GIVEN_TWICE);
                valid = 0;
            }
            has_radius = pkd_number(d, value, &out[0]);
            if (has_radius && out[0] < 0) {
                pkd_problem_below(d, out[0], 0);
                has_radius = 0;
            }
            if (!has_radius) valid = 0;
        } else if (key_is(L, -2, "opacity") || key_is_index(L, -2, 2)) {
            pkd_path_name(d, "opacity");
            if (has_opacity) {
                pkd_problem(d, PK_PROBLEM_GIVEN_TWICE);
                valid = 0;
            }
            has_opacity = pkd_number(d, value, &out[1]);
            if (has_opacity) out[1] = out[1] < 0 ? 0 : (out[1] > 1 ? 1 : out[1]);
            else valid = 0;
        } else if (key_is(L, -2, "offset")) {
            pkd_path_name(d, "offset");
            if (pkd_list(d, value, 0, 2, 2, "a list {x, y}", &out[2]) < 0) valid = 0;
        } else if (key_is(L, -2, "color") || key_is_index(L, -2, 3)) {
            pkd_path_name(d, "color");
            if (!pkd_color(d, value, &out[4])) valid = 0;
        } else {
            pkd_path_key(d, -2, 1);
            pkd_problem(d, PK_PROBLEM_SHADOW_KEY);
            valid = 0;
        }
        pkd_path_reset(d, mark);
        lua_settop(L, value - 1);
        if (STOP(d)) {
            lua_pop(L, 1);
            return 0;
        }
    }
    size_t mark = pkd_path_mark(d);
    if (valid && !has_radius) {
        pkd_path_name(d, "radius");
        pkd_problem_missing(d);
        valid = 0;
    } else if (valid && !has_opacity) {
        pkd_path_name(d, "opacity");
        pkd_problem_missing(d);
        valid = 0;
    }
    pkd_path_reset(d, mark);
    return valid;
}

/* A frame {x, y, w, h} or {x = …, y = …, w = …, h = …} with w, h ≥ 0, into out. */
int pkd_frame(decoder *d, int table, double *out) {
    lua_State *L = d->L;
    if (!pkd_table(d, table, "{x, y, w, h} or {x = …, y = …, w = …, h = …}")) return 0;
    int named = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TSTRING) {
            named = 1;
            lua_pop(L, 1);
            break;
        }
    }
    if (named) {
        int seen = 0, valid = 1;
        lua_pushnil(L);
        while (lua_next(L, table) != 0) {
            size_t n = 0;
            const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : NULL;
            int slot = name == NULL || n != 1 ? -1 : name[0] == 'x' ? 0 : name[0] == 'y' ? 1 : name[0] == 'w' ? 2 : name[0] == 'h' ? 3 : -1;
            size_t mark = pkd_path_mark(d);
            if (slot < 0) {
                pkd_path_key(d, -2, 1);
                pkd_problem_expected(d, PK_PROBLEM_UNEXPECTED_KEY, "{x = …, y = …, w = …, h = …}");
                valid = 0;
            } else {
                pkd_path_name(d, name);
                if (pkd_number(d, lua_gettop(L), &out[slot])) seen |= 1 << slot;
                else valid = 0;
            }
            pkd_path_reset(d, mark);
            lua_pop(L, 1);
            if (STOP(d)) {
                lua_pop(L, 1);
                return 0;
            }
        }
        static const char *const names[] = {"x", "y", "w", "h"};
        for (int k = 0; k < 4 && valid; k++) {
            if (!(seen & (1 << k))) {
                size_t mark = pkd_path_mark(d);
                pkd_path_name(d, names[k]);
                pkd_problem_missing(d);
                pkd_path_reset(d, mark);
                valid = 0;
            }
        }
        if (!valid) return 0;
    } else if (pkd_list(d, table, 0, 4, 4, "{x, y, w, h}", out) < 0) {
        return 0;
    }
    if (out[2] < 0 || out[3] < 0) {
        pk_problem *q = pkd_report(d, PK_PROBLEM_NEGATIVE_SIZE);
        if (q != NULL) {
            q->got[0] = out[2];
            q->got[1] = out[3];
        }
        return 0;
    }
    return 1;
}

/* A value below `minimum`: "expected a number ≥ minimum, got x". */
void pkd_problem_below(decoder *d, double x, double minimum) {
    pk_problem *q = pkd_report(d, PK_PROBLEM_NEGATIVE);
    if (q == NULL) return;
    q->got[0] = x;
    q->got[1] = minimum;
}

/* A PK_KEY_NUMBERS value at `index`: one number for every slot, or a list of `form->count`; each ≥ the minimum. */
int pkd_numbers(decoder *d, int index, const pk_key_form *form, double *out) {
    if (lua_type(d->L, index) == LUA_TNUMBER) {
        double x;
        if (!pkd_number(d, index, &x)) return 0;
        if (x < form->minimum) {
            pkd_problem_below(d, x, form->minimum);
            return 0;
        }
        for (int i = 0; i < form->count; i++) out[i] = x;
        return 1;
    }
    if (pkd_list(d, index, 0, form->count, form->count, form->expected, out) < 0) return 0;
    int valid = 1;
    for (int i = 0; i < form->count; i++) {
        if (out[i] < form->minimum) {
            size_t mark = pkd_path_mark(d);
            pkd_path_index(d, i + 1);
            pkd_problem_below(d, out[i], form->minimum);
            pkd_path_reset(d, mark);
            valid = 0;
            if (STOP(d)) return 0;
        }
    }
    return valid;
}
