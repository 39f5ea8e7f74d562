/* PaneKit's fast edit decoder (see LuaEdits.h). The composition rules match EditDecoder.swift and
 * Transform3D.swift operation for operation, so both paths give the same numbers. */
#include "LuaEdits.h"

#include <math.h>
#include <string.h>

/* No fused multiply-add: clang may contract a * b + c into one fma (it does by default on arm64, where
 * -ffp-contract=on), which rounds once instead of twice and breaks bit-equality with the Swift path. Swift never
 * contracts: it emits separate fmul and fadd without the LLVM `contract` flag, so Transform3D.swift rounds every
 * product. This pragma keeps C to the same rounding on every target; FastDecoderTests pins the equality. */
#pragma STDC FP_CONTRACT OFF

static const char *const role_names[PK_ROLE_COUNT] = {
    /* ORDER ROLE */
    "pane", "drawer.left", "drawer.right", "drawer.top", "drawer.bottom", "overlay", "statusbar",
    "master", "detail", "divider", "corner.leading", "corner.trailing", "popover",
};

static const size_t role_lengths[PK_ROLE_COUNT] = {4, 11, 12, 10, 13, 7, 9, 6, 6, 7, 14, 15, 7};

typedef double m4[16];

static void identity(m4 m) {
    memset(m, 0, sizeof(m4));
    m[0] = m[5] = m[10] = m[15] = 1;
}

/* a = a × b (a applied first, then b), the same sums in the same order as Transform3D.concatenating. */
static void concat(m4 a, const m4 b) {
    m4 r;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
            r[i * 4 + j] = a[i * 4 + 0] * b[0 * 4 + j] + a[i * 4 + 1] * b[1 * 4 + j] + a[i * 4 + 2] * b[2 * 4 + j] +
                           a[i * 4 + 3] * b[3 * 4 + j];
        }
    }
    memcpy(a, r, sizeof(m4));
}

static void translation(m4 m, double x, double y, double z) {
    identity(m);
    m[12] = x;
    m[13] = y;
    m[14] = z;
}

static void scaling(m4 m, double x, double y, double z) {
    identity(m);
    m[0] = x;
    m[5] = y;
    m[10] = z;
}

static void rotation(m4 m, double angle, double x, double y, double z) {
    double length = sqrt(x * x + y * y + z * z);
    identity(m);
    if (!(length > 0)) return;
    double ux = x / length, uy = y / length, uz = z / length;
    double c = cos(angle), s = sin(angle), t = 1 - c;
    m[0] = t * ux * ux + c;
    m[1] = t * ux * uy + s * uz;
    m[2] = t * ux * uz - s * uy;
    m[4] = t * ux * uy - s * uz;
    m[5] = t * uy * uy + c;
    m[6] = t * uy * uz + s * ux;
    m[8] = t * ux * uz + s * uy;
    m[9] = t * uy * uz - s * ux;
    m[10] = t * uz * uz + c;
}

static void perspective(m4 m, double m34) {
    identity(m);
    m[11] = m34;
}

/* The number at the top of the stack, when it is a finite number. */
static int finite_number(lua_State *L, int index, double *out) {
    if (lua_type(L, index) != LUA_TNUMBER) return 0;
    double n = lua_tonumberx(L, index, NULL);
    if (!isfinite(n)) return 0;
    *out = n;
    return 1;
}

/* A string key, read once and compared by length, first byte and bytes. */
typedef struct {
    const char *s;
    size_t n;
} key_text;

static inline int key_is(key_text k, const char *name, size_t n) {
    return k.n == n && k.s[0] == name[0] && memcmp(k.s, name, n) == 0;
}
#define KEY_IS(k, literal) key_is((k), (literal), sizeof(literal) - 1)

/* A list of `min`…`max` numbers at keys skip+1…, no other key: the numbers into `values`; returns the count or -1.
 * One pass with lua_next: every key must be an integer in 1…max+skip, every value after `skip` a finite number,
 * and the keys must be exactly 1…highest (so no entry is missing). The first `skip` entries are the caller's. */
static int number_list(lua_State *L, int table, int skip, int min, int max, double *values) {
    if (lua_type(L, table) != LUA_TTABLE) return -1;
    int highest = 0, keys = 0;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int isnum = 0;
        lua_Integer i = lua_type(L, -2) == LUA_TNUMBER ? lua_tointegerx(L, -2, &isnum) : 0;
        if (!isnum || i < 1 || i > max + skip) {
            lua_pop(L, 2);
            return -1;
        }
        if (i > skip && !finite_number(L, -1, &values[i - skip - 1])) {
            lua_pop(L, 2);
            return -1;
        }
        lua_pop(L, 1);
        if (i > highest) highest = (int)i;
        keys++;
    }
    int count = highest - skip;
    if (count < min || keys != highest) return -1;
    return count;
}

