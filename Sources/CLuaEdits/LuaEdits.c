/* PaneKit's one decoder of a style function's result (see LuaEdits.h). The composition rules match
 * Transform3D.swift operation for operation, so a Lua transform equals the Swift one to the bit; the messages are
 * the ones the plugin guide documents (key path, what was expected, what was found, a near name). */
#include "LuaEdits.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No fused multiply-add: clang may contract a * b + c into one fma (it does by default on arm64, where
 * -ffp-contract=on), which rounds once instead of twice and breaks bit-equality with the Swift path. Swift never
 * contracts: it emits separate fmul and fadd without the LLVM `contract` flag, so Transform3D.swift rounds every
 * product. This pragma keeps C to the same rounding on every target; DecoderEquivalenceTests pins the equality. */
#pragma STDC FP_CONTRACT OFF

/* The one C table of role names (ORDER ROLE): the decoder's, the context's frames keys, and what RoleOrderTests
 * compares with the Swift enum and with what a plugin sees. */
const char *const pk_role_names[PK_ROLE_COUNT] = {
    "pane", "drawer.left", "drawer.right", "drawer.top", "drawer.bottom", "overlay", "statusbar",
    "master", "detail", "divider", "corner.leading", "corner.trailing", "popover",
    "sheet", "grabber", "keyboard", /* sheet roles (DESIGN §13) */
};

const char *pk_role_name(int index) { return index >= 0 && index < PK_ROLE_COUNT ? pk_role_names[index] : NULL; }

const char pk_context_marker = 0;

/* The keys of one node's edits, sorted (for messages), and the operations of `ops`. */
static const char *const node_keys[] = {
    "alpha", "anchor", "color", "cornerRadius", "frame", "hidden", "ops", "perspective", "rotate", "scale", "shadow",
    "transform", "translate", "z",
};
#define NODE_KEY_COUNT 14
/* The index of each node key in node_keys (ORDER node_keys). */
enum {
    KEY_ALPHA, KEY_ANCHOR, KEY_COLOR, KEY_CORNER_RADIUS, KEY_FRAME, KEY_HIDDEN, KEY_OPS, KEY_PERSPECTIVE, KEY_ROTATE,
    KEY_SCALE, KEY_SHADOW, KEY_TRANSFORM, KEY_TRANSLATE, KEY_Z,
};
static const char *const operation_names[] = {"translate", "scale", "rotate", "perspective", "matrix"};
#define OPERATION_COUNT 5
/* The most bytes of a key shown in a path; a longer key is cut (PluginText.excerpt) to KEY_EXCERPT bytes. */
#define KEY_LIMIT 256
#define KEY_EXCERPT 252

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

/* ---- Text: a growable buffer, numbers as NumberFormat writes them, near names ---- */

typedef struct {
    char *s;
    size_t n, cap;
    int failed;
} text;

static void text_add(text *t, const char *s, size_t n) {
    if (t->failed) return;
    if (t->n + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 128;
        while (cap < t->n + n + 1) cap *= 2;
        char *grown = (char *)realloc(t->s, cap);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->s = grown;
        t->cap = cap;
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = 0;
}

static void text_str(text *t, const char *s) { text_add(t, s, strlen(s)); }

static void text_int(text *t, long long i) {
    char b[32];
    int n = snprintf(b, sizeof b, "%lld", i);
    text_add(t, b, (size_t)n);
}

/* Swift's `description` of a finite double: the shortest digits that read back to it, in decimal notation from
 * 1e-4 up to 2^53, otherwise as d.ddde±XX. */
static void swift_description(double r, char *out, size_t size) {
    char digits[40];
    int precision = 0;
    for (; precision < 17; precision++) {
        snprintf(digits, sizeof digits, "%.*e", precision, r);
        if (strtod(digits, NULL) == r) break;
    }
    /* digits: [-]d[.ddd]e±XX */
    const char *p = digits;
    int negative = *p == '-';
    if (negative) p++;
    char mantissa[24];
    size_t m = 0;
    for (; *p && *p != 'e'; p++)
        if (*p != '.') mantissa[m++] = *p;
    mantissa[m] = 0;
    while (m > 1 && mantissa[m - 1] == '0') mantissa[--m] = 0;
    int exponent = atoi(p + 1);
    char *o = out;
    size_t left = size;
#define PUT(c)                                                                                                     \
    do {                                                                                                           \
        if (left > 1) {                                                                                            \
            *o++ = (c);                                                                                            \
            left--;                                                                                                \
        }                                                                                                          \
    } while (0)
    if (negative) PUT('-');
    double magnitude = fabs(r);
    if (magnitude >= 1e-4 && magnitude <= 9007199254740992.0) {
        if (exponent < 0) {
            PUT('0');
            PUT('.');
            for (int i = -1; i > exponent; i--) PUT('0');
            for (size_t i = 0; i < m; i++) PUT(mantissa[i]);
        } else {
            for (int i = 0; i <= exponent; i++) PUT(i < (int)m ? mantissa[i] : '0');
            PUT('.');
            if ((int)m > exponent + 1) {
                for (size_t i = (size_t)exponent + 1; i < m; i++) PUT(mantissa[i]);
            } else {
                PUT('0');
            }
        }
    } else {
        PUT(mantissa[0]);
        if (m > 1) {
            PUT('.');
            for (size_t i = 1; i < m; i++) PUT(mantissa[i]);
        }
        PUT('e');
        PUT(exponent < 0 ? '-' : '+');
        char e[8];
        snprintf(e, sizeof e, "%02d", exponent < 0 ? -exponent : exponent);
        for (char *c = e; *c; c++) PUT(*c);
    }
#undef PUT
    *o = 0;
}

void pk_format_number(double x, char *buffer, size_t size) {
    if (!isfinite(x)) {
        snprintf(buffer, size, "0");
        return;
    }
    double r = round(x * 1000000) / 1000000;
    if (fabs(x) >= 1e15) r = round(x);
    if (r == 0) {
        snprintf(buffer, size, "0");
        return;
    }
    if (r == round(r) && fabs(r) < 1e15) {
        snprintf(buffer, size, "%lld", (long long)r);
        return;
    }
    swift_description(r, buffer, size);
    if (strchr(buffer, 'e') != NULL && fabs(r) < 1) {
        long long micros = llround(fabs(r) * 1000000);
        char fraction[8];
        snprintf(fraction, sizeof fraction, "%06lld", micros % 1000000);
        size_t n = strlen(fraction);
        while (n > 0 && fraction[n - 1] == '0') fraction[--n] = 0;
        snprintf(buffer, size, "%s%lld%s%s", r < 0 ? "-" : "", micros / 1000000, n ? "." : "", fraction);
    }
}

static void text_number(text *t, double x) {
    char b[48];
    pk_format_number(x, b, sizeof b);
    text_str(t, b);
}

/* The next scalar of UTF-8 text, as Swift decodes it: an ill-formed sequence becomes U+FFFD, one per maximal
 * subpart. Returns the bytes read. */
static size_t next_scalar(const unsigned char *s, size_t n, unsigned int *scalar) {
    unsigned char c = s[0];
    if (c < 0x80) {
        *scalar = c;
        return 1;
    }
    int need;
    unsigned int v;
    unsigned char low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        v = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        v = c & 0x0F;
        if (c == 0xE0) low = 0xA0;
        if (c == 0xED) high = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        v = c & 0x07;
        if (c == 0xF0) low = 0x90;
        if (c == 0xF4) high = 0x8F;
    } else {
        *scalar = 0xFFFD;
        return 1;
    }
    size_t i = 1;
    for (; i <= (size_t)need; i++) {
        if (i >= n || s[i] < low || s[i] > high) {
            *scalar = 0xFFFD;
            return i;
        }
        v = (v << 6) | (s[i] & 0x3F);
        low = 0x80;
        high = 0xBF;
    }
    *scalar = v;
    return i;
}

