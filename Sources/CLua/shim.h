/* CLua: the Lua 5.4 C API as Swift can import it.
 * Lua's function-like macros and variadic functions are not visible to Swift, so each one used by
 * PaneKitLua gets a static inline wrapper here with a clua_ prefix. Anything that can raise a Lua error
 * (longjmp) is called from C frames only. */
#ifndef PANEKIT_CLUA_SHIM_H
#define PANEKIT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tolstring(L, idx, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline int clua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
static inline int clua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
static inline int clua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }
static inline void clua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline int clua_dostring(lua_State *L, const char *code) {
    int status = luaL_loadstring(L, code);
    if (status != LUA_OK) return status;
    return lua_pcall(L, 0, LUA_MULTRET, 0);
}
static inline int clua_gc_count_bytes(lua_State *L) {
    return lua_gc(L, LUA_GCCOUNT, 0) * 1024 + lua_gc(L, LUA_GCCOUNTB, 0);
}
static inline int clua_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT, 0); }

#endif
