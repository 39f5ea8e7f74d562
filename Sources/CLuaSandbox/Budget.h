/* What the sandbox's C library shares: the charge to the budget, and the pattern functions. */
#ifndef PANEKIT_LUA_SANDBOX_BUDGET_H
#define PANEKIT_LUA_SANDBOX_BUDGET_H

/* The control block, the count hook and clua_charge live beside the allocator in CLuaBridge. */
#include <LuaBridge.h>

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes a C function may scan or copy for one unit of budget (one unit is about one VM instruction). */
#define PK_BYTES_PER_UNIT 64

/* Work counted in a local tally and charged in batches, so a tight C loop pays one check per batch. */
#define PK_BATCH 1024

/* Charges a string given at `arg` where a number is expected: Lua converts it on every use, scanning it (several
 * passes), one unit per 16 bytes. */
static inline void pk_charge_numeric_arg(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TSTRING) {
        size_t l;
        lua_tolstring(L, arg, &l);
        clua_charge(L, (long long)(l / 16));
    }
}

int pk_str_find(lua_State *L);
int pk_str_match(lua_State *L);
int pk_str_gmatch(lua_State *L);
int pk_str_gsub(lua_State *L);

#endif
