/* The style call: one context per styler, written lazily and read-only to the plugin.
 *
 * The plugin sees ctx, ctx.size, ctx.frames, each ctx.frames.ROLE and ctx.params as proxies: empty tables whose
 * metatable reads from a hidden data table (__index); a write (an assignment meets __newindex, since the proxy
 * stays empty, and the sandbox's rawset does the same) goes to the data table and marks the context dirty. The
 * host writes a data table only where a value changed since the last call (Swift marks the values and the frames
 * that changed; a userdata keeps whether the tables hold the last call's values). Before a call that follows a
 * dirty one, every data table is emptied and written whole again, so what a plugin wrote into its context is gone:
 * a stale value cannot leak into the next call, and a call that writes nothing costs nothing to clean.
 *
 * Every name comes from Swift at set-up (clua_vocabulary, built from PaneKitLua's StylerContract): the fields
 * refreshed per call (numbers, booleans, choices written as their index, optional numbers, texts and tables of
 * name → number), the roles, the keys of a frame. Adding a ctx field is one entry in StylerContract; nothing here
 * changes. A text or a table is written only when Swift counts a change (its value), so a call that reads none of
 * them, or whose texts and tables stay the same, pushes no string. */
#include "Internal.h"

#include <LuaEdits.h>

#include <string.h>


/* The trampoline's upvalues. KEYS holds the interned keys: the vocabulary's fields at 1 …, then the frame keys
 * (x, y, w, h), then `drawer`; CHOICES one table of interned names per choice field (by field index); TABLES the
 * data table of each table field (by field index; its proxy is in PROXIES after the roles'). */
enum {
    CLUA_UP_STYLE = 1, CLUA_UP_CACHE, CLUA_UP_CTX, CLUA_UP_SIZE, CLUA_UP_FRAMES, CLUA_UP_RECTS, CLUA_UP_PROXIES,
    CLUA_UP_KEYS, CLUA_UP_ROLES, CLUA_UP_CTX_PROXY, CLUA_UP_PARAMS, CLUA_UP_DEFAULTS, CLUA_UP_CHOICES, CLUA_UP_TABLES,
    CLUA_UP_COUNT = CLUA_UP_TABLES
};

/* The proxies, in CLUA_UP_PROXIES: ctx, size, frames, params, then one per role (from 5), then one per field
 * (a table field's, by field index). */
#define CLUA_PROXY_ROLE 5
#define CLUA_PROXY_FIELD(v, f) (CLUA_PROXY_ROLE + (v)->role_count + (f))

/* What the data tables hold now, so a call writes only what changed. The values and frames are not copied: Swift
 * keeps them in its buffers and marks the ones that changed (clua_context.changed_values, .changed). */
typedef struct {
    int valid;
    int drawer;           /* the role index frames.drawer stands for, or -1 */
    unsigned int present; /* one bit per role whose frame is in frames */
    int leaf;             /* the style function has no loop (Leaf.c): its calls run without the count hook */
    const clua_vocabulary *vocabulary;
} clua_style_cache;

int clua_is_context_table(lua_State *L, int idx) {
    if (!lua_getmetatable(L, idx)) return 0;
    int marked = lua_rawgetp(L, -1, &pk_context_marker) == LUA_TTABLE;
    lua_pop(L, 2);
    return marked;
}

/* __newindex of a proxy (t, k, v): the write lands in the proxy's data table, where the plugin reads it for the
 * rest of the call; the next call rebuilds the data tables. */
int clua_context_write(lua_State *L) {
    clua_control_of(L)->context_dirty = 1;
    lua_settop(L, 3);
    lua_getmetatable(L, 1);
    lua_rawgetp(L, -1, &pk_context_marker);
    lua_insert(L, 2);
    lua_settop(L, 4);
    lua_rawset(L, 2);
    return 0;
}

/* The iterator of pairs(proxy), one C function for every proxy: next over the data table its first argument's
 * metatable marks (nothing for a value that is no proxy). */
