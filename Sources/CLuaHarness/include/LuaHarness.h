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
 * Loads the plugin `source` (chunk name `chunkname`), then calls its `style` function `iterations` times with
 * one reused context table (closed fraction cycling over [-0.1, 1.1], direction, reveal, size, time, state,
 * frames.pane and frames.drawer, params from the manifest defaults), walking the returned table each time.
 */
pk_harness_result pk_harness_run(const char *source, size_t length, const char *chunkname, long iterations,
                                 const char *direction, double reveal, double width, double height);

#endif