/* A colour "#rgb", "#rrggbb" or "#rrggbbaa" at `index` into rgba (each byte / 255, as Color(hex:) does). */
static int hex_color(lua_State *L, int index, double *rgba) {
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    if (n < 1 || s[0] != '#') return 0;
    char digits[8];
    size_t count = n - 1;
    if (count == 3) {
        for (int i = 0; i < 3; i++) digits[2 * i] = digits[2 * i + 1] = s[1 + i];
        count = 6;
    } else if (count == 6 || count == 8) {
        memcpy(digits, s + 1, count);
    } else {
        return 0;
    }
    unsigned int bytes[4] = {0, 0, 0, 255};
    for (size_t i = 0; i < count; i++) {
        char c = digits[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0) return 0;
        bytes[i / 2] = (i % 2 == 0) ? (unsigned int)v << 4 : (bytes[i / 2] | (unsigned int)v);
    }
    for (int i = 0; i < 4; i++) rgba[i] = (double)bytes[i] / 255;
    return 1;
}

/* A shadow table with named keys {radius, opacity[, offset = {x, y}][, color]} into `out`. */
static int shadow(lua_State *L, int table, double *out) {
    if (lua_type(L, table) != LUA_TTABLE) return 0;
    int has_radius = 0, has_opacity = 0, ok = 1;
    out[2] = out[3] = 0;
    out[4] = out[5] = out[6] = 0;
    out[7] = 1;
    lua_pushnil(L);
    while (ok && lua_next(L, table) != 0) {
        int value = lua_gettop(L);
        key_text k = {"", 0};
        if (lua_type(L, -2) == LUA_TSTRING) k.s = lua_tolstring(L, -2, &k.n);
        if (k.n == 0) {
            ok = 0;
        } else if (KEY_IS(k, "radius")) {
            ok = !has_radius && finite_number(L, value, &out[0]) && out[0] >= 0;
            has_radius = 1;
        } else if (KEY_IS(k, "opacity")) {
            ok = !has_opacity && finite_number(L, value, &out[1]);
            out[1] = out[1] < 0 ? 0 : (out[1] > 1 ? 1 : out[1]);
            has_opacity = 1;
        } else if (KEY_IS(k, "offset")) {
            ok = number_list(L, value, 0, 2, 2, &out[2]) >= 0;
        } else if (KEY_IS(k, "color")) {
            ok = hex_color(L, value, &out[4]);
        } else {
            ok = 0;
        }
        lua_settop(L, value - 1);
    }
    if (!ok) lua_settop(L, table);
    return ok && has_radius && has_opacity;
}

/* A frame {x, y, w, h} or {x = …, y = …, w = …, h = …} with w, h ≥ 0, into `out`. */
static int frame(lua_State *L, int table, double *out) {
    if (lua_type(L, table) != LUA_TTABLE) return 0;
    lua_rawgeti(L, table, 1);
    int listed = lua_type(L, -1) != LUA_TNIL;
    lua_pop(L, 1);
    if (listed) {
        if (number_list(L, table, 0, 4, 4, out) < 0) return 0;
    } else {
        int seen = 0, ok = 1;
        lua_pushnil(L);
        while (ok && lua_next(L, table) != 0) {
            size_t n = 0;
            const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : NULL;
            int slot = name == NULL || n != 1 ? -1 : name[0] == 'x' ? 0 : name[0] == 'y' ? 1 : name[0] == 'w' ? 2 : name[0] == 'h' ? 3 : -1;
            ok = slot >= 0 && finite_number(L, -1, &out[slot]);
            if (ok) seen |= 1 << slot;
            lua_pop(L, 1);
        }
        if (!ok) {
            lua_pop(L, 1);
            return 0;
        }
        if (seen != 15) return 0;
    }
    return out[2] >= 0 && out[3] >= 0;
}

