/* The decoder's problems: each one's kind, key path (a growable text, the keys as Swift shows them) and what was
 * expected and found, which Swift words (EditProblem.swift). */
#include "Decoder.h"

/* ---- Text: a growable buffer ---- */

void pkd_text_add(text *t, const char *s, size_t n) {
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

void pkd_text_str(text *t, const char *s) { pkd_text_add(t, s, strlen(s)); }

void pkd_text_int(text *t, long long i) {
    char b[32];
    int n = snprintf(b, sizeof b, "%lld", i);
    pkd_text_add(t, b, (size_t)n);
}

/* The key at its path as Swift shows it (pk_vocabulary.key: whole, or a PluginText excerpt). */
void pkd_text_key(const pk_vocabulary *v, text *t, const char *s, size_t n) {
    size_t length = 0;
    char *key = v->key(s, n, &length);
    if (key == NULL) {
        t->failed = 1;
        return;
    }
    pkd_text_add(t, key, length);
    free(key);
}

/* ---- Problems: each one's kind, key path and what was expected and found; Swift words them ---- */

/* A new problem of `kind` at the current path, zeroed otherwise, or NULL in the fast mode (nothing to write) and
 * when memory runs out (the problem is then left out; the result is invalid all the same). */
pk_problem *pkd_report(decoder *d, int kind) {
    d->failed = 1;
    pk_problems *p = d->problems;
    if (p == NULL || d->path.failed) return NULL;
    if (p->count == p->capacity) {
        int capacity = p->capacity ? p->capacity * 2 : 8;
        pk_problem *grown = (pk_problem *)realloc(p->items, sizeof(pk_problem) * (size_t)capacity);
        if (grown == NULL) return NULL;
        p->items = grown;
        p->capacity = capacity;
    }
    char *path = (char *)malloc(d->path.n + 1);
    if (path == NULL) return NULL;
    if (d->path.n > 0) memcpy(path, d->path.s, d->path.n);
    path[d->path.n] = 0;
    pk_problem *q = &p->items[p->count++];
    memset(q, 0, sizeof *q);
    q->kind = kind;
    q->path = path;
    q->path_length = d->path.n;
    return q;
}

/* The `n` bytes found (a key, a name, a string value) into the problem. */
void pkd_report_text(pk_problem *q, const char *s, size_t n) {
    if (q == NULL || s == NULL) return;
    q->got_text = (char *)malloc(n + 1);
    if (q->got_text == NULL) return;
    memcpy(q->got_text, s, n);
    q->got_text[n] = 0;
    q->got_length = n;
}

/* A problem with nothing more to say than its kind. */
void pkd_problem(decoder *d, int kind) { (void)pkd_report(d, kind); }

/* "expected WHAT, got TYPE" for the value at `index`. */
void pkd_problem_type(decoder *d, const char *what, int index) {
    pk_problem *q = pkd_report(d, PK_PROBLEM_TYPE);
    if (q == NULL) return;
    q->expected = what;
    q->got_type = lua_typename(d->L, lua_type(d->L, index));
}

/* A number that should be there is not: "expected a number, got nil". */
void pkd_problem_missing(decoder *d) {
    pk_problem *q = pkd_report(d, PK_PROBLEM_TYPE);
    if (q == NULL) return;
    q->expected = "a number";
    q->got_type = lua_typename(d->L, LUA_TNIL);
}

/* A problem about `expected`, such as an unexpected key of a list. */
void pkd_problem_expected(decoder *d, int kind, const char *expected) {
    pk_problem *q = pkd_report(d, kind);
    if (q != NULL) q->expected = expected;
}

void pkd_path_name(decoder *d, const char *name) {
    if (d->problems == NULL) return;
    pkd_text_str(&d->path, ".");
    pkd_text_str(&d->path, name);
}

void pkd_path_index(decoder *d, long long i) {
    if (d->problems == NULL) return;
    pkd_text_str(&d->path, "[");
    pkd_text_int(&d->path, i);
    pkd_text_str(&d->path, "]");
}

/* The key at `index` as a path component: `.name` (no dot first, or for a name that starts with "["), `[3]`,
 * or `[<boolean>]` for a key of another type. */
void pkd_path_key(decoder *d, int index, int dotted) {
    if (d->problems == NULL) return;
    lua_State *L = d->L;
    int type = lua_type(L, index);
    if (type == LUA_TSTRING) {
        size_t n;
        const char *s = lua_tolstring(L, index, &n);
        if (dotted && !(n > 0 && s[0] == '[')) pkd_text_str(&d->path, ".");
        pkd_text_key(d->v, &d->path, s, n);
    } else if (type == LUA_TNUMBER && lua_isinteger(L, index)) {
        pkd_path_index(d, (long long)lua_tointegerx(L, index, NULL));
    } else {
        pkd_text_str(&d->path, "[<");
        pkd_text_str(&d->path, lua_typename(L, type));
        pkd_text_str(&d->path, ">]");
    }
}

void pk_problems_clear(pk_problems *problems) {
    for (int i = 0; i < problems->count; i++) {
        free(problems->items[i].path);
        free(problems->items[i].got_text);
    }
    problems->count = 0;
}

/* The order of two problems' messages as far as their key paths decide it: a message is `path: words`, so the paths
 * are compared as if each were followed by ':' ("pane.k1: …" comes before "pane: …"). A problem of the result
 * itself (no path) comes first. 0 when only the words can tell them apart. */
static int pkd_compare_paths(const void *a, const void *b) {
    const pk_problem *p = (const pk_problem *)a, *q = (const pk_problem *)b;
    if (p->path_length == 0 || q->path_length == 0) return (q->path_length == 0) - (p->path_length == 0);
    size_t n = p->path_length < q->path_length ? p->path_length : q->path_length;
    int c = memcmp(p->path, q->path, n);
    if (c != 0) return c;
    if (p->path_length == q->path_length) return 0;
    unsigned char next = p->path_length > n ? (unsigned char)p->path[n] : (unsigned char)q->path[n];
    int longer_first = next < (unsigned char)':';
    return (p->path_length > n) == longer_first ? -1 : 1;
}

int pk_problems_order(pk_problems *problems, int limit) {
    if (problems->count == 0) return 0;
    qsort(problems->items, (size_t)problems->count, sizeof(pk_problem), pkd_compare_paths);
    if (limit <= 0) return 0;
    if (limit >= problems->count) return problems->count;
    int n = limit;
    while (n < problems->count && pkd_compare_paths(&problems->items[limit - 1], &problems->items[n]) == 0) n++;
    return n;
}
