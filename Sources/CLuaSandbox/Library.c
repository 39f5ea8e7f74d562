/* The sandbox's budgeted library: which standard functions are replaced, and how they are installed. What each
 * charges is beside it: StringLibrary.c, Pattern.c (with the matcher, Matcher.c), TableLibrary.c, UTF8Library.c,
 * BaseLibrary.c, and the math functions' guard below.
 *
 * Every function a plugin can reach either does work bounded by a few units, or charges its work before
 * (or, where memory bounds it first, right after) doing it. Output that is allocated is also charged by the
 * allocator in CLuaBridge (one unit per 256 bytes), which covers string building (`..`, format, sub, char,
 * concat) without a wrapper. The audit of every function, with its cost, is in docs/plugins.md. */
#include "LuaSandbox.h"

#include "Budget.h"

/* A library function whose arguments from `first` to `last` (0: the last) are numbers, packed in upvalue 2 with
 * whether the original has upvalues of its own (first | last << 8 | own << 16): charges string arguments there
 * (their conversion), then runs the original (upvalue 1) in place, or through lua_call when it has upvalues of its
 * own (math.random's state). */
static int guard_numbers(lua_State *L) {
    lua_Integer packed = lua_tointeger(L, lua_upvalueindex(2));
    int last = (int)((packed >> 8) & 0xff);
    pk_charge_numeric_range(L, (int)(packed & 0xff), last ? last : lua_gettop(L));
    if (!(packed >> 16)) return pk_call_original(L);
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
        {"gsub", pk_str_gsub, 0},     {"byte", pk_str_byte, 1},       {"rep", pk_str_rep, 1},
        {"upper", pk_str_scan, 1},     {"lower", pk_str_scan, 1},    {"reverse", pk_str_scan, 1},
        {"pack", pk_str_packing, 1},     {"packsize", pk_str_packing, 1}, {"unpack", pk_str_packing, 1},
        {"format", pk_str_format, 1},    {NULL, NULL, 0}};
    static const pk_replacement tables[] = {
        {"move", pk_tab_move, 1},       {"unpack", pk_tab_unpack, 1}, {"concat", pk_tab_concat, 1}, {"insert", pk_tab_insert, 0},
        {"remove", pk_tab_remove, 0},   {"sort", pk_tab_sort, 1},     {NULL, NULL, 0}};
    static const pk_replacement utf8[] = {
        {"len", pk_utf8_len, 1}, {"offset", pk_utf8_offset, 1}, {"codepoint", pk_utf8_codepoint, 1}, {"codes", pk_utf8_codes, 1},
        {NULL, NULL, 0}};
    static const pk_replacement base[] = {
        {"tonumber", pk_base_tonumber, 1}, {"xpcall", pk_base_xpcall, 0}, {"setmetatable", pk_base_setmetatable, 1},
        {NULL, NULL, 0}};
    static const pk_replacement coroutines[] = {{"create", pk_co_create, 1}, {"wrap", pk_co_create, 1}, {NULL, NULL, 0}};
    static const pk_replacement arithmetic[] = {
        {"__add", pk_str_arith, 1}, {"__sub", pk_str_arith, 1}, {"__mul", pk_str_arith, 1},  {"__mod", pk_str_arith, 1},
        {"__pow", pk_str_arith, 1}, {"__div", pk_str_arith, 1}, {"__idiv", pk_str_arith, 1}, {"__unm", pk_str_arith, 1},
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
