/* The budgeted functions of the base and coroutine libraries. */
#include "Budget.h"

/* tonumber: one unit per 64 bytes of a string argument. Arguments are checked as the original checks them. */
int pk_base_tonumber(lua_State *L) {
    pk_charge_numeric_arg(L, 2);
    if (lua_isnoneornil(L, 2)) {
        luaL_checkany(L, 1);
    } else {
        lua_Integer base = luaL_checkinteger(L, 2);
        luaL_checktype(L, 1, LUA_TSTRING);
        luaL_argcheck(L, 2 <= base && base <= 36, 2, "base out of range");
    }
    if (lua_type(L, 1) == LUA_TSTRING) {
        size_t l;
        lua_tolstring(L, 1, &l);
        pk_charge_bytes(L, l);
    }
    return pk_call_original(L);
}

/* The message handler given to xpcall, run through this guard: once the budget is spent the error stays as it
 * is and the plugin's handler does not run. Lua calls a handler for an error raised inside the count hook with
 * hooks off, so without the guard a handler that loops would never be stopped. */
static int guarded_handler(lua_State *L) {
    if (clua_control_of(L)->budget_exceeded) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* xpcall (f, msgh, ...): as Lua's, with the handler guarded. */
int pk_base_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1); /* the first result on success */
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2); /* true and f go below f's arguments */
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall);
    return finish_xpcall(L, status, 2);
}

/* setmetatable (t, mt): as Lua's, but refuses what would run outside the budget. Lua runs finalizers with
 * hooks off, so a __gc could loop past the limit; and a __call that is not a function makes the VM look up the
 * next __call inside one instruction (`t` called with `__call = t` shifts the whole stack for every link until
 * memory runs out, tens of seconds), so __call must be a function. */
/* The longest chain of tables through __index (or __newindex) a plugin may build with setmetatable. Lua follows a
 * chain of up to 2,000 tables inside one instruction, so a chain of that length makes each lookup of an absent key
 * cost about 2,000 instructions that are not counted. */
#define PK_MAX_CHAIN 100

/* The number of tables reached from the value at `idx` through `event` (__index or __newindex) tables, stopping at
 * PK_MAX_CHAIN + 1 or at a loop back to `t` (the table whose metatable is being set, at index 1). */
static int chain_length(lua_State *L, int idx, const char *event) {
    int length = 0;
    lua_pushvalue(L, idx);
    while (length <= PK_MAX_CHAIN && lua_type(L, -1) == LUA_TTABLE) {
        length++;
        if (lua_rawequal(L, -1, 1)) {
            length = PK_MAX_CHAIN; /* a loop: Lua would go round it 2,000 times, then fail */
            break;
        }
        if (!lua_getmetatable(L, -1)) break;
        lua_pushstring(L, event);
        lua_rawget(L, -2);
        lua_replace(L, -3);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return length;
}

int pk_base_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        static const char *const chains[] = {"__index", "__newindex"};
        for (int i = 0; i < 2; i++) {
            lua_pushstring(L, chains[i]);
            lua_rawget(L, 2);
            int length = chain_length(L, -1, chains[i]);
            lua_pop(L, 1);
            if (length >= PK_MAX_CHAIN)
                return luaL_error(L,
                                  "'%s' chain too long or a loop: plugins may chain at most %d tables (Lua follows a "
                                  "chain inside one instruction, outside the instruction limit)",
                                  chains[i], PK_MAX_CHAIN - 1);
        }
        lua_pushliteral(L, "__mode");
        if (lua_rawget(L, 2) == LUA_TSTRING && strchr(lua_tostring(L, -1), 'k') != NULL)
            return luaL_error(L, "weak keys (__mode 'k') are not available to plugins (the collector's work on them "
                                 "runs outside the instruction limit)");
        lua_pop(L, 1);
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "__gc metamethods are not available to plugins (finalizers run outside the instruction limit)");
        lua_pushliteral(L, "__call");
        int call = lua_rawget(L, 2);
        lua_pop(L, 2);
        if (call != LUA_TNIL && call != LUA_TFUNCTION)
            return luaL_error(L, "__call must be a function in plugins (a chain of callable tables runs outside the "
                                 "instruction limit)");
    }
    return pk_call_original(L);
}

/* coroutine.create, coroutine.wrap: a new coroutine starts with a fresh hook count, so up to one interval of
 * its instructions would run before its first tick; the interval is charged when it is made. */
int pk_co_create(lua_State *L) {
    clua_charge(L, clua_control_of(L)->interval);
    return pk_call_original(L);
}
