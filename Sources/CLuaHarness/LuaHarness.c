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
    int ctx = pk_harness_new_table(L, 12);
    int size = pk_harness_new_table(L, 2);
    int frames = pk_harness_new_table(L, 2);
    int pane = pk_harness_new_table(L, 4);
    int drawer = pk_harness_new_table(L, 4);
    /* params: the manifest's defaults. */
    int params = pk_harness_new_table(L, 4);
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

    double start = pk_harness_now_ns();
    for (long i = 0; i < iterations; i++) {
        /* Fill every field of the context, as a host must on each call. */
        pk_harness_set_fractions(L, ctx, i);
        pk_harness_set_scalars(L, ctx, reveal, (double)i / 60.0, direction);
        pk_harness_set_number(L, size, "w", width);
        pk_harness_set_number(L, size, "h", height);
        lua_pushvalue(L, size);
        lua_setfield(L, ctx, "size");
        pk_harness_set_rect(L, pane, 0, 0, width, height);
        pk_harness_set_rect(L, drawer, 0, 0, reveal, height);
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
    double elapsed = pk_harness_now_ns() - start;
    r.ns_per_call = iterations > 0 ? elapsed / (double)iterations : 0;
    r.ok = 1;
    lua_close(L);
    return r;
}
