/* CLuaBridge: the C half of PaneKit's Lua plugins. The limits of a state (the memory cap in a custom allocator,
 * the instruction budget in a count hook), protected calls with a traceback, the sandbox's print, and the style
 * call (one context per styler, written lazily and read-only to the plugin).
 *
 * The longjmp rule: a Lua error is a longjmp, and a longjmp must never cross a Swift frame. So every API call
 * that can raise (anything that allocates, calls a metamethod or runs Lua code) happens in these C functions,
 * inside lua_pcall. Swift calls only these and the non-raising parts of the API (lua_type, lua_next, lua_rawgeti,
 * lua_rawlen, lua_tonumberx, lua_toboolean, lua_tolstring on strings, lua_gettop, lua_settop, lua_pushvalue,
 * lua_pushnil, lua_checkstack). */
#ifndef PANEKIT_LUA_BRIDGE_H
#define PANEKIT_LUA_BRIDGE_H

#include <lua.h>
#include <stddef.h>

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
    /* The last refusal was of a Lua stack growing past CLUA_MAX_STACK values. */
    int stack_refused;
    /* Telling a Lua stack's growth (Limits.c): the size of the last block allocated afresh for something other than
     * an object, and the values of the last stack seen doubling (0 before any). */
    size_t fresh_size;
    size_t stack_slots;
    /* The plugin wrote into its context (a field of ctx or of a table under it): the next call clears it. */
    int context_dirty;
    char budget_where[200];
    char memory_where[200];
    lua_State *main;
    /* For a watchdog on another thread (read with __atomic loads): the number of calls begun, and whether one runs. */
    long long calls;
    int in_call;
    /* Written by a watchdog on another thread (__atomic): the number of a call to end at its next hook, 0 for none.
     * The hook then ends it as it ends a call past its budget, with `interrupted` set for the message. */
    long long interrupt_call;
    int interrupted;
    /* Every allocation and reallocation the allocator made (so a count of a thread's heap calls can leave Lua's out). */
    long long allocations;
    /* The pool the state draws from (the process's, or a run's: clua_newstate_pooled), this state's cap on the
     * pool's total, the bytes it has reserved from the pool (in chunks, so the shared counter is touched rarely),
     * and whether the last refusal was the pool's. */
    size_t total_limit, reserved;
    int pool_refused;
    size_t *pool;
    /* The smaller of `reserved` and `limit`: a growth up to it needs no check (Limits.c keeps it). */
    size_t fits;
    /* A leaf call (clua_budget_leaf) has not yet entered its style function: its hook lets that entry pass. */
    int leaf_entry;
    /* Metered (clua_set_metered): every instruction is counted (the hook runs at each, ticking the budget every
     * `interval` as the plain hook does), `meter_phase` the instructions since the last tick; and the most bytes
     * held during the current call. */
    int metered;
    long long meter_phase;
    size_t call_peak;
} clua_control;

static inline clua_control *clua_control_of(lua_State *L) {
    void *ud = NULL;
    (void)lua_getallocf(L, &ud);
    return (clua_control *)ud;
}

/** Asks the state to end call number `call` (from clua_running_call) at its next count hook, within about 1,000
 *  instructions: safe from another thread while the state runs. A later call is never affected. */
void clua_interrupt(lua_State *L, long long call);

/** Whether the last call was ended by clua_interrupt. */
int clua_interrupted(lua_State *L);

/** Raises the instruction-limit error, placed at the innermost Lua line. Never returns. */
void clua_budget_raise(lua_State *L);

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

/** A new state with the cap and the budget, or NULL when even an empty state does not fit the cap. */
lua_State *clua_newstate(size_t memory_limit, long long budget);
/** clua_newstate drawing from a pool: the counter at `pool` (a run's, zeroed by its owner, who keeps it until
 *  every state drawing from it is closed), or the process's when NULL. Its allocator also refuses growth that would
 *  take the bytes held by all states of that pool past `total_limit`. On NULL, `*pool_refused` says whether the
 *  pool refused. */
lua_State *clua_newstate_pooled(size_t memory_limit, size_t total_limit, long long budget, int *pool_refused,
                                size_t *pool);
