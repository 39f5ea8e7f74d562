/* The fast path of PaneKit's Lua edit decoder: reads a valid edits table into flat per-role records with nothing
 * but raw Lua API calls that cannot raise. Anything it does not fully understand (a problem, or a rarely used
 * key) makes it give up, and PaneKitLua's Swift decoder reads the table instead, with its precise messages. */
#ifndef PANEKIT_LUA_EDITS_H
#define PANEKIT_LUA_EDITS_H

#include <lua.h>

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
};

/* The number of roles, in PaneKit's Role order (ORDER ROLE). */
#define PK_ROLE_COUNT 13

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
} pk_node_edit;

typedef struct {
    /* One bit per role written (1 << role index). */
    unsigned int touched;
    pk_node_edit nodes[PK_ROLE_COUNT];
} pk_edits;

/**
 * Decodes the edits table at `index` into `out` (cleared first). `drawer_role` is the role index that the key
 * `drawer` stands for.
 * Returns 1 when the table was read completely; 0 when the Swift decoder must read it (a problem, or a rarely used
 * form such as a shadow given as a list). Never raises a Lua error; leaves the stack as it found it.
 */
int pk_decode_edits(lua_State *L, int index, int drawer_role, pk_edits *out);

#endif
