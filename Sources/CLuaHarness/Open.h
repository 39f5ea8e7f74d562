/* What the bench's two C hosts share: a plain state with the sandbox's whitelist, the prelude and the plugin, and
 * the small writers that fill a context table the same way in both. */
#ifndef PANEKIT_LUA_HARNESS_OPEN_H
#define PANEKIT_LUA_HARNESS_OPEN_H

#include "LuaHarness.h"

#include <lua.h>
#include <time.h>

/* A new plain state with the whitelisted libraries, `prelude` run (may be NULL) and the plugin `source` run, its
 * table on top of the stack; NULL with r->error set when any step fails. */
lua_State *pk_harness_open(const char *prelude, const char *source, size_t length, const char *chunkname,
                           pk_harness_result *r);

/* Nanoseconds on the monotonic clock. */
static inline double pk_harness_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* t[key] = the number n. */
static inline void pk_harness_set_number(lua_State *L, int t, const char *key, double n) {
    lua_pushnumber(L, n);
    lua_setfield(L, t, key);
}

/* t[key] = the string s. */
static inline void pk_harness_set_string(lua_State *L, int t, const char *key, const char *s) {
    lua_pushstring(L, s);
    lua_setfield(L, t, key);
}

/* Pushes a new table sized for `fields` named fields and returns its absolute index. */
static inline int pk_harness_new_table(lua_State *L, int fields) {
    lua_createtable(L, 0, fields);
    return lua_gettop(L);
}

/* Fills the x, y, w, h fields of the table at `t`. */
static inline void pk_harness_set_rect(lua_State *L, int t, double x, double y, double w, double h) {
    pk_harness_set_number(L, t, "x", x);
    pk_harness_set_number(L, t, "y", y);
    pk_harness_set_number(L, t, "w", w);
    pk_harness_set_number(L, t, "h", h);
}

/* The context's plain fields besides closed and open: a drawer opening from `direction` at `time`, at rest. */
static inline void pk_harness_set_scalars(lua_State *L, int ctx, double reveal, double time, const char *direction) {
    pk_harness_set_number(L, ctx, "reveal", reveal);
    pk_harness_set_number(L, ctx, "time", time);
    pk_harness_set_number(L, ctx, "velocity", 0);
    pk_harness_set_string(L, ctx, "direction", direction);
    pk_harness_set_string(L, ctx, "state", "opening");
    pk_harness_set_string(L, ctx, "container", "drawer");
}

/* Writes closed and open for call `i`: closed cycles over [-0.1, 1.1] in 121 steps. */
static inline void pk_harness_set_fractions(lua_State *L, int ctx, long i) {
    double closed = -0.1 + 1.2 * (double)(i % 121) / 120.0;
    pk_harness_set_number(L, ctx, "closed", closed);
    pk_harness_set_number(L, ctx, "open", 1 - closed);
}

#endif