static size_t scalar_width(unsigned int v) { return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4; }

static void text_scalar(text *t, unsigned int v) {
    char b[4];
    size_t w = scalar_width(v);
    if (w == 1) b[0] = (char)v;
    else if (w == 2) { b[0] = (char)(0xC0 | (v >> 6)); b[1] = (char)(0x80 | (v & 0x3F)); }
    else if (w == 3) { b[0] = (char)(0xE0 | (v >> 12)); b[1] = (char)(0x80 | ((v >> 6) & 0x3F)); b[2] = (char)(0x80 | (v & 0x3F)); }
    else { b[0] = (char)(0xF0 | (v >> 18)); b[1] = (char)(0x80 | ((v >> 12) & 0x3F)); b[2] = (char)(0x80 | ((v >> 6) & 0x3F)); b[3] = (char)(0x80 | (v & 0x3F)); }
    text_add(t, b, w);
}

/* A key as a path shows it: whole up to KEY_LIMIT bytes; longer, its first KEY_LIMIT bytes cut at a character to
 * KEY_EXCERPT bytes with an ellipsis, control characters escaped (PluginText.excerpt). */
static void text_key(text *t, const char *s, size_t n) {
    if (n <= KEY_LIMIT) {
        text_add(t, s, n);
        return;
    }
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, bytes = 0;
    while (i < KEY_LIMIT) {
        unsigned int v;
        i += next_scalar(u + i, KEY_LIMIT - i, &v);
        size_t w = scalar_width(v);
        if (bytes + w > KEY_EXCERPT) {
            text_str(t, "\xE2\x80\xA6");
            return;
        }
        bytes += w;
        if (v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0)) {
            text_str(t, "\\");
            text_int(t, v);
        } else {
            text_scalar(t, v);
        }
    }
}

/* The nearest candidate within about a third of the word's length (Suggestion.nearest): Levenshtein distance over
 * scalars, ASCII letters compared without case. Candidates of 64 bytes or more are passed over. */
