/* Protected calls with a traceback, text chunks, the sandbox's print and rawset, references and collection. */
#include "Internal.h"

#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

/* The most bytes of an error message the handler keeps: PaneKitLua shows 300 of them (PluginText.limit) and cuts
 * the rest with an ellipsis, so a plugin's megabyte of message costs no more than this to read, split and cut. */
#define CLUA_MESSAGE_LIMIT 1024

/* The message handler: a message with its place and a traceback. A non-string error object gets the place
 * of the innermost Lua function and says what it was. A message longer than CLUA_MESSAGE_LIMIT is cut there. */
int clua_msghandler(lua_State *L) {
    size_t length = 0;
    const char *message = lua_tolstring(L, 1, &length);
    if (message == NULL) {
        char where[200];
        clua_where(L, 1, where, sizeof where);
        /* A __tostring is plugin code: never once the budget is spent (the handler may be running with hooks off). */
        if (!clua_control_of(L)->budget_exceeded && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            message = lua_pushfstring(L, "%s%s%s", where, where[0] ? " " : "", lua_tostring(L, -1));
        else
            message = lua_pushfstring(L, "%s%serror object is a %s value", where, where[0] ? " " : "",
                                      luaL_typename(L, 1));
        length = strlen(message);
    }
    if (length > CLUA_MESSAGE_LIMIT) message = lua_pushlstring(L, message, CLUA_MESSAGE_LIMIT);
    luaL_traceback(L, L, message, 1);
    return 1;
}

/** Calls the function below `nargs` arguments with the message handler, after resetting the call's budget
 *  and flags. Leaves `nresults` results, or the message with its traceback. */
int clua_pcall_traced(lua_State *L, int nargs, int nresults) {
    lua_pushcfunction(L, clua_msghandler);
    lua_insert(L, lua_gettop(L) - nargs - 1);
    return clua_pcall_handled(L, nargs, nresults);
}

/* clua_pcall_traced with clua_msghandler already pushed below the function (the style call pushes it first and
 * saves the lua_insert). */
int clua_pcall_handled(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs - 1;
    int status = clua_pcall_budgeted(L, nargs, nresults);
    lua_remove(L, base);
    return status;
}

/* clua_pcall_handled without its last step: the message handler stays below the results (or the message), for a
 * caller that resets the stack itself. */
int clua_pcall_budgeted(lua_State *L, int nargs, int nresults) {
    clua_control *c = clua_control_of(L);
    int base = lua_gettop(L) - nargs - 1;
    c->spent = 0;
    c->allocated = 0;
    c->budget_exceeded = 0;
    c->interrupted = 0;
    c->memory_refused = 0;
    c->pool_refused = 0;
    c->deep_stack = 0;
    c->stack_refused = 0;
    c->budget_where[0] = 0;
    c->memory_where[0] = 0;
    c->meter_phase = 0;
    c->call_peak = c->used;
    clua_set_count_hook(L);
    __atomic_store_n(&c->calls, c->calls + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&c->in_call, 1, __ATOMIC_RELAXED);
    int status = lua_pcall(L, nargs, nresults, base);
    __atomic_store_n(&c->in_call, 0, __ATOMIC_RELAXED);
    return status;
}

/** Loads a text chunk (mode "t": bytecode is refused) and runs it, leaving one result or the error. */
int clua_run_text(lua_State *L, const char *buffer, size_t length, const char *chunkname) {
    if (!lua_checkstack(L, 8)) return LUA_ERRMEM;
    int status = luaL_loadbufferx(L, buffer, length, chunkname, "t");
    if (status != LUA_OK) return status;
    return clua_pcall_traced(L, 0, 1);
}

/* print writes to standard error, prefixed with the plugin's file name, so it never mixes with output. Control
 * characters other than tab and newline are written as \ddd, so a plugin cannot drive the terminal; every byte
 * written is one unit of the call's budget. */
static int clua_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, lua_tostring(L, lua_upvalueindex(1)));
    luaL_addstring(&b, ": ");
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        size_t length;
        const char *text = luaL_tolstring(L, i, &length);
        clua_charge(L, (long long)length);
        for (size_t k = 0; k < length; k++) {
            unsigned char ch = (unsigned char)text[k];
            if ((ch < 0x20 && ch != '\t' && ch != '\n') || ch == 0x7f) {
                char escaped[8];
                snprintf(escaped, sizeof escaped, "\\%03d", ch);
                luaL_addstring(&b, escaped);
            } else {
                luaL_addchar(&b, (char)ch);
            }
        }
        lua_pop(L, 1);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    fwrite(text, 1, length, stderr);
    fflush(stderr);
    return 0;
}

/* rawset, as the base library's, except on the context's tables: there it is the same write as an assignment
 * (marks the context for clearing before the next call), so no write can outlive its call. */
static int clua_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    lua_settop(L, 3);
    if (clua_is_context_table(L, 1)) {
        clua_context_write(L);
    } else {
        lua_rawset(L, 1);
    }
    lua_settop(L, 1);
    return 1;
}

static int clua_open_sandbox_f(lua_State *L) {
    const char *name = (const char *)lua_touserdata(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 0, 0);
    lua_pushstring(L, name);
    lua_pushcclosure(L, clua_print, 1);
    lua_setglobal(L, "print");
    lua_pushcfunction(L, clua_rawset);
    lua_setglobal(L, "rawset");
    return 0;
}

/** Runs `open` (CLuaSandbox's pk_open_sandbox: the whitelisted libraries with their budgeted functions) and
 *  installs a print to standard error. The Lua half of the sandbox then trims them. */
int clua_open_sandbox(lua_State *L, const char *name, lua_CFunction open) {
    if (!lua_checkstack(L, 8)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_open_sandbox_f);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushcfunction(L, open);
    return clua_pcall_traced(L, 2, 0);
}

static int clua_ref_f(lua_State *L) {
    lua_pushvalue(L, 1);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

/** A registry reference to the value at the top of the stack (left in place), or LUA_NOREF. */
int clua_ref(lua_State *L) {
    if (!lua_checkstack(L, 4)) return LUA_NOREF;
    lua_pushcfunction(L, clua_ref_f);
    lua_pushvalue(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        return LUA_NOREF;
    }
    int ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return ref;
}

/** Pushes the value of a registry reference. */
int clua_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }

/** The line where the Lua function at `idx` is defined (0 for a C function). */
int clua_function_line(lua_State *L, int idx) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar)) return 0;
    return ar.linedefined > 0 ? ar.linedefined : 0;
}

static int clua_collect_f(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT, 0);
    return 0;
}

/** A full garbage collection, protected (finalizers may run Lua code). */
int clua_collect(lua_State *L) {
    if (!lua_checkstack(L, 4)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_collect_f);
    return clua_pcall_traced(L, 0, 0);
}

