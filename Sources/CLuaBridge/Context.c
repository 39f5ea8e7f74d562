/* The style call: one context per styler, written lazily and read-only to the plugin.
 *
 * The plugin sees ctx, ctx.size, ctx.frames, each ctx.frames.ROLE and ctx.params as proxies: empty tables whose
 * metatable reads from a hidden data table (__index); a write (an assignment meets __newindex, since the proxy
 * stays empty, and the sandbox's rawset does the same) goes to the data table and marks the context dirty. The
 * host writes a data table only where a value changed since the last call (a cache of what was written is kept in
 * a userdata). Before a call that follows a dirty one, every data table is emptied and written whole again, so
 * what a plugin wrote into its context is gone: a stale value cannot leak into the next call, and a call that
 * writes nothing costs nothing to clean.
 *
 * Adding a ctx field: add its key to CLUA_KEY and clua_keys (same order), its value to clua_context (LuaBridge.h)
 * and to the cache below, one write in clua_style_trampoline, the name to LuaContext.fieldNames (Swift, for the
 * error on a misspelt field, which names the nearest) and the line to Plugins/panekit.d.lua (LuaStubs) and docs/plugins.md. */
#include "Internal.h"

#include <LuaEdits.h>

#include <string.h>


/* The context's keys, interned once at setup: the trampoline writes with lua_rawset and these strings, so a call
 * never re-hashes a C string. ORDER CLUA_KEY (the array below). */
enum {
    CLUA_KEY_CLOSED = 1, CLUA_KEY_OPEN, CLUA_KEY_REVEAL, CLUA_KEY_TIME, CLUA_KEY_DIRECTION, CLUA_KEY_STATE,
    CLUA_KEY_CONTAINER, CLUA_KEY_SIZE, CLUA_KEY_FRAMES, CLUA_KEY_PARAMS, CLUA_KEY_W, CLUA_KEY_H, CLUA_KEY_X,
    CLUA_KEY_Y, CLUA_KEY_DRAWER, CLUA_KEY_VELOCITY, CLUA_KEY_REDUCED_MOTION, CLUA_KEY_LAYOUT, CLUA_KEY_LEADING,
    CLUA_KEY_COUNT = CLUA_KEY_LEADING
};
static const char *const clua_keys[] = {
    "closed", "open", "reveal", "time", "direction", "state", "container", "size", "frames", "params",
    "w", "h", "x", "y", "drawer", "velocity", "reducedMotion", "layout", "leading",
};

/* The trampoline's upvalues. */
enum {
    CLUA_UP_STYLE = 1, CLUA_UP_CACHE, CLUA_UP_CTX, CLUA_UP_SIZE, CLUA_UP_FRAMES, CLUA_UP_RECTS, CLUA_UP_PROXIES,
    CLUA_UP_KEYS, CLUA_UP_ROLES, CLUA_UP_CTX_PROXY, CLUA_UP_PARAMS, CLUA_UP_DEFAULTS, CLUA_UP_COUNT = CLUA_UP_DEFAULTS
};

/* The proxies, in CLUA_UP_PROXIES: ctx, size, frames, params, then one per role. */
#define CLUA_PROXY_COUNT (4 + PK_ROLE_COUNT)
#define CLUA_TEXT 48

/* What the data tables hold now, so a call writes only what changed. */
typedef struct {
    int valid;
    double closed, open, reveal, width, height, time, velocity;
    int reduced_motion, leading;
    int drawer;          /* the role index frames.drawer stands for, or -1 */
    unsigned int present; /* one bit per role whose frame is in frames */
    char direction[CLUA_TEXT], state[CLUA_TEXT], container[CLUA_TEXT], layout[CLUA_TEXT];
    double frames[4 * PK_ROLE_COUNT];
} clua_style_cache;

static inline int clua_same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Whether `text` differs from what `cache` holds; updates the cache. A text too long to cache always differs. */
static int clua_text_changed(char *cache, const char *text) {
    size_t n = strlen(text);
    if (n >= CLUA_TEXT - 1) {
        cache[0] = 0;
        cache[CLUA_TEXT - 1] = 1;
        return 1;
    }
    if (cache[CLUA_TEXT - 1] == 0 && strcmp(cache, text) == 0) return 0;
    memcpy(cache, text, n + 1);
    cache[CLUA_TEXT - 1] = 0;
    return 1;
}

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

/* The iterator of pairs(proxy): next over the data table (upvalue 1). */
static int clua_proxy_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