int pk_nearest(const char *word, size_t n, const char *const *candidates, int count) {
    size_t longest = 0;
    for (int c = 0; c < count; c++) longest = strlen(candidates[c]) > longest ? strlen(candidates[c]) : longest;
    if (n > 6 * longest + 8) return -1;
    unsigned int a[128];
    size_t an = 0;
    for (size_t i = 0; i < n && an < 128;) {
        unsigned int v;
        i += next_scalar((const unsigned char *)word + i, n - i, &v);
        a[an++] = v >= 'A' && v <= 'Z' ? v + 32 : v;
    }
    int limit = (int)(an / 3) > 2 ? (int)(an / 3) : 2;
    int best = -1, best_distance = 1 << 30;
    for (int c = 0; c < count; c++) {
        const char *b = candidates[c];
        size_t bn = strlen(b);
        if (bn >= 64) continue;
        int previous[64], current[64];
        for (size_t j = 0; j <= bn; j++) previous[j] = (int)j;
        for (size_t i = 1; i <= an; i++) {
            current[0] = (int)i;
            for (size_t j = 1; j <= bn; j++) {
                unsigned int bc = (unsigned char)b[j - 1];
                bc = bc >= 'A' && bc <= 'Z' ? bc + 32 : bc;
                int cost = a[i - 1] == bc ? 0 : 1;
                int d = previous[j] + 1;
                if (current[j - 1] + 1 < d) d = current[j - 1] + 1;
                if (previous[j - 1] + cost < d) d = previous[j - 1] + cost;
                current[j] = d;
            }
            memcpy(previous, current, sizeof(int) * (bn + 1));
        }
        int d = an == 0 ? (int)bn : previous[bn];
        if (d <= limit && d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

/* `; did you mean "x"?` for the nearest candidate (pk_nearest), else nothing. */
static void text_hint(text *t, const char *word, size_t n, const char *const *candidates, int count) {
    int best = pk_nearest(word, n, candidates, count);
    if (best < 0) return;
    text_str(t, "; did you mean \"");
    text_str(t, candidates[best]);
    text_str(t, "\"?");
}

/* Names from CSS, UIKit, Core Animation, SwiftUI, Android and Compose that authors reach for, and the edit key each
 * means, so that the suggestion is right even far from the key in spelling. Compared without case, `-` and `_`. */
typedef struct {
    const char *habit, *key;
} habit;
static const habit node_habits[] = {
    {"opacity", "alpha"}, {"alphavalue", "alpha"},
    {"rotation", "rotate"}, {"rotationx", "rotate"}, {"rotationy", "rotate"}, {"rotationz", "rotate"},
    {"rotatex", "rotate"}, {"rotatey", "rotate"}, {"rotatez", "rotate"}, {"rotationeffect", "rotate"},
    {"rotation3deffect", "rotate"},
    {"translation", "translate"}, {"translationx", "translate"}, {"translationy", "translate"},
    {"translationz", "translate"}, {"translatex", "translate"}, {"translatey", "translate"}, {"translatez", "translate"},
    {"offset", "translate"}, {"offsetx", "translate"}, {"offsety", "translate"},
    {"scalex", "scale"}, {"scaley", "scale"}, {"scalez", "scale"}, {"scaleeffect", "scale"},
    {"transformorigin", "anchor"}, {"anchorpoint", "anchor"}, {"pivot", "anchor"}, {"pivotx", "anchor"},
    {"pivoty", "anchor"}, {"origin", "anchor"},
    {"zindex", "z"}, {"zposition", "z"}, {"zorder", "z"},
    {"visible", "hidden"}, {"isvisible", "hidden"}, {"ishidden", "hidden"}, {"visibility", "hidden"},
    {"display", "hidden"},
    {"backgroundcolor", "color"}, {"backgroundcolour", "color"}, {"background", "color"}, {"colour", "color"},
    {"fill", "color"}, {"tint", "color"}, {"tintcolor", "color"},
    {"boxshadow", "shadow"}, {"shadowradius", "shadow"}, {"shadowopacity", "shadow"}, {"shadowcolor", "shadow"},
    {"shadowoffset", "shadow"}, {"elevation", "shadow"}, {"shadowelevation", "shadow"},
    {"matrix", "transform"}, {"matrix3d", "transform"}, {"transform3d", "transform"},
    {"m34", "perspective"},
    {"bounds", "frame"}, {"rect", "frame"},
    {"borderradius", "cornerRadius"}, {"radius", "cornerRadius"}, {"cornerradii", "cornerRadius"},
    {"rounded", "cornerRadius"}, {"roundedcorners", "cornerRadius"},
    {"operations", "ops"},
};
static const habit operation_habits[] = {
    {"translation", "translate"}, {"translatex", "translate"}, {"translatey", "translate"}, {"translatez", "translate"},
    {"translate3d", "translate"},
    {"rotation", "rotate"}, {"rotatex", "rotate"}, {"rotatey", "rotate"}, {"rotatez", "rotate"}, {"rotate3d", "rotate"},
    {"scalex", "scale"}, {"scaley", "scale"}, {"scalez", "scale"}, {"scale3d", "scale"},
    {"transform", "matrix"}, {"matrix3d", "matrix"},
};
#define HABITS(table) table, (int)(sizeof table / sizeof table[0])

/* The key a habit of `n` bytes means, or NULL. */
static const char *habit_key(const char *word, size_t n, const habit *habits, int count) {
    char folded[32];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        char c = word[i];
        if (c == '-' || c == '_') continue;
        if (m == sizeof folded - 1) return NULL;
        folded[m++] = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
    }
    folded[m] = 0;
    for (int i = 0; i < count; i++) {
        if (strcmp(folded, habits[i].habit) == 0) return habits[i].key;
    }
    return NULL;
}

/* The hint for a misspelt key: the key its habit means, else the nearest candidate (text_hint). */
static void text_hint_or_habit(
    text *t, const char *word, size_t n, const char *const *candidates, int count, const habit *habits, int habit_count) {
    const char *key = habit_key(word, n, habits, habit_count);
    if (key == NULL) {
        text_hint(t, word, n, candidates, count);
        return;
    }
    text_str(t, "; did you mean \"");
    text_str(t, key);
    text_str(t, "\"?");
}

/* ---- The decoder ---- */

typedef struct {
    lua_State *L;
    pk_problems *problems; /* NULL: stop at the first problem */
    int failed;
    text path;
    pk_key_slot *keys; /* the cache of keys met, by address (pk_edits.keys) */
} decoder;

/* ---- Keys: a role or node key by the address of its interned bytes, else by comparing bytes ---- */

#define CODE_DRAWER PK_ROLE_COUNT
#define CODE_NODE_KEY 100
#define CODE_OPERATION 200

static const char *code_name(int code) {
    if (code < PK_ROLE_COUNT) return pk_role_names[code];
    if (code == CODE_DRAWER) return "drawer";
    if (code >= CODE_OPERATION) return operation_names[code - CODE_OPERATION];
    return node_keys[code - CODE_NODE_KEY];
}

static inline unsigned int key_slot(const char *s) {
    return (unsigned int)(((unsigned long long)(size_t)s * 0x9E3779B97F4A7C15ull) >> 58) & (PK_KEY_CACHE_SIZE - 1);
}

/* What the key s (n bytes) names among the `count` codes from `first` (or -1): first by address in the cache,
 * checked against the bytes, then by comparing bytes, remembering the address for the next result. */
static int key_code(decoder *d, const char *s, size_t n, int first, int count) {
    pk_key_slot *slot = &d->keys[key_slot(s)];
    if (slot->address == s && slot->code >= first && slot->code < first + count) {
        /* The bytes compared in line: the names are a few bytes long, shorter than a call to memcmp. */
        const char *name = code_name(slot->code);
        size_t i = 0;
        while (i < n && name[i] != 0 && name[i] == s[i]) i++;
        if (i == n && name[n] == 0) return slot->code;
    }
    if (n == 0 || memchr(s, 0, n) != NULL) return -1;
    for (int code = first; code < first + count; code++) {
        const char *name = code_name(code);
        if (name[0] == s[0] && strncmp(name, s, n) == 0 && name[n] == 0) {
            slot->address = s;
            slot->code = code;
            return code;
        }
    }
    return -1;
}

/* In the fast mode, a problem ends the read: callers check this after every part. */
#define STOP(d) ((d)->failed && (d)->problems == NULL)

static void add_problem(decoder *d, text *message) {
    pk_problems *p = d->problems;
    if (message->failed) return;
    if (p->count == p->capacity) {
        int capacity = p->capacity ? p->capacity * 2 : 8;
        char **grown = (char **)realloc(p->items, sizeof(char *) * (size_t)capacity);
        if (grown == NULL) return;
        p->items = grown;
        p->capacity = capacity;
    }
    p->items[p->count++] = message->s;
    message->s = NULL;
}

/* Starts a problem at the current path: the message text follows. NULL in the fast mode (nothing to write). */
static text *problem_begin(decoder *d, text *message) {
    d->failed = 1;
    if (d->problems == NULL) return NULL;
    memset(message, 0, sizeof *message);
    if (d->path.n > 0) {
        text_add(message, d->path.s, d->path.n);
        text_str(message, ": ");
    }
    return message;
}

static void problem_end(decoder *d, text *message) {
    add_problem(d, message);
    free(message->s);
}

/* A problem whose message is one string. */
static void problem(decoder *d, const char *message) {
    text m;
    if (problem_begin(d, &m) == NULL) return;
    text_str(&m, message);
    problem_end(d, &m);
}

/* "expected WHAT, got TYPE" for the value at `index`. */
static void problem_type(decoder *d, const char *what, int index) {
    text m;
    if (problem_begin(d, &m) == NULL) return;
    text_str(&m, "expected ");
    text_str(&m, what);
    text_str(&m, ", got ");
    text_str(&m, lua_typename(d->L, lua_type(d->L, index)));
    problem_end(d, &m);
}

/* The path: a mark to return to, and its components. Written only when problems are listed. */
static size_t path_mark(decoder *d) { return d->path.n; }

static void path_reset(decoder *d, size_t mark) {
    if (d->problems == NULL) return;
    d->path.n = mark;
    if (d->path.s) d->path.s[mark] = 0;
}

static void path_name(decoder *d, const char *name) {
    if (d->problems == NULL) return;
    text_str(&d->path, ".");
    text_str(&d->path, name);
}

static void path_index(decoder *d, long long i) {
    if (d->problems == NULL) return;
    text_str(&d->path, "[");
    text_int(&d->path, i);
    text_str(&d->path, "]");
}

/* The key at `index` as a path component: `.name` (no dot first, or for a name that starts with "["), `[3]`,
 * or `[<boolean>]` for a key of another type. */
static void path_key(decoder *d, int index, int dotted) {
    if (d->problems == NULL) return;
    lua_State *L = d->L;
    int type = lua_type(L, index);
    if (type == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, index, &n);
        if (dotted && !(n > 0 && s[0] == '[')) text_str(&d->path, ".");
        text_key(&d->path, s, n);
    } else if (type == LUA_TNUMBER && lua_isinteger(L, index)) {
        path_index(d, (long long)lua_tointegerx(L, index, NULL));
    } else {
        text_str(&d->path, "[<");
        text_str(&d->path, lua_typename(L, type));
        text_str(&d->path, ">]");
    }
}

/* A table from the context (ctx.frames.pane…) is read through its data table, as the plugin sees it. */
static void unproxy(lua_State *L, int index) {
    if (!lua_getmetatable(L, index)) return;
    if (lua_rawgetp(L, -1, &pk_context_marker) == LUA_TTABLE) {
        lua_replace(L, index);
        lua_pop(L, 1);
    } else {
        lua_pop(L, 2);
    }
}

/* The value at `index`: a finite number into *out. */
static int number(decoder *d, int index, double *out) {
    if (lua_type(d->L, index) != LUA_TNUMBER) {
        problem_type(d, "a number", index);
        return 0;
    }
    double n = lua_tonumberx(d->L, index, NULL);
    if (!isfinite(n)) {
        problem(d, isnan(n) ? "expected a finite number, got nan" : n > 0 ? "expected a finite number, got inf"
                                                                           : "expected a finite number, got -inf");
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

static int list(decoder *d, int index, int skip, int lo, int hi, const char *what, double *values) {
    lua_State *L = d->L;
    if (lua_type(L, index) != LUA_TTABLE) {
        problem_type(d, what, index);
        return -1;
    }
    unproxy(L, index);
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
            size_t mark = path_mark(d);
            path_key(d, -2, 1);
            text m;
            if (problem_begin(d, &m) != NULL) {
                text_str(&m, "unexpected key; expected ");
                text_str(&m, what);
                problem_end(d, &m);
            }
            path_reset(d, mark);
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
        size_t mark = path_mark(d);
        path_index(d, i);
        if (!number(d, lua_gettop(L), &values[i - skip - 1])) valid = 0;
        path_reset(d, mark);
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

/* CSS Color 4's named colours and `transparent`, sorted by name, as 0xRRGGBBAA: the table Color.cssNames
 * (Swift) also holds; ColorNameTests checks they agree. */
static const struct {
    const char *name;
    unsigned int rgba;
} css_colors[] = {
    {"aliceblue", 0xf0f8ffffu}, {"antiquewhite", 0xfaebd7ffu}, {"aqua", 0x00ffffffu}, {"aquamarine", 0x7fffd4ffu},
    {"azure", 0xf0ffffffu}, {"beige", 0xf5f5dcffu}, {"bisque", 0xffe4c4ffu}, {"black", 0x000000ffu},
    {"blanchedalmond", 0xffebcdffu}, {"blue", 0x0000ffffu}, {"blueviolet", 0x8a2be2ffu}, {"brown", 0xa52a2affu},
    {"burlywood", 0xdeb887ffu}, {"cadetblue", 0x5f9ea0ffu}, {"chartreuse", 0x7fff00ffu}, {"chocolate", 0xd2691effu},
    {"coral", 0xff7f50ffu}, {"cornflowerblue", 0x6495edffu}, {"cornsilk", 0xfff8dcffu}, {"crimson", 0xdc143cffu},
    {"cyan", 0x00ffffffu}, {"darkblue", 0x00008bffu}, {"darkcyan", 0x008b8bffu}, {"darkgoldenrod", 0xb8860bffu},
    {"darkgray", 0xa9a9a9ffu}, {"darkgreen", 0x006400ffu}, {"darkgrey", 0xa9a9a9ffu}, {"darkkhaki", 0xbdb76bffu},
    {"darkmagenta", 0x8b008bffu}, {"darkolivegreen", 0x556b2fffu}, {"darkorange", 0xff8c00ffu},
    {"darkorchid", 0x9932ccffu}, {"darkred", 0x8b0000ffu}, {"darksalmon", 0xe9967affu}, {"darkseagreen", 0x8fbc8fffu},
    {"darkslateblue", 0x483d8bffu}, {"darkslategray", 0x2f4f4fffu}, {"darkslategrey", 0x2f4f4fffu},
    {"darkturquoise", 0x00ced1ffu}, {"darkviolet", 0x9400d3ffu}, {"deeppink", 0xff1493ffu},
    {"deepskyblue", 0x00bfffffu}, {"dimgray", 0x696969ffu}, {"dimgrey", 0x696969ffu}, {"dodgerblue", 0x1e90ffffu},
    {"firebrick", 0xb22222ffu}, {"floralwhite", 0xfffaf0ffu}, {"forestgreen", 0x228b22ffu}, {"fuchsia", 0xff00ffffu},
    {"gainsboro", 0xdcdcdcffu}, {"ghostwhite", 0xf8f8ffffu}, {"gold", 0xffd700ffu}, {"goldenrod", 0xdaa520ffu},
    {"gray", 0x808080ffu}, {"green", 0x008000ffu}, {"greenyellow", 0xadff2fffu}, {"grey", 0x808080ffu},
    {"honeydew", 0xf0fff0ffu}, {"hotpink", 0xff69b4ffu}, {"indianred", 0xcd5c5cffu}, {"indigo", 0x4b0082ffu},
    {"ivory", 0xfffff0ffu}, {"khaki", 0xf0e68cffu}, {"lavender", 0xe6e6faffu}, {"lavenderblush", 0xfff0f5ffu},
    {"lawngreen", 0x7cfc00ffu}, {"lemonchiffon", 0xfffacdffu}, {"lightblue", 0xadd8e6ffu},
    {"lightcoral", 0xf08080ffu}, {"lightcyan", 0xe0ffffffu}, {"lightgoldenrodyellow", 0xfafad2ffu},
    {"lightgray", 0xd3d3d3ffu}, {"lightgreen", 0x90ee90ffu}, {"lightgrey", 0xd3d3d3ffu}, {"lightpink", 0xffb6c1ffu},
    {"lightsalmon", 0xffa07affu}, {"lightseagreen", 0x20b2aaffu}, {"lightskyblue", 0x87cefaffu},
    {"lightslategray", 0x778899ffu}, {"lightslategrey", 0x778899ffu}, {"lightsteelblue", 0xb0c4deffu},
    {"lightyellow", 0xffffe0ffu}, {"lime", 0x00ff00ffu}, {"limegreen", 0x32cd32ffu}, {"linen", 0xfaf0e6ffu},
    {"magenta", 0xff00ffffu}, {"maroon", 0x800000ffu}, {"mediumaquamarine", 0x66cdaaffu}, {"mediumblue", 0x0000cdffu},
    {"mediumorchid", 0xba55d3ffu}, {"mediumpurple", 0x9370dbffu}, {"mediumseagreen", 0x3cb371ffu},
    {"mediumslateblue", 0x7b68eeffu}, {"mediumspringgreen", 0x00fa9affu}, {"mediumturquoise", 0x48d1ccffu},
    {"mediumvioletred", 0xc71585ffu}, {"midnightblue", 0x191970ffu}, {"mintcream", 0xf5fffaffu},
    {"mistyrose", 0xffe4e1ffu}, {"moccasin", 0xffe4b5ffu}, {"navajowhite", 0xffdeadffu}, {"navy", 0x000080ffu},
    {"oldlace", 0xfdf5e6ffu}, {"olive", 0x808000ffu}, {"olivedrab", 0x6b8e23ffu}, {"orange", 0xffa500ffu},
    {"orangered", 0xff4500ffu}, {"orchid", 0xda70d6ffu}, {"palegoldenrod", 0xeee8aaffu}, {"palegreen", 0x98fb98ffu},
    {"paleturquoise", 0xafeeeeffu}, {"palevioletred", 0xdb7093ffu}, {"papayawhip", 0xffefd5ffu},
    {"peachpuff", 0xffdab9ffu}, {"peru", 0xcd853fffu}, {"pink", 0xffc0cbffu}, {"plum", 0xdda0ddffu},
    {"powderblue", 0xb0e0e6ffu}, {"purple", 0x800080ffu}, {"rebeccapurple", 0x663399ffu}, {"red", 0xff0000ffu},
    {"rosybrown", 0xbc8f8fffu}, {"royalblue", 0x4169e1ffu}, {"saddlebrown", 0x8b4513ffu}, {"salmon", 0xfa8072ffu},
    {"sandybrown", 0xf4a460ffu}, {"seagreen", 0x2e8b57ffu}, {"seashell", 0xfff5eeffu}, {"sienna", 0xa0522dffu},
    {"silver", 0xc0c0c0ffu}, {"skyblue", 0x87ceebffu}, {"slateblue", 0x6a5acdffu}, {"slategray", 0x708090ffu},
    {"slategrey", 0x708090ffu}, {"snow", 0xfffafaffu}, {"springgreen", 0x00ff7fffu}, {"steelblue", 0x4682b4ffu},
    {"tan", 0xd2b48cffu}, {"teal", 0x008080ffu}, {"thistle", 0xd8bfd8ffu}, {"tomato", 0xff6347ffu},
    {"transparent", 0x00000000u}, {"turquoise", 0x40e0d0ffu}, {"violet", 0xee82eeffu}, {"wheat", 0xf5deb3ffu},
    {"white", 0xffffffffu}, {"whitesmoke", 0xf5f5f5ffu}, {"yellow", 0xffff00ffu}, {"yellowgreen", 0x9acd32ffu},
};
#define CSS_COLOR_COUNT ((int)(sizeof css_colors / sizeof css_colors[0]))

const char *pk_css_color(int index, unsigned int *rgba) {
    if (index < 0 || index >= CSS_COLOR_COUNT) return NULL;
    *rgba = css_colors[index].rgba;
    return css_colors[index].name;
}

/* A CSS named colour in any case into rgba; 0 for any other value. */
static int named_color(lua_State *L, int index, double *rgba) {
    if (lua_type(L, index) != LUA_TSTRING) return 0;
    size_t n;
    const char *s = lua_tolstring(L, index, &n);
    char folded[24];
    if (n == 0 || n >= sizeof folded) return 0;
    for (size_t i = 0; i < n; i++) folded[i] = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) : s[i];
    folded[n] = 0;
    int lo = 0, hi = CSS_COLOR_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(folded, css_colors[mid].name);
        if (c == 0) {
            unsigned int v = css_colors[mid].rgba;
            rgba[0] = (double)((v >> 24) & 0xff) / 255;
            rgba[1] = (double)((v >> 16) & 0xff) / 255;
            rgba[2] = (double)((v >> 8) & 0xff) / 255;
            rgba[3] = (double)(v & 0xff) / 255;
            return 1;
        }
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return 0;
}

static int color(decoder *d, int index, double *rgba) {
    if (hex_color(d->L, index, rgba) || named_color(d->L, index, rgba)) return 1;
    text m;
    if (problem_begin(d, &m) == NULL) return 0;
    text_str(&m, "expected a colour such as \"#000000\" or \"#00000080\", got ");
    if (lua_type(d->L, index) == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(d->L, index, &n);
        text_str(&m, "\"");
        text_add(&m, s, n);
        text_str(&m, "\"");
    } else {
        text_str(&m, lua_typename(d->L, lua_type(d->L, index)));
    }
    problem_end(d, &m);
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
static int shadow(decoder *d, int table, double *out) {
    lua_State *L = d->L;
    if (lua_type(L, table) != LUA_TTABLE) {
        problem_type(d, "{radius = …, opacity = …[, offset = {x, y}][, color = \"#000000\"]}", table);
        return 0;
    }
    unproxy(L, table);
    int has_radius = 0, has_opacity = 0, valid = 1;
    out[2] = out[3] = 0;
    out[4] = out[5] = out[6] = 0;
    out[7] = 1;
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int value = lua_gettop(L);
        size_t mark = path_mark(d);
        if (key_is(L, -2, "radius") || key_is_index(L, -2, 1)) {
            path_name(d, "radius");
            if (has_radius) {
                problem(d, "given twice");
                valid = 0;
            }
            has_radius = number(d, value, &out[0]);
            if (has_radius && out[0] < 0) {
                text m;
                if (problem_begin(d, &m) != NULL) {
                    text_str(&m, "expected a number ≥ 0, got ");
                    text_number(&m, out[0]);
                    problem_end(d, &m);
                }
                has_radius = 0;
            }
            if (!has_radius) valid = 0;
        } else if (key_is(L, -2, "opacity") || key_is_index(L, -2, 2)) {
            path_name(d, "opacity");
            if (has_opacity) {
                problem(d, "given twice");
                valid = 0;
            }
            has_opacity = number(d, value, &out[1]);
            if (has_opacity) out[1] = out[1] < 0 ? 0 : (out[1] > 1 ? 1 : out[1]);
            else valid = 0;
        } else if (key_is(L, -2, "offset")) {
            path_name(d, "offset");
            if (list(d, value, 0, 2, 2, "a list {x, y}", &out[2]) < 0) valid = 0;
        } else if (key_is(L, -2, "color") || key_is_index(L, -2, 3)) {
            path_name(d, "color");
            if (!color(d, value, &out[4])) valid = 0;
        } else {
            path_key(d, -2, 1);
            problem(d, "unexpected key; a shadow has radius, opacity, offset, color");
            valid = 0;
        }
        path_reset(d, mark);
        lua_settop(L, value - 1);
        if (STOP(d)) {
            lua_pop(L, 1);
            return 0;
        }
    }
    size_t mark = path_mark(d);
    if (valid && !has_radius) {
        path_name(d, "radius");
        problem(d, "expected a number, got nil");
        valid = 0;
    } else if (valid && !has_opacity) {
        path_name(d, "opacity");
        problem(d, "expected a number, got nil");
        valid = 0;
    }
    path_reset(d, mark);
    return valid;
}

/* A corner radius ≥ 0: one number for every corner, or {topLeft, topRight, bottomRight, bottomLeft}, into out. */
static int corner_radius(decoder *d, int value, double *out) {
    lua_State *L = d->L;
    int valid = 1;
    if (lua_type(L, value) == LUA_TNUMBER) {
        if (!number(d, value, &out[0])) return 0;
        out[1] = out[2] = out[3] = out[0];
    } else if (lua_type(L, value) != LUA_TTABLE) {
        problem_type(d, "a number ≥ 0 or a list {topLeft, topRight, bottomRight, bottomLeft}", value);
        return 0;
    } else if (list(d, value, 0, 4, 4, "a list {topLeft, topRight, bottomRight, bottomLeft}", out) < 0) {
        return 0;
    }
    int uniform = lua_type(L, value) == LUA_TNUMBER;
    for (int i = 0; i < (uniform ? 1 : 4); i++) {
        if (out[i] >= 0) continue;
        size_t mark = path_mark(d);
        if (!uniform) path_index(d, i + 1);
        text m;
        if (problem_begin(d, &m) != NULL) {
            text_str(&m, "expected a number ≥ 0, got ");
            text_number(&m, out[i]);
            problem_end(d, &m);
        }
        path_reset(d, mark);
        valid = 0;
        if (STOP(d)) return 0;
    }
    return valid;
}

/* A frame {x, y, w, h} or {x = …, y = …, w = …, h = …} with w, h ≥ 0, into out. */
static int frame(decoder *d, int table, double *out) {
    lua_State *L = d->L;
    if (lua_type(L, table) != LUA_TTABLE) {
        problem_type(d, "{x, y, w, h} or {x = …, y = …, w = …, h = …}", table);
        return 0;
    }
    unproxy(L, table);
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
            size_t mark = path_mark(d);
            if (slot < 0) {
                path_key(d, -2, 1);
                problem(d, "unexpected key; expected {x = …, y = …, w = …, h = …}");
                valid = 0;
            } else {
                path_name(d, name);
                if (number(d, lua_gettop(L), &out[slot])) seen |= 1 << slot;
                else valid = 0;
            }
            path_reset(d, mark);
            lua_pop(L, 1);
            if (STOP(d)) {
                lua_pop(L, 1);
                return 0;
            }
        }
        static const char *const names[] = {"x", "y", "w", "h"};
        for (int k = 0; k < 4 && valid; k++) {
            if (!(seen & (1 << k))) {
                size_t mark = path_mark(d);
                path_name(d, names[k]);
                problem(d, "expected a number, got nil");
                path_reset(d, mark);
                valid = 0;
            }
        }
        if (!valid) return 0;
    } else if (list(d, table, 0, 4, 4, "{x, y, w, h}", out) < 0) {
        return 0;
    }
    if (out[2] < 0 || out[3] < 0) {
        text m;
        if (problem_begin(d, &m) != NULL) {
            text_str(&m, "expected a width and a height ≥ 0, got ");
            text_number(&m, out[2]);
            text_str(&m, "x");
            text_number(&m, out[3]);
            problem_end(d, &m);
        }
        return 0;
    }
    return 1;
}

/* One element of `ops`, at `op`, into `m`; the path is the element's (ops[i]). */
static int operation(decoder *d, int op, m4 m) {
    lua_State *L = d->L;
    if (lua_type(L, op) != LUA_TTABLE) {
        problem_type(d, "an operation such as {\"translate\", x, y}", op);
        return 0;
    }
    unproxy(L, op);
    lua_rawgeti(L, op, 1);
    int kind = -1;
    size_t n = 0;
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &n) : NULL;
    if (name != NULL) {
        int code = key_code(d, name, n, CODE_OPERATION, OPERATION_COUNT);
        if (code >= 0) kind = code - CODE_OPERATION;
    }
    if (kind < 0) {
        size_t mark = path_mark(d);
        path_index(d, 1);
        text message;
        if (problem_begin(d, &message) != NULL) {
            text_str(&message, "expected one of translate, scale, rotate, perspective, matrix, got ");
            if (name != NULL) {
                text_str(&message, "\"");
                text_add(&message, name, n);
                text_str(&message, "\"");
                text_hint_or_habit(&message, name, n, operation_names, OPERATION_COUNT, HABITS(operation_habits));
            } else {
                text_str(&message, lua_typename(L, lua_type(L, -1)));
            }
            problem_end(d, &message);
        }
        path_reset(d, mark);
        lua_pop(L, 1);
        return 0;
    }
    lua_pop(L, 1);
    double v[16];
    int count;
    switch (kind) {
    case 0:
        if ((count = list(d, op, 1, 2, 3, "{\"translate\", x, y[, z]}", v)) < 0) return 0;
        translation(m, v[0], v[1], count == 3 ? v[2] : 0);
        return 1;
    case 1:
        if ((count = list(d, op, 1, 1, 3, "{\"scale\", s} or {\"scale\", sx, sy[, sz]}", v)) < 0) return 0;
        if (count == 1) scaling(m, v[0], v[0], v[0]);
        else scaling(m, v[0], v[1], count == 3 ? v[2] : 1);
        return 1;
    case 2:
        if ((count = list(d, op, 1, 1, 4, "{\"rotate\", radians[, ax, ay, az]}", v)) < 0) return 0;
        if (count != 1 && count != 4) {
            text message;
            if (problem_begin(d, &message) != NULL) {
                text_str(&message, "expected {\"rotate\", radians} (about z) or {\"rotate\", radians, ax, ay, az}, got ");
                text_int(&message, count);
                text_str(&message, " numbers");
                problem_end(d, &message);
            }
            return 0;
        }
        if (count == 1) rotation(m, v[0], 0, 0, 1);
        else rotation(m, v[0], v[1], v[2], v[3]);
        return 1;
    case 3:
        if (list(d, op, 1, 1, 1, "{\"perspective\", m34}", v) < 0) return 0;
        perspective(m, v[0]);
        return 1;
    default:
        if (list(d, op, 1, 16, 16, "{\"matrix\", m11, …, m44}", v) < 0) return 0;
        memcpy(m, v, sizeof(m4));
        return 1;
    }
}