static int clua_proxy_next(lua_State *L) {
    lua_settop(L, 2);
    if (!lua_getmetatable(L, 1) || lua_rawgetp(L, -1, &pk_context_marker) != LUA_TTABLE) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 2);
    if (lua_next(L, -2)) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a proxy: the iterator, the proxy, nil (no closure per proxy: a state holds a score of proxies). */
static int clua_proxy_pairs(lua_State *L) {
    lua_pushcfunction(L, clua_proxy_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* Pushes a proxy of the data table at `data` and stores it at proxies[slot]. */
static void clua_push_proxy(lua_State *L, int data, int proxies, int slot) {
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, data);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, clua_context_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, clua_proxy_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, data);
    lua_rawsetp(L, -2, &pk_context_marker);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, proxies, slot);
}

/* Removes every field of the table at `t`. */
static void clua_empty(lua_State *L, int t) {
    t = lua_absindex(L, t);
    lua_pushnil(L);
    while (lua_next(L, t) != 0) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
}

/* After a call that wrote into its context: every data table emptied and filled again (the parameters from their
 * kept copy), and the cache forgotten so that the next call writes every field. */
static void clua_rebuild_context(lua_State *L, clua_style_cache *k) {
    int ctx = lua_upvalueindex(CLUA_UP_CTX), proxies = lua_upvalueindex(CLUA_UP_PROXIES);
    int params = lua_upvalueindex(CLUA_UP_PARAMS);
    const clua_vocabulary *v = k->vocabulary;
    clua_empty(L, ctx);
    clua_empty(L, lua_upvalueindex(CLUA_UP_SIZE));
    clua_empty(L, lua_upvalueindex(CLUA_UP_FRAMES));
    for (int i = 1; i <= v->role_count; i++) {
        lua_rawgeti(L, lua_upvalueindex(CLUA_UP_RECTS), i);
        clua_empty(L, -1);
        lua_pop(L, 1);
    }
    clua_empty(L, params);
    lua_pushnil(L);
    while (lua_next(L, lua_upvalueindex(CLUA_UP_DEFAULTS)) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, params);
    }
    const char *links[3] = {v->size_key, v->frames_key, v->params_key};
    for (int i = 0; i < 3; i++) {
        lua_pushstring(L, links[i]);
        lua_rawgeti(L, proxies, 2 + i);
        lua_rawset(L, ctx);
    }
    k->valid = 0;
}

/* The interned key of frame key `j` (x, y, w, h) and of `drawer`, in KEYS after the fields. */
#define CLUA_RECT_KEY(v, j) ((v)->field_count + 1 + (j))
#define CLUA_DRAWER_KEY(v) ((v)->field_count + 5)

/* Writes field `f` of the vocabulary with value `x` (and `entries`, a text's or a table's) into its table. */
static void clua_write_field(
    lua_State *L, const clua_vocabulary *v, const clua_field *field, int f, double x, const clua_entries *entries) {
    int table = lua_upvalueindex(field->in_size ? CLUA_UP_SIZE : CLUA_UP_CTX);
    lua_rawgeti(L, lua_upvalueindex(CLUA_UP_KEYS), f + 1);
    if (field->kind == CLUA_FIELD_NUMBER || (field->kind == CLUA_FIELD_OPTIONAL_NUMBER && x == x)) {
        lua_pushnumber(L, x);
    } else if (field->kind == CLUA_FIELD_OPTIONAL_NUMBER) {
        lua_pushnil(L);
    } else if (field->kind == CLUA_FIELD_BOOLEAN || (field->kind == CLUA_FIELD_OPTIONAL_BOOLEAN && x == x)) {
        lua_pushboolean(L, x != 0);
    } else if (field->kind == CLUA_FIELD_OPTIONAL_BOOLEAN) {
        lua_pushnil(L);
    } else if (field->kind == CLUA_FIELD_TEXT) {
        if (x != 0 && entries != NULL && entries->count > 0 && entries->names[0] != NULL)
            lua_pushlstring(L, entries->names[0], entries->lengths[0]);
        else
            lua_pushnil(L);
    } else if (field->kind == CLUA_FIELD_TABLE) {
        lua_rawgeti(L, lua_upvalueindex(CLUA_UP_TABLES), f + 1);
        int data = lua_gettop(L);
        clua_empty(L, data);
        for (int i = 0; entries != NULL && i < entries->count; i++) {
            lua_pushlstring(L, entries->names[i], entries->lengths[i]);
            lua_pushnumber(L, entries->numbers[i]);
            lua_rawset(L, data);
        }
        lua_pop(L, 1);
        lua_rawgeti(L, lua_upvalueindex(CLUA_UP_PROXIES), CLUA_PROXY_FIELD(v, f));
    } else {
        int choice = (int)x;
        lua_rawgeti(L, lua_upvalueindex(CLUA_UP_CHOICES), f + 1);
        if (choice >= 0 && choice < field->choice_count) lua_rawgeti(L, -1, choice + 1);
        else lua_pushnil(L);
        lua_remove(L, -2);
    }
    lua_rawset(L, table);
}