/** The bytes the states of the process's own pool hold now (reserved from it, in chunks of 64 KiB). */
size_t clua_pool_used(void);
/** The bytes the states of the pool at `pool` (the process's when NULL) hold now. */
size_t clua_pool_load(const size_t *pool);
/** Closes the state (finalizers run under a fresh budget) and frees its control block. */
void clua_close(lua_State *L);
/** The number of the call running now, or 0 when none runs: safe to read from another thread while the state
 *  runs (a watchdog compares two readings some seconds apart). */
long long clua_running_call(lua_State *L);

size_t clua_memory_used(lua_State *L);
/** How many times the state's allocator called realloc (allocations and growths). */
long long clua_allocations(lua_State *L);
size_t clua_memory_peak(lua_State *L);
size_t clua_memory_limit(lua_State *L);
long long clua_budget(lua_State *L);
long long clua_spent(lua_State *L);
/** Counts every instruction of the state's calls from its next call on (on nonzero), so `clua_call_cost` is exact;
 *  a call's budget and where it ends are as without it. Slower: for the studio's meter and `check`. */
void clua_set_metered(lua_State *L, int on);
/** What the last call spent of its budget: its instructions (exact when metered, else counted to the last tick of
 *  `interval` instructions) plus the units the library and the allocator charged. */
long long clua_call_cost(lua_State *L);
/** The most bytes the state held during the last call. */
size_t clua_call_peak(lua_State *L);
int clua_budget_exceeded(lua_State *L);
int clua_memory_refused(lua_State *L);
/** Whether the last refusal of memory was the pool's (all states together), not the state's own cap. */
int clua_pool_refused(lua_State *L);
/** The state's cap on the bytes all states hold together. */
size_t clua_total_limit(lua_State *L);
/** The bytes the state has reserved from the pool of all states (what it holds, rounded up, plus some slack). */
size_t clua_reserved(lua_State *L);
int clua_deep_stack(lua_State *L);
/** The most values a Lua stack of a state may hold (a coroutine's included). */
#define CLUA_MAX_STACK 20480
/** Whether the last refusal of memory was a Lua stack growing past CLUA_MAX_STACK values. */
int clua_stack_refused(lua_State *L);
const char *clua_budget_where(lua_State *L);
const char *clua_memory_where(lua_State *L);

/* ---- Protected calls ---- */

/** Calls the function below `nargs` arguments with the message handler, after resetting the call's budget
 *  and flags. Leaves `nresults` results, or the message with its traceback. */
int clua_pcall_traced(lua_State *L, int nargs, int nresults);
/** Loads a text chunk (mode "t": bytecode is refused) and runs it, leaving one result or the error. */
int clua_run_text(lua_State *L, const char *buffer, size_t length, const char *chunkname);
/** Runs `open` (CLuaSandbox's pk_open_sandbox: the whitelisted libraries with their budgeted functions) and
 *  installs a print to standard error and a rawset that respects the context's read-only tables. The Lua half of
 *  the sandbox then trims them. */
int clua_open_sandbox(lua_State *L, const char *name, lua_CFunction open);
/** A registry reference to the value at the top of the stack (left in place), or LUA_NOREF. */
int clua_ref(lua_State *L);
/** Pushes the value of a registry reference. */
int clua_getref(lua_State *L, int ref);
/** The line where the Lua function at `idx` is defined (0 for a C function). */
int clua_function_line(lua_State *L, int idx);
/** A full garbage collection, protected (finalizers may run Lua code). */
int clua_collect(lua_State *L);

/* ---- The style call ---- */

/** A parameter value for the context's `params` table. kind: 0 number, 1 boolean, 2 string. */
typedef struct clua_param {
    const char *name;
    int kind;
    double number;
    const char *text;
} clua_param;

/** One field of `ctx` that the host refreshes before every call, as PaneKitLua's StylerContract declares it. */
typedef struct clua_field {
    const char *name;
    int in_size;                /* 1: a field of ctx.size, 0: of ctx */
    int kind;                   /* CLUA_FIELD_NUMBER, … (below) */
    const char *const *choices; /* a choice's names, by index (the value is the index) */
    int choice_count;
} clua_field;

