/* The malloc counter: the C allocator's calls, counted, beside the C++ operator new counter.
 *
 * Why our own malloc family in the executable, not a preload shim: a preloaded library
 * counts only when someone remembers LD_PRELOAD, and the game would have to find it at run
 * time. Defined here, malloc is the executable's own symbol, so the dynamic linker binds
 * every library of the process to it (libstdc++, the X libraries, the GL driver loaded
 * later by dlopen), from the first call before main() to the last, in every run and every
 * test. Each call forwards to glibc's allocator through its exported __libc_* entry points
 * (no dlsym: it would itself call calloc), so the heap is glibc's, unchanged; only two
 * relaxed atomic additions are added per call.
 *
 * Written in C so the definitions match glibc's declarations exactly.
 *
 * NOTE: AddressSanitizer replaces malloc itself. In a sanitized build (__SANITIZE_ADDRESS__)
 * none of this is defined, ASan keeps its allocator, and flatline_malloc_counted() says 0:
 * the counts read 0 and the overlay and stats say "not counted". Nor in the browser build
 * (__EMSCRIPTEN__): the process there is the browser, whose allocations a page cannot see. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

/* Constant-initialised: correct for the very first malloc, before any constructor runs. */
static uint64_t g_malloc_calls = 0; /* malloc, calloc, realloc, the aligned forms */
static uint64_t g_free_calls = 0;   /* free of a non-null pointer */

#if defined(__SANITIZE_ADDRESS__) || defined(__EMSCRIPTEN__)

int flatline_malloc_counted(void) {
  return 0;
}

#else

void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* ptr, size_t size);
void* __libc_memalign(size_t alignment, size_t size);
void* __libc_valloc(size_t size);
void* __libc_pvalloc(size_t size);
void __libc_free(void* ptr);

static void count_malloc(void) {
  __atomic_fetch_add(&g_malloc_calls, 1, __ATOMIC_RELAXED);
}

int flatline_malloc_counted(void) {
  return 1;
}

void* malloc(size_t size) {
  count_malloc();
  return __libc_malloc(size);
}

void* calloc(size_t count, size_t size) {
  count_malloc();
  return __libc_calloc(count, size);
}

void* realloc(void* ptr, size_t size) {
  count_malloc();  // a realloc may move the block: it is an allocation call like the others
  return __libc_realloc(ptr, size);
}

void* reallocarray(void* ptr, size_t count, size_t size) {
  size_t bytes = 0;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return NULL;
  }
  return realloc(ptr, bytes);
}

void* memalign(size_t alignment, size_t size) {
  count_malloc();
  return __libc_memalign(alignment, size);
}

void* aligned_alloc(size_t alignment, size_t size) {
  return memalign(alignment, size);
}

int posix_memalign(void** out, size_t alignment, size_t size) {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void* p = memalign(alignment, size);
  if (p == NULL) return ENOMEM;
  *out = p;
  return 0;
}

void* valloc(size_t size) {
  count_malloc();
  return __libc_valloc(size);
}

void* pvalloc(size_t size) {
  count_malloc();
  return __libc_pvalloc(size);
}

void free(void* ptr) {
  if (ptr == NULL) return;
  __atomic_fetch_add(&g_free_calls, 1, __ATOMIC_RELAXED);
  __libc_free(ptr);
}

#endif

void flatline_malloc_totals(uint64_t* malloc_calls, uint64_t* free_calls) {
  *malloc_calls = __atomic_load_n(&g_malloc_calls, __ATOMIC_RELAXED);
  *free_calls = __atomic_load_n(&g_free_calls, __ATOMIC_RELAXED);
}
