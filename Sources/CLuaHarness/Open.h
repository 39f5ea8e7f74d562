/* What the bench's two C hosts share: a plain state with the sandbox's whitelist, the prelude and the plugin. */
#ifndef PANEKIT_LUA_HARNESS_OPEN_H
#define PANEKIT_LUA_HARNESS_OPEN_H

#include "LuaHarness.h"

#include <lua.h>

/* A new plain state with the whitelisted libraries, `prelude` run (may be NULL) and the plugin `source` run, its
 * table on top of the stack; NULL with r->error set when any step fails. */
lua_State *pk_harness_open(const char *prelude, const char *source, size_t length, const char *chunkname,
                           pk_harness_result *r);

#endif
