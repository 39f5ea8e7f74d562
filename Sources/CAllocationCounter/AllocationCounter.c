/* Counts the calling thread's heap allocations by wrapping glibc's allocator entry points.
 * Defining malloc in the executable interposes it for every shared library too (libswiftCore included);
 * each wrapper forwards to glibc's own __libc_* function, so behaviour is unchanged. */
#include "AllocationCounter.h"

#if defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

/* Thread-local, so tests running in parallel do not count each other's allocations. */
static _Thread_local int counting;
static _Thread_local int64_t count;

static inline void note(void) {
    if (counting) count++;
}

void *malloc(size_t size) {
    note();
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
    note();
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size) {
    note();
    return __libc_realloc(p, size);
}

void free(void *p) { __libc_free(p); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    note();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    note();
    return __libc_memalign(alignment, size);
}

int pk_allocations_available(void) { return 1; }
void pk_allocations_begin(void) {
    count = 0;
    counting = 1;
}
int64_t pk_allocations_end(void) {
    counting = 0;
    return count;
}

#else

int pk_allocations_available(void) { return 0; }
void pk_allocations_begin(void) {}
int64_t pk_allocations_end(void) { return -1; }

#endif
