// The heap counter: a counting global operator new/delete for the whole process.
//
// "No allocation in the frame loop" is a claim; this is how it is measured. Every
// new/delete in the process (ours, the standard library's, a driver's C++) bumps
// relaxed atomic counters: cheap, thread-safe, always on. The game,
// the overlay and the tests read them, usually as a difference since a mark.
//
// The replacement operators live in heap_counter.cpp, built into the CMake object
// library `flatline_diag`: an executable that uses this header links it, and then
// every allocation of that process is counted.
//
// Beside them, malloc_counter.c counts the C allocator's calls (malloc, calloc,
// realloc, the aligned forms, free) of the whole process: the GL driver's and the
// X libraries' too, which operator new never sees. operator new itself calls
// malloc, so malloc_calls includes it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace flatline::heap {

struct Counts {
  std::uint64_t allocations = 0;  // calls to operator new (any form)
  std::uint64_t deallocations = 0;
  std::uint64_t bytes = 0;         // bytes requested by those allocations
  std::uint64_t malloc_calls = 0;  // C allocator calls, any library (0 if !malloc_counted())
  std::uint64_t free_calls = 0;

  friend Counts operator-(const Counts& a, const Counts& b) {
    return {a.allocations - b.allocations, a.deallocations - b.deallocations, a.bytes - b.bytes,
            a.malloc_calls - b.malloc_calls, a.free_calls - b.free_calls};
  }
  friend Counts operator+(const Counts& a, const Counts& b) {
    return {a.allocations + b.allocations, a.deallocations + b.deallocations, a.bytes + b.bytes,
            a.malloc_calls + b.malloc_calls, a.free_calls + b.free_calls};
  }
};

// Whether malloc is counted in this build: not under AddressSanitizer, which owns malloc.
bool malloc_counted();

// Totals since the process started.
Counts totals();

// A mark: counts since it was set. `Mark m; ...; m.since().allocations`.
class Mark {
 public:
  Mark() : start_(totals()) {}
  Counts since() const { return totals() - start_; }
  void reset() { start_ = totals(); }

 private:
  Counts start_;
};

}  // namespace flatline::heap
