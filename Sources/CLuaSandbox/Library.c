/* The sandbox's budgeted library: which standard functions are replaced, and what each charges.
 *
 * Every function a plugin can reach either does work bounded by a few units, or charges its work here before
 * (or, where memory bounds it first, right after) doing it. Output that is allocated is also charged by the
 * allocator in CLuaBridge (one unit per 256 bytes), which covers string building (`..`, format, sub, char,
 * concat) without a wrapper. The audit of every function, with its cost, is in docs/plugins.md. */
#include "LuaSandbox.h"

#include "Budget.h"

#include <limits.h>

static void charge_bytes(lua_State *L, size_t bytes) { clua_charge(L, (long long)(bytes / PK_BYTES_PER_UNIT)); }

/* Units for `count` items, saturated so an absurd range cannot overflow the tally. */
static void charge_items(lua_State *L, lua_Unsigned count) {
    clua_charge(L, count > (lua_Unsigned)LLONG_MAX ? LLONG_MAX : (long long)count);
}

/* Runs the original function (upvalue 1, a C function of Lua's library without upvalues) in this frame, with
 * every argument, and returns all its results. Called in place rather than through lua_call, its errors read as
 * stock Lua's: the plugin's `file:line:` and the name of the call (`'rep'`, or `'string.rep'` when called through
 * pcall, found in the loaded library tables, which hold these replacements). */
