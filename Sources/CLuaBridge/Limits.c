/* The limits of a state: the allocator with its memory cap, the count hook with the instruction budget, and the
 * accessors Swift reads after a call. */
#include "Internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes "file.lua:LINE:" of the innermost Lua function with a current line into buffer (or "").
 * Reads the call stack only (lua_getinfo "Sl" neither allocates nor raises), so it is safe in hooks and in
 * the allocator. */
void clua_where(lua_State *L, int first_level, char *buffer, size_t size) {
    lua_Debug ar;
    buffer[0] = 0;
    for (int level = first_level; level < first_level + 16 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(buffer, size, "%s:%d:", ar.short_src, ar.currentline);
            return;
        }
    }
}


/* Bytes allocated per unit of budget: every byte a plugin's code makes (strings built by string.rep, format,
 * gsub or `..`, tables) is work charged to the call, so no library function can copy without limit. */
#define CLUA_ALLOCATED_BYTES_PER_UNIT 256

/* Charges an allocation; nonzero when the call is now past its budget. The allocator cannot raise, so past the
 * budget it arms the hook to raise at the next instruction (clua_arm_hook: lua_sethook may be called at any time). */
static inline int clua_charge_allocation(clua_control *c, size_t bytes) {
    c->allocated += bytes;
    c->spent += (long long)(c->allocated / CLUA_ALLOCATED_BYTES_PER_UNIT);
    c->allocated %= CLUA_ALLOCATED_BYTES_PER_UNIT;
    return c->spent > c->budget && c->main;
}

/* Sets the hook to run at every instruction, so a call past its budget ends at its next one. */
__attribute__((noinline)) static void clua_arm_hook(clua_control *c) {
    lua_sethook(c->main, clua_count_hook, LUA_MASKCOUNT, 1);
}

/* The smallest block whose same-size resize is charged (a table's array of 256 values): smaller rehashes cost
 * about as much as the instructions that caused them. */
#define CLUA_RESIZE_CHARGED 4096

/* Charges a scan of `bytes` done inside one instruction, one unit per 64 bytes (CLuaSandbox's rate for scans).
 * Out of line: only a rehash of a long array calls it. */
__attribute__((noinline)) static void clua_charge_scan(clua_control *c, size_t bytes) {
    c->spent += (long long)(bytes / 64);
    if (c->spent > c->budget && c->main) clua_arm_hook(c);
}

/* A refusal: the flag, and the place for the message. Out of line, so the allocator's common path keeps a small
 * frame (the lua_Debug of clua_where would otherwise cost every allocation a larger prologue). */
__attribute__((noinline, cold)) static void *clua_refuse(clua_control *c) {
    c->memory_refused = 1;
    c->fresh_size = 0;
    if (c->main) {
        lua_Debug ar;
        clua_where(c->main, 0, c->memory_where, sizeof c->memory_where);
        /* A very deep call stack at the refusal means runaway recursion: say so. */
        c->deep_stack = lua_getstack(c->main, 5000, &ar);
    }
    return NULL;
}

/* A pool: bytes reserved by the states that draw from it, the process's own (every state made without one) or a
 * run's. A state reserves in chunks, so most allocations touch only its own control block. */
#define CLUA_POOL_CHUNK ((size_t)64 << 10)
static size_t clua_pool;

size_t clua_pool_used(void) { return __atomic_load_n(&clua_pool, __ATOMIC_RELAXED); }

size_t clua_pool_load(const size_t *pool) { return __atomic_load_n(pool ? pool : &clua_pool, __ATOMIC_RELAXED); }

/* Keeps `fits`, the most a state may hold without a check: its reservation, but never past its cap. */
static inline void clua_note_reserved(clua_control *c) { c->fits = c->reserved < c->limit ? c->reserved : c->limit; }

/* Reserves from the pool enough for the state to hold `used` bytes; 0 when the pool's total would pass the
 * state's total_limit. Out of line: it runs once per 64 KiB of growth. */
