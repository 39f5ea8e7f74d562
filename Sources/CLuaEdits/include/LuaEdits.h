/* PaneKit's one decoder of the table a Lua style function returns (DESIGN §9): the grammar of edits, the role and
 * key names, and every message about a bad result. It reads with raw Lua API calls that cannot raise.
 *
 * Two modes, one grammar: without a problem list it stops at the first problem (the per-call fast path); with
 * one it reads the whole table and lists every problem with its key path (`pane.translate[2]: expected a number,
 * got nil`), which PaneKitLua sorts and reports. */
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
    PK_EDIT_CORNER_RADIUS = 256,
};

/* The number of roles, in PaneKit's Role order (ORDER ROLE). */
#define PK_ROLE_COUNT 16

/* The JSON name of each role, by index (ORDER ROLE): the one C table of role names. */
extern const char *const pk_role_names[PK_ROLE_COUNT];
/* pk_role_names[index], or NULL outside 0 ..< PK_ROLE_COUNT (for Swift, which cannot index a C array). */
const char *pk_role_name(int index);

/* The key under which the context's read-only tables (CLuaBridge) carry `true` in their metatable; the decoder
 * reads such a table (say `frame = ctx.frames.pane`) through its data table, as the plugin sees it. */
extern const char pk_context_marker;

typedef struct {
    unsigned int set;
    /* Core Animation's layout: m11, m12, …, m44 (row vectors). */
    double transform[16];
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
    /* top left, top right, bottom right, bottom left, each >= 0 */
    double corner_radius[4];
} pk_node_edit;

/* The number of slots of the decoder's key cache (a power of two). */
#define PK_KEY_CACHE_SIZE 64

/* One remembered key: the address of a key string's bytes met in an earlier result and what it named (a role
 * index, PK_ROLE_COUNT for `drawer`, 100 + the index of a node key, 200 + that of an operation). Lua interns short
 * strings, so the same key in the next result has the same address; the decoder still compares the bytes before
 * it trusts a slot. */
typedef struct {
    const char *address;
    int code;
} pk_key_slot;

typedef struct {
    /* One bit per role written (1 << role index). */
    unsigned int touched;
    pk_node_edit nodes[PK_ROLE_COUNT];
    /* Kept from call to call (zero it once before the first decode): the keys met, by address. */
    pk_key_slot keys[PK_KEY_CACHE_SIZE];
} pk_edits;

/* The problems of one result, each "path: message" (UTF-8, NUL-terminated, unsorted). */
typedef struct {
    char **items;
    int count;
    int capacity;
} pk_problems;

/**
 * Decodes the edits table at `index` into `out` (cleared first). `drawer_role` is the role index that the key
 * `drawer` stands for.
 * With `problems` NULL, stops at the first problem. With a list, reads everything and appends every problem.
 * Returns 1 when the table is valid. Never raises a Lua error; leaves the stack as it found it.
 */
int pk_decode_edits(lua_State *L, int index, int drawer_role, pk_edits *out, pk_problems *problems);

/* Frees the problems' texts and empties the list (it stays usable). */
void pk_problems_clear(pk_problems *problems);

/* The index of the candidate nearest to the `n` bytes of `word` (Levenshtein distance over scalars, ASCII letters
 * without case, at most about a third of the word's length: Suggestion.nearest), or -1 when none is near. */
int pk_nearest(const char *word, size_t n, const char *const *candidates, int count);

/* The name of CSS named colour `index` (sorted by name; `transparent` among them) and its 0xRRGGBBAA into *rgba,
 * or NULL past the last one: the decoder's table, for the test that it agrees with Color.cssNames. */
const char *pk_css_color(int index, unsigned int *rgba);

/* Exposed for tests: NumberFormat.string's text of `x` into buffer (at least 40 bytes). */
void pk_format_number(double x, char *buffer, size_t size);

#endif