/* __pairs of a proxy: the data table's fields (upvalue 1: the iterator). */
static int clua_proxy_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/* The name in the comma-separated list `known` nearest to the string at `word` (pk_nearest), pushed, or nothing
 * pushed and 0 returned. Only a read of a missing field comes here, so the per-call path never pays for it. */
static int clua_push_nearest(lua_State *L, int word, const char *known) {
    if (known[0] == '(') return 0; /* "(no parameters)" */
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
    int best = pk_nearest(s, n, names, count);
    if (best < 0) {
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
static int clua_raise_missing(lua_State *L, const char *what, const char *known) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        if (clua_push_nearest(L, 2, known))
            return luaL_error(L, "%s.%s: no such field; did you mean %s.%s? (%s has: %s)", what, lua_tostring(L, 2), what,
                lua_tostring(L, -1), what, known);
        return luaL_error(L, "%s.%s: no such field (%s has: %s)", what, lua_tostring(L, 2), what, known);
    }
    return luaL_error(L, "%s[%s]: no such field (%s has: %s)", what, luaL_tolstring(L, 2, NULL), what, known);
}

static int clua_missing_field(lua_State *L) {
    return clua_raise_missing(L, lua_tostring(L, lua_upvalueindex(1)), lua_tostring(L, lua_upvalueindex(2)));
}

/* __index of every frame's data table (one metatable for all): upvalue 1 maps each data table to its name,
 * `ctx.frames.pane`. */
static int clua_missing_rect(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(1)); /* 3: the frame's name */
    return clua_raise_missing(L, lua_tostring(L, 3), "x, y, w, h");
}

/* __index of ctx.frames: a role the container has no node of is nil, as documented; a name that is no role
 * (ctx.frames.panne) is an error naming the nearest (upvalues as clua_missing_field: "ctx.frames", the names). */
static int clua_missing_frame(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        size_t n;
        const char *key = lua_tolstring(L, 2, &n);
        if (n == 6 && memcmp(key, "drawer", 6) == 0) return 0;
        for (int i = 0; i < PK_ROLE_COUNT; i++) {
            if (strlen(pk_role_names[i]) == n && memcmp(pk_role_names[i], key, n) == 0) return 0;
        }
    }
    return clua_missing_field(L);
}

/* Gives the table at `target` a metatable whose __index is `index` with `what` and `known` as upvalues. */
static void clua_strict_metatable_with(lua_State *L, int target, const char *what, const char *known, lua_CFunction index) {
    target = lua_absindex(L, target);
    lua_createtable(L, 0, 2);
    lua_pushstring(L, what);
    lua_pushstring(L, known);
    lua_pushcclosure(L, index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, target);
}

/* The strict metatable of the table on top of the stack. */
static void clua_strict_metatable(lua_State *L, const char *what, const char *known) {
    clua_strict_metatable_with(L, -1, what, known, clua_missing_field);
}

/* Pushes a proxy of the data table at `data` and stores it at proxies[slot]. */
static void clua_push_proxy(lua_State *L, int data, int proxies, int slot) {
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, data);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, clua_context_write);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, data);
    lua_pushcclosure(L, clua_proxy_next, 1);
    lua_pushcclosure(L, clua_proxy_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, data);
    lua_rawsetp(L, -2, &pk_context_marker);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, proxies, slot);
}

