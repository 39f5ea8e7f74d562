/* string.find, match, gmatch and gsub on the budgeted matcher (Matcher.c): where each starts, how it walks the
 * subject, and what it returns; a plain find scans with memchr and memcmp, one unit per 64 bytes. */
#include "Matcher.h"

#include <ctype.h>

/* A position argument as string.find reads it: negative counts from the end, 0 and below the start are 1. */
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position;
    if (position == 0) return 1;
    if (position < -(lua_Integer)length) return 1;
    return length + (size_t)position + 1;
}

static int has_specials(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (memchr("^$*+?.([%-", p[i], 10) != NULL && p[i] != 0) return 1;
    return 0;
}

/* memchr for the first byte, then compare the rest 64 bytes at a time; each block scanned or compared
 * is one unit. */
static const char *plain_find(lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    const char *last = s + (ls - lp); /* the last place a match can start */
    long long units = 0;
    const char *from = s;
    while (from <= last) {
        const char *hit = (const char *)memchr(from, p[0], (size_t)(last - from) + 1);
        units += ((hit ? hit : last) - from) / PK_BYTES_PER_UNIT + 1;
        if (hit == NULL) break;
        size_t done = 1;
        int same = 1;
        while (done < lp) {
            size_t n = lp - done < PK_BYTES_PER_UNIT ? lp - done : PK_BYTES_PER_UNIT;
            units++;
            if (memcmp(hit + done, p + done, n) != 0) {
                same = 0;
                break;
            }
            done += n;
        }
        if (units >= PK_BATCH) {
            clua_charge(L, units);
            units = 0;
        }
        if (same) {
            clua_charge(L, units);
            return hit;
        }
        from = hit + 1;
    }
    clua_charge(L, units);
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    pk_charge_numeric_arg(L, 3);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        clua_charge(L, (long long)(lp / PK_BYTES_PER_UNIT));
        const char *at = plain_find(L, s + init, ls - init, p, lp);
        if (at == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (at - s) + 1);
        lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
        return 2;
    }
    pk_matcher m;
    int anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    pk_prepare(&m, L, s, ls, p, lp);
    const char *from = s + init;
    do {
        pk_restart(&m);
        const char *e = pk_match_here(&m, from, p);
        if (e != NULL) {
            pk_charge_steps(&m);
            if (!find) return pk_push_captures(&m, from, e);
            lua_pushinteger(L, (from - s) + 1);
            lua_pushinteger(L, e - s);
            return pk_push_captures(&m, NULL, NULL) + 2;
        }
    } while (from++ < m.src_end && !anchored);
    pk_charge_steps(&m);
    luaL_pushfail(L);
    return 1;
}

/** string.find (s, pattern [, init [, plain]]) */
int pk_str_find(lua_State *L) { return find_or_match(L, 1); }

/** string.match (s, pattern [, init]) */
int pk_str_match(lua_State *L) { return find_or_match(L, 0); }

typedef struct pk_gmatch {
    const char *from;
    const char *pattern;
    const char *last; /* the end of the last match, so an empty match is not found twice there */
    pk_matcher m;
} pk_gmatch;

static int gmatch_next(lua_State *L) {
    pk_gmatch *g = (pk_gmatch *)lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L; /* the iterator may run in another coroutine than the one that made it */
    for (const char *from = g->from; from <= g->m.src_end; from++) {
        pk_restart(&g->m);
        const char *e = pk_match_here(&g->m, from, g->pattern);
        if (e != NULL && e != g->last) {
            pk_charge_steps(&g->m);
            g->from = g->last = e;
            return pk_push_captures(&g->m, from, e);
        }
    }
    pk_charge_steps(&g->m);
    return 0;
}

/** string.gmatch (s, pattern [, init]): '^' is an ordinary character here, as in Lua. */
int pk_str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    pk_charge_numeric_arg(L, 3);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2); /* the closure keeps both strings alive */
    pk_gmatch *g = (pk_gmatch *)lua_newuserdatauv(L, sizeof(pk_gmatch), 0);
    if (init > ls) init = ls + 1;
    pk_prepare(&g->m, L, s, ls, p, lp);
    g->from = s + init;
    g->pattern = p;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* Appends the replacement string (argument 3) for the match s…e, with %0 … %9 and %% expanded. */
static void add_replacement_text(pk_matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *text = lua_tolstring(L, 3, &l);
    pk_count(m, (long long)(l / PK_BYTES_PER_UNIT) + 1);
    const char *escape;
    while ((escape = (const char *)memchr(text, '%', l)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        escape++;
        if (*escape == '%') {
            luaL_addchar(b, '%');
        } else if (*escape == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*escape)) {
            pk_push_capture(m, *escape - '1', s, e);
            luaL_addvalue(b); /* converts a position capture's number */
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        l -= (size_t)(escape + 1 - text);
        text = escape + 1;
    }
    luaL_addlstring(b, text, l);
}

/* Appends the replacement for the match s…e; returns whether it differs from the match. */
static int add_replacement(pk_matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = pk_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        pk_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_replacement_text(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false keeps the match */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

/** string.gsub (s, pattern, repl [, n]) */
int pk_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int type = lua_type(L, 3);
    pk_charge_numeric_arg(L, 4);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE, 3,
                     "string/function/table");
    int anchored = lp > 0 && *p == '^';
    if (anchored) {
        p++;
        lp--;
    }
    pk_matcher m;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    pk_prepare(&m, L, src, ls, p, lp);
    const char *last = NULL;
    lua_Integer n = 0;
    int changed = 0;
    while (n < most) {
        pk_restart(&m);
        const char *e = pk_match_here(&m, src, p);
        if (e != NULL && e != last) {
            n++;
            changed = add_replacement(&m, &b, src, e, type) | changed;
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchored) break;
    }
    pk_charge_steps(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}
