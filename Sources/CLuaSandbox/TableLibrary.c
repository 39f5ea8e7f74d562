/* The budgeted functions of the table library. */
#include "Budget.h"

/* table.move: one unit per element moved, before any is. */
int pk_tab_move(lua_State *L) {
    pk_charge_numeric_range(L, 2, 4);
    pk_check_table(L, 1);
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    if (!lua_isnoneornil(L, 5)) pk_check_table(L, 5);
    if (e >= f) {
        /* Lua's own checks, first: a range it refuses is an error, not work. */
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        luaL_argcheck(L, t <= LUA_MAXINTEGER - (e - f + 1) + 1, 4, "destination wrap around");
    }
    pk_charge_items(L, pk_span(f, e));
    return pk_call_original(L);
}

/* Reads the range from argument `at` (default 1) to `at` + 1 (default #t), charges one unit per item, and calls
 * the original with the range given, so a __len metamethod runs once. */
static int call_over_range(lua_State *L, int at) {
    pk_charge_numeric_range(L, at, at + 1);
    lua_Integer i = luaL_optinteger(L, at, 1);
    lua_Integer j = lua_isnoneornil(L, at + 1) ? luaL_len(L, 1) : luaL_checkinteger(L, at + 1);
    pk_charge_items(L, pk_span(i, j));
    lua_settop(L, at - 1);
    lua_pushinteger(L, i);
    lua_pushinteger(L, j);
    return pk_call_original(L);
}

/* table.unpack: one unit per value. */
int pk_tab_unpack(lua_State *L) { return call_over_range(L, 2); }

/* table.concat: one unit per element (the bytes are charged by the allocator). */
int pk_tab_concat(lua_State *L) {
    pk_check_table(L, 1);
    luaL_optlstring(L, 2, "", NULL);
    return call_over_range(L, 3);
}

/* table.insert: one unit per element shifted up. */
int pk_tab_insert(lua_State *L) {
    if (lua_gettop(L) == 3) pk_charge_numeric_arg(L, 2); /* the position; the value is stored, not converted */
    pk_check_table(L, 1);
    lua_Integer end = luaL_intop(+, luaL_len(L, 1), 1); /* the first empty slot */
    lua_Integer at;
    switch (lua_gettop(L)) {
    case 2: at = end; break;
    case 3:
        at = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)at - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        pk_charge_items(L, pk_span(at + 1, end));
        for (lua_Integer i = end; i > at; i--) {
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default: return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, at);
    return 0;
}

/* Lua up to 5.4.4 names argument 1 in remove's bounds error; later releases name the position, argument 2. */
#if LUA_VERSION_RELEASE_NUM <= 50404
#define PK_REMOVE_POSITION_ARG 1
#else
#define PK_REMOVE_POSITION_ARG 2
#endif

/* table.remove: one unit per element shifted down. */
int pk_tab_remove(lua_State *L) {
    pk_charge_numeric_arg(L, 2);
    pk_check_table(L, 1);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer at = luaL_optinteger(L, 2, size);
    if (at != size) luaL_argcheck(L, (lua_Unsigned)at - 1u <= (lua_Unsigned)size, PK_REMOVE_POSITION_ARG,
                                  "position out of bounds");
    pk_charge_items(L, pk_span(at, size - 1));
    lua_geti(L, 1, at);
    for (; at < size; at++) {
        lua_geti(L, 1, at + 1);
        lua_seti(L, 1, at);
    }
    lua_pushnil(L);
    lua_seti(L, 1, at);
    return 1;
}

/* table.sort: n·(1 + log2 n) units before sorting (a comparison function's own instructions count as usual). */
int pk_tab_sort(lua_State *L) {
    pk_check_table(L, 1);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer n = luaL_len(L, 1);
    if (n > 1) {
        long long log2n = 0;
        for (lua_Integer k = n; k > 1; k >>= 1) log2n++;
        lua_Unsigned units = (lua_Unsigned)n * (lua_Unsigned)(1 + log2n);
        pk_charge_items(L, units);
    }
    return pk_call_original(L);
}
