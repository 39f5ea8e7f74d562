/* The sandbox's library, charged to the instruction budget: PaneKit's own versions of the standard library
 * functions whose work a plugin could otherwise make unbounded (pattern matching, plain search, loops over
 * ranges) and a message handler that can never run unbounded. */
#ifndef PANEKIT_LUA_SANDBOX_H
#define PANEKIT_LUA_SANDBOX_H

#include <lua.h>

/* Opens the whitelisted standard libraries: base, coroutine, table, string, math and utf8 (never io, os, debug or
 * package). A lua_CFunction. The bench's plain harness uses it alone; plugins get pk_open_sandbox. */
int pk_open_whitelist(lua_State *L);

/* Opens the whitelist and replaces its unbounded functions with budgeted ones (pk_open_budgeted_library). A
 * lua_CFunction, for a state made by CLuaBridge (its allocator's control block holds the budget). */
int pk_open_sandbox(lua_State *L);

/* Replaces, in the already opened base, string, table and utf8 libraries, every function whose work is not
 * bounded by its result's size with a version that charges that work to the running call's instruction budget
 * (see docs/plugins.md, "What the budget covers"). A lua_CFunction: run it protected, with no arguments. */
int pk_open_budgeted_library(lua_State *L);

#endif
