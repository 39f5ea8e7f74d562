/* The pattern matcher's state and steps, shared by the matcher (Matcher.c) and the string functions that run it
 * (Pattern.c). */
#ifndef PANEKIT_LUA_SANDBOX_MATCHER_H
#define PANEKIT_LUA_SANDBOX_MATCHER_H

#include "Budget.h"

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

/* Charges the steps counted so far. */
static inline void pk_charge_steps(pk_matcher *m) {
    long long steps = m->steps;
    m->steps = 0;
    clua_charge(m->L, steps);
}

/* Counts `steps` matching steps, charged every PK_BATCH. */
static inline void pk_count(pk_matcher *m, long long steps) {
    m->steps += steps;
    if (m->steps >= PK_BATCH) pk_charge_steps(m);
}

/* Sets the matcher up for subject s (ls bytes) and pattern p (lp bytes, after any '^'). */
static inline void pk_prepare(pk_matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src_init = s;
    m->src_end = s + ls;
    m->p_end = p + lp;
    m->steps = 0;
}

/* Clears the captures and the depth before an attempt at a new position. */
static inline void pk_restart(pk_matcher *m) {
    m->level = 0;
    m->depth = PK_MATCHDEPTH;
}

/* The end of the match of pattern p at s, or NULL. */
const char *pk_match_here(pk_matcher *m, const char *s, const char *p);

/* Pushes capture i (or the whole match s…e when there are no captures and i is 0). */
void pk_push_capture(pk_matcher *m, int i, const char *s, const char *e);

/* Pushes every capture, or the whole match when s is given and there are none. */
int pk_push_captures(pk_matcher *m, const char *s, const char *e);

#endif
