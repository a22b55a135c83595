// The heap counter: a counting global operator new/delete for the whole process.
//
// "No allocation in the frame loop" is a claim; this is how it is measured. Every
// new/delete in the process (ours, the standard library's, ImGui's when routed
// here) bumps relaxed atomic counters: cheap, thread-safe, always on. The game,
// the overlay and the tests read them, usually as a difference since a mark.
//
// The replacement operators live in heap_counter.cpp, built as the CMake object
// library `flatline_heap_counter`: an executable that uses this header links it,
// and then every allocation of that process is counted.
#pragma once

#include <cstddef>
#include <cstdint>

namespace flatline::heap {

struct Counts {
  std::uint64_t allocations = 0;  // calls to operator new (any form)
  std::uint64_t deallocations = 0;
  std::uint64_t bytes = 0;  // bytes requested by those allocations

  friend Counts operator-(const Counts& a, const Counts& b) {
    return {a.allocations - b.allocations, a.deallocations - b.deallocations, a.bytes - b.bytes};
  }
  friend Counts operator+(const Counts& a, const Counts& b) {
    return {a.allocations + b.allocations, a.deallocations + b.deallocations, a.bytes + b.bytes};
  }
};

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