__attribute__((noinline)) static int clua_pool_reserve(clua_control *c, size_t used) {
    size_t want = ((used - c->reserved) + CLUA_POOL_CHUNK - 1) / CLUA_POOL_CHUNK * CLUA_POOL_CHUNK;
    size_t before = __atomic_fetch_add(c->pool, want, __ATOMIC_RELAXED);
    if (before + want > c->total_limit || before + want < before) {
        __atomic_fetch_sub(c->pool, want, __ATOMIC_RELAXED);
        return 0;
    }
    c->reserved += want;
    clua_note_reserved(c);
    return 1;
}

/* Gives back to the pool what the state reserved beyond one chunk of slack. */
__attribute__((noinline)) static void clua_pool_release(clua_control *c) {
    size_t keep = (c->used + CLUA_POOL_CHUNK - 1) / CLUA_POOL_CHUNK * CLUA_POOL_CHUNK + CLUA_POOL_CHUNK;
    if (keep >= c->reserved) return;
    __atomic_fetch_sub(c->pool, c->reserved - keep, __ATOMIC_RELAXED);
    c->reserved = keep;
    clua_note_reserved(c);
}

/* Bytes of a Lua stack of `slots` values: Lua 5.4 keeps EXTRA_STACK (5) values of 16 bytes beyond its size. */
#define CLUA_STACK_BYTES(slots) (((size_t)(slots) + 5) * 16)

/* The values of a stack block of `bytes` (Lua 5.4 keeps EXTRA_STACK, 5, values of 16 bytes beyond its size). */
#define CLUA_STACK_SLOTS(bytes) ((bytes) / 16 - 5)

/* Whether an allocation is a Lua stack doubling past CLUA_MAX_STACK values. luaD_growstack doubles a stack: Lua
 * 5.4.4 allocates the new block afresh (osize 0), copies, and frees the old one, so a fresh block followed by the
 * free of one of half its values marks a stack (noted in stack_slots, see clua_note_free), and the next fresh block
 * of twice that many values is its next doubling; later releases reallocate it in place (ptr and osize given).
 * Table parts (16·2^k, 24·2^k bytes) and vectors double exact multiples of their element size and never take the
 * stack's shape ((2n + 5)·16 from (n + 5)·16); strings and other objects are allocated with their type in osize. */
static inline int clua_is_stack_past_limit(clua_control *c, void *ptr, size_t osize, size_t nsize) {
    if (nsize <= CLUA_STACK_BYTES(CLUA_MAX_STACK) || nsize % 16 != 0) return 0;
    if (ptr == NULL) return osize == 0 && c->stack_slots != 0 && CLUA_STACK_SLOTS(nsize) == 2 * c->stack_slots;
    return osize % 16 == 0 && osize > 80 && CLUA_STACK_SLOTS(nsize) == 2 * CLUA_STACK_SLOTS(osize);
}

/* A free right after a fresh block of twice its values: the fresh block was a stack's doubling (Lua 5.4.4). */
static inline void clua_note_free(clua_control *c, size_t osize) {
    if (c->fresh_size != 0 && osize % 16 == 0 && osize > 80 &&
        CLUA_STACK_SLOTS(c->fresh_size) == 2 * CLUA_STACK_SLOTS(osize))
        c->stack_slots = CLUA_STACK_SLOTS(c->fresh_size);
    c->fresh_size = 0;
}

/* A stack past CLUA_MAX_STACK values is refused, and the call's budget is spent: the call ends at its next
 * instruction even if the plugin catches the error (a chain of __call tables built after setmetatable costs a
 * quadratic stack shift inside one instruction, about 0.07 s up to this size, so a plugin must not repeat it). */
__attribute__((noinline, cold)) static void *clua_refuse_stack(clua_control *c) {
    c->pool_refused = 0;
    c->stack_refused = 1;
    if (c->spent <= c->budget) c->spent = c->budget + 1;
    if (c->main) lua_sethook(c->main, clua_count_hook, LUA_MASKCOUNT, 1);
    return clua_refuse(c);
}

/* The checks of a growth that is large or passes the state's reservation from the pool: 0 when it is refused (the
 * refusal noted). Out of line: most blocks are small and fit (clua_alloc's fast path). */
