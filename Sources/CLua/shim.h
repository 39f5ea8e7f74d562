/* CLua: the Lua 5.4 C API as Swift can import it, plus the C half of PaneKit's plugin sandbox.
 *
 * Lua's function-like macros and variadic functions are not visible to Swift, so each one used by
 * PaneKitLua gets a static inline wrapper here with a clua_ prefix.
 *
 * The longjmp rule: a Lua error is a longjmp, and a longjmp must never cross a Swift frame. So every API
 * call that can raise (anything that allocates, calls a metamethod or runs Lua code) happens in the C
 * functions below, inside lua_pcall. Swift calls only the functions here and the non-raising parts of the
 * API (lua_type, lua_next, lua_rawgeti, lua_rawlen, lua_tonumberx, lua_toboolean, lua_tolstring on strings,
 * lua_gettop, lua_settop, lua_pushvalue, lua_pushnil, lua_checkstack). */
#ifndef PANEKIT_CLUA_SHIM_H
#define PANEKIT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tolstring(L, idx, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline int clua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
static inline int clua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
static inline int clua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }

/* ---- Limits: one control block per state, shared by its coroutines (the allocator's ud). ---- */

/** What a state may use, and what it used: the memory cap (custom allocator) and the instruction budget
 *  of one call (count hook). */
typedef struct clua_control {
    size_t used, limit, peak;
    long long budget, spent;
    size_t allocated; /* bytes allocated since the last unit charged for them */
    int interval;
    int budget_exceeded;
    int memory_refused;
    int deep_stack;
    char budget_where[200];
    char memory_where[200];
    lua_State *main;
    /* For a watchdog on another thread (read with __atomic loads): the number of calls begun, and whether one runs. */
    long long calls;
    int in_call;
} clua_control;

static inline clua_control *clua_control_of(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_control *)ud;
}

/* Writes "file.lua:LINE:" of the innermost Lua function with a current line into buffer (or "").
 * Reads the call stack only (lua_getinfo "Sl" neither allocates nor raises), so it is safe in hooks and in
 * the allocator. */
static inline void clua_where(lua_State *L, int first_level, char *buffer, size_t size) {
    lua_Debug ar;
    buffer[0] = 0;
    for (int level = first_level; level < first_level + 16 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(buffer, size, "%s:%d:", ar.short_src, ar.currentline);
            return;
        }
    }
}

static void clua_count_hook(lua_State *L, lua_Debug *ar);

/* Bytes allocated per unit of budget: every byte a plugin's code makes (strings built by string.rep, format,
 * gsub or `..`, tables) is work charged to the call, so no library function can copy without limit. */
#define CLUA_ALLOCATED_BYTES_PER_UNIT 256

/* Charges an allocation. The allocator cannot raise, so past the budget it arms the hook to raise at the
 * next instruction (lua_sethook may be called at any time). */
static inline void clua_charge_allocation(clua_control *c, size_t bytes) {
    c->allocated += bytes;
    c->spent += (long long)(c->allocated / CLUA_ALLOCATED_BYTES_PER_UNIT);
    c->allocated %= CLUA_ALLOCATED_BYTES_PER_UNIT;
    if (c->spent > c->budget && c->main) lua_sethook(c->main, clua_count_hook, LUA_MASKCOUNT, 1);
}

/* The allocator: refuses any growth past the cap. Lua answers a refusal with an emergency collection and
 * one retry, then a memory error; the place is noted for the message. */
static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_control *c = (clua_control *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        c->used -= old;
        return NULL;
    }
    if (nsize > old && c->used - old + nsize > c->limit) {
        c->memory_refused = 1;
        if (c->main) {
            lua_Debug ar;
            clua_where(c->main, 0, c->memory_where, sizeof c->memory_where);
            /* A very deep call stack at the refusal means runaway recursion: say so. */
            c->deep_stack = lua_getstack(c->main, 5000, &ar);
        }
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    c->used = c->used - old + nsize;
    if (c->used > c->peak) c->peak = c->used;
    if (nsize > old) clua_charge_allocation(c, nsize - old);
    return p;
}

/* Raises the instruction-limit error, placed at the innermost Lua line (luaL_error would name a C caller).
 * From then on the hook runs at every instruction, so a plugin that catches the error with pcall cannot go on. */
static void clua_budget_raise(lua_State *L) {
    clua_control *c = clua_control_of(L);
    if (!c->budget_exceeded) {
        c->budget_exceeded = 1;
        clua_where(L, 0, c->budget_where, sizeof c->budget_where);
    }
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, 1);
    lua_pushfstring(L, "%s%sinstruction limit exceeded: a call may run at most %I instructions", c->budget_where,
                    c->budget_where[0] ? " " : "", (lua_Integer)c->budget);
    lua_error(L);
}

