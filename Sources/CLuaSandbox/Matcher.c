/* The Lua 5.4 pattern matcher behind string.find, match, gmatch and gsub (Pattern.c), every step charged.
 *
 * The standard matcher backtracks without limit inside one C call ("(.-)(.-)(.-)x" is quartic, "a?a?…aa…b"
 * exponential), where the count hook never fires. This one follows the same language, captures, results and
 * error messages as the reference manual (§6.4.1), and counts one unit per matching step: each attempt at a
 * pattern position, each character an item tries, each byte a back reference or %b scans, each 64 bytes a
 * plain search compares. The tally is charged every PK_BATCH steps, so a runaway search ends with the
 * ordinary instruction-limit error within about a thousand steps of the budget, the same on every machine. */
#include "Matcher.h"

#include <ctype.h>

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

/* The item from p to end repeated as often as it matches from s, then backing off one at a time. */
static const char *longest(pk_matcher *m, const char *s, const char *p, const char *end) {
    ptrdiff_t n = 0;
    while (matches_one(m, s + n, p, end)) {
        n++;
        pk_count(m, 1);
    }
    for (; n >= 0; n--) {
        const char *rest = pk_match_here(m, s + n, end + 1);
        if (rest != NULL) return rest;
    }
    return NULL;
}

/* The item from p to end repeated as rarely as the rest of the pattern allows. */
static const char *shortest(pk_matcher *m, const char *s, const char *p, const char *end) {
    for (;;) {
        const char *rest = pk_match_here(m, s, end + 1);
        if (rest != NULL) return rest;
        if (!matches_one(m, s, p, end)) return NULL;
        s++;
        pk_count(m, 1);
    }
}

static const char *open_capture(pk_matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= PK_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->level].init = s;
    m->capture[m->level].len = what;
    m->level++;
    const char *rest = pk_match_here(m, s, p);
    if (rest == NULL) m->level--;
    return rest;
}

static const char *close_capture(pk_matcher *m, const char *s, const char *p) {
    int open = m->level - 1;
    while (open >= 0 && m->capture[open].len != CAP_UNFINISHED) open--;
    if (open < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[open].len = s - m->capture[open].init;
    const char *rest = pk_match_here(m, s, p);
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
                pk_count(m, (s - from) / PK_BYTES_PER_UNIT);
                return s + 1;
            }
        } else if (*s == p[0]) {
            depth++;
        }
    }
    pk_count(m, (s - from) / PK_BYTES_PER_UNIT);
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
    pk_count(m, (long long)(len / PK_BYTES_PER_UNIT));
    if ((size_t)(m->src_end - s) >= len && memcmp(m->capture[i].init, s, len) == 0) return s + len;
    return NULL;
}

/* The end of the match of pattern p at s, or NULL. Tail positions loop instead of recursing. */
const char *pk_match_here(pk_matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        pk_count(m, 1);
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
            const char *rest = pk_match_here(m, s + 1, end + 1);
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
void pk_push_capture(pk_matcher *m, int i, const char *s, const char *e) {
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
int pk_push_captures(pk_matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) pk_push_capture(m, i, s, e);
    return n;
}
