// The fast bullet kernel: the game's bullet tick (src/sim/bullets.cpp) at scale, bit for bit.
//
// The game's tick asks, for every bullet, the first hit of its segment against the level's
// triangles (their BVH) and every target. This kernel plays the same game with three tools of the lab:
//   - a ClearanceGrid (lab/accel/clearance_grid.hpp) proves most segments touch nothing, in a
//     few compares, so most bullets ask no query at all;
//   - those bullets fly four at a time, branch-free (fly_clear4, bullet_flight.hpp), and the
//     rest are listed and given the whole tick, in the order the first pass met them;
//   - the rest ask the obstacles near them only (first_hit_near), or the game's own query,
//     which answer the same.
// Each step computes exactly what the game's code computes, in the same order, so the state
// hash after any number of ticks is the game's (lab/tests/fast_kernel_test.cpp checks it).
#pragma once

#include <memory>
#include <vector>

#include "lab/accel/clearance_grid.hpp"
#include "sim/world.hpp"

namespace flatline::lab {

class FastBulletKernel final : public BulletKernel {
 public:
  // Built at load, beside the pools: the grids and the list of bullets to resolve.
  explicit FastBulletKernel(const World& world);
  void update_bullets(World& world, float dt) override;

  // The bullets' ClearanceGrid: shared by every kernel of a process whose world has the
  // same arena, targets and bullet radius (shared_clearance_grid).
  const std::shared_ptr<const ClearanceGrid>& clearance() const { return clearance_; }

 private:
  bool tick_bullet(World& world, Bullet& b, float dt, const ClearanceGrid* clearance) const;
  void update_in_two_passes(World& world, float dt, const ClearanceGrid& clearance);

  std::shared_ptr<const ClearanceGrid> clearance_;
  std::vector<int> listed_;  // the second pass's bullets: one entry per slot, made at load
};

std::unique_ptr<BulletKernel> make_fast_kernel(const World& world);

}  // namespace flatline::lab
