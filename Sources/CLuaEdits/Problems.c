/* The decoder's text: a growable buffer, the words Swift writes for it (numbers, keys, near names), the
 * problems and their key paths. */
#include "Decoder.h"

/* ---- Text: a growable buffer, numbers as NumberFormat writes them, near names ---- */

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

/* The words Swift writes (pk_vocabulary): a number, a key, a near name, appended to `t`. */
static void text_owned(text *t, char *s) {
    if (s == NULL) {
        t->failed = 1;
        return;
    }
    pkd_text_str(t, s);
    free(s);
}

void pkd_text_number(const pk_vocabulary *v, text *t, double x) { text_owned(t, v->number(x)); }

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

/* `; did you mean "x"?` for the name of list `names` that `word` means (pk_vocabulary.hint), else nothing. */
void pkd_text_hint(const pk_vocabulary *v, text *t, int names, const char *word, size_t n) {
    char *near = v->hint(names, word, n);
    if (near == NULL) return;
    pkd_text_str(t, "; did you mean \"");
    pkd_text_str(t, near);
    pkd_text_str(t, "\"?");
    free(near);
}

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
text *pkd_problem_begin(decoder *d, text *message) {
    d->failed = 1;
    if (d->problems == NULL) return NULL;
    memset(message, 0, sizeof *message);
    if (d->path.n > 0) {
        pkd_text_add(message, d->path.s, d->path.n);
        pkd_text_str(message, ": ");
    }
    return message;
}

void pkd_problem_end(decoder *d, text *message) {
    add_problem(d, message);
    free(message->s);
}

/* A problem whose message is one string. */
void pkd_problem(decoder *d, const char *message) {
    text m;
    if (pkd_problem_begin(d, &m) == NULL) return;
    pkd_text_str(&m, message);
    pkd_problem_end(d, &m);
}

/* "expected WHAT, got TYPE" for the value at `index`. */
void pkd_problem_type(decoder *d, const char *what, int index) {
    text m;
    if (pkd_problem_begin(d, &m) == NULL) return;
    pkd_text_str(&m, "expected ");
    pkd_text_str(&m, what);
    pkd_text_str(&m, ", got ");
    pkd_text_str(&m, lua_typename(d->L, lua_type(d->L, index)));
    pkd_problem_end(d, &m);
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
    for (int i = 0; i < problems->count; i++) free(problems->items[i]);
    problems->count = 0;
}