/* One element of `ops`, at the top of the stack, into `m`. */
static int operation(lua_State *L, m4 m) {
    int op = lua_gettop(L);
    if (lua_type(L, op) != LUA_TTABLE) return 0;
    lua_rawgeti(L, op, 1);
    int kind = -1;
    if (lua_type(L, -1) == LUA_TSTRING) {
        key_text k;
        k.s = lua_tolstring(L, -1, &k.n);
        kind = k.n == 0 ? -1
               : KEY_IS(k, "translate") ? 0 : KEY_IS(k, "scale") ? 1 : KEY_IS(k, "rotate") ? 2
               : KEY_IS(k, "perspective") ? 3 : KEY_IS(k, "matrix") ? 4 : -1;
    }
    lua_pop(L, 1);
    double v[16];
    int n;
    switch (kind) {
    case 0:
        if ((n = number_list(L, op, 1, 2, 3, v)) < 0) return 0;
        translation(m, v[0], v[1], n == 3 ? v[2] : 0);
        return 1;
    case 1:
        if ((n = number_list(L, op, 1, 1, 3, v)) < 0) return 0;
        if (n == 1) scaling(m, v[0], v[0], v[0]);
        else scaling(m, v[0], v[1], n == 3 ? v[2] : 1);
        return 1;
    case 2:
        if ((n = number_list(L, op, 1, 1, 4, v)) < 0 || (n != 1 && n != 4)) return 0;
        if (n == 1) rotation(m, v[0], 0, 0, 1);
        else rotation(m, v[0], v[1], v[2], v[3]);
        return 1;
    case 3:
        if (number_list(L, op, 1, 1, 1, v) < 0) return 0;
        perspective(m, v[0]);
        return 1;
    case 4:
        if (number_list(L, op, 1, 16, 16, v) < 0) return 0;
        memcpy(m, v, sizeof(m4));
        return 1;
    default:
        return 0;
    }
}

/* The node edits table at the top of the stack into `edit`. */
static int node(lua_State *L, pk_node_edit *edit) {
    int table = lua_gettop(L);
    int has_scale = 0, has_rotate = 0, has_perspective = 0, has_translate = 0, has_matrix = 0, has_ops = 0;
    double scale[3], rotate[3] = {0, 0, 0}, m34 = 0, translate[3];
    m4 matrix, ops;
    double v[16];
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int ok = lua_type(L, -2) == LUA_TSTRING;
        int value = lua_gettop(L);
        int n;
        key_text k = {"", 0};
        if (ok) k.s = lua_tolstring(L, -2, &k.n);
        if (!ok || k.n == 0) {
            ok = 0;
        } else if (KEY_IS(k, "translate")) {
            ok = (n = number_list(L, value, 0, 2, 3, v)) >= 0;
            if (ok) {
                translate[0] = v[0];
                translate[1] = v[1];
                translate[2] = n == 3 ? v[2] : 0;
                has_translate = 1;
            }
        } else if (KEY_IS(k, "scale")) {
            if (lua_type(L, value) == LUA_TNUMBER) {
                ok = finite_number(L, value, &v[0]);
                scale[0] = scale[1] = scale[2] = v[0];
            } else {
                ok = (n = number_list(L, value, 0, 2, 3, v)) >= 0;
                scale[0] = v[0];
                scale[1] = v[1];
                scale[2] = ok && n == 3 ? v[2] : 1;
            }
            has_scale = ok;
        } else if (KEY_IS(k, "rotate")) {
            if (lua_type(L, value) == LUA_TNUMBER) {
                ok = finite_number(L, value, &rotate[2]);
            } else if (lua_type(L, value) == LUA_TTABLE) {
                lua_pushnil(L);
                while (ok && lua_next(L, value) != 0) {
                    size_t an = 0;
                    const char *a = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &an) : NULL;
                    int axis = a == NULL || an != 1 ? -1 : (a[0] == 'x' ? 0 : a[0] == 'y' ? 1 : a[0] == 'z' ? 2 : -1);
                    ok = axis >= 0 && finite_number(L, -1, &rotate[axis]);
                    lua_pop(L, 1);
                }
                if (!ok) lua_pop(L, 1);  /* the key lua_next left */
            } else {
                ok = 0;
            }
            has_rotate = ok;
        } else if (KEY_IS(k, "perspective")) {
            ok = has_perspective = finite_number(L, value, &m34);
        } else if (KEY_IS(k, "transform")) {
            ok = has_matrix = number_list(L, value, 0, 16, 16, matrix) >= 0;
        } else if (KEY_IS(k, "ops")) {
            ok = lua_type(L, value) == LUA_TTABLE;
            int count = 0, keys = 0;
            if (ok) {
                lua_pushnil(L);
                while (ok && lua_next(L, value) != 0) {
                    lua_pop(L, 1);
                    ok = lua_isinteger(L, -1) && lua_tointegerx(L, -1, NULL) >= 1;
                    if (ok && lua_tointegerx(L, -1, NULL) > count) count = (int)lua_tointegerx(L, -1, NULL);
                    keys++;
                }
                if (!ok) lua_pop(L, 1);
            }
            ok = ok && keys == count;
            identity(ops);
            for (int i = 1; ok && i <= count; i++) {
                m4 step;
                lua_rawgeti(L, value, i);
                ok = operation(L, step);
                lua_settop(L, value);
                if (ok) concat(ops, step);
            }
            has_ops = ok;
        } else if (KEY_IS(k, "anchor")) {
            ok = number_list(L, value, 0, 2, 2, edit->anchor) >= 0;
            if (ok) edit->set |= PK_EDIT_ANCHOR;
        } else if (KEY_IS(k, "alpha")) {
            ok = finite_number(L, value, &edit->alpha);
            if (ok) {
                edit->alpha = edit->alpha < 0 ? 0 : (edit->alpha > 1 ? 1 : edit->alpha);
                edit->set |= PK_EDIT_ALPHA;
            }
        } else if (KEY_IS(k, "z")) {
            ok = finite_number(L, value, &edit->z) && edit->z == floor(edit->z) && fabs(edit->z) <= 1e9;
            if (ok) edit->set |= PK_EDIT_Z;
        } else if (KEY_IS(k, "hidden")) {
            ok = lua_type(L, value) == LUA_TBOOLEAN;
            edit->hidden = lua_toboolean(L, value);
            if (ok) edit->set |= PK_EDIT_HIDDEN;
        } else if (KEY_IS(k, "shadow")) {
            ok = shadow(L, value, edit->shadow);
            if (ok) edit->set |= PK_EDIT_SHADOW;
        } else if (KEY_IS(k, "color")) {
            ok = hex_color(L, value, edit->color);
            if (ok) edit->set |= PK_EDIT_COLOR;
        } else if (KEY_IS(k, "frame")) {
            ok = frame(L, value, edit->frame);
            if (ok) edit->set |= PK_EDIT_FRAME;
        } else {
            ok = 0;  /* an unknown key: the Swift decoder names it */
        }
        lua_settop(L, value - 1);  /* keep the key for lua_next */
        if (!ok) {
            lua_settop(L, table);
            return 0;
        }
    }
    int keyed = has_scale || has_rotate || has_perspective || has_translate;
    if (has_ops) {
        if (keyed || has_matrix) return 0;
        memcpy(edit->transform, ops, sizeof(m4));
        edit->set |= PK_EDIT_TRANSFORM;
    } else if (has_matrix) {
        if (keyed) return 0;
        memcpy(edit->transform, matrix, sizeof(m4));
        edit->set |= PK_EDIT_TRANSFORM;
    } else if (keyed) {
        m4 t, step;
        identity(t);
        if (has_scale) {
            scaling(step, scale[0], scale[1], scale[2]);
            concat(t, step);
        }
        if (has_rotate) {
            if (rotate[0] != 0) { rotation(step, rotate[0], 1, 0, 0); concat(t, step); }
            if (rotate[1] != 0) { rotation(step, rotate[1], 0, 1, 0); concat(t, step); }
            if (rotate[2] != 0) { rotation(step, rotate[2], 0, 0, 1); concat(t, step); }
        }
        if (has_perspective) {
            perspective(step, m34);
            concat(t, step);
        }
        if (has_translate) {
            translation(step, translate[0], translate[1], translate[2]);
            concat(t, step);
        }
        memcpy(edit->transform, t, sizeof(m4));
        edit->set |= PK_EDIT_TRANSFORM;
    }
    return 1;
}

