/* Counting heap allocations made by the current thread, for the benchmark and the allocation test.
 * On glibc the counter wraps malloc, calloc, realloc, posix_memalign and aligned_alloc; elsewhere counting is
 * unavailable and pk_allocations_available() returns 0. */
#ifndef PANEKIT_ALLOCATION_COUNTER_H
#define PANEKIT_ALLOCATION_COUNTER_H

#include <stdint.h>

/** 1 when allocations can be counted on this platform. */
int pk_allocations_available(void);
/** Starts counting the calling thread's allocations from zero. */
void pk_allocations_begin(void);
/** Stops counting and returns how many allocations the calling thread made since pk_allocations_begin. */
int64_t pk_allocations_end(void);

#endif