__attribute__((noinline)) static int clua_alloc_allowed(clua_control *c, void *ptr, size_t osize, size_t nsize, size_t old) {
    if (nsize > old) {
        if (c->used - old + nsize > c->limit) {
            c->pool_refused = 0;
            c->stack_refused = 0;
            clua_refuse(c);
            return 0;
        }
        /* A stack past CLUA_MAX_STACK values: a runaway recursion, or a chain of __call tables, which Lua follows
         * inside one instruction, moving the whole stack up one value per link (quadratic, outside the budget). */
        if (clua_is_stack_past_limit(c, ptr, osize, nsize)) {
            clua_refuse_stack(c);
            return 0;
        }
        /* A large block made afresh for no object (osize 0): a table's new array or hash part, filled by
         * reinserting every key inside one instruction (a full hash part that gains and loses keys is rebuilt at
         * every insertion), a stack, a string buffer: one unit per 64 bytes on top of the allocation's own. */
        if (ptr == NULL && osize == 0 && nsize >= CLUA_RESIZE_CHARGED) clua_charge_scan(c, nsize);
        if (c->used - old + nsize > c->reserved && !clua_pool_reserve(c, c->used - old + nsize)) {
            c->pool_refused = 1;
            c->stack_refused = 0;
            clua_refuse(c);
            return 0;
        }
    } else if (nsize == old && nsize >= CLUA_RESIZE_CHARGED) {
        /* A block resized to its own size: a table's rehash keeping its array part (luaH_resize reallocates the
         * array even when its size stays). The rehash scans that array inside one instruction, so a table with a
         * long array and a full hash part that gains and loses keys would rehash without limit: one unit per 64
         * bytes (4 values) of the array is charged. */
        clua_charge_scan(c, nsize);
    }
    return 1;
}

/* The allocator's paths that call something besides the system allocator live out of line, each ending in a tail
 * call, so clua_alloc itself keeps no registers across a call: 26 calls of it make up a typical style call.
 *
 * Every block is counted before the system allocator is called. A growth that malloc or realloc itself then fails
 * (the process is out of memory: a refusal of the cap returns before) stays counted, so the state's count errs
 * high, never low, and the cap still holds. A shrink is counted once it is made. */

/* A block made smaller (rare: Lua shrinks a vector or a table's part). */
__attribute__((noinline)) static void *clua_shrink(clua_control *c, void *ptr, size_t nsize, size_t used) {
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    c->allocations++;
    c->used = used;
    c->fresh_size = 0;
    return p;
}

/* A growth that took the call past its budget: the hook is armed before the block is made. */
__attribute__((noinline)) static void *clua_grow_past_budget(clua_control *c, void *ptr, size_t nsize) {
    clua_arm_hook(c);
    return ptr == NULL ? malloc(nsize) : realloc(ptr, nsize);
}

/* A free after which the state holds more than four chunks it does not use: some go back to the pool. */
__attribute__((noinline)) static void *clua_free_releasing(clua_control *c, void *ptr) {
    free(ptr);
    clua_pool_release(c);
    return NULL;
}

/* Counts a block of `nsize` bytes at `ptr` (`osize` as Lua gives it) and makes it; the checks are done. */
static inline __attribute__((always_inline)) void *clua_alloc_counted(
    clua_control *c, void *ptr, size_t osize, size_t nsize) {
    size_t old = ptr ? osize : 0;
    size_t used = c->used - old + nsize;
    if (nsize < old) return clua_shrink(c, ptr, nsize, used);
    c->allocations++;
    c->used = used;
    c->fresh_size = ptr == NULL && osize == 0 ? nsize : 0;
    if (used > c->peak) c->peak = used;
    if (used > c->call_peak) c->call_peak = used;
    if (nsize > old && clua_charge_allocation(c, nsize - old)) return clua_grow_past_budget(c, ptr, nsize);
    /* A fresh block (most of a call's: the tables a result is built of) from malloc, which skips realloc's own
     * dispatch on a null pointer. */
    return ptr == NULL ? malloc(nsize) : realloc(ptr, nsize);
}