int pk_decode_edits(lua_State *L, int index, int drawer_role, pk_edits *out) {
    out->touched = 0;
    if (!lua_checkstack(L, 24)) return 0; /* the deepest read (ops → operation → list) uses about 12 slots */
    int top = lua_gettop(L);
    int result = lua_absindex(L, index);
    if (lua_type(L, result) != LUA_TTABLE) return 0;
    lua_pushnil(L);
    while (lua_next(L, result) != 0) {
        int role = -1;
        if (lua_type(L, -2) == LUA_TSTRING) {
            key_text k;
            k.s = lua_tolstring(L, -2, &k.n);
            if (k.n > 0 && KEY_IS(k, "drawer")) {
                role = drawer_role;
            } else if (k.n > 0) {
                for (int r = 0; r < PK_ROLE_COUNT && role < 0; r++) {
                    if (k.n == role_lengths[r] && k.s[0] == role_names[r][0] && memcmp(k.s, role_names[r], k.n) == 0) role = r;
                }
            }
        }
        /* An unknown role, the same node twice (drawer and its own name) or a non-table: the slow path. */
        if (role < 0 || (out->touched & (1u << role)) || lua_type(L, -1) != LUA_TTABLE) {
            lua_settop(L, top);
            return 0;
        }
        out->touched |= 1u << role;
        pk_node_edit *edit = &out->nodes[role];
        edit->set = 0;
        if (!node(L, edit)) {
            lua_settop(L, top);
            return 0;
        }
        lua_pop(L, 1);
    }
    lua_settop(L, top);
    return 1;
}