static int call_original(lua_State *L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

/* Charges the string arguments from `first` on that a function will read as numbers: Lua converts a numeric
 * string on every use, scanning it (several passes), so a long one costs one unit per 16 bytes. */
static void charge_numeric_range(lua_State *L, int first, int last) {
    for (int i = first; i <= last; i++) {
        if (lua_type(L, i) == LUA_TSTRING) {
            size_t l;
            lua_tolstring(L, i, &l);
            clua_charge(L, (long long)(l / 16));
        }
    }
}

static void charge_numeric_strings(lua_State *L, int first) { charge_numeric_range(L, first, lua_gettop(L)); }

/* The same for one argument. */
static void charge_numeric_arg(lua_State *L, int arg) { charge_numeric_range(L, arg, arg); }

/* A library function whose arguments from `first` to `last` (0: the last) are numbers, packed in upvalue 2 with
 * whether the original has upvalues of its own (first | last << 8 | own << 16): charges string arguments there
 * (their conversion), then runs the original (upvalue 1) in place, or through lua_call when it has upvalues of its
 * own (math.random's state). */
static int guard_numbers(lua_State *L) {
    lua_Integer packed = lua_tointeger(L, lua_upvalueindex(2));
    int last = (int)((packed >> 8) & 0xff);
    charge_numeric_range(L, (int)(packed & 0xff), last ? last : lua_gettop(L));
    if (!(packed >> 16)) return call_original(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

/* Wraps the function at the top of the stack in guard_numbers (replacing it), its numbers the arguments from
 * `first` to `last` (0: the last). */
static void push_guard(lua_State *L, int first, int last) {
    int own = lua_getupvalue(L, -1, 1) != NULL;
    if (own) lua_pop(L, 1);
    lua_pushinteger(L, (lua_Integer)first | (lua_Integer)last << 8 | (lua_Integer)own << 16);
    lua_pushcclosure(L, guard_numbers, 2);
}

/* A table, or a value whose metatable may make it act as one (as the table library accepts). */
static void check_table(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        lua_pop(L, 1);
        return;
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

/* The number of items from i to j, 0 when j < i. */
static lua_Unsigned span(lua_Integer i, lua_Integer j) {
    return j < i ? 0 : (lua_Unsigned)j - (lua_Unsigned)i + 1;
}

/* ---- string ---- */

/* upper, lower, reverse: one unit per 64 bytes of the argument. */
static int scan_first(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    charge_bytes(L, l);
    return call_original(L);
}

/* string.byte: one unit per value returned. */
static int str_byte(lua_State *L) {
    charge_numeric_strings(L, 2);
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer j = luaL_optinteger(L, 3, i);
    lua_Integer first = i > 0 ? i : i == 0 || i < -(lua_Integer)l ? 1 : (lua_Integer)l + i + 1;
    lua_Integer last = j > (lua_Integer)l ? (lua_Integer)l : j >= 0 ? j : j < -(lua_Integer)l ? 0 : (lua_Integer)l + j + 1;
    charge_items(L, span(first, last));
    return call_original(L);
}

/* string.rep: Lua's copy loop runs n times even when each copy is empty, so an empty result is made here; the
 * loop costs one unit per 16 copies, charged after the result is allocated (a result past the memory cap fails
 * with the memory error first), and the bytes are charged by the allocator. */
static int str_rep(lua_State *L) {
    charge_numeric_arg(L, 2);
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    int results = call_original(L);
    clua_charge(L, n / 16);
    return results;
}

/* string.pack, packsize, unpack: one unit per byte of the format (each option may read or push a value). */
static int str_packing(lua_State *L) {
    size_t l;
    luaL_checklstring(L, 1, &l);
    clua_charge(L, (long long)l);
    return call_original(L);
}

/* string.format: one unit per 16 bytes of every string argument (a `%.1s` of a long string scans it whole for
 * zeros; a `%d` converts it), before formatting; the output is charged by the allocator. */
static int str_format(lua_State *L) {
    for (int i = 1, n = lua_gettop(L); i <= n; i++) {
        if (lua_type(L, i) == LUA_TSTRING) {
            size_t l;
            lua_tolstring(L, i, &l);
            clua_charge(L, (long long)(l / 16));
        }
    }
    return call_original(L);
}

/* The string metatable's arithmetic (__add, __unm, …): a numeric string is converted on every use, so its
 * bytes are charged first, one unit per 16. */
static int str_arith(lua_State *L) {
    charge_numeric_strings(L, 1);
    return call_original(L);
}

/* ---- table ---- */

/* table.move: one unit per element moved, before any is. */
static int tab_move(lua_State *L) {
    charge_numeric_range(L, 2, 4);
    check_table(L, 1);
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    if (!lua_isnoneornil(L, 5)) check_table(L, 5);
    if (e >= f) {
        /* Lua's own checks, first: a range it refuses is an error, not work. */
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        luaL_argcheck(L, t <= LUA_MAXINTEGER - (e - f + 1) + 1, 4, "destination wrap around");
    }
    charge_items(L, span(f, e));
    return call_original(L);
}

/* Reads the range from argument `at` (default 1) to `at` + 1 (default #t), charges one unit per item, and calls
 * the original with the range given, so a __len metamethod runs once. */
static int call_over_range(lua_State *L, int at) {
    charge_numeric_range(L, at, at + 1);
    lua_Integer i = luaL_optinteger(L, at, 1);
    lua_Integer j = lua_isnoneornil(L, at + 1) ? luaL_len(L, 1) : luaL_checkinteger(L, at + 1);
    charge_items(L, span(i, j));
    lua_settop(L, at - 1);
    lua_pushinteger(L, i);
    lua_pushinteger(L, j);
    return call_original(L);
}

/* table.unpack: one unit per value. */
static int tab_unpack(lua_State *L) { return call_over_range(L, 2); }

/* table.concat: one unit per element (the bytes are charged by the allocator). */
static int tab_concat(lua_State *L) {
    check_table(L, 1);
    luaL_optlstring(L, 2, "", NULL);
    return call_over_range(L, 3);
}

/* table.insert: one unit per element shifted up. */
static int tab_insert(lua_State *L) {
    if (lua_gettop(L) == 3) charge_numeric_arg(L, 2); /* the position; the value is stored, not converted */
    check_table(L, 1);
    lua_Integer end = luaL_intop(+, luaL_len(L, 1), 1); /* the first empty slot */
    lua_Integer at;
    switch (lua_gettop(L)) {
    case 2: at = end; break;
    case 3:
        at = luaL_checkinteger(L, 2);
        luaL_argcheck(L, (lua_Unsigned)at - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        charge_items(L, span(at + 1, end));
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
static int tab_remove(lua_State *L) {
    charge_numeric_arg(L, 2);
    check_table(L, 1);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer at = luaL_optinteger(L, 2, size);
    if (at != size) luaL_argcheck(L, (lua_Unsigned)at - 1u <= (lua_Unsigned)size, PK_REMOVE_POSITION_ARG,
                                  "position out of bounds");
    charge_items(L, span(at, size - 1));
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
static int tab_sort(lua_State *L) {
    check_table(L, 1);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_Integer n = luaL_len(L, 1);
    if (n > 1) {
        long long log2n = 0;
        for (lua_Integer k = n; k > 1; k >>= 1) log2n++;
        lua_Unsigned units = (lua_Unsigned)n * (lua_Unsigned)(1 + log2n);
        charge_items(L, units);
    }
    return call_original(L);
}

/* ---- utf8 ---- */

/* A utf8 position: negative counts from the end (as utf8's own u_posrelat). */
static lua_Integer utf8_position(lua_Integer position, size_t length) {
    if (position >= 0) return position;
    if (0u - (size_t)position > length) return 0;
    return (lua_Integer)length + position + 1;
}

/* utf8.len: one unit per 64 bytes of the range. Positions are checked here, as utf8.len checks them, so the
 * error names the plugin's line. */
static int utf8_len(lua_State *L) {
    charge_numeric_strings(L, 2);
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = utf8_position(luaL_optinteger(L, 2, 1), l);
    lua_Integer j = utf8_position(luaL_optinteger(L, 3, -1), l);
    luaL_argcheck(L, 1 <= i && i - 1 <= (lua_Integer)l, 2, "initial position out of bounds");
    luaL_argcheck(L, j - 1 < (lua_Integer)l, 3, "final position out of bounds");
    charge_bytes(L, (size_t)span(i, j));
    return call_original(L);
}

/* utf8.offset: one unit per 64 bytes of the string (an upper bound of its scan). */
static int utf8_offset(lua_State *L) {
    charge_numeric_strings(L, 2);
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    lua_Integer i = utf8_position(luaL_optinteger(L, 3, n >= 0 ? 1 : (lua_Integer)l + 1), l);
    luaL_argcheck(L, 1 <= i && i - 1 <= (lua_Integer)l, 3, "position out of bounds");
    charge_bytes(L, l);
    return call_original(L);
}

/* utf8.codepoint: one unit per byte of the range. */
static int utf8_codepoint(lua_State *L) {
    charge_numeric_strings(L, 2);
    size_t l;
    luaL_checklstring(L, 1, &l);
    lua_Integer i = utf8_position(luaL_optinteger(L, 2, 1), l);
    lua_Integer j = utf8_position(luaL_optinteger(L, 3, i), l);
    luaL_argcheck(L, i >= 1, 2, "out of bounds");
    luaL_argcheck(L, j <= (lua_Integer)l, 3, "out of bounds");
    charge_items(L, span(i, j));
    return call_original(L);
}

/* One step of utf8.codes: charges the bytes it skipped, one unit per 64 (and one per step). */
static int utf8_codes_step(lua_State *L) {
    lua_Integer before = lua_tointeger(L, 2);
    int n = call_original(L);
    lua_Integer after = n > 0 && lua_isinteger(L, 1) ? lua_tointeger(L, 1) : before;
    clua_charge(L, 1 + (after > before ? (after - before) / PK_BYTES_PER_UNIT : 0));
    return n;
}

/* utf8.codes: the standard iterator, wrapped so each step charges what it scans. */
static int utf8_codes(lua_State *L) {
    luaL_checkstring(L, 1);
    int n = call_original(L);
    if (n >= 1 && lua_isfunction(L, 1)) {
        lua_pushvalue(L, 1);
        lua_pushcclosure(L, utf8_codes_step, 1);
        lua_replace(L, 1);
    }
    return n;
}

/* ---- base ---- */

/* tonumber: one unit per 64 bytes of a string argument. Arguments are checked as the original checks them. */
static int base_tonumber(lua_State *L) {
    charge_numeric_arg(L, 2);
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
        charge_bytes(L, l);
    }
    return call_original(L);
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
static int base_xpcall(lua_State *L) {
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

static int base_setmetatable(lua_State *L) {
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
    return call_original(L);
}

/* coroutine.create, coroutine.wrap: a new coroutine starts with a fresh hook count, so up to one interval of
 * its instructions would run before its first tick; the interval is charged when it is made. */
static int co_create(lua_State *L) {
    clua_charge(L, clua_control_of(L)->interval);
    return call_original(L);
}

/* ---- installation ---- */

typedef struct pk_replacement {
    const char *name;
    lua_CFunction function;
    int wraps; /* whether it calls the original, which it gets as upvalue 1 */
} pk_replacement;

/* Replaces functions of the library table at `library`. The table stays the loaded module of its name, so an
 * argument error raised through pcall names a replacement as Lua names the original ('string.rep'). */
static void replace(lua_State *L, int library, const pk_replacement *list) {
    library = lua_absindex(L, library);
    for (const pk_replacement *r = list; r->name != NULL; r++) {
        if (r->wraps) {
            lua_getfield(L, library, r->name);
            lua_pushcclosure(L, r->function, 1);
        } else {
            lua_pushcfunction(L, r->function);
        }
        lua_setfield(L, library, r->name);
    }
}

/* Wraps every function of the library at `library` whose arguments are all numbers (math) in guard_numbers. */
static void guard_library(lua_State *L, int library) {
    library = lua_absindex(L, library);
    lua_pushnil(L);
    while (lua_next(L, library) != 0) {
        if (lua_tocfunction(L, -1) != NULL) {
            push_guard(L, 1, 0);
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, library);
        } else {
            lua_pop(L, 1);
        }
    }
}

/* Wraps the function `name` of the library at `library` in guard_numbers, its numbers the arguments from `first`
 * to `last` (0: the last). */
static void guard_function(lua_State *L, int library, const char *name, int first, int last) {
    library = lua_absindex(L, library);
    lua_getfield(L, library, name);
    push_guard(L, first, last);
    lua_setfield(L, library, name);
}

int pk_open_budgeted_library(lua_State *L) {
    /* ORDER: every function of the whitelisted libraries is either listed here or in docs/plugins.md as bounded. */
    static const pk_replacement strings[] = {
        {"find", pk_str_find, 0},     {"match", pk_str_match, 0},  {"gmatch", pk_str_gmatch, 0},
        {"gsub", pk_str_gsub, 0},     {"byte", str_byte, 1},       {"rep", str_rep, 1},
        {"upper", scan_first, 1},     {"lower", scan_first, 1},    {"reverse", scan_first, 1},
        {"pack", str_packing, 1},     {"packsize", str_packing, 1}, {"unpack", str_packing, 1},
        {"format", str_format, 1},    {NULL, NULL, 0}};
    static const pk_replacement tables[] = {
        {"move", tab_move, 1},       {"unpack", tab_unpack, 1}, {"concat", tab_concat, 1}, {"insert", tab_insert, 0},
        {"remove", tab_remove, 0},   {"sort", tab_sort, 1},     {NULL, NULL, 0}};
    static const pk_replacement utf8[] = {
        {"len", utf8_len, 1}, {"offset", utf8_offset, 1}, {"codepoint", utf8_codepoint, 1}, {"codes", utf8_codes, 1},
        {NULL, NULL, 0}};
    static const pk_replacement base[] = {
        {"tonumber", base_tonumber, 1}, {"xpcall", base_xpcall, 0}, {"setmetatable", base_setmetatable, 1},
        {NULL, NULL, 0}};
    static const pk_replacement coroutines[] = {{"create", co_create, 1}, {"wrap", co_create, 1}, {NULL, NULL, 0}};
    static const pk_replacement arithmetic[] = {
        {"__add", str_arith, 1}, {"__sub", str_arith, 1}, {"__mul", str_arith, 1},  {"__mod", str_arith, 1},
        {"__pow", str_arith, 1}, {"__div", str_arith, 1}, {"__idiv", str_arith, 1}, {"__unm", str_arith, 1},
        {NULL, NULL, 0}};
    lua_getglobal(L, LUA_STRLIBNAME);
    replace(L, -1, strings);
    guard_function(L, -1, "sub", 2, 3);
    guard_function(L, -1, "char", 1, 0);
    lua_getglobal(L, LUA_TABLIBNAME);
    replace(L, -1, tables);
    lua_getglobal(L, LUA_UTF8LIBNAME);
    replace(L, -1, utf8);
    guard_function(L, -1, "char", 1, 0);
    lua_pushglobaltable(L);
    replace(L, -1, base);
    guard_function(L, -1, "select", 1, 1);
    lua_getglobal(L, LUA_COLIBNAME);
    replace(L, -1, coroutines);
    lua_getglobal(L, LUA_MATHLIBNAME);
    guard_library(L, -1);
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    replace(L, -1, arithmetic);
    lua_pop(L, 8);
    return 0;
}

int pk_open_whitelist(lua_State *L) {
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base},       {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},    {LUA_UTF8LIBNAME, luaopen_utf8},
        {NULL, NULL}};
    for (const luaL_Reg *library = libraries; library->func; library++) {
        luaL_requiref(L, library->name, library->func, 1);
        lua_pop(L, 1);
    }
    return 0;
}

int pk_open_sandbox(lua_State *L) {
    pk_open_whitelist(L);
    return pk_open_budgeted_library(L);
}