/* A block that is large or passes `fits`: the checks of clua_alloc_allowed first. */
__attribute__((noinline)) static void *clua_alloc_checked(clua_control *c, void *ptr, size_t osize, size_t nsize) {
    if (!clua_alloc_allowed(c, ptr, osize, nsize, ptr ? osize : 0)) return NULL;
    return clua_alloc_counted(c, ptr, osize, nsize);
}

/* The allocator: refuses any growth past the cap. Lua answers a refusal with an emergency collection and
 * one retry, then a memory error; the place is noted for the message. */
static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_control *c = (clua_control *)ud;
    if (nsize == 0) {
        /* Lua also "frees" absent blocks (a table's empty array part): free(NULL) would be a wasted call. */
        if (ptr == NULL) return NULL;
        clua_note_free(c, osize);
        c->used -= osize;
        if (c->reserved - c->used > 4 * CLUA_POOL_CHUNK) return clua_free_releasing(c, ptr);
        free(ptr);
        return NULL;
    }
    /* A block below CLUA_RESIZE_CHARGED bytes that stays within `fits` (the reservation, never past the cap) needs
     * none of the checks: no stack that large, no scan to charge, nothing to reserve. */
    if (nsize >= CLUA_RESIZE_CHARGED || c->used - (ptr ? osize : 0) + nsize > c->fits)
        return clua_alloc_checked(c, ptr, osize, nsize);
    return clua_alloc_counted(c, ptr, osize, nsize);
}

/* Raises the instruction-limit error, placed at the innermost Lua line (luaL_error would name a C caller).
 * From then on the hook runs at every instruction, so a plugin that catches the error with pcall cannot go on. */
void clua_budget_raise(lua_State *L) {
    clua_control *c = clua_control_of(L);
    if (!c->budget_exceeded) {
        c->budget_exceeded = 1;
        clua_where(L, 0, c->budget_where, sizeof c->budget_where);
    }
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, 1);
    if (c->interrupted)
        lua_pushfstring(L, "%s%sinterrupted: the call ran past its time limit", c->budget_where,
                        c->budget_where[0] ? " " : "");
    else
        lua_pushfstring(L, "%s%sinstruction limit exceeded: a call may run at most %I instructions", c->budget_where,
                        c->budget_where[0] ? " " : "", (lua_Integer)c->budget);
    lua_error(L);
}

static void clua_tick(lua_State *L, clua_control *c, long long n);

/* The count hook: charges the instructions run since the last tick (its own count: a coroutine's hook may still
 * tick every instruction after an earlier call ran out) to the call's budget. */
void clua_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    clua_tick(L, clua_control_of(L), lua_gethookcount(L));
}

/* The metered hook, run at every instruction: a tick every `interval` of them, as the plain hook's. */
static void clua_metered_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    clua_control *c = clua_control_of(L);
    if (++c->meter_phase < c->interval) return;
    c->meter_phase = 0;
    clua_tick(L, c, c->interval);
}

void clua_set_count_hook(lua_State *L) {
    clua_control *c = clua_control_of(L);
    if (c->metered)
        lua_sethook(L, clua_metered_hook, LUA_MASKCOUNT, 1);
    else
        lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
}

void clua_set_metered(lua_State *L, int on) { clua_control_of(L)->metered = on != 0; }

long long clua_call_cost(lua_State *L) {
    clua_control *c = clua_control_of(L);
    return c->spent + c->meter_phase;
}

size_t clua_call_peak(lua_State *L) { return clua_control_of(L)->call_peak; }

/* Charges `n` instructions run since the last tick to the call's budget; past it (or asked to by a watchdog),
 * raises. */
static void clua_tick(lua_State *L, clua_control *c, long long n) {
    c->spent += n;
    long long interrupt = __atomic_load_n(&c->interrupt_call, __ATOMIC_RELAXED);
    if (interrupt != 0 && interrupt == c->calls && !c->budget_exceeded) {
        /* A watchdog ends this call: from here on it is a call past its budget (every instruction raises, so a
         * plugin that catches the error cannot go on), told apart by `interrupted`. */
        c->interrupted = 1;
        if (c->spent <= c->budget) c->spent = c->budget + 1;
    }
    if (c->spent <= c->budget) return;
    clua_budget_raise(L);
}