static int clua_style_trampoline(lua_State *L) {
    const clua_context *x = (const clua_context *)lua_touserdata(L, 1);
    clua_style_cache *k = (clua_style_cache *)lua_touserdata(L, lua_upvalueindex(CLUA_UP_CACHE));
    const clua_vocabulary *v = k->vocabulary;
    int frames = lua_upvalueindex(CLUA_UP_FRAMES), rects = lua_upvalueindex(CLUA_UP_RECTS);
    int keys = lua_upvalueindex(CLUA_UP_KEYS), roles = lua_upvalueindex(CLUA_UP_ROLES);
    int proxies = lua_upvalueindex(CLUA_UP_PROXIES);
    clua_control *c = clua_control_of(L);
    if (c->context_dirty) {
        clua_rebuild_context(L, k);
        c->context_dirty = 0;
    }
    /* Invalid until every write is done: a write that raises (memory) leaves the next call to write everything. */
    int valid = k->valid;
    k->valid = 0;
    unsigned long long fields = valid ? x->changed_values
                                      : (v->field_count >= 64 ? ~0ull : (1ull << v->field_count) - 1);
    while (fields != 0) {
        int f = __builtin_ctzll(fields);
        fields &= fields - 1;
        clua_write_field(L, v, &v->fields[f], f, x->values[f], x->entries != NULL ? &x->entries[f] : NULL);
    }
    /* Frames: a node's rect is written where Swift marked it changed; its entry in frames when it appears or goes.
     * Only the roles present now or before are visited (every role when the tables are written again). */
    unsigned int all = v->role_count >= 32 ? ~0u : (1u << v->role_count) - 1;
    unsigned int roles_left = valid ? (x->present | k->present) & all : all;
    while (roles_left != 0) {
        int i = __builtin_ctz(roles_left);
        roles_left &= roles_left - 1;
        unsigned int bit = 1u << i;
        int was = valid && (k->present & bit);
        if (x->present & bit) {
            unsigned int changed = was ? (unsigned int)(x->changed[i >> 4] >> (4 * (i & 15))) & 15u : 15u;
            if (changed != 0) {
                lua_rawgeti(L, rects, i + 1);
                int rect = lua_gettop(L);
                for (int j = 0; j < 4; j++) {
                    if (changed & (1u << j)) {
                        lua_rawgeti(L, keys, CLUA_RECT_KEY(v, j));
                        lua_pushnumber(L, x->frames[4 * i + j]);
                        lua_rawset(L, rect);
                    }
                }
                lua_pop(L, 1);
            }
            if (!was) {
                lua_rawgeti(L, roles, i + 1);
                lua_rawgeti(L, proxies, CLUA_PROXY_ROLE + i);
                lua_rawset(L, frames);
                k->present |= bit;
            }
        } else if (was || !valid) {
            lua_rawgeti(L, roles, i + 1);
            lua_pushnil(L);
            lua_rawset(L, frames);
            k->present &= ~bit;
        }
    }
    int drawer = x->drawer >= 0 && x->drawer < v->role_count && (x->present & (1u << x->drawer)) ? x->drawer : -1;
    if (!valid || drawer != k->drawer) {
        lua_rawgeti(L, keys, CLUA_DRAWER_KEY(v));
        if (drawer >= 0)
            lua_rawgeti(L, proxies, CLUA_PROXY_ROLE + drawer);
        else
            lua_pushnil(L);
        lua_rawset(L, frames);
        k->drawer = drawer;
    }
    k->valid = 1;
    lua_pushvalue(L, lua_upvalueindex(CLUA_UP_STYLE));
    lua_pushvalue(L, lua_upvalueindex(CLUA_UP_CTX_PROXY));
    if (k->leaf) clua_budget_leaf(L);
    lua_call(L, 1, 1);
    return 1;
}

