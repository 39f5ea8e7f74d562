/* The transforms of the edits as steps (pk_step): the steps of `ops`, and the buffer they go to. The decoder
 * composes nothing; PaneKitLua composes the steps with Transform3D. */
#include "Decoder.h"

#include <limits.h>

/* Room for twice as many steps (64 at first); 0, with the problem reported, when memory runs out. */
int pkd_grow_steps(decoder *d) {
    pk_edits *e = d->out;
    int capacity = e->step_capacity > 0 ? e->step_capacity : 32;
    pk_step *steps = capacity <= INT_MAX / 2 ? realloc(e->steps, (size_t)capacity * 2 * sizeof(pk_step)) : NULL;
    if (steps == NULL) {
        pkd_problem(d, PK_PROBLEM_MEMORY);
        return 0;
    }
    e->steps = steps;
    e->step_capacity = capacity * 2;
    return 1;
}

void pk_edits_free(pk_edits *edits) {
    free(edits->steps);
    edits->steps = NULL;
    edits->step_count = edits->step_capacity = 0;
}

/* One element of `ops`, at `op`, as a step at the end of the result's steps; the path is the element's (ops[i]). */
int pkd_operation(decoder *d, int op) {
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
    pk_step *step = pkd_step(d, kind);
    if (step == NULL) return 0;
    double *v = step->v;
    int count;
    switch (kind) {
    case PK_STEP_TRANSLATE:
        if ((count = pkd_list(d, op, 1, 2, 3, "{\"translate\", x, y[, z]}", v)) < 0) break;
        if (count == 2) v[2] = 0;
        return 1;
    case PK_STEP_SCALE:
        if ((count = pkd_list(d, op, 1, 1, 3, "{\"scale\", s} or {\"scale\", sx, sy[, sz]}", v)) < 0) break;
        if (count == 1) v[1] = v[2] = v[0];
        else if (count == 2) v[2] = 1;
        return 1;
    case PK_STEP_ROTATE:
        if ((count = pkd_list(d, op, 1, 1, 4, "{\"rotate\", radians[, ax, ay, az]}", v)) < 0) break;
        if (count != 1 && count != 4) {
            pk_problem *q = pkd_report(d, PK_PROBLEM_ROTATE_COUNT);
            if (q != NULL) q->count = count;
            break;
        }
        if (count == 1) {
            v[1] = v[2] = 0;
            v[3] = 1;
        }
        return 1;
    case PK_STEP_PERSPECTIVE:
        if (pkd_list(d, op, 1, 1, 1, "{\"perspective\", m34}", v) < 0) break;
        return 1;
    default:
        if (pkd_list(d, op, 1, 16, 16, "{\"matrix\", m11, …, m44}", v) < 0) break;
        return 1;
    }
    d->out->step_count--;
    return 0;
}

/* `ops` at `table`: its operations as steps at the end of the result's steps, first to last. */
int pkd_operations(decoder *d, int table) {
    lua_State *L = d->L;
    if (!pkd_table(d, table, "a list of operations such as {{\"scale\", 0.9}, {\"translate\", 10, 0}}")) return 0;
    if (d->problems == NULL) {
        /* One pass when lua_next gives the steps in order (a list built by a constructor): each is composed as it
         * comes. A problem in a step ends the fast read, as anywhere; keys out of order go to the two passes. */
        lua_Integer expected = 1;
        int first = d->out->step_count;
        lua_pushnil(L);
        while (lua_next(L, table) != 0) {
            if (!lua_isinteger(L, -2) || lua_tointegerx(L, -2, NULL) != expected) {
                lua_settop(L, table);
                d->out->step_count = first; /* read again, in order, below */
                expected = 0;
                break;
            }
            if (!pkd_operation(d, lua_gettop(L))) {
                lua_settop(L, table);
                return 0;
            }
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
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, table, i);
        size_t mark = pkd_path_mark(d);
        pkd_path_index(d, (long long)i);
        if (!pkd_operation(d, lua_gettop(L))) valid = 0;
        pkd_path_reset(d, mark);
        lua_settop(L, table);
        if (STOP(d)) return 0;
    }
    return valid;
}
