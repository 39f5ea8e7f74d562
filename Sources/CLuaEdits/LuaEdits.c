/* PaneKit's one decoder of a style function's result (see LuaEdits.h): the roles and the node keys. The values
 * are read in Values.c, the steps of the transforms in Transform.c, the problems written in Problems.c; the messages are the
 * ones the plugin guide documents (key path, what was expected, what was found, a near name). */
#include "Decoder.h"

const char pk_context_marker = 0;

static void unknown_key(decoder *d, const char *name, size_t n) {
    pkd_report_text(pkd_report(d, PK_PROBLEM_UNKNOWN_KEY), name, n);
}

/* The node edits table at `table`, the top of the stack, into `edit`; the path is the role's key. */
static int node(decoder *d, int table, pk_node_edit *edit) {
    lua_State *L = d->L;
    int has_scale = 0, has_rotate = 0, has_perspective = 0, has_translate = 0, has_matrix = 0, has_ops = 0;
    double scale[3], rotate[3] = {0, 0, 0}, m34 = 0, translate[3];
    int first_op = 0, op_count = 0;
    double v[16];
    int n;
    pkd_unproxy(L, table);
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int value = table + 2; /* the key above the table, the value above it */
        size_t mark = pkd_path_mark(d);
        if (lua_type(L, -2) != LUA_TSTRING) {
            pkd_path_key(d, -2, 0);
            unknown_key(d, NULL, 0);
        } else {
            size_t kn;
            const char *k = lua_tolstring(L, -2, &kn);
            if (d->problems != NULL) {
                pkd_text_str(&d->path, ".");
                pkd_text_key(d->v, &d->path, k, kn);
            }
            int code = pkd_key_code(d, k, kn, CODE_NODE_KEY, d->v->node_key_count);
            int kind = code >= CODE_NODE_KEY ? d->v->node_key_kinds[code - CODE_NODE_KEY] : -1;
#define IS(key) (kind == PK_##key)
            if (IS(KEY_TRANSLATE)) {
                if ((n = pkd_list(d, value, 0, 2, 3, "a list {x, y[, z]}", v)) >= 0) {
                    translate[0] = v[0];
                    translate[1] = v[1];
                    translate[2] = n == 3 ? v[2] : 0;
                    has_translate = 1;
                }
            } else if (IS(KEY_SCALE)) {
                if (lua_type(L, value) == LUA_TNUMBER) {
                    if ((has_scale = pkd_number(d, value, &v[0]))) scale[0] = scale[1] = scale[2] = v[0];
                } else if ((n = pkd_list(d, value, 0, 2, 3, "a number or a list {sx, sy[, sz]}", v)) >= 0) {
                    scale[0] = v[0];
                    scale[1] = v[1];
                    scale[2] = n == 3 ? v[2] : 1;
                    has_scale = 1;
                }
            } else if (IS(KEY_ROTATE)) {
                if (lua_type(L, value) == LUA_TNUMBER) {
                    has_rotate = pkd_number(d, value, &rotate[2]);
                    rotate[0] = rotate[1] = 0;
                } else if (lua_type(L, value) != LUA_TTABLE) {
                    pkd_problem_type(d, "a table {x = rad, y = rad, z = rad} or a number (about z)", value);
                } else {
                    int valid = 1;
                    double r[3] = {0, 0, 0};
                    pkd_unproxy(L, value);
                    lua_pushnil(L);
                    while (lua_next(L, value) != 0) {
                        size_t an = 0;
                        const char *a = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &an) : NULL;
                        int axis = a == NULL || an != 1 ? -1 : (a[0] == 'x' ? 0 : a[0] == 'y' ? 1 : a[0] == 'z' ? 2 : -1);
                        size_t inner = pkd_path_mark(d);
                        if (axis < 0) {
                            pkd_path_key(d, -2, 1);
                            pkd_problem_expected(d, PK_PROBLEM_UNEXPECTED_KEY, "{x = rad, y = rad, z = rad}");
                            valid = 0;
                        } else {
                            pkd_path_name(d, a);
                            if (!pkd_number(d, lua_gettop(L), &r[axis])) valid = 0;
                        }
                        pkd_path_reset(d, inner);
                        lua_pop(L, 1);
                        if (STOP(d)) {
                            lua_pop(L, 1);
                            break;
                        }
                    }
                    if (valid) {
                        memcpy(rotate, r, sizeof r);
                        has_rotate = 1;
                    }
                }
            } else if (IS(KEY_PERSPECTIVE)) {
                has_perspective = pkd_number(d, value, &m34);
            } else if (IS(KEY_TRANSFORM)) {
                has_matrix = pkd_list(d, value, 0, 16, 16, "a list of 16 numbers (m11 … m44)", edit->matrix) >= 0;
            } else if (IS(KEY_OPS)) {
                first_op = d->out->step_count;
                has_ops = pkd_operations(d, value);
                op_count = d->out->step_count - first_op;
            } else if (IS(KEY_ANCHOR)) {
                if (pkd_list(d, value, 0, 2, 2, "a list {x, y}", edit->anchor) >= 0) edit->set |= PK_EDIT_ANCHOR;
            } else if (IS(KEY_ALPHA)) {
                if (pkd_number(d, value, &edit->alpha)) {
                    edit->alpha = edit->alpha < 0 ? 0 : (edit->alpha > 1 ? 1 : edit->alpha);
                    edit->set |= PK_EDIT_ALPHA;
                }
            } else if (IS(KEY_Z)) {
                if (pkd_number(d, value, &edit->z)) {
                    if (edit->z == round(edit->z) && fabs(edit->z) <= 1e9) {
                        edit->set |= PK_EDIT_Z;
                    } else {
                        pk_problem *q = pkd_report(d, PK_PROBLEM_NOT_INTEGER);
                        if (q != NULL) q->got[0] = edit->z;
                    }
                }
            } else if (IS(KEY_HIDDEN)) {
                if (lua_type(L, value) == LUA_TBOOLEAN) {
                    edit->hidden = lua_toboolean(L, value);
                    edit->set |= PK_EDIT_HIDDEN;
                } else {
                    pkd_problem_type(d, "a boolean", value);
                }
            } else if (IS(KEY_SHADOW)) {
                if (pkd_shadow(d, value, edit->shadow)) edit->set |= PK_EDIT_SHADOW;
            } else if (IS(KEY_COLOR)) {
                if (pkd_color(d, value, edit->color)) edit->set |= PK_EDIT_COLOR;
            } else if (IS(KEY_FRAME)) {
                if (pkd_frame(d, value, edit->frame)) edit->set |= PK_EDIT_FRAME;
            } else if (IS(KEY_NUMBERS)) {
                const pk_key_form *form = &d->v->node_key_forms[code - CODE_NODE_KEY];
                if (form->slot >= 0 && form->slot + form->count <= PK_EDIT_VALUES &&
                    pkd_numbers(d, value, form, edit->values + form->slot))
                    edit->keys |= 1u << (code - CODE_NODE_KEY);
            } else {
                unknown_key(d, k, kn);
            }
#undef IS
        }
        pkd_path_reset(d, mark);
        lua_settop(L, value - 1); /* keep the key for lua_next */
        if (STOP(d)) {
            lua_settop(L, table);
            return 0;
        }
    }
    int keyed = has_scale || has_rotate || has_perspective || has_translate;
    size_t mark = pkd_path_mark(d);
    if (has_ops) {
        if (keyed || has_matrix) {
            pkd_path_name(d, "ops");
            pkd_problem(d, PK_PROBLEM_OPS_COMBINED);
        }
        edit->first_step = first_op;
        edit->step_count = op_count;
        edit->set |= PK_EDIT_TRANSFORM;
    } else if (has_matrix) {
        if (keyed) {
            pkd_path_name(d, "transform");
            pkd_problem(d, PK_PROBLEM_MATRIX_COMBINED);
        }
        edit->set |= PK_EDIT_MATRIX;
    } else if (keyed) {
        /* The keyed parts as steps, in the order the plugin guide gives: scale, rotate about x, y, z, perspective,
         * translate. */
        pk_step *step;
        edit->first_step = d->out->step_count;
        if (has_scale && (step = pkd_step(d, PK_STEP_SCALE)) != NULL) memcpy(step->v, scale, sizeof scale);
        for (int axis = 0; axis < 3; axis++) {
            if (!has_rotate || rotate[axis] == 0 || (step = pkd_step(d, PK_STEP_ROTATE)) == NULL) continue;
            step->v[0] = rotate[axis];
            step->v[1] = axis == 0;
            step->v[2] = axis == 1;
            step->v[3] = axis == 2;
        }
        if (has_perspective && (step = pkd_step(d, PK_STEP_PERSPECTIVE)) != NULL) step->v[0] = m34;
        if (has_translate && (step = pkd_step(d, PK_STEP_TRANSLATE)) != NULL) memcpy(step->v, translate, sizeof translate);
        edit->step_count = d->out->step_count - edit->first_step;
        edit->set |= PK_EDIT_TRANSFORM;
    }
    pkd_path_reset(d, mark);
    return !d->failed;
}