/* "a, b, c" of `count` names (after `first`, when not NULL), pushed. */
static void clua_push_list(lua_State *L, const char *first, const char *const *names, int count) {
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (first != NULL) luaL_addstring(&b, first);
    for (int i = 0; i < count; i++) {
        if (i > 0 || first != NULL) luaL_addstring(&b, ", ");
        luaL_addstring(&b, names[i]);
    }
    luaL_pushresult(&b);
}

static int clua_prepare_style_f(lua_State *L) {
    clua_setup *s = (clua_setup *)lua_touserdata(L, 1);
    const clua_vocabulary *v = s->vocabulary;
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->style_ref); /* 1: style */
    size_t cache_size = sizeof(clua_style_cache);
    clua_style_cache *cache = (clua_style_cache *)lua_newuserdatauv(L, cache_size, 0); /* 2 */
    memset(cache, 0, cache_size);
    cache->vocabulary = v;
    cache->leaf = clua_is_leaf(L, 1, clua_control_of(L)->interval);
    lua_createtable(L, 0, v->field_count + 3); /* 3: ctx data (and size, frames, params) */
    clua_strict_metatable_with(L, 3, "ctx", v->context_fields, v, clua_missing_context_field);
    lua_createtable(L, 0, 2); /* 4: size data */
    clua_strict_metatable(L, "ctx.size", v->size_fields, v);
    lua_createtable(L, 0, v->role_count + 1); /* 5: frames data */
    lua_pushstring(L, v->frames_fields);
    clua_strict_metatable_with(L, 5, "ctx.frames", lua_tostring(L, -1), v, clua_missing_frame);
    lua_pop(L, 1);
    lua_createtable(L, v->role_count, 0); /* 6: one rect data table per role */
    lua_createtable(L, 0, 2);             /* their one metatable, and the name of each */
    lua_createtable(L, 0, v->role_count);
    for (int i = 0; i < v->role_count; i++) {
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -3);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 6, i + 1);
        lua_pushfstring(L, "ctx.frames.%s", v->roles[i]);
        lua_rawset(L, -3);
    }
    clua_push_list(L, NULL, v->rect_keys, 4);
    lua_pushlightuserdata(L, (void *)v);
    lua_pushcclosure(L, clua_missing_rect, 3);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_createtable(L, 4 + v->role_count, 0);   /* 7: the proxies */
    lua_createtable(L, v->field_count + 5, 0); /* 8: the keys, interned */
    for (int k = 0; k < v->field_count; k++) {
        lua_pushstring(L, v->fields[k].name);
        lua_rawseti(L, 8, k + 1);
    }
    for (int j = 0; j < 4; j++) {
        lua_pushstring(L, v->rect_keys[j]);
        lua_rawseti(L, 8, CLUA_RECT_KEY(v, j));
    }
    lua_pushstring(L, v->drawer);
    lua_rawseti(L, 8, CLUA_DRAWER_KEY(v));
    lua_createtable(L, v->role_count, 0); /* 9: role names (ORDER ROLE) */
    for (int i = 0; i < v->role_count; i++) {
        lua_pushstring(L, v->roles[i]);
        lua_rawseti(L, 9, i + 1);
    }
    clua_push_proxy(L, 3, 7, 1); /* 10: the ctx proxy, the one value the plugin gets */
    clua_push_proxy(L, 4, 7, 2);
    lua_setfield(L, 3, v->size_key);
    clua_push_proxy(L, 5, 7, 3);
    lua_setfield(L, 3, v->frames_key);
    lua_createtable(L, 0, s->param_count); /* 11: the params data */
    for (int i = 0; i < s->param_count; i++) {
        const clua_param *p = &s->params[i];
        if (p->kind == 0) lua_pushnumber(L, p->number);
        else if (p->kind == 1) lua_pushboolean(L, p->number != 0);
        else lua_pushstring(L, p->text);
        lua_setfield(L, -2, p->name);
    }
    clua_strict_metatable(L, "ctx.params", s->param_names, v);
    clua_push_proxy(L, 11, 7, 4);
    lua_setfield(L, 3, v->params_key);
    lua_createtable(L, 0, s->param_count); /* 12: the parameters' values, kept to rebuild params */
    lua_pushnil(L);
    while (lua_next(L, 11) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 12);
    }
    for (int i = 0; i < v->role_count; i++) {
        lua_rawgeti(L, 6, i + 1);
        clua_push_proxy(L, lua_gettop(L), 7, CLUA_PROXY_ROLE + i);
        lua_pop(L, 2);
    }
    lua_createtable(L, v->field_count, 0); /* 13: each choice field's names, interned */
    for (int f = 0; f < v->field_count; f++) {
        const clua_field *field = &v->fields[f];
        if (field->kind != CLUA_FIELD_CHOICE) continue;
        lua_createtable(L, field->choice_count, 0);
        for (int i = 0; i < field->choice_count; i++) {
            lua_pushstring(L, field->choices[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_rawseti(L, 13, f + 1);
    }
    lua_createtable(L, v->field_count, 0); /* 14: each table field's data table, with its proxy */
    for (int f = 0; f < v->field_count; f++) {
        if (v->fields[f].kind != CLUA_FIELD_TABLE) continue;
        lua_createtable(L, 0, 4);
        clua_push_proxy(L, lua_gettop(L), 7, CLUA_PROXY_FIELD(v, f));
        lua_pop(L, 1);
        lua_rawseti(L, 14, f + 1);
    }
    lua_pushcclosure(L, clua_style_trampoline, CLUA_UP_COUNT);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

int clua_prepare_style(lua_State *L, clua_setup *setup) {
    if (!lua_checkstack(L, 24)) return LUA_ERRMEM;
    if (setup->vocabulary == NULL || setup->vocabulary->role_count > CLUA_MAX_ROLES ||
        setup->vocabulary->field_count > CLUA_MAX_FIELDS)
        return LUA_ERRRUN;
    lua_pushcfunction(L, clua_prepare_style_f);
    lua_pushlightuserdata(L, setup);
    int status = clua_pcall_traced(L, 1, 1);
    if (status == LUA_OK) {
        setup->result_ref = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return status;
}

int clua_call_style(lua_State *L, int trampoline_ref, const clua_context *context) {
    if (!lua_checkstack(L, 40)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_msghandler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, trampoline_ref);
    lua_pushlightuserdata(L, (void *)context);
    return clua_pcall_budgeted(L, 1, 1);
}

int clua_style_is_leaf(lua_State *L, int trampoline_ref) {
    int top = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, trampoline_ref);
    const clua_style_cache *k = lua_getupvalue(L, -1, CLUA_UP_CACHE) != NULL ? lua_touserdata(L, -1) : NULL;
    int leaf = k != NULL && k->leaf;
    lua_settop(L, top);
    return leaf;
}
