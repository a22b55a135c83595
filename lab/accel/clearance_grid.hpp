// The bullet tick's fast path: "this segment certainly hits nothing", in a few compares.
//
// Measured (lab/bench/tick_bench.cpp): the exact first-hit query (StaticGrid + 8 targets,
// a slab test with divisions per box) is ~95% of a bullet's tick, and most bullets
// hit nothing on most ticks. So before the exact query we ask a cheaper, conservative
// question. At load, every cell of a coarse grid gets a *free box*: a box that contains
// the cell and touches no obstacle (arena boxes and the whole sweep of every moving
// target, grown by the bullet radius and a margin). A box is convex, so a segment whose
// two end points lie in it lies in it entirely: it cannot hit anything this tick, and
// the exact query is skipped. Anything else (near a wall, a target, the floor) takes
// the exact path, so results are bit-for-bit those of the exact query alone.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include "lab/accel/simd.hpp"
#include "physics/collision.hpp"

namespace flatline {

class ClearanceGrid {
 public:
  static constexpr std::size_t kMaxObstacles = 65535;  // named by 16-bit index
  ClearanceGrid() = default;
  // `obstacles`: every box a bullet can hit, wherever it can be (grown by the radius).
  ClearanceGrid(std::span<const Aabb> obstacles, const glm::vec3& cell_size);

  // True only when the segment p0 -> p1 touches no obstacle. False means "ask the
  // exact query" (it may still hit nothing). Inline, in SIMD lanes (simd.hpp) and without
  // branches: it runs once per bullet per tick, and its answer is unpredictable.
  bool clear(const glm::vec3& p0, const glm::vec3& p1) const {
    return clear(simd::load(p0, 0.0f), simd::load(p1, 0.0f));
  }
  bool clear(simd::F4 p0, simd::F4 p1) const {  // points with w = 0
    const simd::F4 lo = simd::min(p0, p1);
    const simd::F4 hi = simd::max(p0, p1);
    // Above the arena or outside it: nothing at all to hit (a bullet fired at the sky).
    const bool outside = simd::any((lo > bounds_max_) | (hi < bounds_min_));
    // The cell of p0. A point off the grid reads an edge cell, and the answer ignores it.
    const simd::F4 c = (p0 - grid_origin_) * inv_cell4_;
    const bool on_grid = simd::all((c >= simd::splat(0.0f)) & (c < cells_));
    // Clamped without branches: max(0, NaN) is 0 (the compare is false), min caps infinity.
    const simd::F4 clamped = simd::min(last_cell_, simd::max(simd::splat(0.0f), c));
    const simd::I4 i = __builtin_convertvector(clamped, simd::I4);  // truncation: floor, >= 0
    const std::size_t cell =
        (static_cast<std::size_t>(i[2]) * ny_ + static_cast<std::size_t>(i[1])) * nx_ +
        static_cast<std::size_t>(i[0]);
    // Two free boxes per cell: one grown sideways first (long flat flights), one grown
    // vertically first (steep shots). Either containing the segment proves it clear.
    const FreeBoxes& f = free_[cell];
    return outside | (on_grid & (f.flat.holds(lo, hi) | f.tall.holds(lo, hi)));
  }

  // clear() for four segments at once, as a structure of arrays (lane i of x, y, z: segment
  // i): the bounds, the cell and the grid range are worked out per axis for four segments
  // in one instruction each, where clear() spends one per segment. Bit i of the result is
  // exactly clear() of segment i (the same compares; the cell index is built in floats,
  // exact below 2^24 cells, which the constructor checks). Made once per tick: it keeps
  // the grid's constants per axis, ready to use, in the caller's registers.
  struct Points4 {
    simd::F4 x, y, z;
  };
  class Batch;  // below the class

  // The obstacles (indices into the list given at construction, ascending) that the
  // segment p0 -> p1 could touch: those near the cell of p0. Valid only when the segment
  // stays in that neighbourhood; otherwise ask every obstacle. Testing these few, in this
  // order, finds the same first hit as testing them all.
  struct Candidates {
    const std::uint16_t* begin = nullptr;
    const std::uint16_t* end = nullptr;
    bool valid = false;
    const ClearanceGrid* grid = nullptr;  // whose obstacles the indices name
  };
  // Two neighbourhoods per cell: a close one, for a short segment (a slow bullet, or one
  // that starts deep inside its cell), with a few obstacles; else a wide one, as far as a
  // fast bullet's tick reaches, with many more.
  Candidates candidates(const glm::vec3& p0, const glm::vec3& p1) const {
    const std::ptrdiff_t cell = cell_of(p0);
    if (cell < 0) return {};
    const glm::vec3 lo = glm::min(p0, p1), hi = glm::max(p0, p1);
    if (holds(close_[cell], lo, hi)) return close_lists_.of(cell, this);
    if (!holds(near_[cell], lo, hi)) return {};
    return near_lists_.of(cell, this);
  }

