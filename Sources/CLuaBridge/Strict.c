/* The context's strict tables: reading a field that does not exist in ctx, ctx.size, ctx.params, ctx.frames or a
 * frame is an error that names the nearest field and lists those that do, where Lua would give a silent nil. */
#include "Internal.h"

#include <string.h>

/* The name in the comma-separated list `known` nearest to the string at `word` (the vocabulary's `nearest`, Swift's
 * Suggestion), pushed, or nothing pushed and 0 returned. Only a read of a missing field comes here, so the per-call
 * path never pays for it. The vocabulary is upvalue `vocabulary` of the running __index. */
static int clua_push_nearest(lua_State *L, int word, const char *known, const clua_vocabulary *v) {
    if (known[0] == '(' || v == NULL || v->nearest == NULL) return 0; /* "(no parameters)" */
    const char *names[128];
    char *copy = (char *)lua_newuserdatauv(L, strlen(known) + 1, 0);
    strcpy(copy, known);
    int count = 0;
    for (char *p = copy; *p && count < 128;) {
        names[count++] = p;
        char *comma = strstr(p, ", ");
        if (comma == NULL) break;
        *comma = 0;
        p = comma + 2;
    }
    size_t n;
    const char *s = lua_tolstring(L, word, &n);
    int best = v->nearest(s, n, names, count);
    if (best < 0 || best >= count) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushstring(L, names[best]);
    lua_remove(L, -2);
    return 1;
}

/* __index of ctx, ctx.size, ctx.params and each frame: reading a field that does not exist is an error that
 * names the nearest field and lists the fields that do (a typo such as ctx.opne would otherwise be a silent nil):
 * `ctx.opne: no such field; did you mean ctx.open? (ctx has: closed, …)`. */
static int clua_raise_missing(lua_State *L, const char *what, const char *known, const clua_vocabulary *v) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        if (clua_push_nearest(L, 2, known, v))
            return luaL_error(L, "%s.%s: no such field; did you mean %s.%s? (%s has: %s)", what, lua_tostring(L, 2), what,
                lua_tostring(L, -1), what, known);
        return luaL_error(L, "%s.%s: no such field (%s has: %s)", what, lua_tostring(L, 2), what, known);
    }
    return luaL_error(L, "%s[%s]: no such field (%s has: %s)", what, luaL_tolstring(L, 2, NULL), what, known);
}

int clua_missing_field(lua_State *L) {
    return clua_raise_missing(L, lua_tostring(L, lua_upvalueindex(1)), lua_tostring(L, lua_upvalueindex(2)),
        (const clua_vocabulary *)lua_touserdata(L, lua_upvalueindex(3)));
}

/* __index of ctx: a field of the vocabulary that holds nothing now (ctx.detent on a drawer, say) is nil, as
 * documented; any other name is an error naming the nearest (upvalues as clua_missing_field). */
int clua_missing_context_field(lua_State *L) {
    const clua_vocabulary *v = (const clua_vocabulary *)lua_touserdata(L, lua_upvalueindex(3));
    if (lua_type(L, 2) == LUA_TSTRING) {
        size_t n;
        const char *key = lua_tolstring(L, 2, &n);
        for (int f = 0; f < v->field_count; f++) {
            const char *name = v->fields[f].name;
            if (!v->fields[f].in_size && strlen(name) == n && memcmp(name, key, n) == 0) return 0;
        }
    }
    return clua_missing_field(L);
}

/* __index of every frame's data table (one metatable for all): upvalue 1 maps each data table to its name,
 * `ctx.frames.pane`; upvalue 2 is the list of a frame's keys, 3 the vocabulary. */
int clua_missing_rect(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(1)); /* 3: the frame's name */
    return clua_raise_missing(L, lua_tostring(L, 3), lua_tostring(L, lua_upvalueindex(2)),
        (const clua_vocabulary *)lua_touserdata(L, lua_upvalueindex(3)));
}

/* __index of ctx.frames: a role the container has no node of is nil, as documented; a name that is no role
 * (ctx.frames.panne) is an error naming the nearest (upvalues as clua_missing_field: "ctx.frames", the names). */
int clua_missing_frame(lua_State *L) {
    const clua_vocabulary *v = (const clua_vocabulary *)lua_touserdata(L, lua_upvalueindex(3));
    if (lua_type(L, 2) == LUA_TSTRING) {
        size_t n;
        const char *key = lua_tolstring(L, 2, &n);
        if (strlen(v->drawer) == n && memcmp(v->drawer, key, n) == 0) return 0;
        for (int i = 0; i < v->role_count; i++) {
            if (strlen(v->roles[i]) == n && memcmp(v->roles[i], key, n) == 0) return 0;
        }
    }
    return clua_missing_field(L);
}

/* Gives the table at `target` a metatable whose __index is `index` with `what`, `known` and the vocabulary as
 * upvalues. */
void clua_strict_metatable_with(
    lua_State *L, int target, const char *what, const char *known, const clua_vocabulary *v, lua_CFunction index) {
    target = lua_absindex(L, target);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, what);
    lua_pushstring(L, known);
    lua_pushlightuserdata(L, (void *)v);
    lua_pushcclosure(L, index, 3);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, target);
}

/* The strict metatable of the table on top of the stack. */
void clua_strict_metatable(lua_State *L, const char *what, const char *known, const clua_vocabulary *v) {
    clua_strict_metatable_with(L, -1, what, known, v, clua_missing_field);
}