/* The count hook: charges the instructions run since the last tick (its own count: a coroutine's hook may still
 * tick every instruction after an earlier call ran out) to the call's budget. */
static void clua_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    clua_control *c = clua_control_of(L);
    c->spent += lua_gethookcount(L);
    if (c->spent <= c->budget) return;
    clua_budget_raise(L);
}

/** Charges `units` of work done inside a C library function to the running call's budget (one unit is about
 *  one VM instruction); past the budget, raises the instruction-limit error. Saturates: never overflows. */
static inline void clua_charge(lua_State *L, long long units) {
    clua_control *c = clua_control_of(L);
    if (units <= c->budget - c->spent) {
        c->spent += units;
        return;
    }
    if (c->spent <= c->budget) c->spent = c->budget + 1;
    clua_budget_raise(L);
}

static int clua_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "panekit: unprotected Lua error (a bug in PaneKit): %s\n", message ? message : "?");
    fflush(stderr);
    abort();
    return 0;
}

/** A new state with the cap and the budget, or NULL when even an empty state does not fit the cap. */
static inline lua_State *clua_newstate(size_t memory_limit, long long budget) {
    clua_control *c = (clua_control *)calloc(1, sizeof(clua_control));
    if (c == NULL) return NULL;
    c->limit = memory_limit;
    c->budget = budget < 1 ? 1 : budget;
    c->interval = c->budget < 1000 ? (int)c->budget : 1000;
    lua_State *L = lua_newstate(clua_alloc, c);
    if (L == NULL) {
        free(c);
        return NULL;
    }
    c->main = L;
    lua_atpanic(L, clua_panic);
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
    return L;
}

/** Closes the state (finalizers run under a fresh budget) and frees its control block. */
static inline void clua_close(lua_State *L) {
    clua_control *c = clua_control_of(L);
    c->spent = 0;
    c->budget_exceeded = 0;
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
    lua_close(L);
    free(c);
}

/** The number of the call running now, or 0 when none runs: safe to read from another thread while the state
 *  runs (a watchdog compares two readings some seconds apart). */
static inline long long clua_running_call(lua_State *L) {
    clua_control *c = clua_control_of(L);
    if (!__atomic_load_n(&c->in_call, __ATOMIC_RELAXED)) return 0;
    return __atomic_load_n(&c->calls, __ATOMIC_RELAXED);
}

static inline size_t clua_memory_used(lua_State *L) { return clua_control_of(L)->used; }
static inline size_t clua_memory_peak(lua_State *L) { return clua_control_of(L)->peak; }
static inline size_t clua_memory_limit(lua_State *L) { return clua_control_of(L)->limit; }
static inline long long clua_budget(lua_State *L) { return clua_control_of(L)->budget; }
static inline long long clua_spent(lua_State *L) { return clua_control_of(L)->spent; }
static inline int clua_budget_exceeded(lua_State *L) { return clua_control_of(L)->budget_exceeded; }
static inline int clua_memory_refused(lua_State *L) { return clua_control_of(L)->memory_refused; }
static inline int clua_deep_stack(lua_State *L) { return clua_control_of(L)->deep_stack; }
static inline const char *clua_budget_where(lua_State *L) { return clua_control_of(L)->budget_where; }
static inline const char *clua_memory_where(lua_State *L) { return clua_control_of(L)->memory_where; }

/* ---- Protected calls with a traceback ---- */

/* The message handler: a message with its place and a traceback. A non-string error object gets the place
 * of the innermost Lua function and says what it was. */