  std::size_t cell_count() const { return free_.size(); }
  // The obstacles it was built for, as given.
  std::span<const Aabb> obstacles() const { return obstacles_; }
  // Whether `box` lies inside obstacle `obstacle` as built (give or take half the margin
  // every free box keeps): then the grid's answers still hold for it.
  bool covers(std::size_t obstacle, const Aabb& box) const;
  // Kept between a free box and any obstacle: far above float rounding at arena scale
  // (an ulp at 30 m is 2 µm), so "inside the free box" can never round into a hit.
  static constexpr float kMargin = 0.01f;

  // A first test for first_hit_near(): could the segment p0 -> p0 + d touch obstacle i?
  // The slab test in SIMD lanes, with 1 / d computed once per segment, against the obstacle
  // grown by a slack far above rounding (and above the half margin clearance_applies()
  // allows a target): it never says no where the exact test could say hit, and says no
  // to nearly every obstacle that is not hit, without a division or a branch.
  struct Probe {
    simd::F4 p0;     // w: 0
    simd::F4 inv_d;  // 1 / d, w: 1 (so the padding lane allows any t in [-1, 1])
    bool usable;     // false for a segment parallel to an axis (or not finite): no probe
  };
  static Probe probe(const glm::vec3& p0, const glm::vec3& p1) {
    const glm::vec3 d = p1 - p0;
    const bool usable = (std::fabs(d.x) >= 1e-12f) & (std::fabs(d.y) >= 1e-12f) &
                        (std::fabs(d.z) >= 1e-12f) & std::isfinite(d.x + d.y + d.z);
    return {simd::load(p0, 0.0f), simd::splat(1.0f) / simd::load(d, 1.0f), usable};
  }
  bool may_hit(const Probe& probe, std::size_t obstacle) const {
    const FreeBox& box = probe_rows_[obstacle];
    const simd::F4 t0 = (box.min - probe.p0) * probe.inv_d;
    const simd::F4 t1 = (box.max - probe.p0) * probe.inv_d;
    const simd::F4 enter = simd::min(t0, t1), exit = simd::max(t0, t1);
    const float first = std::max(std::max(enter[0], enter[1]), std::max(enter[2], 0.0f));
    const float last = std::min(std::min(exit[0], exit[1]), std::min(exit[2], 1.0f));
    return !probe.usable || first <= last;
  }

 private:
  // A free box as two SIMD rows; the padding lane (w) is -inf in min and +inf in max, so
  // it holds any point with w = 0. A blocked cell's box is empty (min > max): it holds none.
  struct FreeBox {
    simd::F4 min;
    simd::F4 max;
    bool holds(simd::F4 lo, simd::F4 hi) const { return simd::all((lo >= min) & (hi <= max)); }
  };
  static FreeBox to_rows(const Aabb& box);
  static bool holds(const Aabb& box, const glm::vec3& lo, const glm::vec3& hi) {
    return lo.x >= box.min.x && lo.y >= box.min.y && lo.z >= box.min.z && hi.x <= box.max.x &&
           hi.y <= box.max.y && hi.z <= box.max.z;
  }
  std::vector<Aabb> obstacles_;      // as given (clearance_applies compares against them)
  std::vector<FreeBox> probe_rows_;  // per obstacle: grown by the probe's slack (w: -1, +1)
  Aabb bounds_;                      // the union of the obstacles, plus the margin
  glm::vec3 inv_cell_{1.0f};
  unsigned nx_ = 0, ny_ = 0, nz_ = 0;
  // Per cell, side by side: clear() reads one cell's pair, often from one cache line.
  // An empty box (min > max) where the cell is blocked.
  struct alignas(64) FreeBoxes {  // 64 bytes: one cache line per cell
    FreeBox flat;
    FreeBox tall;
  };
  std::vector<FreeBoxes> free_;
  // What clear() reads, as SIMD rows (w lanes set so that they never change an answer).
  simd::F4 bounds_min_{}, bounds_max_{};  // bounds_, w: -inf and +inf
  simd::F4 grid_origin_{}, inv_cell4_{};  // bounds_.min and inv_cell_, w: 0 and 1
  simd::F4 cells_{}, last_cell_{};        // nx, ny, nz (w: 1) and n - 1 (w: 0)
  // Per cell, the obstacles overlapping a box around it, ascending (compressed rows: cell c's
  // are list[start[c] .. start[c + 1]]).
  struct CellLists {
    std::vector<std::uint32_t> start{0};
    std::vector<std::uint16_t> list;
    void add(const Aabb& box, std::span<const Aabb> obstacles) {  // the next cell's list
      for (std::size_t i = 0; i < obstacles.size(); ++i)
        if (box.overlaps(obstacles[i])) list.push_back(static_cast<std::uint16_t>(i));
      start.push_back(static_cast<std::uint32_t>(list.size()));
    }
    Candidates of(std::ptrdiff_t cell, const ClearanceGrid* grid) const {
      return {list.data() + start[cell], list.data() + start[cell + 1], true, grid};
    }
  };
  std::vector<Aabb> near_;   // per cell: the cell grown by kNearReach
  std::vector<Aabb> close_;  // per cell: the cell grown by kCloseReach
  CellLists near_lists_, close_lists_;

