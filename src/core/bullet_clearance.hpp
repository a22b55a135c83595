// The bullet tick's fast path: "this segment certainly hits nothing", in a few compares.
//
// Measured (bench/tick_bench.cpp): the exact first-hit query (StaticGrid + 8 targets,
// a slab test with divisions per box) is ~95% of a bullet's tick, and most bullets
// hit nothing on most ticks. So before the exact query we ask a cheaper, conservative
// question. At load, every cell of a coarse grid gets a *free box*: a box that contains
// the cell and touches no obstacle (arena boxes and the whole sweep of every moving
// target, grown by the bullet radius and a margin). A box is convex, so a segment whose
// two end points lie in it lies in it entirely: it cannot hit anything this tick, and
// the exact query is skipped. Anything else (near a wall, a target, the floor) takes
// the exact path, so results are bit-for-bit those of the exact query alone.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

#include "core/collision.hpp"

namespace flatline {

struct World;

class ClearanceGrid {
 public:
  ClearanceGrid() = default;
  // `obstacles`: every box a bullet can hit, wherever it can be (grown by the radius).
  ClearanceGrid(std::span<const Aabb> obstacles, const glm::vec3& cell_size);

  // True only when the segment p0 -> p1 touches no obstacle. False means "ask the
  // exact query" (it may still hit nothing). Inline: it runs once per bullet per tick.
  bool clear(const glm::vec3& p0, const glm::vec3& p1) const {
    const glm::vec3 lo = glm::min(p0, p1);
    const glm::vec3 hi = glm::max(p0, p1);
    // Above the arena or outside it: nothing at all to hit (a bullet fired at the sky).
    if (lo.x > bounds_.max.x || hi.x < bounds_.min.x || lo.y > bounds_.max.y ||
        hi.y < bounds_.min.y || lo.z > bounds_.max.z || hi.z < bounds_.min.z)
      return true;
    const std::ptrdiff_t cell = cell_of(p0);
    if (cell < 0) return false;
    // Two free boxes per cell: one grown sideways first (long flat flights), one grown
    // vertically first (steep shots). Either containing the segment proves it clear.
    return holds(free_flat_[cell], lo, hi) || holds(free_tall_[cell], lo, hi);
  }

  // The obstacles (indices into the list given at construction, ascending) that the
  // segment p0 -> p1 could touch: those near the cell of p0. Valid only when the segment
  // stays in that neighbourhood; otherwise ask every obstacle. Testing these few, in this
  // order, finds the same first hit as testing them all.
  struct Candidates {
    const std::uint8_t* begin = nullptr;
    const std::uint8_t* end = nullptr;
    bool valid = false;
  };
  Candidates candidates(const glm::vec3& p0, const glm::vec3& p1) const {
    const std::ptrdiff_t cell = cell_of(p0);
    if (cell < 0) return {};
    const Aabb& near = near_[cell];
    if (!holds(near, glm::min(p0, p1), glm::max(p0, p1))) return {};
    const std::uint8_t* list = near_list_.data();
    return {list + near_start_[cell], list + near_start_[cell + 1], true};
  }

  std::size_t cell_count() const { return free_flat_.size(); }
  // The obstacles it was built for, as given.
  std::span<const Aabb> obstacles() const { return obstacles_; }

 private:
  std::vector<Aabb> obstacles_;  // as given (clearance_applies compares against them)
  Aabb bounds_;                  // the union of the obstacles, plus the margin
  glm::vec3 inv_cell_{1.0f};
  unsigned nx_ = 0, ny_ = 0, nz_ = 0;
  std::vector<Aabb> free_flat_;  // per cell; an empty box (min > max) where the cell is blocked
  std::vector<Aabb> free_tall_;
  std::vector<Aabb> near_;                 // per cell: the cell grown by kNearReach
  std::vector<std::uint32_t> near_start_;  // CSR: obstacles overlapping near_[c] are
  std::vector<std::uint8_t> near_list_;    // near_list_[near_start_[c] .. near_start_[c + 1]]

  static bool holds(const Aabb& f, const glm::vec3& lo, const glm::vec3& hi) {
    return lo.x >= f.min.x && lo.y >= f.min.y && lo.z >= f.min.z && hi.x <= f.max.x &&
           hi.y <= f.max.y && hi.z <= f.max.z;
  }
  // The cell of p, or -1 outside the grid. The range is checked on the floats, before
  // any conversion: a NaN or a far-away point (whose int would overflow) is outside.
  std::ptrdiff_t cell_of(const glm::vec3& p) const {
    const glm::vec3 c = (p - bounds_.min) * inv_cell_;
    if (!(c.x >= 0.0f && c.x < static_cast<float>(nx_) && c.y >= 0.0f &&
          c.y < static_cast<float>(ny_) && c.z >= 0.0f && c.z < static_cast<float>(nz_)))
      return -1;
    const auto ix = static_cast<std::size_t>(c.x);  // truncation: floor, as c >= 0
    const auto iy = static_cast<std::size_t>(c.y);
    const auto iz = static_cast<std::size_t>(c.z);
    return static_cast<std::ptrdiff_t>((iz * ny_ + iy) * nx_ + ix);
  }
};

// Everything a bullet of `world` can hit, as static boxes, in this order: the arena's
// solids (index i = arena.solids[i]), then for each target (index solids + t) the box it
// sweeps over its whole sway (home ± |sway|, see update_targets); all grown by the radius.
std::vector<Aabb> bullet_obstacles(const World& world);

// One grid per distinct obstacle set, built on first demand and shared: every World of
// a process has the same arena and targets, and a build is ~10^8 instructions (tens of
// ms), too slow to repeat for every World a test suite makes. The key is the obstacle
// list itself (so bullet_radius, which grows every box, is part of it) and the cell size.
// It remembers the last set only: Worlds that alternate radii rebuild each time (at load,
// never per tick). Thread-safe (a mutex; the grid, once built, is read-only and shared);
// allocates only when it builds, never per tick.
std::shared_ptr<const ClearanceGrid> shared_clearance_grid(std::span<const Aabb> obstacles,
                                                           const glm::vec3& cell_size);

// Whether world.bullet_clearance still describes `world`: every box the exact query can
// test (each arena solid, each live target where it is now, grown by the current
// config.bullet_radius) lies inside the obstacle the grid was built around (give or take
// half the grid's 1 cm margin, which keeps that sound). It fails if
// a test or a lesson moves a target's home, widens its sway or changes the radius after
// load; update_bullets then asks the exact query for that tick. A few dozen compares:
// once per tick, not per bullet.
bool clearance_applies(const World& world);

// A bullet's first hit this tick: as weapons.cpp's RayHit.
struct BulletHit {
  float t = 1.0f;
  glm::vec3 normal{0.0f};
  int target = -1;  // -1: the arena (or nothing, when !any)
  bool any = false;
};

// The first hit of the segment among `near` (from a ClearanceGrid built on
// bullet_obstacles(world)): the same hit as the arena's StaticGrid plus every target,
// with the same tie rules (among arena boxes the lower index wins, even at t == 1; a
// target must be strictly earlier), for a handful of slab tests instead of a dozen.
BulletHit first_hit_near(const World& world, const ClearanceGrid::Candidates& near,
                         const glm::vec3& p0, const glm::vec3& p1, float radius);

}  // namespace flatline
