/* PaneKit's one decoder of the table a Lua style function returns (DESIGN §9): the grammar of edits. The names it
 * reads (roles, node keys, operations, colour names) come from Swift (pk_vocabulary, from StylerContract), and it
 * reports each problem as parts (pk_problem: kind, key path, expected, found) that Swift words. It reads with raw
 * Lua API calls that cannot raise.
 *
 * Two modes, one grammar: without a problem list it stops at the first problem (the per-call fast path); with
 * one it reads the whole table and lists every problem with its key path (`pane.translate[2]: expected a number,
 * got nil`), which PaneKitLua words, sorts and reports. */
#ifndef PANEKIT_LUA_EDITS_H
#define PANEKIT_LUA_EDITS_H

#include <lua.h>
#include <stddef.h>

/* Which parts of a node's edit are set. */
enum {
    PK_EDIT_TRANSFORM = 1,
    PK_EDIT_ANCHOR = 2,
    PK_EDIT_ALPHA = 4,
    PK_EDIT_Z = 8,
    PK_EDIT_HIDDEN = 16,
    PK_EDIT_SHADOW = 32,
    PK_EDIT_COLOR = 64,
    PK_EDIT_FRAME = 128,
    PK_EDIT_MATRIX = 256,
};

/* What a step of a transform is (pk_step.kind). */
enum {
    PK_STEP_TRANSLATE,   /* x, y, z */
    PK_STEP_SCALE,       /* x, y, z */
    PK_STEP_ROTATE,      /* radians, then the axis x, y, z */
    PK_STEP_PERSPECTIVE, /* m34 */
    PK_STEP_MATRIX,      /* m11, m12, …, m44 */
};

/* One step of a node's transform as the result gave it, its defaults filled in (a missing z, a uniform scale, the
 * z axis of a rotation). The decoder composes nothing: PaneKitLua composes the steps with Transform3D, the one
 * place transforms are composed, so a Lua transform is a Swift one. */
typedef struct {
    int kind;
    double v[16];
} pk_step;

/* The most roles the decoder holds edits for (one bit each in pk_edits.touched). */
#define PK_ROLE_COUNT 32

/* What the value of a node key is, as the decoder reads it: each edit key of PaneKitLua's StylerContract names one. */
enum {
    PK_KEY_TRANSLATE, PK_KEY_SCALE, PK_KEY_ROTATE, PK_KEY_PERSPECTIVE, PK_KEY_TRANSFORM, PK_KEY_OPS, PK_KEY_ANCHOR,
    PK_KEY_ALPHA, PK_KEY_SHADOW, PK_KEY_Z, PK_KEY_FRAME, PK_KEY_HIDDEN, PK_KEY_COLOR,
    /* A number ≥ `minimum` for every one of `count` slots, or a list of `count` numbers each ≥ `minimum`
     * (pk_key_form): a key of this form needs no C of its own. */
    PK_KEY_NUMBERS,
};

/* The most numbers all PK_KEY_NUMBERS keys of a node hold together (pk_node_edit.values). */
#define PK_EDIT_VALUES 16

/* The form of a PK_KEY_NUMBERS key: its numbers' count and lower bound, what the messages say it is (such as
 * "a number or a list {tl, tr, br, bl}"), and where its numbers go in pk_node_edit.values. */
typedef struct {
    int count;
    double minimum;
    const char *expected;
    int slot;
} pk_key_form;

/* The names the decoder reads, given by Swift (StylerContract) and kept for the process's life. The decoder words
 * no message, formats no number, cuts no UTF-8 and measures no edit distance: it reports each problem's parts
 * (pk_problem), and Swift writes the message. */
typedef struct pk_vocabulary {
    const char *const *roles; /* ORDER ROLE, at most PK_ROLE_COUNT */
    int role_count;
    const char *drawer; /* the key that stands for this direction's drawer */
    const char *const *node_keys; /* sorted: the message on an unknown key lists them in this order */
    const int *node_key_kinds;    /* PK_KEY_* of each */
    const pk_key_form *node_key_forms; /* each one's form, for PK_KEY_NUMBERS */
    int node_key_count;
    /* translate, scale, rotate, perspective, matrix: the steps of `ops`, in this order */
    const char *const *operations;
    int operation_count;
    /* CSS's named colours, sorted, lowercase, and each one's 0xRRGGBBAA (Color.cssNames) */
    const char *const *color_names;
    const unsigned int *color_values;
    int color_count;
    /* The `n` bytes of a key as a path shows it (whole up to 256 bytes, else a PluginText excerpt), malloc'd, and
     * its length into *length. */
    char *(*key)(const char *s, size_t n, size_t *length);
} pk_vocabulary;

/* The key under which the context's read-only tables (CLuaBridge) carry `true` in their metatable; the decoder
 * reads such a table (say `frame = ctx.frames.pane`) through its data table, as the plugin sees it. */
extern const char pk_context_marker;

typedef struct {
    unsigned int set;
    /* PK_EDIT_TRANSFORM: the transform is the `step_count` steps from `first_step` of pk_edits.steps, applied first
     * to last to the identity (`ops` as listed; the keyed parts as scale, rotate about x, y, z, perspective,
     * translate). */
    int first_step, step_count;
    /* PK_EDIT_MATRIX: the transform is this matrix as given (the `transform` key), Core Animation's layout: m11,
     * m12, …, m44 (row vectors). */
    double matrix[16];
    double anchor[2];
    double alpha;
    double z;
    int hidden;
    /* radius, opacity, offset x, offset y, then the colour's red, green, blue, alpha */
    double shadow[8];
    /* red, green, blue, alpha, each 0…1 */
    double color[4];
    /* x, y, w, h */
    double frame[4];
    /* One bit per node key (its index in the vocabulary) of form PK_KEY_NUMBERS written, and their numbers. */
    unsigned int keys;
    double values[PK_EDIT_VALUES];
} pk_node_edit;

