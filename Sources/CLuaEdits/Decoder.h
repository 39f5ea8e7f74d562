/* What the files of the decoder share (CLuaEdits); Swift does not see it. */
#ifndef PANEKIT_LUA_EDITS_DECODER_H
#define PANEKIT_LUA_EDITS_DECODER_H

#include "LuaEdits.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A growable text; `failed` once an allocation failed (the text is then dropped). */
typedef struct {
    char *s;
    size_t n, cap;
    int failed;
} text;

/* One read of a result. */
typedef struct {
    lua_State *L;
    pk_problems *problems; /* NULL: stop at the first problem */
    int failed;
    text path;
    pk_key_slot *keys; /* the cache of keys met, by address (pk_edits.keys) */
    const pk_vocabulary *v;
    pk_edits *out; /* where the steps of the transforms go (pk_edits.steps) */
} decoder;

#define CODE_NODE_KEY 100
#define CODE_OPERATION 200

/* In the fast mode, a problem ends the read: callers check this after every part. */
#define STOP(d) ((d)->failed && (d)->problems == NULL)

void pkd_text_add(text *t, const char *s, size_t n);
void pkd_text_str(text *t, const char *s);
void pkd_text_int(text *t, long long i);
void pkd_text_key(const pk_vocabulary *v, text *t, const char *s, size_t n);
pk_problem *pkd_report(decoder *d, int kind);
void pkd_report_text(pk_problem *q, const char *s, size_t n);
void pkd_problem(decoder *d, int kind);
void pkd_problem_missing(decoder *d);
void pkd_problem_expected(decoder *d, int kind, const char *expected);
void pkd_problem_type(decoder *d, const char *what, int index);
void pkd_path_name(decoder *d, const char *name);
void pkd_path_index(decoder *d, long long i);
void pkd_path_key(decoder *d, int index, int dotted);
int pkd_number(decoder *d, int index, double *out);
int pkd_list(decoder *d, int index, int skip, int lo, int hi, const char *what, double *values);
int pkd_color(decoder *d, int index, double *rgba);
int pkd_shadow(decoder *d, int table, double *out);
int pkd_frame(decoder *d, int table, double *out);
void pkd_problem_below(decoder *d, double x, double minimum);
int pkd_numbers(decoder *d, int index, const pk_key_form *form, double *out);
int pkd_grow_steps(decoder *d);
int pkd_operation(decoder *d, int op);
int pkd_operations(decoder *d, int table);

/* In line, for the per-call path: */

/* A new step of kind `kind` at the end of the result's steps, or NULL when the buffer could not grow (reported). */
static inline pk_step *pkd_step(decoder *d, int kind) {
    pk_edits *e = d->out;
    if (e->step_count == e->step_capacity && !pkd_grow_steps(d)) return NULL;
    pk_step *step = &e->steps[e->step_count++];
    step->kind = kind;
    return step;
}

/* ---- Keys: a role or node key by the address of its interned bytes, else by comparing bytes ---- */

static inline const char *code_name(const pk_vocabulary *v, int code) {
    if (code < v->role_count) return v->roles[code];
    if (code == v->role_count) return v->drawer;
    if (code >= CODE_OPERATION) return v->operations[code - CODE_OPERATION];
    return v->node_keys[code - CODE_NODE_KEY];
}

static inline unsigned int key_slot(const char *s) {
    return (unsigned int)(((unsigned long long)(size_t)s * 0x9E3779B97F4A7C15ull) >> 58) & (PK_KEY_CACHE_SIZE - 1);
}

/* Whether the n bytes at a and b are the same (both at least n bytes long): compared in line, a word at a time (the
 * last word overlapping the one before), shorter than a call to memcmp for names a few bytes long. */
static inline int pkd_same_bytes(const char *a, const char *b, size_t n) {
    uint64_t x, y;
    uint32_t u, w;
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&x, a + i, 8);
            memcpy(&y, b + i, 8);
            if (x != y) return 0;
        }
        memcpy(&x, a + n - 8, 8);
        memcpy(&y, b + n - 8, 8);
        return x == y;
    }
    if (n >= 4) {
        memcpy(&u, a, 4);
        memcpy(&w, b, 4);
        if (u != w) return 0;
        memcpy(&u, a + n - 4, 4);
        memcpy(&w, b + n - 4, 4);
        return u == w;
    }
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* What the key s (n bytes) names among the `count` codes from `first` (or -1): first by address in the cache,
 * checked against the length and the bytes of the slot's name (a slot is written with its code's name's length), then
 * by comparing bytes, remembering the address for the next result. The cache is open-addressed: a key whose slot is
 * taken by another goes to the next free one, so two keys of one result that hash alike do not evict each other on
 * every call (which made a call's cost depend on where Lua's per-process string seed put them); a slot holding this
 * address (its string since freed, or met under another range) is relearnt in place. */
static inline __attribute__((always_inline)) int pkd_key_code(decoder *d, const char *s, size_t n, int first, int count) {
    unsigned int i = key_slot(s);
    pk_key_slot *slot = NULL;
    for (int probe = 0; probe < PK_KEY_CACHE_SIZE; probe++, i = (i + 1) & (PK_KEY_CACHE_SIZE - 1)) {
        pk_key_slot *candidate = &d->keys[i];
        if (candidate->address == s) {
            if (candidate->code >= first && candidate->code < first + count && (size_t)candidate->length == n &&
                pkd_same_bytes(code_name(d->v, candidate->code), s, n))
                return candidate->code;
            slot = candidate;
            break;
        }
        if (candidate->address == NULL) {
            slot = candidate;
            break;
        }
    }
    if (slot == NULL) slot = &d->keys[key_slot(s)]; /* full: the key's own slot is relearnt */
    if (n == 0 || memchr(s, 0, n) != NULL) return -1;
    for (int code = first; code < first + count; code++) {
        const char *name = code_name(d->v, code);
        if (name[0] == s[0] && strncmp(name, s, n) == 0 && name[n] == 0) {
            slot->address = s;
            slot->code = code;
            slot->length = (int)n;
            return code;
        }
    }
    return -1;
}

/* The path: a mark to return to, and its components. Written only when problems are listed. */
static inline size_t pkd_path_mark(decoder *d) { return d->path.n; }

static inline void pkd_path_reset(decoder *d, size_t mark) {
    if (d->problems == NULL) return;
    d->path.n = mark;
    if (d->path.s) d->path.s[mark] = 0;
}

/* A table from the context (ctx.frames.pane…) is read through its data table, as the plugin sees it. */
static inline void pkd_unproxy(lua_State *L, int index) {
    if (!lua_getmetatable(L, index)) return;
    if (lua_rawgetp(L, -1, &pk_context_marker) == LUA_TTABLE) {
        lua_replace(L, index);
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
    }
}

/* Opens the value at `index` for reading as a table (unproxied in place): 1, or 0 with the problem "expected
 * `what`" when it is not a table. */
static inline int pkd_table(decoder *d, int index, const char *what) {
    if (lua_type(d->L, index) != LUA_TTABLE) {
        pkd_problem_type(d, what, index);
        return 0;
    }
    pkd_unproxy(d->L, index);
    return 1;
}

#endif
