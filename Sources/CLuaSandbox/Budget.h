/* What the sandbox's C library shares: the charges to the budget, and the replacement functions that
 * pk_open_budgeted_library (Library.c) installs. */
#ifndef PANEKIT_LUA_SANDBOX_BUDGET_H
#define PANEKIT_LUA_SANDBOX_BUDGET_H

/* The control block, the count hook and clua_charge live beside the allocator in CLuaBridge. */
#include <LuaBridge.h>

#include <lauxlib.h>
#include <limits.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes a C function may scan or copy for one unit of budget (one unit is about one VM instruction). */
#define PK_BYTES_PER_UNIT 64

/* Work counted in a local tally and charged in batches, so a tight C loop pays one check per batch. */
#define PK_BATCH 1024

/* One unit per PK_BYTES_PER_UNIT bytes a function scans. */
static inline void pk_charge_bytes(lua_State *L, size_t bytes) { clua_charge(L, (long long)(bytes / PK_BYTES_PER_UNIT)); }

/* Units for `count` items, saturated so an absurd range cannot overflow the tally. */
static inline void pk_charge_items(lua_State *L, lua_Unsigned count) {
    clua_charge(L, count > (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)count);
}

/* Runs the original function (upvalue 1, a C function of Lua's library without upvalues) in this frame, with
 * every argument, and returns all its results. Called in place rather than through lua_call, its errors read as
 * stock Lua's: the plugin's `file:line:` and the name of the call (`'rep'`, or `'string.rep'` when called through
 * pcall, found in the loaded library tables, which hold these replacements). */
static inline int pk_call_original(lua_State *L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

/* Charges the string arguments from `first` on that a function will read as numbers: Lua converts a numeric
 * string on every use, scanning it (several passes), so a long one costs one unit per 16 bytes. */
static inline void pk_charge_numeric_range(lua_State *L, int first, int last) {
    for (int i = first; i <= last; i++) {
        if (lua_type(L, i) == LUA_TSTRING) {
            size_t l;
            lua_tolstring(L, i, &l);
            clua_charge(L, (long long)(l / 16));
        }
    }
}

static inline void pk_charge_numeric_strings(lua_State *L, int first) { pk_charge_numeric_range(L, first, lua_gettop(L)); }

/* The same for one argument. */
static inline void pk_charge_numeric_arg(lua_State *L, int arg) { pk_charge_numeric_range(L, arg, arg); }

/* The length of the string argument 1 of a function whose later arguments are numbers (string.byte, the utf8
 * functions), after charging for those given as strings. */
static inline size_t pk_subject_length(lua_State *L) {
    pk_charge_numeric_strings(L, 2);
    size_t l;
    luaL_checklstring(L, 1, &l);
    return l;
}

/* A table, or a value whose metatable may make it act as one (as the table library accepts). */
static inline void pk_check_table(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        lua_pop(L, 1);
        return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

/* The number of items from i to j, 0 when j < i. */
static inline lua_Unsigned pk_span(lua_Integer i, lua_Integer j) {
    return j < i ? 0 : (lua_Unsigned)j - (lua_Unsigned)i + 1;
}

/* string (StringLibrary.c, and the patterns in Pattern.c) */
int pk_str_find(lua_State *L);
int pk_str_match(lua_State *L);
int pk_str_gmatch(lua_State *L);
int pk_str_gsub(lua_State *L);
int pk_str_scan(lua_State *L);
int pk_str_byte(lua_State *L);
int pk_str_rep(lua_State *L);
int pk_str_packing(lua_State *L);
int pk_str_format(lua_State *L);
int pk_str_arith(lua_State *L);

/* table (TableLibrary.c) */
int pk_tab_move(lua_State *L);
int pk_tab_unpack(lua_State *L);
int pk_tab_concat(lua_State *L);
int pk_tab_insert(lua_State *L);
int pk_tab_remove(lua_State *L);
int pk_tab_sort(lua_State *L);

/* utf8 (UTF8Library.c) */
int pk_utf8_len(lua_State *L);
int pk_utf8_offset(lua_State *L);
int pk_utf8_codepoint(lua_State *L);
int pk_utf8_codes(lua_State *L);

/* base and coroutine (BaseLibrary.c) */
int pk_base_tonumber(lua_State *L);
int pk_base_xpcall(lua_State *L);
int pk_base_setmetatable(lua_State *L);
int pk_co_create(lua_State *L);

#endif
