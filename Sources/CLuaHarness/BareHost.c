/* The bare C host of `panekit bench`: the least a host can do to call a styler with the plain Lua C API. It
 * keeps one context table filled once, writes only `closed` and `open` before each call, and reads the seven
 * numbers of the simple styler's result with lua_getfield and lua_rawgeti (no validation, no traversal). */
#include "LuaHarness.h"
#include "Open.h"

#include <LuaSandbox.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <string.h>

/* t[key] = a table {x, y, w, h} (named fields). */
static void bare_rect(lua_State *L, int t, const char *key, double x, double y, double w, double h) {
    pk_harness_set_rect(L, pk_harness_new_table(L, 4), x, y, w, h);
    lua_setfield(L, t, key);
}

/* The number at t[key] (0 when absent), popped. */
static double bare_field(lua_State *L, int t, const char *key) {
    lua_getfield(L, t, key);
    double n = lua_tonumberx(L, -1, NULL);
    lua_pop(L, 1);
    return n;
}

/* The sum of list[1..count] of the table at t[key]. */
static double bare_list(lua_State *L, int t, const char *key, int count) {
    double sum = 0;
    if (lua_getfield(L, t, key) == LUA_TTABLE) {
        for (int i = 1; i <= count; i++) {
            lua_rawgeti(L, -1, i);
            sum += lua_tonumberx(L, -1, NULL);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return sum;
}

pk_harness_result pk_bare_host_run(const char *prelude, const char *source, size_t length, const char *chunkname,
                                   long iterations, double reveal, double width, double height) {
    pk_harness_result r = {0, 0, 0, ""};
    lua_State *L = pk_harness_open(prelude, source, length, chunkname, &r);
    if (L == NULL) return r;
    lua_getfield(L, -1, "style");
    int style = lua_gettop(L);

    /* The context, filled once: only closed and open change from call to call. */
    int ctx = pk_harness_new_table(L, 12);
    pk_harness_set_scalars(L, ctx, reveal, 0, "left");
    int size = pk_harness_new_table(L, 2);
    pk_harness_set_number(L, size, "w", width);
    pk_harness_set_number(L, size, "h", height);
    lua_setfield(L, ctx, "size");
    int frames = pk_harness_new_table(L, 2);
    bare_rect(L, frames, "pane", 0, 0, width, height);
    bare_rect(L, frames, "drawer", 0, 0, reveal, height);
    lua_setfield(L, ctx, "frames");
    lua_createtable(L, 0, 0);
    lua_setfield(L, ctx, "params");

    double start = pk_harness_now_ns();
    for (long i = 0; i < iterations; i++) {
        pk_harness_set_fractions(L, ctx, i);
        lua_pushvalue(L, style);
        lua_pushvalue(L, ctx);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            const char *message = lua_tostring(L, -1);
            snprintf(r.error, sizeof r.error, "style: %s", message ? message : "(no message)");
            lua_close(L);
            return r;
        }
        int result = lua_gettop(L);
        if (lua_getfield(L, result, "pane") == LUA_TTABLE) {
            r.checksum += bare_list(L, result + 1, "translate", 3) + bare_field(L, result + 1, "scale");
        }
        lua_pop(L, 1);
        if (lua_getfield(L, result, "drawer") == LUA_TTABLE) {
            r.checksum += bare_field(L, result + 1, "alpha") + bare_list(L, result + 1, "translate", 2);
        }
        lua_settop(L, result - 1);
    }
    double elapsed = pk_harness_now_ns() - start;
    r.ns_per_call = iterations > 0 ? elapsed / (double)iterations : 0;
    r.ok = 1;
    lua_close(L);
    return r;
}
