/* The budgeted functions of the utf8 library. */
#include "Budget.h"

/* A utf8 position: negative counts from the end (as utf8's own u_posrelat). */
static lua_Integer utf8_position(lua_Integer position, size_t length) {
    if (position >= 0) return position;
    if (0u - (size_t)position > length) return 0;
    return (lua_Integer)length + position + 1;
}

/* utf8.len: one unit per 64 bytes of the range. Positions are checked here, as utf8.len checks them, so the
 * error names the plugin's line. */
int pk_utf8_len(lua_State *L) {
    size_t l = pk_subject_length(L);
    lua_Integer i = utf8_position(luaL_optinteger(L, 2, 1), l);
    lua_Integer j = utf8_position(luaL_optinteger(L, 3, -1), l);
    luaL_argcheck(L, 1 <= i && i - 1 <= (lua_Integer)l, 2, "initial position out of bounds");
    luaL_argcheck(L, j - 1 < (lua_Integer)l, 3, "final position out of bounds");
    pk_charge_bytes(L, (size_t)pk_span(i, j));
    return pk_call_original(L);
}

/* utf8.offset: one unit per 64 bytes of the string (an upper bound of its scan). */
int pk_utf8_offset(lua_State *L) {
    size_t l = pk_subject_length(L);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer i = utf8_position(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)l + 1), l);
    luaL_argcheck(L, 1 <= i && i - 1 <= (lua_Integer)l, 3, "position out of bounds");
    pk_charge_bytes(L, l);
    return pk_call_original(L);
}

/* utf8.codepoint: one unit per byte of the range. */
int pk_utf8_codepoint(lua_State *L) {
    size_t l = pk_subject_length(L);
    lua_Integer i = utf8_position(luaL_optinteger(L, 2, 1), l);
    lua_Integer j = utf8_position(luaL_optinteger(L, 3, i), l);
    luaL_argcheck(L, i >= 1, 2, "out of bounds");
    luaL_argcheck(L, j <= (lua_Integer)l, 3, "out of bounds");
    pk_charge_items(L, pk_span(i, j));
    return pk_call_original(L);
}

/* One step of utf8.codes: charges the bytes it skipped, one unit per 64 (and one per step). */
static int utf8_codes_step(lua_State *L) {
    lua_Integer before = lua_tointeger(L, 2);
    int n = pk_call_original(L);
    lua_Integer after = n > 0 && lua_isinteger(L, 1) ? lua_tointeger(L, 1) : before;
    clua_charge(L, 1 + (after > before ? (after - before) / PK_BYTES_PER_UNIT : 0));
    return n;
}

/* utf8.codes: the standard iterator, wrapped so each step charges what it scans. */
int pk_utf8_codes(lua_State *L) {
    luaL_checkstring(L, 1);
    int n = pk_call_original(L);
    if (n >= 1 && lua_isfunction(L, 1)) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, utf8_codes_step, 1);
        lua_replace(L, 1);
    }
    return n;
}