  // c: a point in cell units, on the grid (0 <= c < n per axis). Truncation is floor there.
  std::size_t cell_index(const glm::vec3& c) const {
    const auto ix = static_cast<std::size_t>(static_cast<std::int32_t>(c.x));
    const auto iy = static_cast<std::size_t>(static_cast<std::int32_t>(c.y));
    const auto iz = static_cast<std::size_t>(static_cast<std::int32_t>(c.z));
    return (iz * ny_ + iy) * nx_ + ix;
  }
  // The cell of p, or -1 outside the grid. The range is checked on the floats, before
  // any conversion: a NaN or a far-away point (whose int would overflow) is outside.
  std::ptrdiff_t cell_of(const glm::vec3& p) const {
    const glm::vec3 c = (p - bounds_.min) * inv_cell_;
    if (!(c.x >= 0.0f && c.x < static_cast<float>(nx_) && c.y >= 0.0f &&
          c.y < static_cast<float>(ny_) && c.z >= 0.0f && c.z < static_cast<float>(nz_)))
      return -1;
    return static_cast<std::ptrdiff_t>(cell_index(c));
  }
};

class ClearanceGrid::Batch {
 public:
  explicit Batch(const ClearanceGrid& grid);
  int clear(const Points4& p0, const Points4& p1) const {
    using simd::F4;
    using simd::I4;
    const F4 zero = simd::splat(0.0f);
    const F4 lo_x = simd::min(p0.x, p1.x), lo_y = simd::min(p0.y, p1.y),
             lo_z = simd::min(p0.z, p1.z);
    const F4 hi_x = simd::max(p0.x, p1.x), hi_y = simd::max(p0.y, p1.y),
             hi_z = simd::max(p0.z, p1.z);
    const I4 outside = (lo_x > max_x_) | (lo_y > max_y_) | (lo_z > max_z_) | (hi_x < min_x_) |
                       (hi_y < min_y_) | (hi_z < min_z_);
    const F4 c_x = (p0.x - min_x_) * inv_x_, c_y = (p0.y - min_y_) * inv_y_,
             c_z = (p0.z - min_z_) * inv_z_;
    const I4 on_grid =
        (c_x >= zero) & (c_x < n_x_) & (c_y >= zero) & (c_y < n_y_) & (c_z >= zero) & (c_z < n_z_);
    // floor() of the clamped cell coordinates (truncation, as in clear()), then the cell
    // index (iz * ny + iy) * nx + ix in floats: whole numbers below 2^24 are exact.
    const auto whole = [zero](F4 c, F4 last) {
      const F4 clamped = simd::min(last, simd::max(zero, c));
      return __builtin_convertvector(__builtin_convertvector(clamped, I4), F4);
    };
    const I4 cell = __builtin_convertvector(
        (whole(c_z, last_z_) * n_y_ + whole(c_y, last_y_)) * n_x_ + whole(c_x, last_x_), I4);
    // Back to one segment per register for its cell's two free boxes (w: 0, as clear()).
    F4 lo[4] = {lo_x, lo_y, lo_z, zero}, hi[4] = {hi_x, hi_y, hi_z, zero};
    simd::transpose(lo[0], lo[1], lo[2], lo[3]);
    simd::transpose(hi[0], hi[1], hi[2], hi[3]);
    int in_free_box = 0;
    for (int i = 0; i < 4; ++i) {
      const FreeBoxes& f = free_[cell[i]];
      in_free_box |= static_cast<int>(f.flat.holds(lo[i], hi[i]) | f.tall.holds(lo[i], hi[i])) << i;
    }
    return simd::bits(outside) | (simd::bits(on_grid) & in_free_box);
  }

 private:
  simd::F4 min_x_, min_y_, min_z_, max_x_, max_y_, max_z_;  // the bounds (min: the origin)
  simd::F4 inv_x_, inv_y_, inv_z_;                          // 1 / cell size
  simd::F4 n_x_, n_y_, n_z_, last_x_, last_y_, last_z_;     // cells per axis, and n - 1
  const FreeBoxes* free_;
};

// One grid per distinct obstacle set, built on first demand and shared: every World of
// a process has the same arena and targets, and a build is ~10^8 instructions (tens of
// ms), too slow to repeat for every World a test suite makes. The key is the obstacle
// list itself (so bullet_radius, which grows every box, is part of it) and the cell size.
// It remembers the last set only: Worlds that alternate radii rebuild each time (at load,
// never per tick). Thread-safe (a mutex; the grid, once built, is read-only and shared);
// allocates only when it builds, never per tick.
std::shared_ptr<const ClearanceGrid> shared_clearance_grid(std::span<const Aabb> obstacles,
                                                           const glm::vec3& cell_size);

}  // namespace flatline
