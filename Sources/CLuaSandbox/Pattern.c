/* Lua 5.4 patterns for string.find, match, gmatch and gsub, with every step charged to the call's budget.
 *
 * The standard matcher backtracks without limit inside one C call ("(.-)(.-)(.-)x" is quartic, "a?a?…aa…b"
 * exponential), where the count hook never fires. This one follows the same language, captures, results and
 * error messages as the reference manual (§6.4.1), and counts one unit per matching step: each attempt at a
 * pattern position, each character an item tries, each byte a back reference or %b scans, each 64 bytes a
 * plain search compares. The tally is charged every PK_BATCH steps, so a runaway search ends with the
 * ordinary instruction-limit error within about a thousand steps of the budget, the same on every machine. */
#include "Budget.h"

#include <ctype.h>

#define PK_MAXCAPTURES 32
/* The deepest nesting of the recursive matcher, as Lua's MAXCCALLS. */
#define PK_MATCHDEPTH 200
#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)

typedef struct pk_matcher {
    lua_State *L;
    const char *src_init, *src_end;
    const char *p_end;
    int depth;
    int level;
    long long steps; /* counted, not yet charged */
    struct {
        const char *init;
        ptrdiff_t len;
    } capture[PK_MAXCAPTURES];
} pk_matcher;

static void charge_steps(pk_matcher *m) {
    long long steps = m->steps;
    m->steps = 0;
    clua_charge(m->L, steps);
}

static inline void count(pk_matcher *m, long long steps) {
    m->steps += steps;
    if (m->steps >= PK_BATCH) charge_steps(m);
}

static void prepare(pk_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src_init = s;
    m->src_end = s + ls;
    m->p_end = p + lp;
    m->steps = 0;
}

static void restart(pk_matcher *m) {
    m->level = 0;
    m->depth = PK_MATCHDEPTH;
}

