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
#include <time.h>

static double bare_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* t[key] = a table {x, y, w, h} (named fields). */
static void bare_rect(lua_State *L, int t, const char *key, double x, double y, double w, double h) {
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, y);
    lua_setfield(L, -2, "y");
    lua_pushnumber(L, w);
    lua_setfield(L, -2, "w");
    lua_pushnumber(L, h);
    lua_setfield(L, -2, "h");
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
    lua_createtable(L, 0, 12);
    int ctx = lua_gettop(L);
    lua_pushnumber(L, reveal);
    lua_setfield(L, ctx, "reveal");
    lua_pushnumber(L, 0);
    lua_setfield(L, ctx, "time");
    lua_pushnumber(L, 0);
    lua_setfield(L, ctx, "velocity");
    lua_pushstring(L, "left");
    lua_setfield(L, ctx, "direction");
    lua_pushstring(L, "opening");
    lua_setfield(L, ctx, "state");
    lua_pushstring(L, "drawer");
    lua_setfield(L, ctx, "container");
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, width);
    lua_setfield(L, -2, "w");
    lua_pushnumber(L, height);
    lua_setfield(L, -2, "h");
    lua_setfield(L, ctx, "size");
    lua_createtable(L, 0, 2);
    int frames = lua_gettop(L);
    bare_rect(L, frames, "pane", 0, 0, width, height);
    bare_rect(L, frames, "drawer", 0, 0, reveal, height);
    lua_setfield(L, ctx, "frames");
    lua_createtable(L, 0, 0);
    lua_setfield(L, ctx, "params");

    double start = bare_now_ns();
    for (long i = 0; i < iterations; i++) {
        double closed = -0.1 + 1.2 * (double)(i % 121) / 120.0;
        lua_pushnumber(L, closed);
        lua_setfield(L, ctx, "closed");
        lua_pushnumber(L, 1 - closed);
        lua_setfield(L, ctx, "open");
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
    double elapsed = bare_now_ns() - start;
    r.ns_per_call = iterations > 0 ? elapsed / (double)iterations : 0;
    r.ok = 1;
    lua_close(L);
    return r;
}
