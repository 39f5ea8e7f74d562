/* The C harness of `panekit bench --styler`: the same work as PaneKit's Lua styler call, with nothing but the
 * Lua C API, timed with a monotonic clock. */
#include "LuaHarness.h"
#include "Open.h"

#include <LuaSandbox.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Reads back every field of the table at the top of the stack, recursively, summing the numbers. */
static double walk(lua_State *L, int depth) {
    double sum = 0;
    if (depth > 8) return 0;
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        int type = lua_type(L, -1);
        if (type == LUA_TNUMBER) {
            sum += lua_tonumber(L, -1);
        } else if (type == LUA_TTABLE) {
            sum += walk(L, depth + 1);
        } else if (type == LUA_TBOOLEAN) {
            sum += lua_toboolean(L, -1);
        } else if (type == LUA_TSTRING) {
            size_t n;
            lua_tolstring(L, -1, &n);
            sum += (double)n;
        }
        lua_pop(L, 1);
    }
    return sum;
}

/* Fills the x, y, w, h fields of the table at `t`. */
static void set_rect(lua_State *L, int t, double x, double y, double w, double h) {
    lua_pushnumber(L, x);
    lua_setfield(L, t, "x");
    lua_pushnumber(L, y);
    lua_setfield(L, t, "y");
    lua_pushnumber(L, w);
    lua_setfield(L, t, "w");
    lua_pushnumber(L, h);
    lua_setfield(L, t, "h");
}

static pk_harness_result fail(lua_State *L, pk_harness_result r, const char *what) {
    const char *message = lua_tostring(L, -1);
    snprintf(r.error, sizeof r.error, "%s: %s", what, message ? message : "(no message)");
    r.ok = 0;
    return r;
}

lua_State *pk_harness_open(const char *prelude, const char *source, size_t length, const char *chunkname,
                           pk_harness_result *r) {
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        snprintf(r->error, sizeof r->error, "cannot create a Lua state");
        return NULL;
    }
    /* The plugin sandbox's whitelist: no io, os, debug or package, even here. */
    lua_pushcfunction(L, pk_open_whitelist);
    lua_call(L, 0, 0);
    if (prelude != NULL && (luaL_loadbufferx(L, prelude, strlen(prelude), "=panekit", "t") != LUA_OK ||
                            lua_pcall(L, 0, 0, 0) != LUA_OK)) {
        *r = fail(L, *r, "prelude");
        lua_close(L);
        return NULL;
    }
    if (luaL_loadbufferx(L, source, length, chunkname, "t") != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
        *r = fail(L, *r, "load");
        lua_close(L);
        return NULL;
    }
    if (!lua_istable(L, -1)) {
        snprintf(r->error, sizeof r->error, "the plugin did not return a table");
        lua_close(L);
        return NULL;
    }
    return L;
}

pk_harness_result pk_harness_run(const char *prelude, const char *source, size_t length, const char *chunkname,
                                 long iterations, const char *direction, double reveal, double width, double height) {
    pk_harness_result r = {0, 0, 0, ""};
    lua_State *L = pk_harness_open(prelude, source, length, chunkname, &r);
    if (L == NULL) return r;
    int plugin = lua_gettop(L);
    lua_getfield(L, plugin, "style");
    int style = lua_gettop(L);

    /* One context table with its size, frames and params tables, made once and filled on every call. */
    lua_createtable(L, 0, 12);
    int ctx = lua_gettop(L);
    lua_createtable(L, 0, 2);
    int size = lua_gettop(L);
    lua_createtable(L, 0, 2);
    int frames = lua_gettop(L);
    lua_createtable(L, 0, 4);
    int pane = lua_gettop(L);
    lua_createtable(L, 0, 4);
    int drawer = lua_gettop(L);
    /* params: the manifest's defaults. */
    lua_createtable(L, 0, 4);
    int params = lua_gettop(L);
    lua_getfield(L, plugin, "params");
    if (lua_istable(L, -1)) {
        lua_pushnil(L);
        while (lua_next(L, -2) != 0) {
            if (lua_istable(L, -1)) {
                lua_getfield(L, -1, "default");
                lua_pushvalue(L, -3);
                lua_insert(L, -2);
                lua_settable(L, params);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);

    double start = now_ns();
    for (long i = 0; i < iterations; i++) {
        /* Fill every field of the context, as a host must on each call. */
        double closed = -0.1 + 1.2 * (double)(i % 121) / 120.0;
        lua_pushnumber(L, closed);
        lua_setfield(L, ctx, "closed");
        lua_pushnumber(L, 1 - closed);
        lua_setfield(L, ctx, "open");
        lua_pushnumber(L, reveal);
        lua_setfield(L, ctx, "reveal");
        lua_pushnumber(L, (double)i / 60.0);
        lua_setfield(L, ctx, "time");
        lua_pushnumber(L, 0.0);
        lua_setfield(L, ctx, "velocity");
        lua_pushstring(L, direction);
        lua_setfield(L, ctx, "direction");
        lua_pushstring(L, "opening");
        lua_setfield(L, ctx, "state");
        lua_pushstring(L, "drawer");
        lua_setfield(L, ctx, "container");
        lua_pushnumber(L, width);
        lua_setfield(L, size, "w");
        lua_pushnumber(L, height);
        lua_setfield(L, size, "h");
        lua_pushvalue(L, size);
        lua_setfield(L, ctx, "size");
        set_rect(L, pane, 0, 0, width, height);
        set_rect(L, drawer, 0, 0, reveal, height);
        lua_pushvalue(L, pane);
        lua_setfield(L, frames, "pane");
        lua_pushvalue(L, drawer);
        lua_setfield(L, frames, "drawer");
        lua_pushvalue(L, frames);
        lua_setfield(L, ctx, "frames");
        lua_pushvalue(L, params);
        lua_setfield(L, ctx, "params");
        lua_pushvalue(L, style);
        lua_pushvalue(L, ctx);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            r = fail(L, r, "style");
            lua_close(L);
            return r;
        }
        if (lua_istable(L, -1)) r.checksum += walk(L, 0);
        lua_pop(L, 1);
    }
    double elapsed = now_ns() - start;
    r.ns_per_call = iterations > 0 ? elapsed / (double)iterations : 0;
    r.ok = 1;
    lua_close(L);
    return r;
}