static int clua_msghandler(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        char where[200];
        clua_where(L, 1, where, sizeof where);
        /* A __tostring is plugin code: never once the budget is spent (the handler may be running with hooks off). */
        if (!clua_control_of(L)->budget_exceeded && luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            message = lua_pushfstring(L, "%s%s%s", where, where[0] ? " " : "", lua_tostring(L, -1));
        else
            message = lua_pushfstring(L, "%s%serror object is a %s value", where, where[0] ? " " : "",
                                      luaL_typename(L, 1));
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

/** Calls the function below `nargs` arguments with the message handler, after resetting the call's budget
 *  and flags. Leaves `nresults` results, or the message with its traceback. */
static inline int clua_pcall_traced(lua_State *L, int nargs, int nresults) {
    clua_control *c = clua_control_of(L);
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, clua_msghandler);
    lua_insert(L, base);
    c->spent = 0;
    c->allocated = 0;
    c->budget_exceeded = 0;
    c->memory_refused = 0;
    c->deep_stack = 0;
    c->budget_where[0] = 0;
    c->memory_where[0] = 0;
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
    __atomic_store_n(&c->calls, c->calls + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&c->in_call, 1, __ATOMIC_RELAXED);
    int status = lua_pcall(L, nargs, nresults, base);
    __atomic_store_n(&c->in_call, 0, __ATOMIC_RELAXED);
    lua_remove(L, base);
    return status;
}

/** Loads a text chunk (mode "t": bytecode is refused) and runs it, leaving one result or the error. */
static inline int clua_run_text(lua_State *L, const char *buffer, size_t length, const char *chunkname) {
    if (!lua_checkstack(L, 8)) return LUA_ERRMEM;
    int status = luaL_loadbufferx(L, buffer, length, chunkname, "t");
    if (status != LUA_OK) return status;
    return clua_pcall_traced(L, 0, 1);
}

/* ---- The sandbox's C parts ---- */

/* print writes to standard error, prefixed with the plugin's file name, so it never mixes with output. Control
 * characters other than tab and newline are written as \ddd, so a plugin cannot drive the terminal; every byte
 * written is one unit of the call's budget. */
static int clua_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addstring(&b, lua_tostring(L, lua_upvalueindex(1)));
    luaL_addstring(&b, ": ");
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        size_t length;
        const char *text = luaL_tolstring(L, i, &length);
        clua_charge(L, (long long)length);
        for (size_t k = 0; k < length; k++) {
            unsigned char ch = (unsigned char)text[k];
            if ((ch < 0x20 && ch != '\t' && ch != '\n') || ch == 0x7f) {
                char escaped[8];
                snprintf(escaped, sizeof escaped, "\\%03d", ch);
                luaL_addstring(&b, escaped);
            } else {
                luaL_addchar(&b, (char)ch);
            }
        }
        lua_pop(L, 1);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    fwrite(text, 1, length, stderr);
    fflush(stderr);
    return 0;
}

static int clua_open_sandbox_f(lua_State *L) {
    const char *name = (const char *)lua_touserdata(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 0, 0);
    lua_pushstring(L, name);
    lua_pushcclosure(L, clua_print, 1);
    lua_setglobal(L, "print");
    return 0;
}

/** Runs `open` (CLuaSandbox's pk_open_sandbox: the whitelisted libraries with their budgeted functions) and
 *  installs a print to standard error. The Lua half of the sandbox then trims them. */
static inline int clua_open_sandbox(lua_State *L, const char *name, lua_CFunction open) {
    if (!lua_checkstack(L, 8)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_open_sandbox_f);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushcfunction(L, open);
    return clua_pcall_traced(L, 2, 0);
}

static int clua_ref_f(lua_State *L) {
    lua_pushvalue(L, 1);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

/** A registry reference to the value at the top of the stack (left in place), or LUA_NOREF. */
static inline int clua_ref(lua_State *L) {
    if (!lua_checkstack(L, 4)) return LUA_NOREF;
    lua_pushcfunction(L, clua_ref_f);
    lua_pushvalue(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        return LUA_NOREF;
    }
    int ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return ref;
}

/** Pushes the value of a registry reference. */
static inline int clua_getref(lua_State *L, int ref) { return lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }

/** The line where the Lua function at `idx` is defined (0 for a C function). */
static inline int clua_function_line(lua_State *L, int idx) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar)) return 0;
    return ar.linedefined > 0 ? ar.linedefined : 0;
}

static int clua_collect_f(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT, 0);
    return 0;
}

/** A full garbage collection, protected (finalizers may run Lua code). */
static inline int clua_collect(lua_State *L) {
    if (!lua_checkstack(L, 4)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_collect_f);
    return clua_pcall_traced(L, 0, 0);
}

/* ---- The style call: one context table per state, refreshed in place on every call ---- */

/** A parameter value for the context's `params` table. kind: 0 number, 1 boolean, 2 string. */
typedef struct clua_param {
    const char *name;
    int kind;
    double number;
    const char *text;
} clua_param;

/** What `clua_prepare_style` builds a context from. */
typedef struct clua_setup {
    int style_ref;
    const clua_param *params;
    int param_count;
    const char *const *roles;
    int role_count;
    const char *context_fields; /* for the error on a missing ctx field */
    const char *param_names;    /* for the error on a missing parameter */
    int result_ref;             /* out: the reference of the style trampoline */
} clua_setup;