/* Where the single-character class at p ends: after "%x", after "[...]", or after one character. */
static const char *item_end(pk_matcher *m, const char *p) {
    char first = *p++;
    if (first == '%') {
        if (p == m->p_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (first == '[') {
        if (*p == '^') p++;
        do {
            if (p == m->p_end) luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == '%' && p < m->p_end) p++; /* an escaped character, such as %] */
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

/* Whether c is in the class named by letter (%a, %D, …); any other letter stands for itself. */
static int in_class(int c, int letter) {
    int yes;
    switch (tolower(letter)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    case 'z': yes = c == 0; break; /* deprecated in Lua 5.2, still matched by 5.4.4 (the reference binary) */
    default: return letter == c;
    }
    if (isupper(letter)) return !yes;
    return yes != 0;
}

/* Whether c is in the set from '[' at p to its ']' at close. */
static int in_set(int c, const char *p, const char *close) {
    int found = 1;
    if (p[1] == '^') {
        found = 0;
        p++;
    }
    for (p++; p < close; p++) {
        if (*p == '%') {
            p++;
            if (in_class(c, (unsigned char)*p)) return found;
        } else if (p[1] == '-' && p + 2 < close) {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return found;
            p += 2;
        } else if ((unsigned char)*p == c) {
            return found;
        }
    }
    return !found;
}

/* Whether the character at s matches the single-character class from p to end. */
static int matches_one(pk_matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->src_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return in_class(c, (unsigned char)p[1]);
    case '[':
        m->steps += (end - p) / PK_BYTES_PER_UNIT; /* a long set costs in proportion */
        return in_set(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *match_here(pk_matcher *m, const char *s, const char *p);

/* The item from p to end repeated as often as it matches from s, then backing off one at a time. */
static const char *longest(pk_matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t n = 0;
    while (matches_one(m, s + n, p, end)) {
        n++;
        count(m, 1);
    }
    for (; n >= 0; n--) {
        const char *rest = match_here(m, s + n, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

/* The item from p to end repeated as rarely as the rest of the pattern allows. */
static const char *shortest(pk_matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *rest = match_here(m, s, end + 1);
        if (rest != NULL) return rest;
        if (!matches_one(m, s, p, end)) return NULL;
        s++;
        count(m, 1);
    }
}

static const char *open_capture(pk_matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= PK_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].init = s;
    m->capture[m->level].len = what;
    m->level++;
    const char *rest = match_here(m, s, p);
    if (rest == NULL) m->level--;
    return rest;
}

static const char *close_capture(pk_matcher *m, const char *s, const char *p) {
    int open = m->level - 1;
    while (open >= 0 && m->capture[open].len != CAP_UNFINISHED) open--;
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[open].len = s - m->capture[open].init;
    const char *rest = match_here(m, s, p);
    if (rest == NULL) m->capture[open].len = CAP_UNFINISHED;
    return rest;
}

/* %bxy: a balanced run from x to its matching y. p points at x. */
static const char *balanced(pk_matcher *m, const char *s, const char *p) {
    if (p >= m->p_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->src_end || *s != p[0]) return NULL;
    const char *from = s;
    int depth = 1;
    while (++s < m->src_end) {
        if (*s == p[1]) {
            if (--depth == 0) {
                count(m, (s - from) / PK_BYTES_PER_UNIT);
                return s + 1;
            }
        } else if (*s == p[0]) {
            depth++;
        }
    }
    count(m, (s - from) / PK_BYTES_PER_UNIT);
    return NULL;
}

/* %1 … %9: the text of an earlier capture, again. */
static const char *back_reference(pk_matcher *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->level || m->capture[i].len == CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    /* A position capture has no text: Lua's own matcher compares a length of (size_t)-2, which never fits. */
    if (m->capture[i].len == CAP_POSITION) return NULL;
    size_t len = (size_t)m->capture[i].len;
    count(m, (long long)(len / PK_BYTES_PER_UNIT));
    if ((size_t)(m->src_end - s) >= len && memcmp(m->capture[i].init, s, len) == 0) return s + len;
    return NULL;
}

/* The end of the match of pattern p at s, or NULL. Tail positions loop instead of recursing. */
static const char *match_here(pk_matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        count(m, 1);
        if (p == m->p_end) break;
        if (*p == '(') {
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAP_POSITION) : open_capture(m, s, p + 1, CAP_UNFINISHED);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->p_end) {
            if (s != m->src_end) s = NULL;
            break;
        }
        if (*p == '%' && p[1] == 'b') {
            s = balanced(m, s, p + 2);
            if (s == NULL) break;
            p += 4;
            continue;
        }
        if (*p == '%' && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *end = item_end(m, p);
            int before = s == m->src_init ? 0 : (unsigned char)s[-1];
            int here = s < m->src_end ? (unsigned char)*s : 0;
            if (!in_set(before, p, end - 1) && in_set(here, p, end - 1)) {
                p = end;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == '%' && isdigit((unsigned char)p[1])) {
            s = back_reference(m, s, (unsigned char)p[1]);
            if (s == NULL) break;
            p += 2;
            continue;
        }
        /* A single-character class, perhaps with a quantifier after it. */
        const char *end = item_end(m, p);
        if (!matches_one(m, s, p, end)) {
            if (*end == '*' || *end == '?' || *end == '-') {
                p = end + 1; /* zero repetitions are allowed */
                continue;
            }
            s = NULL;
            break;
        }
        if (*end == '?') {
            const char *rest = match_here(m, s + 1, end + 1);
            if (rest != NULL) {
                s = rest;
                break;
            }
            p = end + 1;
            continue;
        }
        if (*end == '+') {
            s = longest(m, s + 1, p, end);
            break;
        }
        if (*end == '*') {
            s = longest(m, s, p, end);
            break;
        }
        if (*end == '-') {
            s = shortest(m, s, p, end);
            break;
        }
        s++;
        p = end;
    }
    m->depth++;
    return s;
}

/* Pushes capture i (or the whole match s…e when there are no captures and i is 0). */
static void push_capture(pk_matcher *m, int i, const char *s, const char *e) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t len = m->capture[i].len;
    if (len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == CAP_POSITION)
        lua_pushinteger(m->L, (m->capture[i].init - m->src_init) + 1);
    else
        lua_pushlstring(m->L, m->capture[i].init, (size_t)len);
}

/* Pushes every capture, or the whole match when s is given and there are none. */
static int push_captures(pk_matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(m, i, s, e);
    return n;
}

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
    prepare(&m, L, s, ls, p, lp);
    const char *from = s + init;
    do {
        restart(&m);
        const char *e = match_here(&m, from, p);
        if (e != NULL) {
            charge_steps(&m);
            if (!find) return push_captures(&m, from, e);
            lua_pushinteger(L, (from - s) + 1);
            lua_pushinteger(L, e - s);
            return push_captures(&m, NULL, NULL) + 2;
        }
    } while (from++ < m.src_end && !anchored);
    charge_steps(&m);
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
        restart(&g->m);
        const char *e = match_here(&g->m, from, g->pattern);
        if (e != NULL && e != g->last) {
            charge_steps(&g->m);
            g->from = g->last = e;
            return push_captures(&g->m, from, e);
        }
    }
    charge_steps(&g->m);
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
    prepare(&g->m, L, s, ls, p, lp);
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
    count(m, (long long)(l / PK_BYTES_PER_UNIT) + 1);
    const char *escape;
    while ((escape = (const char *)memchr(text, '%', l)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        escape++;
        if (*escape == '%') {
            luaL_addchar(b, '%');
        } else if (*escape == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*escape)) {
            push_capture(m, *escape - '1', s, e);
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
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        push_capture(m, 0, s, e);
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
    prepare(&m, L, src, ls, p, lp);
    const char *last = NULL;
    lua_Integer n = 0;
    int changed = 0;
    while (n < most) {
        restart(&m);
        const char *e = match_here(&m, src, p);
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
    charge_steps(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}
