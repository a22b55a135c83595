// Replacement global operator new/delete that count (see heap_counter.hpp).
// Every form the standard lets a program replace is here, so nothing slips past.
#include "diag/heap_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

// The malloc counter (malloc_counter.c).
extern "C" {
void flatline_malloc_totals(std::uint64_t* malloc_calls, std::uint64_t* free_calls);
int flatline_malloc_counted();
}

namespace flatline::heap {
namespace {

// Plain globals of trivial atomic type: constant-initialised, so they work even
// for allocations made before main() and by other static initialisers.
std::atomic<std::uint64_t> g_allocations{0};
std::atomic<std::uint64_t> g_deallocations{0};
std::atomic<std::uint64_t> g_bytes{0};

void* counted_alloc(std::size_t size, std::size_t alignment) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(size, std::memory_order_relaxed);
  if (size == 0) size = 1;
  if (alignment <= alignof(std::max_align_t)) return std::malloc(size);
  const std::size_t rounded = (size + alignment - 1) / alignment * alignment;
  return std::aligned_alloc(alignment, rounded);
}

void* counted_alloc_or_throw(std::size_t size, std::size_t alignment) {
  while (true) {
    if (void* p = counted_alloc(size, alignment)) return p;
    std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

void counted_free(void* p) {
  if (p == nullptr) return;
  g_deallocations.fetch_add(1, std::memory_order_relaxed);
  std::free(p);
}

}  // namespace

Counts totals() {
  Counts c{g_allocations.load(std::memory_order_relaxed),
           g_deallocations.load(std::memory_order_relaxed),
           g_bytes.load(std::memory_order_relaxed)};
  flatline_malloc_totals(&c.malloc_calls, &c.free_calls);
  return c;
}

bool malloc_counted() {
  return flatline_malloc_counted() != 0;
}

}  // namespace flatline::heap

using flatline::heap::counted_alloc;
using flatline::heap::counted_alloc_or_throw;
using flatline::heap::counted_free;
constexpr std::size_t kDefaultAlign = alignof(std::max_align_t);

void* operator new(std::size_t n) {
  return counted_alloc_or_throw(n, kDefaultAlign);
}
void* operator new[](std::size_t n) {
  return counted_alloc_or_throw(n, kDefaultAlign);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return counted_alloc(n, kDefaultAlign);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return counted_alloc(n, kDefaultAlign);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return counted_alloc_or_throw(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return counted_alloc_or_throw(n, static_cast<std::size_t>(a));
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, static_cast<std::size_t>(a));
}

void operator delete(void* p) noexcept {
  counted_free(p);
}
void operator delete[](void* p) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  counted_free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  counted_free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  counted_free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  counted_free(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  counted_free(p);
}