static void unknown_role(decoder *d, const char *name, size_t n) {
    pkd_report_text(pkd_report(d, PK_PROBLEM_UNKNOWN_ROLE), name, n);
}

int pk_decode_edits(
    lua_State *L, const pk_vocabulary *vocabulary, int index, int drawer_role, pk_edits *out, pk_problems *problems) {
    decoder d = {L, problems, 0, {NULL, 0, 0, 0}, out->keys, vocabulary, out};
    int before = problems ? problems->count : 0;
    out->touched = 0;
    out->step_count = 0;
    int top = lua_gettop(L);
    int result = lua_absindex(L, index);
    if (!lua_checkstack(L, 24)) { /* the deepest read (ops → operation → list) uses about 12 slots */
        pkd_problem(&d, PK_PROBLEM_MEMORY);
        return 0;
    }
    if (lua_type(L, result) != LUA_TTABLE) {
        pk_problem *q = pkd_report(&d, PK_PROBLEM_NOT_A_TABLE);
        if (q != NULL) q->got_type = lua_typename(L, lua_type(L, result));
        return 0;
    }
    lua_pushvalue(L, result);
    result = lua_gettop(L);
    pkd_unproxy(L, result);
    lua_pushnil(L);
    while (lua_next(L, result) != 0) {
        int role = -1;
        size_t n = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : NULL;
        if (name != NULL) {
            role = pkd_key_code(&d, name, n, 0, vocabulary->role_count + 1);
            if (role == vocabulary->role_count) role = drawer_role;
        }
        if (d.problems != NULL) {
            d.path.n = 0;
            pkd_path_key(&d, -2, 0);
        }
        if (role < 0) {
            unknown_role(&d, name, n);
        } else if (out->touched & (1u << role)) {
            pk_problem *q = pkd_report(&d, PK_PROBLEM_SAME_NODE);
            if (q != NULL) q->count = drawer_role;
        } else {
            out->touched |= 1u << role;
            pk_node_edit *edit = &out->nodes[role];
            edit->set = 0;
            edit->keys = 0;
            if (lua_type(L, -1) != LUA_TTABLE) {
                pkd_problem_type(&d, "a table of edits such as { alpha = 0.5 }", -1);
            } else {
                node(&d, result + 2, edit); /* the value above its key */
            }
        }
        lua_settop(L, result + 1);
        if (STOP(&d)) break;
    }
    lua_settop(L, top);
    free(d.path.s);
    return problems ? problems->count == before : !d.failed;
}