/** One call's context: the numbers and names of a StyleContext, frames by role index (x, y, w, h). */
typedef struct clua_context {
    double closed, open, reveal, width, height, time, velocity;
    const char *direction;
    const char *state;
    const char *container;
    int drawer;
    const int *present;
    const double *frames;
    /* The nodes whose frame the previous call wrote (one bit per role index); updated by the call. Starts all ones. */
    unsigned int *previous_present;
    int reduced_motion; /* ctx.reducedMotion */
    const char *layout; /* ctx.layout */
    int leading; /* ctx.leading */
} clua_context;

/* __index of ctx, ctx.size and ctx.params: reading a field that does not exist is an error that lists
 * the fields that do (a typo such as ctx.opne would otherwise be a silent nil). */
static int clua_missing_field(lua_State *L) {
    const char *what = lua_tostring(L, lua_upvalueindex(1));
    const char *known = lua_tostring(L, lua_upvalueindex(2));
    if (lua_type(L, 2) == LUA_TSTRING)
        return luaL_error(L, "%s.%s: no such field (%s has: %s)", what, lua_tostring(L, 2), what, known);
    return luaL_error(L, "%s[%s]: no such field (%s has: %s)", what, luaL_tolstring(L, 2, NULL), what, known);
}

static void clua_strict_metatable(lua_State *L, const char *what, const char *known) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, what);
    lua_pushstring(L, known);
    lua_pushcclosure(L, clua_missing_field, 2);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}

enum { CLUA_UP_STYLE = 1, CLUA_UP_CTX, CLUA_UP_SIZE, CLUA_UP_FRAMES, CLUA_UP_PARAMS, CLUA_UP_ROLES, CLUA_UP_SUBS, CLUA_UP_KEYS };

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

/* t[key] = n, raw, with an interned key. */
static inline void clua_set_number(lua_State *L, int t, int keys, int key, lua_Number n) {
    lua_rawgeti(L, keys, key);
    lua_pushnumber(L, n);
    lua_rawset(L, t);
}

/* t[key] = b, raw, with an interned key. */
static inline void clua_set_boolean(lua_State *L, int t, int keys, int key, int b) {
    lua_rawgeti(L, keys, key);
    lua_pushboolean(L, b);
    lua_rawset(L, t);
}

/* t[key] = s, raw, with an interned key. */
static inline void clua_set_string(lua_State *L, int t, int keys, int key, const char *s) {
    lua_rawgeti(L, keys, key);
    lua_pushstring(L, s);
    lua_rawset(L, t);
}

/* t[key] = the value at `index`, raw, with an interned key. */
static inline void clua_set_value(lua_State *L, int t, int keys, int key, int index) {
    lua_rawgeti(L, keys, key);
    lua_pushvalue(L, index);
    lua_rawset(L, t);
}

static int clua_style_trampoline(lua_State *L) {
    const clua_context *x = (const clua_context *)lua_touserdata(L, 1);
    int ctx = lua_upvalueindex(CLUA_UP_CTX), size = lua_upvalueindex(CLUA_UP_SIZE);
    int frames = lua_upvalueindex(CLUA_UP_FRAMES), roles = lua_upvalueindex(CLUA_UP_ROLES);
    int subs = lua_upvalueindex(CLUA_UP_SUBS), keys = lua_upvalueindex(CLUA_UP_KEYS);
    lua_Integer count = (lua_Integer)lua_rawlen(L, roles);
    /* Every field of ctx and ctx.size, and the frame of every node that exists, is written on every call, so a
     * plugin that changes them cannot affect its next call. The frame of a node that does not exist is cleared
     * only when it existed on the previous call (*previous_present keeps that mask). */
    clua_set_number(L, ctx, keys, CLUA_KEY_CLOSED, x->closed);
    clua_set_number(L, ctx, keys, CLUA_KEY_OPEN, x->open);
    clua_set_number(L, ctx, keys, CLUA_KEY_REVEAL, x->reveal);
    clua_set_number(L, ctx, keys, CLUA_KEY_TIME, x->time);
    clua_set_number(L, ctx, keys, CLUA_KEY_VELOCITY, x->velocity);
    clua_set_boolean(L, ctx, keys, CLUA_KEY_REDUCED_MOTION, x->reduced_motion);
    clua_set_boolean(L, ctx, keys, CLUA_KEY_LEADING, x->leading);
    clua_set_string(L, ctx, keys, CLUA_KEY_DIRECTION, x->direction);
    clua_set_string(L, ctx, keys, CLUA_KEY_STATE, x->state);
    clua_set_string(L, ctx, keys, CLUA_KEY_CONTAINER, x->container);
    clua_set_string(L, ctx, keys, CLUA_KEY_LAYOUT, x->layout);
    clua_set_number(L, size, keys, CLUA_KEY_W, x->width);
    clua_set_number(L, size, keys, CLUA_KEY_H, x->height);
    clua_set_value(L, ctx, keys, CLUA_KEY_SIZE, size);
    unsigned int present = 0;
    for (lua_Integer i = 0; i < count; i++) {
        if (x->present[i]) {
            const double *f = x->frames + 4 * i;
            present |= 1u << i;
            lua_rawgeti(L, roles, i + 1);
            lua_rawgeti(L, subs, i + 1);
            int sub = lua_gettop(L);
            clua_set_number(L, sub, keys, CLUA_KEY_X, f[0]);
            clua_set_number(L, sub, keys, CLUA_KEY_Y, f[1]);
            clua_set_number(L, sub, keys, CLUA_KEY_W, f[2]);
            clua_set_number(L, sub, keys, CLUA_KEY_H, f[3]);
            lua_rawset(L, frames);
        } else if (*x->previous_present & (1u << i)) {
            lua_rawgeti(L, roles, i + 1);
            lua_pushnil(L);
            lua_rawset(L, frames);
        }
    }
    *x->previous_present = present;
    lua_rawgeti(L, keys, CLUA_KEY_DRAWER);
    if (x->drawer >= 0 && x->drawer < count && x->present[x->drawer])
        lua_rawgeti(L, subs, x->drawer + 1);
    else
        lua_pushnil(L);
    lua_rawset(L, frames);
    clua_set_value(L, ctx, keys, CLUA_KEY_FRAMES, frames);
    clua_set_value(L, ctx, keys, CLUA_KEY_PARAMS, lua_upvalueindex(CLUA_UP_PARAMS));
    lua_pushvalue(L, lua_upvalueindex(CLUA_UP_STYLE));
    lua_pushvalue(L, ctx);
    lua_call(L, 1, 1);
    return 1;
}