void clua_interrupt(lua_State *L, long long call) {
    __atomic_store_n(&clua_control_of(L)->interrupt_call, call, __ATOMIC_RELAXED);
}

int clua_interrupted(lua_State *L) { return clua_control_of(L)->interrupted; }

static int clua_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "panekit: unprotected Lua error (a bug in PaneKit): %s\n", message ? message : "?");
    fflush(stderr);
    abort();
    return 0;
}

/** A new state with the cap and the budget, or NULL when even an empty state does not fit the cap. */
lua_State *clua_newstate(size_t memory_limit, long long budget) {
    int pool_refused = 0;
    return clua_newstate_pooled(memory_limit, (size_t)-1, budget, &pool_refused, NULL);
}

/* Gives back everything the state reserved from the pool. */
static void clua_pool_return(clua_control *c) {
    __atomic_fetch_sub(c->pool, c->reserved, __ATOMIC_RELAXED);
    c->reserved = 0;
    clua_note_reserved(c);
}

lua_State *clua_newstate_pooled(size_t memory_limit, size_t total_limit, long long budget, int *pool_refused,
                                size_t *pool) {
    *pool_refused = 0;
    clua_control *c = (clua_control *)calloc(1, sizeof(clua_control));
    if (c == NULL) return NULL;
    c->pool = pool ? pool : &clua_pool;
    c->limit = memory_limit;
    c->total_limit = total_limit;
    c->budget = budget < 1 ? 1 : budget;
    c->interval = c->budget < 1000 ? (int)c->budget : 1000;
    lua_State *L = lua_newstate(clua_alloc, c);
    if (L == NULL) {
        *pool_refused = c->pool_refused;
        clua_pool_return(c);
        free(c);
        return NULL;
    }
    c->main = L;
    lua_atpanic(L, clua_panic);
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
    return L;
}

/** Closes the state (finalizers run under a fresh budget) and frees its control block. */
void clua_close(lua_State *L) {
    clua_control *c = clua_control_of(L);
    c->spent = 0;
    c->budget_exceeded = 0;
    lua_sethook(L, clua_count_hook, LUA_MASKCOUNT, c->interval);
    lua_close(L);
    clua_pool_return(c);
    free(c);
}

/** The number of the call running now, or 0 when none runs: safe to read from another thread while the state
 *  runs (a watchdog compares two readings some seconds apart). */
long long clua_running_call(lua_State *L) {
    clua_control *c = clua_control_of(L);
    if (!__atomic_load_n(&c->in_call, __ATOMIC_RELAXED)) return 0;
    return __atomic_load_n(&c->calls, __ATOMIC_RELAXED);
}

size_t clua_memory_used(lua_State *L) { return clua_control_of(L)->used; }
long long clua_allocations(lua_State *L) { return clua_control_of(L)->allocations; }
size_t clua_memory_peak(lua_State *L) { return clua_control_of(L)->peak; }
size_t clua_memory_limit(lua_State *L) { return clua_control_of(L)->limit; }
long long clua_budget(lua_State *L) { return clua_control_of(L)->budget; }
long long clua_spent(lua_State *L) { return clua_control_of(L)->spent; }
int clua_budget_exceeded(lua_State *L) { return clua_control_of(L)->budget_exceeded; }
int clua_memory_refused(lua_State *L) { return clua_control_of(L)->memory_refused; }
int clua_pool_refused(lua_State *L) { return clua_control_of(L)->pool_refused; }
size_t clua_total_limit(lua_State *L) { return clua_control_of(L)->total_limit; }
size_t clua_reserved(lua_State *L) { return clua_control_of(L)->reserved; }
int clua_deep_stack(lua_State *L) { return clua_control_of(L)->deep_stack; }
int clua_stack_refused(lua_State *L) { return clua_control_of(L)->stack_refused; }
const char *clua_budget_where(lua_State *L) { return clua_control_of(L)->budget_where; }
const char *clua_memory_where(lua_State *L) { return clua_control_of(L)->memory_where; }

