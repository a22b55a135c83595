// Test support for the pool suites: an object that counts its constructions and
// destructions (so "destroyed exactly once" is checkable) and a factory that
// throws on a chosen call.
#pragma once

#include <stdexcept>

#include "pool/pool.hpp"

namespace flatline::test {

struct Tracked {
  static inline int constructed = 0;
  static inline int destroyed = 0;
  static int alive() { return constructed - destroyed; }
  static void clear() { constructed = destroyed = 0; }

  int value = 0;
  Tracked() { ++constructed; }
  Tracked(const Tracked& other) : value(other.value) { ++constructed; }
  Tracked& operator=(const Tracked&) = default;
  ~Tracked() { ++destroyed; }
};

// Throws on its `fail_at`-th call (1-based) and only then; 0 never throws.
struct FlakyFactory {
  int* calls;
  int fail_at;
  Tracked operator()() const {
    if (++*calls == fail_at) throw std::runtime_error("factory failed");
    return Tracked{};
  }
};

using TrackedPool = Pool<Tracked>;
inline void reset_tracked(Tracked& t) {
  t.value = 0;
}

}  // namespace flatline::test
