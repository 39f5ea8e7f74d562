/* What the files of CLuaBridge share and Swift does not see. */
#ifndef PANEKIT_LUA_BRIDGE_INTERNAL_H
#define PANEKIT_LUA_BRIDGE_INTERNAL_H

#include "LuaBridge.h"

#include <lauxlib.h>

/* Bytes allocated per unit of budget: every byte a plugin's code makes (strings built by string.rep, format,
 * gsub or `..`, tables) is work charged to the call, so no library function can copy without limit. */
#define CLUA_ALLOCATED_BYTES_PER_UNIT 256

/* Writes "file.lua:LINE:" of the innermost Lua function with a current line into buffer (or ""). Reads the call
 * stack only (lua_getinfo "Sl" neither allocates nor raises), so it is safe in hooks and in the allocator. */
void clua_where(lua_State *L, int first_level, char *buffer, size_t size);
/* The count hook: charges the instructions run since the last tick to the call's budget. */
void clua_count_hook(lua_State *L, lua_Debug *ar);
/* Sets the state's count hook for a call: the plain one every `interval` instructions, or the metered one. */
void clua_set_count_hook(lua_State *L);
/* Whether the Lua function at `idx` is a leaf: no loop and no backward jump, at most `max_length` instructions, so
 * one call of it runs each instruction at most once. Read from its bytecode (lua_dump); 0 when unsure. */
int clua_is_leaf(lua_State *L, int idx, int max_length);
/* Runs the next call of a leaf without the count hook (only a call hook, which brings the count hook back at the
 * first Lua function the leaf reaches). The next protected call sets the count hook again (clua_pcall_budgeted). */
void clua_budget_leaf(lua_State *L);
/* The strict tables of the context (Strict.c): the __index functions that make a missing field an error (upvalues:
 * the table's name, the list of its fields, the vocabulary), and the metatable that carries one. */
int clua_missing_field(lua_State *L);
int clua_missing_context_field(lua_State *L);
int clua_missing_rect(lua_State *L);
int clua_missing_frame(lua_State *L);
void clua_strict_metatable_with(
    lua_State *L, int target, const char *what, const char *known, const clua_vocabulary *v, lua_CFunction index);
void clua_strict_metatable(lua_State *L, const char *what, const char *known, const clua_vocabulary *v);
/* The message handler of every protected call: the message with its place and a traceback. */
int clua_msghandler(lua_State *L);
/* clua_pcall_traced for a call whose handler (clua_msghandler) is already below the function; removes it. */
int clua_pcall_handled(lua_State *L, int nargs, int nresults);
/* The same with the handler left below the results or the message: the caller resets the stack. */
int clua_pcall_budgeted(lua_State *L, int nargs, int nresults);
/* The __newindex of the context's tables, shared by the sandbox's rawset (Context.c). */
int clua_context_write(lua_State *L);
/* Whether the table at `idx` is one of the context's read-only tables. */
int clua_is_context_table(lua_State *L, int idx);

#endif