/* `ops` at `list`: the operations composed first to last into `m`. */
static int operations(decoder *d, int table, m4 m) {
    lua_State *L = d->L;
    if (lua_type(L, table) != LUA_TTABLE) {
        problem_type(d, "a list of operations such as {{\"scale\", 0.9}, {\"translate\", 10, 0}}", table);
        return 0;
    }
    unproxy(L, table);
    if (d->problems == NULL) {
        /* One pass when lua_next gives the steps in order (a list built by a constructor): each is composed as it
         * comes. A problem in a step ends the fast read, as anywhere; keys out of order go to the two passes. */
        lua_Integer expected = 1;
        identity(m);
        lua_pushnil(L);
        while (lua_next(L, table) != 0) {
            if (!lua_isinteger(L, -2) || lua_tointegerx(L, -2, NULL) != expected) {
                lua_settop(L, table);
                expected = 0;
                break;
            }
            m4 step;
            if (!operation(d, lua_gettop(L), step)) {
                lua_settop(L, table);
                return 0;
            }
            concat(m, step);
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
            size_t mark = path_mark(d);
            path_key(d, -1, 1);
            problem(d, "unexpected key; ops is a list");
            path_reset(d, mark);
            valid = 0;
            if (STOP(d)) {
                lua_pop(L, 1);
                return 0;
            }
        }
    }
    identity(m);
    for (lua_Integer i = 1; i <= count; i++) {
        m4 step;
        lua_rawgeti(L, table, i);
        size_t mark = path_mark(d);
        path_index(d, (long long)i);
        if (operation(d, lua_gettop(L), step)) concat(m, step);
        else valid = 0;
        path_reset(d, mark);
        lua_settop(L, table);
        if (STOP(d)) return 0;
    }
    return valid;
}

