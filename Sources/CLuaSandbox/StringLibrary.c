/* The budgeted functions of the string library (but the patterns, in Pattern.c) and of the string metatable. */
#include "Budget.h"

/* upper, lower, reverse: one unit per 64 bytes of the argument. */
int pk_str_scan(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    pk_charge_bytes(L, l);
    return pk_call_original(L);
}

/* string.byte: one unit per value returned. */
int pk_str_byte(lua_State *L) {
    size_t l = pk_subject_length(L);
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_optinteger(L, 3, i);
    lua_Integer first = i > 0 ? i : i == 0 || i < -(lua_Integer)l ? 1 : (lua_Integer)l + i + 1;
    lua_Integer last = j > (lua_Integer)l ? (lua_Integer)l : j >= 0 ? j : j < -(lua_Integer)l ? 0 : (lua_Integer)l + j + 1;
    pk_charge_items(L, pk_span(first, last));
    return pk_call_original(L);
}

/* string.rep: Lua's copy loop runs n times even when each copy is empty, so an empty result is made here; the
 * loop costs one unit per 16 copies, charged after the result is allocated (a result past the memory cap fails
 * with the memory error first), and the bytes are charged by the allocator. */
int pk_str_rep(lua_State *L) {
    pk_charge_numeric_arg(L, 2);
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    int results = pk_call_original(L);
    clua_charge(L, n / 16);
    return results;
}

/* string.pack, packsize, unpack: one unit per byte of the format (each option may read or push a value). */
int pk_str_packing(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    clua_charge(L, (long long)l);
    return pk_call_original(L);
}

/* string.format: one unit per 16 bytes of every string argument (a `%.1s` of a long string scans it whole for
 * zeros; a `%d` converts it), before formatting; the output is charged by the allocator. */
int pk_str_format(lua_State *L) {
    pk_charge_numeric_strings(L, 1);
    return pk_call_original(L);
}

/* The string metatable's arithmetic (__add, __unm, …): a numeric string is converted on every use, so its
 * bytes are charged first, one unit per 16. */
int pk_str_arith(lua_State *L) {
    pk_charge_numeric_strings(L, 1);
    return pk_call_original(L);
}
