// Generational handles: the safe way to hold on to a pooled object.
//
// A slot index alone cannot tell "my bullet" from "whoever got slot 7 after my
// bullet was released". A Handle adds the slot's generation at the time it was
// vended and the id of the pool that vended it. The pool bumps a slot's
// generation every time the slot's object leaves play, so an old handle stops
// matching: it resolves to nothing instead of to somebody else's object.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>

namespace flatline {

struct Handle {
  static constexpr std::uint32_t kNullIndex = std::numeric_limits<std::uint32_t>::max();

  std::uint32_t index = kNullIndex;  // slot in the pool
  std::uint32_t generation = 0;      // 0 is never a live generation: Handle{} names nothing
  std::uint32_t pool = 0;            // id of the pool that vended it: foreign handles are caught

  bool is_null() const { return index == kNullIndex; }
  friend bool operator==(const Handle&, const Handle&) = default;
};

// Process-wide pool ids, so a handle from one pool is recognised as foreign by another.
// Ids start at 1; 0 is reserved for the null handle.
inline std::uint32_t next_pool_id() {
  static std::atomic<std::uint32_t> counter{0};
  std::uint32_t id = counter.fetch_add(1, std::memory_order_relaxed) + 1;
  if (id == 0) id = counter.fetch_add(1, std::memory_order_relaxed) + 1;  // wrapped: skip 0
  return id;
}

// Generation wraparound, decided: after the largest value a slot's generation
// goes back to 1 (never 0). A handle held across 2^bits reuses of one slot would
// match again; with 32 bits that is four billion releases of the same slot.
template <unsigned kBits>
constexpr std::uint32_t next_generation(std::uint32_t generation) {
  static_assert(kBits >= 2 && kBits <= 32, "generation needs 2..32 bits");
  constexpr std::uint32_t kMask = 0xFFFFFFFFu >> (32u - kBits);  // the low kBits bits
  std::uint32_t next = 0;
  if constexpr (kBits == 32) {
    const bool wrapped = __builtin_add_overflow(generation, 1u, &next);  // GCC and Clang
    return next + wrapped;  // 0xFFFFFFFF + 1 wraps to 0, plus the carry: 1. Compiles to add, adc
  } else {
    next = (generation + 1u) & kMask;
    return next + (next == 0u);  // 0 is skipped: the wrap lands on 1
  }
}

}  // namespace flatline