/* t[key] = n, raw, with an interned key. */
static inline void clua_set_number(lua_State *L, int t, int keys, int key, lua_Number n) {
    lua_rawgeti(L, keys, key);
    lua_pushnumber(L, n);
    lua_rawset(L, t);
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
    clua_empty(L, ctx);
    clua_empty(L, lua_upvalueindex(CLUA_UP_SIZE));
    clua_empty(L, lua_upvalueindex(CLUA_UP_FRAMES));
    for (int i = 1; i <= PK_ROLE_COUNT; i++) {
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
    static const int links[3][2] = {{CLUA_KEY_SIZE, 2}, {CLUA_KEY_FRAMES, 3}, {CLUA_KEY_PARAMS, 4}};
    for (int i = 0; i < 3; i++) {
        lua_rawgeti(L, lua_upvalueindex(CLUA_UP_KEYS), links[i][0]);
        lua_rawgeti(L, proxies, links[i][1]);
        lua_rawset(L, ctx);
    }
    k->valid = 0;
}

#define CLUA_NUMBER_FIELD(table, field, key)                                                                       \
    if (!k->valid || !clua_same(x->field, k->field)) {                                                             \
        clua_set_number(L, table, keys, key, x->field);                                                            \
        k->field = x->field;                                                                                       \
    }

#define CLUA_TEXT_FIELD(field, key)                                                                                \
    if (clua_text_changed(k->field, x->field) || !k->valid) {                                                      \
        lua_rawgeti(L, keys, key);                                                                                 \
        lua_pushstring(L, x->field);                                                                               \
        lua_rawset(L, ctx);                                                                                        \
    }

static int clua_style_trampoline(lua_State *L) {
    const clua_context *x = (const clua_context *)lua_touserdata(L, 1);
    clua_style_cache *k = (clua_style_cache *)lua_touserdata(L, lua_upvalueindex(CLUA_UP_CACHE));
    int ctx = lua_upvalueindex(CLUA_UP_CTX), size = lua_upvalueindex(CLUA_UP_SIZE);
    int frames = lua_upvalueindex(CLUA_UP_FRAMES), rects = lua_upvalueindex(CLUA_UP_RECTS);
    int keys = lua_upvalueindex(CLUA_UP_KEYS), roles = lua_upvalueindex(CLUA_UP_ROLES);
    clua_control *c = clua_control_of(L);
    if (c->context_dirty) {
        clua_rebuild_context(L, k);
        c->context_dirty = 0;
    }
    CLUA_NUMBER_FIELD(ctx, closed, CLUA_KEY_CLOSED)
    CLUA_NUMBER_FIELD(ctx, open, CLUA_KEY_OPEN)
    CLUA_NUMBER_FIELD(ctx, reveal, CLUA_KEY_REVEAL)
    CLUA_NUMBER_FIELD(ctx, time, CLUA_KEY_TIME)
    CLUA_NUMBER_FIELD(ctx, velocity, CLUA_KEY_VELOCITY)
    CLUA_NUMBER_FIELD(size, width, CLUA_KEY_W)
    CLUA_NUMBER_FIELD(size, height, CLUA_KEY_H)
    if (!k->valid || x->reduced_motion != k->reduced_motion) {
        lua_rawgeti(L, keys, CLUA_KEY_REDUCED_MOTION);
        lua_pushboolean(L, x->reduced_motion);
        lua_rawset(L, ctx);
        k->reduced_motion = x->reduced_motion;
    }
    if (!k->valid || x->leading != k->leading) {
        lua_rawgeti(L, keys, CLUA_KEY_LEADING);
        lua_pushboolean(L, x->leading);
        lua_rawset(L, ctx);
        k->leading = x->leading;
    }
    CLUA_TEXT_FIELD(direction, CLUA_KEY_DIRECTION)
    CLUA_TEXT_FIELD(state, CLUA_KEY_STATE)
    CLUA_TEXT_FIELD(container, CLUA_KEY_CONTAINER)
    CLUA_TEXT_FIELD(layout, CLUA_KEY_LAYOUT)
    /* Frames: a node's rect is written where it changed; its entry in frames when it appears or goes. */
    for (int i = 0; i < PK_ROLE_COUNT; i++) {
        unsigned int bit = 1u << i;
        int was = k->valid && (k->present & bit);
        if (x->present[i]) {
            const double *f = x->frames + 4 * i;
            double *kept = k->frames + 4 * i;
            if (!was || !clua_same(f[0], kept[0]) || !clua_same(f[1], kept[1]) || !clua_same(f[2], kept[2]) ||
                !clua_same(f[3], kept[3])) {
                lua_rawgeti(L, rects, i + 1);
                int rect = lua_gettop(L);
                for (int j = 0; j < 4; j++) {
                    if (!was || !clua_same(f[j], kept[j])) clua_set_number(L, rect, keys, CLUA_KEY_W + (j + 2) % 4, f[j]);
                    kept[j] = f[j];
                }
                lua_pop(L, 1);
            }
            if (!was) {
                lua_rawgeti(L, roles, i + 1);
                lua_rawgeti(L, lua_upvalueindex(CLUA_UP_PROXIES), 5 + i);
                lua_rawset(L, frames);
                k->present |= bit;
            }
        } else if (was || !k->valid) {
            lua_rawgeti(L, roles, i + 1);
            lua_pushnil(L);
            lua_rawset(L, frames);
            k->present &= ~bit;
        }
    }
    int drawer = x->drawer >= 0 && x->drawer < PK_ROLE_COUNT && x->present[x->drawer] ? x->drawer : -1;
    if (!k->valid || drawer != k->drawer) {
        lua_rawgeti(L, keys, CLUA_KEY_DRAWER);
        if (drawer >= 0)
            lua_rawgeti(L, lua_upvalueindex(CLUA_UP_PROXIES), 5 + drawer);
        else
            lua_pushnil(L);
        lua_rawset(L, frames);
        k->drawer = drawer;
    }
    k->valid = 1;
    lua_pushvalue(L, lua_upvalueindex(CLUA_UP_STYLE));
    lua_pushvalue(L, lua_upvalueindex(CLUA_UP_CTX_PROXY));
    lua_call(L, 1, 1);
    return 1;
}

static int clua_prepare_style_f(lua_State *L) {
    clua_setup *s = (clua_setup *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->style_ref); /* 1: style */
    clua_style_cache *cache = (clua_style_cache *)lua_newuserdatauv(L, sizeof(clua_style_cache), 0); /* 2 */
    memset(cache, 0, sizeof *cache);
    lua_createtable(L, 0, 12); /* 3: ctx data */
    clua_strict_metatable(L, "ctx", s->context_fields);
    lua_createtable(L, 0, 2); /* 4: size data */
    clua_strict_metatable(L, "ctx.size", "w, h");
    lua_createtable(L, 0, PK_ROLE_COUNT + 1); /* 5: frames data */
    {
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        luaL_addstring(&b, "drawer");
        for (int i = 0; i < PK_ROLE_COUNT; i++) {
            luaL_addstring(&b, ", ");
            luaL_addstring(&b, pk_role_names[i]);
        }
        luaL_pushresult(&b);
        clua_strict_metatable_with(L, 5, "ctx.frames", lua_tostring(L, -1), clua_missing_frame);
        lua_pop(L, 1);
    }
    lua_createtable(L, PK_ROLE_COUNT, 0); /* 6: one rect data table per role */
    lua_createtable(L, 0, 2);             /* their one metatable, and the name of each */
    lua_createtable(L, 0, PK_ROLE_COUNT);
    for (int i = 0; i < PK_ROLE_COUNT; i++) {
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -3);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 6, i + 1);
        lua_pushfstring(L, "ctx.frames.%s", pk_role_names[i]);
        lua_rawset(L, -3);
    }
    lua_pushcclosure(L, clua_missing_rect, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_createtable(L, CLUA_PROXY_COUNT, 0); /* 7: the proxies */
    lua_createtable(L, CLUA_KEY_COUNT, 0);   /* 8: the context's keys, interned */
    for (int k = 0; k < CLUA_KEY_COUNT; k++) {
        lua_pushstring(L, clua_keys[k]);
        lua_rawseti(L, 8, k + 1);
    }
    lua_createtable(L, PK_ROLE_COUNT, 0); /* 9: role names (ORDER ROLE, CLuaEdits' table) */
    for (int i = 0; i < PK_ROLE_COUNT; i++) {
        lua_pushstring(L, pk_role_names[i]);
        lua_rawseti(L, 9, i + 1);
    }
    clua_push_proxy(L, 3, 7, 1); /* 10: the ctx proxy, the one value the plugin gets */
    clua_push_proxy(L, 4, 7, 2);
    lua_setfield(L, 3, "size");
    clua_push_proxy(L, 5, 7, 3);
    lua_setfield(L, 3, "frames");
    lua_createtable(L, 0, s->param_count); /* 11: the params data */
    for (int i = 0; i < s->param_count; i++) {
        const clua_param *p = &s->params[i];
        if (p->kind == 0) lua_pushnumber(L, p->number);
        else if (p->kind == 1) lua_pushboolean(L, p->number != 0);
        else lua_pushstring(L, p->text);
        lua_setfield(L, -2, p->name);
    }
    clua_strict_metatable(L, "ctx.params", s->param_names);
    clua_push_proxy(L, 11, 7, 4);
    lua_setfield(L, 3, "params");
    lua_createtable(L, 0, s->param_count); /* 12: the parameters' values, kept to rebuild params */
    lua_pushnil(L);
    while (lua_next(L, 11) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, 12);
    }
    for (int i = 0; i < PK_ROLE_COUNT; i++) {
        lua_rawgeti(L, 6, i + 1);
        clua_push_proxy(L, lua_gettop(L), 7, 5 + i);
        lua_pop(L, 2);
    }
    lua_pushcclosure(L, clua_style_trampoline, CLUA_UP_COUNT);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

int clua_prepare_style(lua_State *L, clua_setup *setup) {
    if (!lua_checkstack(L, 24)) return LUA_ERRMEM;
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
    return clua_pcall_handled(L, 1, 1);
}
