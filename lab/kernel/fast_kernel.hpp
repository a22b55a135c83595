// The fast bullet kernel: the game's bullet tick (src/sim/bullets.cpp) at scale, bit for bit.
//
// The game's tick asks, for every bullet, the first hit of its segment against every box of
// the level and every target. This kernel plays the same game with three tools of the lab:
//   - a ClearanceGrid (lab/accel/clearance_grid.hpp) proves most segments touch nothing, in a
//     few compares, so most bullets ask no query at all;
//   - those bullets fly four at a time, branch-free (fly_clear4, bullet_flight.hpp), and the
//     rest are listed and given the whole tick;
//   - the rest ask the obstacles near them only (first_hit_near), or the game's own query,
//     which answer the same.
// Each step computes exactly what the game's code computes, in the same order, so the state
// hash after any number of ticks is the game's (lab/tests/fast_kernel_test.cpp checks it).
//
// The tick runs on a team of threads (worker_team.hpp): the live bullets, in the pool's walk
// order, are cut into chunks, and each chunk's bullets fly, ask their queries and finish
// what touches only themselves in parallel; what touches the world (hits, impacts, events,
// releases back to the pool) is listed per chunk and applied afterwards on one thread, chunk
// by chunk, in the walk order the game's tick uses. So the state hash is the same for every
// thread count, and the game's (lab/tests/parallel_kernel_test.cpp).
#pragma once

#include <memory>
#include <vector>

#include "lab/accel/clearance_grid.hpp"
#include "lab/kernel/worker_team.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline::lab {

class FastBulletKernel final : public BulletKernel {
 public:
  // Built at load, beside the pools: the grids, the lists and the team of `threads` threads
  // (the caller's included).
  explicit FastBulletKernel(const World& world, int threads = 1);
  void update_bullets(World& world, float dt) override;
  int threads() const { return team_.threads(); }

  // The bullets' ClearanceGrid: shared by every kernel of a process whose world has the
  // same arena, targets and bullet radius (shared_clearance_grid).
  const std::shared_ptr<const ClearanceGrid>& clearance() const { return clearance_; }

 private:
  // What a chunk leaves for the one-thread pass: a bullet to land (its hit, or its end of
  // flight), or a lingering one whose fade is over (to release).
  struct Landing {
    int slot;
    BulletHit hit;
  };
  struct Tick;  // one tick's shared inputs (fast_kernel.cpp)

  bool tick_bullet(World& world, Bullet& b, float dt, const ClearanceGrid* clearance) const;
  BulletHit query(const World& world, const ClearanceGrid& clearance, const glm::vec3& p0,
                  const glm::vec3& p1) const;
  void update_in_parallel(World& world, float dt, const ClearanceGrid& clearance);
  void fly_chunk(const Tick& tick, int chunk);
  bool finish_alone(const Tick& tick, Bullet& b, BulletHit& hit) const;

  std::shared_ptr<const ClearanceGrid> clearance_;
  std::vector<int> order_;          // this tick's live slots, in the walk order: one per slot
  std::vector<int> listed_;         // per chunk: the bullets the grid did not prove clear
  std::vector<Landing> landings_;   // per chunk: what the one-thread pass applies
  std::vector<int> landing_count_;  // per chunk
  WorkerTeam team_;
};

// `threads` 1: the tick on the caller's thread alone; more: a team (the same result).
std::unique_ptr<BulletKernel> make_fast_kernel(const World& world, int threads = 1);

}  // namespace flatline::lab
