// StaticGrid's candidate test (static_grid.cpp): the slab test of segment_vs_aabb for the
// four boxes of a block at once, lane by lane (simd.hpp's four lanes, no -march flag).
#pragma once

#include "lab/accel/simd.hpp"
#include "lab/accel/static_grid.hpp"

namespace flatline::lanes {

// One segment, ready for four boxes at once: each value in all four lanes.
struct Segment4 {
  simd::F4 from[3];  // p0's x, y, z
  simd::F4 inv[3];   // 1 / d per axis
  simd::F4 radius;
  int parallel = 0;  // bit a: |d[a]| < 1e-12, the segment runs along axis a's slabs
};

// segment_vs_aabb for the four boxes of a block at once (a structure-of-arrays slab test):
// lane by lane the same IEEE operations in the same order (grow by the radius, subtract p0,
// multiply by 1 / d, the min and max picks, the running enter and exit), so each lane's
// `enter` is bit for bit the t that segment_vs_aabb returns for that box. `limit` (the best
// t so far, 1 at first) replaces the slab test's exit of 1: a box entered later cannot win.
// Returns one bit per box hit no later than `limit`. No branches on the data: padding lanes
// and misses cost the same as hits.
struct Hits4 {
  simd::F4 enter;
  int mask;
};
template <bool kParallel>
inline Hits4 hits4(const StaticGrid::Block& b, const Segment4& s, simd::F4 limit) {
  simd::F4 enter = simd::splat(0.0f);
  simd::F4 exit = limit;
  simd::I4 outside = {0, 0, 0, 0};
  for (int a = 0; a < 3; ++a) {
    const simd::F4 lo = b.lo[a] - s.radius, hi = b.hi[a] + s.radius;  // Aabb::grown
    if constexpr (kParallel) {  // the same branch for every block of this query
      if ((s.parallel >> a & 1) != 0) {
        outside |= (s.from[a] < lo) | (s.from[a] > hi);  // inside this slab or never
        continue;
      }
    }
    const simd::F4 t0 = (lo - s.from[a]) * s.inv[a], t1 = (hi - s.from[a]) * s.inv[a];
    enter = simd::max(enter, simd::min(t0, t1));
    exit = simd::min(exit, simd::max(t0, t1));
  }
  return {enter, simd::bits((enter <= exit) & ~outside)};
}

}  // namespace flatline::lanes
