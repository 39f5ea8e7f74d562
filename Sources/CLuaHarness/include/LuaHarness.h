/* A minimal C harness that drives a Lua styler's style function with the plain Lua C API: the floor against
 * which `panekit bench` measures PaneKit's own overhead per Lua styler call. */
#ifndef PANEKIT_LUA_HARNESS_H
#define PANEKIT_LUA_HARNESS_H

#include <stddef.h>

typedef struct {
    /** 1 when the plugin loaded and every call succeeded. */
    int ok;
    /** Nanoseconds per call of style(ctx), including filling ctx and reading back every returned field. */
    double ns_per_call;
    /** The sum of every number read back (so the reads cannot be optimised away, and for cross-checks). */
    double checksum;
    /** Lua's message when ok is 0. */
    char error[512];
} pk_harness_result;

/**
 * Runs `prelude` (PaneKit's sandbox and `panekit` helper table, the same Lua code plugins see; may be NULL), loads the
 * plugin `source` (chunk name `chunkname`), then calls its `style` function `iterations` times. Before each call
 * it fills every field of one reused context table with plain lua_setfield calls (closed cycling over
 * [-0.1, 1.1], open, reveal, time, direction, state, container, size, frames.pane and frames.drawer, params from
 * the manifest's defaults); after it, it reads back every field of the result (lua_next, recursively).
 */
pk_harness_result pk_harness_run(const char *prelude, const char *source, size_t length, const char *chunkname,
                                 long iterations, const char *direction, double reveal, double width, double height);

/**
 * The bare host: the same prelude and plugin, but one context table filled once (reveal, time, velocity,
 * direction, state, container, size, frames.pane, frames.drawer, empty params), and before each of `iterations`
 * calls only `closed` (cycling over [-0.1, 1.1]) and `open` are written. It reads back the simple styler's seven
 * numbers (pane.translate[1..3], pane.scale, drawer.alpha, drawer.translate[1..2]) with lua_getfield and
 * lua_rawgeti. The floor for `bare_overhead_ratio`.
 */
pk_harness_result pk_bare_host_run(const char *prelude, const char *source, size_t length, const char *chunkname,
                                   long iterations, double reveal, double width, double height);

#endif
