/* The transforms of the edits: Transform3D's matrices and their product, and the steps of `ops`. The
 * composition matches Transform3D.swift operation for operation, so a Lua transform equals the Swift one to the bit. */
#include "Decoder.h"

void pkd_identity(m4 m) {
    memset(m, 0, sizeof(m4));
    m[0] = m[5] = m[10] = m[15] = 1;
}

/* a = a × b (a applied first, then b), the same sums in the same order as Transform3D.concatenating. */
void pkd_concat(m4 a, const m4 b) {
    m4 r;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
            r[i * 4 + j] = a[i * 4 + 0] * b[0 * 4 + j] + a[i * 4 + 1] * b[1 * 4 + j] + a[i * 4 + 2] * b[2 * 4 + j] +
                           a[i * 4 + 3] * b[3 * 4 + j];
        }
    }
    memcpy(a, r, sizeof(m4));
}

void pkd_translation(m4 m, double x, double y, double z) {
    pkd_identity(m);
    m[12] = x;
    m[13] = y;
    m[14] = z;
}

void pkd_scaling(m4 m, double x, double y, double z) {
    pkd_identity(m);
    m[0] = x;
    m[5] = y;
    m[10] = z;
}

void pkd_rotation(m4 m, double angle, double x, double y, double z) {
    double length = sqrt(x * x + y * y + z * z);
    pkd_identity(m);
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

void pkd_perspective(m4 m, double m34) {
    pkd_identity(m);
    m[11] = m34;
}

/* One element of `ops`, at `op`, into `m`; the path is the element's (ops[i]). */
int pkd_operation(decoder *d, int op, m4 m) {
    lua_State *L = d->L;
    if (!pkd_table(d, op, "an operation such as {\"translate\", x, y}")) return 0;
    lua_rawgeti(L, op, 1);
    int kind = -1;
    size_t n = 0;
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
    if (name != NULL) {
        int code = pkd_key_code(d, name, n, CODE_OPERATION, d->v->operation_count);
        if (code >= 0) kind = code - CODE_OPERATION;
    }
    if (kind < 0) {
        size_t mark = pkd_path_mark(d);
        pkd_path_index(d, 1);
        pk_problem *q = pkd_report(d, PK_PROBLEM_UNKNOWN_OPERATION);
        if (q != NULL) {
            pkd_report_text(q, name, n);
            q->got_type = lua_typename(L, lua_type(L, -1));
        }
        pkd_path_reset(d, mark);
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    double v[16];
    int count;
    switch (kind) {
    case 0:
        if ((count = pkd_list(d, op, 1, 2, 3, "{\"translate\", x, y[, z]}", v)) < 0) return 0;
        pkd_translation(m, v[0], v[1], count == 3 ? v[2] : 0);
        return 1;
    case 1:
        if ((count = pkd_list(d, op, 1, 1, 3, "{\"scale\", s} or {\"scale\", sx, sy[, sz]}", v)) < 0) return 0;
        if (count == 1) pkd_scaling(m, v[0], v[0], v[0]);
        else pkd_scaling(m, v[0], v[1], count == 3 ? v[2] : 1);
        return 1;
    case 2:
        if ((count = pkd_list(d, op, 1, 1, 4, "{\"rotate\", radians[, ax, ay, az]}", v)) < 0) return 0;
        if (count != 1 && count != 4) {
            pk_problem *q = pkd_report(d, PK_PROBLEM_ROTATE_COUNT);
            if (q != NULL) q->count = count;
            return 0;
        }
        if (count == 1) pkd_rotation(m, v[0], 0, 0, 1);
        else pkd_rotation(m, v[0], v[1], v[2], v[3]);
        return 1;
    case 3:
        if (pkd_list(d, op, 1, 1, 1, "{\"perspective\", m34}", v) < 0) return 0;
        pkd_perspective(m, v[0]);
        return 1;
    default:
        if (pkd_list(d, op, 1, 16, 16, "{\"matrix\", m11, …, m44}", v) < 0) return 0;
        memcpy(m, v, sizeof(m4));
        return 1;
    }
}

/* `ops` at `list`: the operations composed first to last into `m`. */
int pkd_operations(decoder *d, int table, m4 m) {
    lua_State *L = d->L;
    if (!pkd_table(d, table, "a list of operations such as {{\"scale\", 0.9}, {\"translate\", 10, 0}}")) return 0;
    if (d->problems == NULL) {
        /* One pass when lua_next gives the steps in order (a list built by a constructor): each is composed as it
         * comes. A problem in a step ends the fast read, as anywhere; keys out of order go to the two passes. */
        lua_Integer expected = 1;
        pkd_identity(m);
        lua_pushnil(L);
        while (lua_next(L, table) != 0) {
            if (!lua_isinteger(L, -2) || lua_tointegerx(L, -2, NULL) != expected) {
                lua_settop(L, table);
                expected = 0;
                break;
            }
            m4 step;
            if (!pkd_operation(d, lua_gettop(L), step)) {
                lua_settop(L, table);
                return 0;
            }
            pkd_concat(m, step);
            lua_settop(L, table + 1);
            expected++;
        }
        if (expected > 0) return 1;
    }
    lua_Integer count = 0;
    int valid = 1;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        lua_pop(L, 1);
        if (lua_type(L, -1) == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointegerx(L, -1, NULL) >= 1) {
            if (lua_tointegerx(L, -1, NULL) > count) count = lua_tointegerx(L, -1, NULL);
        } else {
            size_t mark = pkd_path_mark(d);
            pkd_path_key(d, -1, 1);
            pkd_problem_expected(d, PK_PROBLEM_NOT_A_LIST, "ops");
            pkd_path_reset(d, mark);
            valid = 0;
            if (STOP(d)) {
                lua_pop(L, 1);
                return 0;
            }
        }
    }
    pkd_identity(m);
    for (lua_Integer i = 1; i <= count; i++) {
        m4 step;
        lua_rawgeti(L, table, i);
        size_t mark = pkd_path_mark(d);
        pkd_path_index(d, (long long)i);
        if (pkd_operation(d, lua_gettop(L), step)) pkd_concat(m, step);
        else valid = 0;
        pkd_path_reset(d, mark);
        lua_settop(L, table);
        if (STOP(d)) return 0;
    }
    return valid;
}