/* How a field's value (clua_context.values) is written: a number; 0 or 1 as a boolean; a choice's index as its
 * name; a number that is nil when NaN; a text whose bytes are clua_context.entries[f].names[0], nil when the value
 * is 0 (the value otherwise counts its changes); a table of name → number (clua_context.entries[f]), rewritten
 * when the value (a count of its changes) differs. */
enum {
    CLUA_FIELD_NUMBER = 0, CLUA_FIELD_BOOLEAN = 1, CLUA_FIELD_CHOICE = 2, CLUA_FIELD_OPTIONAL_NUMBER = 3,
    CLUA_FIELD_TEXT = 4, CLUA_FIELD_TABLE = 5, CLUA_FIELD_OPTIONAL_BOOLEAN = 6
};

/** The entries of a text or table field: `count` names (their bytes and lengths) with a number each (a table's). */
typedef struct clua_entries {
    const char *const *names;
    const size_t *lengths;
    const double *numbers;
    int count;
} clua_entries;

/** The most roles a context has frames for (one bit each in clua_context.present). */
#define CLUA_MAX_ROLES 32

/** The names a context is built from, given by Swift (StylerContract) at set-up and kept for the styler's life. */
typedef struct clua_vocabulary {
    const clua_field *fields; /* refreshed before every call, in this order */
    int field_count;
    const char *const *roles; /* the roles' names (ORDER ROLE), at most CLUA_MAX_ROLES */
    int role_count;
    const char *drawer;             /* the key of this direction's drawer under ctx.frames */
    const char *const *rect_keys;   /* a frame's four keys: x, y, w, h */
    const char *size_key, *frames_key, *params_key; /* the tables under ctx, linked once at set-up */
    const char *context_fields;     /* every name of ctx, sorted, ", "-separated: the error on a missing field */
    const char *size_fields;        /* the names of ctx.size, for its error */
    const char *frames_fields;      /* `drawer` and every role, in the order messages list them, for ctx.frames' error */
    /* The index of the candidate nearest to the `length` bytes of `word`, or -1 (Swift's Suggestion): the
     * message on a missing field names it. */
    int (*nearest)(const char *word, size_t length, const char *const *candidates, int count);
} clua_vocabulary;

/** What `clua_prepare_style` builds a context from. */
typedef struct clua_setup {
    int style_ref;
    const clua_vocabulary *vocabulary;
    const clua_param *params;
    int param_count;
    const char *param_names; /* for the error on a missing parameter */
    int result_ref;          /* out: the reference of the style trampoline */
} clua_setup;

/** The most fields a vocabulary has (one bit each in clua_context.changed_values). */
#define CLUA_MAX_FIELDS 64

/** One call's context: the value of each field (a number, 0 or 1, a choice's index, a count of changes) in the
 *  vocabulary's order, the text and table fields' entries,
 *  and the frames, which Swift writes once into one buffer and marks where they changed; the values too are marked
 *  where they changed, so C keeps no copy of either. */
typedef struct clua_context {
    const double *values;   /* one per vocabulary field */
    unsigned long long changed_values; /* bit f: values[f] differs from the last call's */
    const double *frames;   /* x, y, w, h per role */
    unsigned int present;   /* one bit per role that has a frame */
    unsigned long long changed[2]; /* bit b = 4 × role + k (in word b / 64): frames[b] differs from the last call's */
    int drawer;             /* the role index ctx.frames.drawer stands for */
    const clua_entries *entries; /* one per vocabulary field: read for the text and table fields only */
} clua_context;

/** Builds the context tables and the trampoline that refreshes them and calls the style function;
 *  `setup->result_ref` receives its registry reference. */
int clua_prepare_style(lua_State *L, clua_setup *setup);

/** Whether the style function of the trampoline `trampoline_ref` is a leaf (no loop, at most one tick interval of
 *  instructions), whose calls run without the count hook until it reaches another Lua function. */
int clua_style_is_leaf(lua_State *L, int trampoline_ref);
/** Calls the style trampoline with `context`, leaving the style function's result or the error on top, with the
 *  message handler below it: the caller sets the stack back to its top before the call. */
int clua_call_style(lua_State *L, int trampoline_ref, const clua_context *context);

#endif