/* The number of slots of the decoder's key cache (a power of two). */
#define PK_KEY_CACHE_SIZE 64

/* One remembered key: the address of a key string's bytes met in an earlier result and what it named (a role
 * index, the role count for `drawer`, 100 + the index of a node key, 200 + that of an operation). Lua interns short
 * strings, so the same key in the next result has the same address; the decoder still compares the bytes before
 * it trusts a slot. */
typedef struct {
    const char *address;
    int code;
    int length; /* the length in bytes of the name of `code`, written with it */
} pk_key_slot;

typedef struct {
    /* One bit per role written (1 << role index). */
    unsigned int touched;
    pk_node_edit nodes[PK_ROLE_COUNT];
    /* Kept from call to call (zero it once before the first decode): the keys met, by address. */
    pk_key_slot keys[PK_KEY_CACHE_SIZE];
    /* The transforms' steps of the result, node after node (pk_node_edit.first_step). The buffer is kept from call
     * to call and grows when a result needs more (freed by pk_edits_free), so a call allocates nothing once warm. */
    pk_step *steps;
    int step_count, step_capacity;
} pk_edits;

/* What a problem is (pk_problem.kind). Swift words each one (EditProblem.swift). */
enum {
    PK_PROBLEM_TYPE,              /* expected `expected`, got a value of type `got_type` */
    PK_PROBLEM_NOT_FINITE,        /* expected a finite number, got got[0] (nan, inf, -inf) */
    PK_PROBLEM_UNEXPECTED_KEY,    /* a key that `expected` (a table's form) does not have */
    PK_PROBLEM_NOT_A_LIST,        /* a key other than 1, 2, … in the list `expected` names */
    PK_PROBLEM_SHADOW_KEY,        /* a key a shadow does not have */
    PK_PROBLEM_GIVEN_TWICE,       /* a shadow's part given by name and by position */
    PK_PROBLEM_NEGATIVE,          /* expected a number ≥ got[1], got got[0] */
    PK_PROBLEM_NEGATIVE_SIZE,     /* expected a width and a height ≥ 0, got got[0] × got[1] */
    PK_PROBLEM_NOT_INTEGER,       /* expected an integer, got got[0] */
    PK_PROBLEM_COLOR,             /* expected a colour, got the string got_text or a value of type got_type */
    PK_PROBLEM_UNKNOWN_OPERATION, /* an operation named got_text, or a value of type got_type */
    PK_PROBLEM_ROTATE_COUNT,      /* a rotate step with `count` numbers */
    PK_PROBLEM_OPS_COMBINED,      /* ops beside keyed parts or a matrix */
    PK_PROBLEM_MATRIX_COMBINED,   /* a matrix beside keyed parts */
    PK_PROBLEM_UNKNOWN_KEY,       /* a node key named got_text (NULL: a key that is no string) */
    PK_PROBLEM_UNKNOWN_ROLE,      /* a role named got_text (NULL: a key that is no string) */
    PK_PROBLEM_SAME_NODE,         /* `drawer` and the role `count` it stands for, both given */
    PK_PROBLEM_NOT_A_TABLE,       /* the result is a value of type got_type */
    PK_PROBLEM_MEMORY,            /* the stack could not grow to read the result */
};

/* One problem of a result: its kind, its key path and its parts; Swift words it. */
typedef struct {
    int kind;
    char *path; /* the key path ("pane.translate[2]"; empty for the result itself), malloc'd */
    size_t path_length;
    const char *expected; /* what was expected (static text), or NULL */
    const char *got_type; /* the type of the value found (Lua's name), or NULL */
    double got[2];        /* the numbers found */
    char *got_text;       /* the string found (a key, a name, a value), malloc'd, or NULL */
    size_t got_length;
    int count; /* ROTATE_COUNT: the numbers given; SAME_NODE: the role index */
} pk_problem;

/* The problems of one result (unsorted). */
typedef struct {
    pk_problem *items;
    int count;
    int capacity;
} pk_problems;

/**
 * Decodes the edits table at `index` into `out` (cleared first). `drawer_role` is the role index that the key
 * `drawer` stands for.
 * With `problems` NULL, stops at the first problem. With a list, reads everything and appends every problem (the
 * strings of a problem point into Lua's strings only through copies; `expected` and `got_type` are static).
 * Returns 1 when the table is valid. Never raises a Lua error; leaves the stack as it found it.
 */
int pk_decode_edits(
    lua_State *L, const pk_vocabulary *vocabulary, int index, int drawer_role, pk_edits *out, pk_problems *problems);

/* Frees the buffer of steps that decoding left in `edits` (it stays usable). */
void pk_edits_free(pk_edits *edits);

/* Frees the problems' paths and texts and empties the list (it stays usable). */
void pk_problems_clear(pk_problems *problems);

/* Sorts the problems by key path, in the order their messages (`path: words`) sort, and returns how many of the
 * first must be worded to find the first `limit` messages: `limit`, and those after it whose path is the path of
 * the last of them (only the words tell those apart). A result with thousands of problems is worded no more than
 * one with `limit`. */
int pk_problems_order(pk_problems *problems, int limit);

#endif