static int clua_prepare_style_f(lua_State *L) {
    clua_setup *s = (clua_setup *)lua_touserdata(L, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->style_ref); /* 1: style */
    lua_createtable(L, 0, 12);                       /* 2: ctx */
    clua_strict_metatable(L, "ctx", s->context_fields);
    lua_createtable(L, 0, 2); /* 3: size */
    clua_strict_metatable(L, "ctx.size", "w, h");
    lua_createtable(L, 0, s->role_count + 1); /* 4: frames */
    lua_createtable(L, 0, s->param_count);    /* 5: params */
    for (int i = 0; i < s->param_count; i++) {
        const clua_param *p = &s->params[i];
        if (p->kind == 0) lua_pushnumber(L, p->number);
        else if (p->kind == 1) lua_pushboolean(L, p->number != 0);
        else lua_pushstring(L, p->text);
        lua_setfield(L, -2, p->name);
    }
    clua_strict_metatable(L, "ctx.params", s->param_names);
    lua_createtable(L, s->role_count, 0); /* 6: role names */
    lua_createtable(L, s->role_count, 0); /* 7: one frame table per role */
    for (int i = 0; i < s->role_count; i++) {
        lua_pushstring(L, s->roles[i]);
        lua_rawseti(L, -3, i + 1);
        lua_createtable(L, 0, 4);
        lua_rawseti(L, -2, i + 1);
    }
    lua_createtable(L, CLUA_KEY_COUNT, 0); /* 8: the context's keys, interned */
    for (int k = 0; k < CLUA_KEY_COUNT; k++) {
        lua_pushstring(L, clua_keys[k]);
        lua_rawseti(L, -2, k + 1);
    }
    lua_pushcclosure(L, clua_style_trampoline, 8);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

/** Builds the context tables and the trampoline that refreshes them and calls the style function;
 *  `setup->result_ref` receives its registry reference. */
static inline int clua_prepare_style(lua_State *L, clua_setup *setup) {
    if (!lua_checkstack(L, 8)) return LUA_ERRMEM;
    lua_pushcfunction(L, clua_prepare_style_f);
    lua_pushlightuserdata(L, setup);
    int status = clua_pcall_traced(L, 1, 1);
    if (status == LUA_OK) {
        setup->result_ref = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return status;
}

/** Calls the style trampoline with `context`, leaving the style function's result or the error. */
static inline int clua_call_style(lua_State *L, int trampoline_ref, const clua_context *context) {
    if (!lua_checkstack(L, 40)) return LUA_ERRMEM;
    lua_rawgeti(L, LUA_REGISTRYINDEX, trampoline_ref);
    lua_pushlightuserdata(L, (void *)context);
    return clua_pcall_traced(L, 1, 1);
}

#endif
