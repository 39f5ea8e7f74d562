/* Leaf calls: the instruction budget of a style function without loops.
 *
 * The count hook costs every instruction of a call, not only the ticks: while a count hook is set, stock Lua 5.4
 * routes each instruction through luaG_traceexec (about 15 instructions of its own). A function whose bytecode has
 * no loop and no backward jump runs each of its instructions at most once, so a call of it is bounded by its length
 * and needs no count. Such a call (at most one tick interval long, so the budget's granularity is unchanged) runs
 * with a call hook alone: its own entry passes, a C function passes (the sandbox's library charges its own work),
 * and the first Lua function it reaches (a helper, a metamethod, a coroutine's body) brings the count hook back for
 * the rest of the call. Allocations are charged as before; a charge past the budget sets the count hook at once. */
#include "Internal.h"

#include <string.h>

/* Lua 5.4's opcodes that loop (lopcodes.h): the numeric and generic for loops, and OP_JMP (backward when its sJ
 * is negative). Opcodes past OP_EXTRAARG are unknown: such a function is not a leaf. */
enum {
    CLUA_OP_JMP = 56, CLUA_OP_FORLOOP = 73, CLUA_OP_FORPREP = 74, CLUA_OP_TFORPREP = 75, CLUA_OP_TFORCALL = 76,
    CLUA_OP_TFORLOOP = 77, CLUA_OP_EXTRAARG = 82
};

/* The start of a Lua 5.4 binary chunk (ldump.c): signature, version 5.4, format 0, LUAC_DATA, then the sizes of
 * Instruction, lua_Integer and lua_Number, LUAC_INT and LUAC_NUM (8 bytes each), and the main closure's upvalue
 * count. */
#define CLUA_DUMP_HEADER 32

/* The bytes of a dump up to the function's code, for a function of at most CLUA_LEAF_MAX instructions. */
#define CLUA_LEAF_MAX 1000
typedef struct {
    unsigned char bytes[CLUA_DUMP_HEADER + 64 + 4 * CLUA_LEAF_MAX];
    size_t length;
} clua_dump;

/* lua_dump's writer: keeps the first bytes and stops the dump once they are full (a longer function is no leaf). */
static int clua_dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    clua_dump *d = (clua_dump *)ud;
    if (size > sizeof d->bytes - d->length) {
        memcpy(d->bytes + d->length, p, sizeof d->bytes - d->length);
        d->length = sizeof d->bytes;
        return 1;
    }
    memcpy(d->bytes + d->length, p, size);
    d->length += size;
    return 0;
}

/* Reads one of ldump.c's sizes (7 bits a byte, most significant first, the last byte marked with 0x80) at *at;
 * 0 when the dump ends first or the value passes `limit`. */
static int clua_dump_size(const clua_dump *d, size_t *at, size_t limit, size_t *value) {
    size_t x = 0;
    while (*at < d->length) {
        unsigned char b = d->bytes[(*at)++];
        x = (x << 7) | (b & 0x7f);
        if (x > limit) return 0;
        if (b & 0x80) {
            *value = x;
            return 1;
        }
    }
    return 0;
}

int clua_is_leaf(lua_State *L, int idx, int max_length) {
    static const unsigned char signature[] = {0x1b, 'L', 'u', 'a', 0x54, 0, 0x19, 0x93, '\r', '\n', 0x1a, '\n', 4, 8, 8};
    if (lua_type(L, idx) != LUA_TFUNCTION || lua_iscfunction(L, idx)) return 0;
    if (max_length > CLUA_LEAF_MAX) max_length = CLUA_LEAF_MAX;
    clua_dump d;
    d.length = 0;
    lua_pushvalue(L, idx);
    (void)lua_dump(L, clua_dump_writer, &d, 1);
    lua_pop(L, 1);
    if (d.length < CLUA_DUMP_HEADER || memcmp(d.bytes, signature, sizeof signature) != 0) return 0;
    size_t at = CLUA_DUMP_HEADER, skipped, length;
    /* The source (stripped: none), linedefined, lastlinedefined, then numparams, is_vararg, maxstacksize. */
    if (!clua_dump_size(&d, &at, 0, &skipped)) return 0;
    for (int i = 0; i < 2; i++)
        if (!clua_dump_size(&d, &at, (size_t)-1 >> 8, &skipped)) return 0;
    at += 3;
    if (!clua_dump_size(&d, &at, (size_t)max_length, &length) || length == 0 || d.length - at < 4 * length) return 0;
    for (size_t i = 0; i < length; i++) {
        unsigned int instruction;
        memcpy(&instruction, d.bytes + at + 4 * i, 4);
        unsigned int op = instruction & 0x7f;
        int jump = (int)(instruction >> 7) - ((1 << 24) - 1);
        if (op > CLUA_OP_EXTRAARG || (op >= CLUA_OP_FORLOOP && op <= CLUA_OP_TFORLOOP) || (op == CLUA_OP_JMP && jump < 0))
            return 0;
    }
    return 1;
}

/* The hook of a leaf call: see the top of this file. */
static void clua_leaf_hook(lua_State *L, lua_Debug *ar) {
    clua_control *c = clua_control_of(L);
    if (c->leaf_entry) {
        c->leaf_entry = 0;
        return;
    }
    if (ar->event == LUA_HOOKCALL) {
        lua_getinfo(L, "f", ar);
        int native = lua_iscfunction(L, -1);
        lua_pop(L, 1);
        if (native) return;
    }
    clua_set_count_hook(L);
}

void clua_budget_leaf(lua_State *L) {
    /* A metered call counts every instruction: the count hook stays. */
    if (clua_control_of(L)->metered) return;
    clua_control_of(L)->leaf_entry = 1;
    lua_sethook(L, clua_leaf_hook, LUA_MASKCALL, 0);
}
