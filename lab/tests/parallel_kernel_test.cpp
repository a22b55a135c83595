// The fast kernel's parallel tick (lab/kernel/fast_kernel.hpp) plays the game's bullet tick
// on any number of threads: worlds from one seed, one ticked by the game's scalar code and
// the others by the fast kernel on 1, 2, 3 and 8 threads, fed the same input, have the same
// state hash after every tick, while thousands of bullets fly, hit, linger, go back to the
// pool and break targets. And the threads are made at load: a tick allocates nothing.
#include <array>
#include <memory>

#include <gtest/gtest.h>

#include "diag/heap_counter.hpp"
#include "lab/kernel/fast_kernel.hpp"
#include "sim/autopilot.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr std::array kThreads = {1, 2, 3, 8};

// Slow bullets fired fast: thousands live at once, many chunks of the parallel pass each.
WorldConfig crowded() {
  WorldConfig cfg;
  cfg.pools[kBullets].capacity = 12000;
  cfg.pools[kBullets].policy = OverflowPolicy::Drop;  // RecycleOldest's search is O(live)
  cfg.rifle_rate = 30000.0f;
  set_bullet_speed(cfg, 40.0f);
  return cfg;
}

TEST(ParallelKernel, EveryThreadCountPlaysTheGamesTick) {
  const WorldConfig cfg = crowded();
  World scalar(cfg);
  std::array<std::unique_ptr<World>, kThreads.size()> fast;
  for (std::size_t i = 0; i < kThreads.size(); ++i) {
    fast[i] = std::make_unique<World>(cfg);
    fast[i]->bullet_kernel = lab::make_fast_kernel(*fast[i], kThreads[i]);
  }
  std::size_t peak_live = 0;
  for (int tick = 0; tick < 300; ++tick) {
    step(scalar, autofire_input(scalar, 60.0), kDt);
    peak_live = std::max(peak_live, scalar.bullets.pool.active_count());
    for (std::size_t i = 0; i < kThreads.size(); ++i) {
      step(*fast[i], autofire_input(*fast[i], 60.0), kDt);
      ASSERT_EQ(state_hash(scalar), state_hash(*fast[i]))
          << "tick " << tick << ", " << kThreads[i] << " threads";
    }
  }
  EXPECT_GT(peak_live, 3u * 2048u);  // several chunks: the threads shared the work
  EXPECT_GT(scalar.bullet_hits, 10'000u);
  EXPECT_GT(scalar.bullets.pool.stats().released, 10'000u);  // bullets went back to the pool
  EXPECT_GT(scalar.score, 0u);                               // targets broke
  for (const auto& world : fast) {
    EXPECT_EQ(world->bullet_hits, scalar.bullet_hits);
    EXPECT_EQ(world->score, scalar.score);
  }
}

TEST(ParallelKernel, TheDefaultGameOnThreeThreadsIsTheGame) {
  World scalar{WorldConfig{}}, fast{WorldConfig{}};
  fast.bullet_kernel = lab::make_fast_kernel(fast, 3);
  for (int tick = 0; tick < 1800; ++tick) {
    step(scalar, autofire_input(scalar, 60.0), kDt);
    step(fast, autofire_input(fast, 60.0), kDt);
    ASSERT_EQ(state_hash(scalar), state_hash(fast)) << "tick " << tick;
  }
  EXPECT_GT(fast.score, 0u);
}

TEST(ParallelKernel, KnowsItsThreads) {
  const World world{WorldConfig{}};
  for (int threads : kThreads)
    EXPECT_EQ(lab::FastBulletKernel(world, threads).threads(), threads);
}

TEST(ParallelKernel, TicksWithoutAllocating) {
  World world(crowded());
  world.bullet_kernel = lab::make_fast_kernel(world, 3);
  for (int tick = 0; tick < 120; ++tick)  // warm-up
    step(world, autofire_input(world, 60.0), kDt);
  const heap::Mark mark;
  for (int tick = 0; tick < 240; ++tick)
    step(world, autofire_input(world, 60.0), kDt);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_GT(world.bullets.pool.active_count(), 2048u);  // more than one chunk, every tick
}

}  // namespace
}  // namespace flatline
