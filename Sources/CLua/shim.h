/* CLua: the Lua 5.4 C API as Swift can import it.
 *
 * Lua's function-like macros and variadic functions are not visible to Swift, so each one used by PaneKit gets a
 * static inline wrapper here with a clua_ prefix. Nothing else lives here: the allocator, the count hook, the
 * protected calls and the style call are in the C target CLuaBridge. */
#ifndef PANEKIT_CLUA_SHIM_H
#define PANEKIT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tolstring(L, idx, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline int clua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
static inline int clua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
static inline int clua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }

#endif