static void unknown_key(decoder *d, const char *name, size_t n) {
    text m;
    if (problem_begin(d, &m) == NULL) return;
    text_str(&m, "unknown key; edits are ");
    for (int k = 0; k < NODE_KEY_COUNT; k++) {
        if (k) text_str(&m, ", ");
        text_str(&m, node_keys[k]);
    }
    if (name != NULL) text_hint_or_habit(&m, name, n, node_keys, NODE_KEY_COUNT, HABITS(node_habits));
    problem_end(d, &m);
}

/* The node edits table at `table` into `edit`; the path is the role's key. */
static int node(decoder *d, int table, pk_node_edit *edit) {
    lua_State *L = d->L;
    int has_scale = 0, has_rotate = 0, has_perspective = 0, has_translate = 0, has_matrix = 0, has_ops = 0;
    double scale[3], rotate[3] = {0, 0, 0}, m34 = 0, translate[3];
    m4 matrix, ops;
    double v[16];
    int n;
    unproxy(L, table);
    lua_pushnil(L);
    while (lua_next(L, table) != 0) {
        int value = lua_gettop(L);
        size_t mark = path_mark(d);
        if (lua_type(L, -2) != LUA_TSTRING) {
            path_key(d, -2, 0);
            unknown_key(d, NULL, 0);
        } else {
            size_t kn;
            const char *k = lua_tolstring(L, -2, &kn);
            if (d->problems != NULL) {
                text_str(&d->path, ".");
                text_key(&d->path, k, kn);
            }
            int code = key_code(d, k, kn, CODE_NODE_KEY, NODE_KEY_COUNT);
#define IS(key) (code == CODE_NODE_KEY + (key))
            if (IS(KEY_TRANSLATE)) {
                if ((n = list(d, value, 0, 2, 3, "a list {x, y[, z]}", v)) >= 0) {
                    translate[0] = v[0];
                    translate[1] = v[1];
                    translate[2] = n == 3 ? v[2] : 0;
                    has_translate = 1;
                }
            } else if (IS(KEY_SCALE)) {
                if (lua_type(L, value) == LUA_TNUMBER) {
                    if ((has_scale = number(d, value, &v[0]))) scale[0] = scale[1] = scale[2] = v[0];
                } else if ((n = list(d, value, 0, 2, 3, "a number or a list {sx, sy[, sz]}", v)) >= 0) {
                    scale[0] = v[0];
                    scale[1] = v[1];
                    scale[2] = n == 3 ? v[2] : 1;
                    has_scale = 1;
                }
            } else if (IS(KEY_ROTATE)) {
                if (lua_type(L, value) == LUA_TNUMBER) {
                    has_rotate = number(d, value, &rotate[2]);
                    rotate[0] = rotate[1] = 0;
                } else if (lua_type(L, value) != LUA_TTABLE) {
                    problem_type(d, "a table {x = rad, y = rad, z = rad} or a number (about z)", value);
                } else {
                    int valid = 1;
                    double r[3] = {0, 0, 0};
                    unproxy(L, value);
                    lua_pushnil(L);
                    while (lua_next(L, value) != 0) {
                        size_t an = 0;
                        const char *a = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &an) : NULL;
                        int axis = a == NULL || an != 1 ? -1 : (a[0] == 'x' ? 0 : a[0] == 'y' ? 1 : a[0] == 'z' ? 2 : -1);
                        size_t inner = path_mark(d);
                        if (axis < 0) {
                            path_key(d, -2, 1);
                            problem(d, "unexpected key; expected {x = rad, y = rad, z = rad}");
                            valid = 0;
                        } else {
                            path_name(d, a);
                            if (!number(d, lua_gettop(L), &r[axis])) valid = 0;
                        }
                        path_reset(d, inner);
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
                has_perspective = number(d, value, &m34);
            } else if (IS(KEY_TRANSFORM)) {
                has_matrix = list(d, value, 0, 16, 16, "a list of 16 numbers (m11 … m44)", matrix) >= 0;
            } else if (IS(KEY_OPS)) {
                has_ops = operations(d, value, ops);
            } else if (IS(KEY_ANCHOR)) {
                if (list(d, value, 0, 2, 2, "a list {x, y}", edit->anchor) >= 0) edit->set |= PK_EDIT_ANCHOR;
            } else if (IS(KEY_ALPHA)) {
                if (number(d, value, &edit->alpha)) {
                    edit->alpha = edit->alpha < 0 ? 0 : (edit->alpha > 1 ? 1 : edit->alpha);
                    edit->set |= PK_EDIT_ALPHA;
                }
            } else if (IS(KEY_Z)) {
                if (number(d, value, &edit->z)) {
                    if (edit->z == round(edit->z) && fabs(edit->z) <= 1e9) {
                        edit->set |= PK_EDIT_Z;
                    } else {
                        text m;
                        if (problem_begin(d, &m) != NULL) {
                            text_str(&m, "expected an integer, got ");
                            text_number(&m, edit->z);
                            problem_end(d, &m);
                        }
                    }
                }
            } else if (IS(KEY_HIDDEN)) {
                if (lua_type(L, value) == LUA_TBOOLEAN) {
                    edit->hidden = lua_toboolean(L, value);
                    edit->set |= PK_EDIT_HIDDEN;
                } else {
                    problem_type(d, "a boolean", value);
                }
            } else if (IS(KEY_SHADOW)) {
                if (shadow(d, value, edit->shadow)) edit->set |= PK_EDIT_SHADOW;
            } else if (IS(KEY_COLOR)) {
                if (color(d, value, edit->color)) edit->set |= PK_EDIT_COLOR;
            } else if (IS(KEY_FRAME)) {
                if (frame(d, value, edit->frame)) edit->set |= PK_EDIT_FRAME;
            } else if (IS(KEY_CORNER_RADIUS)) {
                if (corner_radius(d, value, edit->corner_radius)) edit->set |= PK_EDIT_CORNER_RADIUS;
            } else {
                unknown_key(d, k, kn);
            }
#undef IS
        }
        path_reset(d, mark);
        lua_settop(L, value - 1); /* keep the key for lua_next */
        if (STOP(d)) {
            lua_settop(L, table);
            return 0;
        }
    }
    int keyed = has_scale || has_rotate || has_perspective || has_translate;
    size_t mark = path_mark(d);
    if (has_ops) {
        if (keyed || has_matrix) {
            path_name(d, "ops");
            problem(d, "ops cannot be combined with scale, rotate, perspective, translate or transform; put every step in ops");
        }
        memcpy(edit->transform, ops, sizeof(m4));
        edit->set |= PK_EDIT_TRANSFORM;
    } else if (has_matrix) {
        if (keyed) {
            path_name(d, "transform");
            problem(d, "a whole matrix cannot be combined with scale, rotate, perspective or translate; use ops");
        }
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
    path_reset(d, mark);
    return !d->failed;
}

static void unknown_role(decoder *d, const char *name, size_t n) {
    static const char *const candidates[PK_ROLE_COUNT + 1] = {
        "drawer", "pane", "drawer.left", "drawer.right", "drawer.top", "drawer.bottom", "overlay", "statusbar",
        "master", "detail", "divider", "corner.leading", "corner.trailing", "popover",
        "sheet", "grabber", "keyboard", /* sheet roles (DESIGN §13) */
    };
    text m;
    if (problem_begin(d, &m) == NULL) return;
    text_str(&m, "unknown role; roles are drawer");
    for (int r = 0; r < PK_ROLE_COUNT; r++) {
        text_str(&m, ", ");
        text_str(&m, pk_role_names[r]);
    }
    if (name != NULL) text_hint(&m, name, n, candidates, PK_ROLE_COUNT + 1);
    problem_end(d, &m);
}

int pk_decode_edits(lua_State *L, int index, int drawer_role, pk_edits *out, pk_problems *problems) {
    decoder d = {L, problems, 0, {NULL, 0, 0, 0}, out->keys};
    int before = problems ? problems->count : 0;
    out->touched = 0;
    int top = lua_gettop(L);
    int result = lua_absindex(L, index);
    if (!lua_checkstack(L, 24)) { /* the deepest read (ops → operation → list) uses about 12 slots */
        problem(&d, "memory limit exceeded while reading the result");
        return 0;
    }
    if (lua_type(L, result) != LUA_TTABLE) {
        text m;
        if (problem_begin(&d, &m) != NULL) {
            const char *what = lua_typename(L, lua_type(L, result));
            text_str(&m, "style returned ");
            text_str(&m, what);
            text_str(&m, "; expected a table of edits such as { pane = { alpha = 0.5 } }");
            if (lua_type(L, result) == LUA_TNIL) text_str(&m, " (return {} for no edits)");
            problem_end(&d, &m);
        }
        return 0;
    }
    lua_pushvalue(L, result);
    result = lua_gettop(L);
    unproxy(L, result);
    lua_pushnil(L);
    while (lua_next(L, result) != 0) {
        int role = -1;
        size_t n = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &n) : NULL;
        if (name != NULL) {
            role = key_code(&d, name, n, 0, PK_ROLE_COUNT + 1);
            if (role == CODE_DRAWER) role = drawer_role;
        }
        if (d.problems != NULL) {
            d.path.n = 0;
            path_key(&d, -2, 0);
        }
        if (role < 0) {
            unknown_role(&d, name, n);
        } else if (out->touched & (1u << role)) {
            text m;
            if (problem_begin(&d, &m) != NULL) {
                text_str(&m, "the same node as drawer (");
                text_str(&m, pk_role_names[drawer_role]);
                text_str(&m, " here); give only one of them");
                problem_end(&d, &m);
            }
        } else {
            out->touched |= 1u << role;
            pk_node_edit *edit = &out->nodes[role];
            edit->set = 0;
            if (lua_type(L, -1) != LUA_TTABLE) {
                problem_type(&d, "a table of edits such as { alpha = 0.5 }", -1);
            } else {
                node(&d, lua_gettop(L), edit);
            }
        }
        lua_settop(L, result + 1);
        if (STOP(&d)) break;
    }
    lua_settop(L, top);
    free(d.path.s);
    return problems ? problems->count == before : !d.failed;
}

void pk_problems_clear(pk_problems *problems) {
    for (int i = 0; i < problems->count; i++) free(problems->items[i]);
    problems->count = 0;
}
