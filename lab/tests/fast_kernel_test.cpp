// The fast kernel (lab/kernel/fast_kernel.hpp) plays the game's bullet tick: two worlds from
// one seed, one ticked by the game's scalar code and one by the lab's kernel, fed the same
// input, have the same state hash after every tick, through every lesson that changes how
// bullets fly or what they hit.
#include "lab/kernel/fast_kernel.hpp"

#include <gtest/gtest.h>

#include "diag/heap_counter.hpp"
#include "sim/autopilot.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

// Plays `ticks` ticks of the scripted player in both worlds, comparing hashes every tick;
// `between(tick, world)` may change both worlds alike (a lesson's switch) before a tick.
template <class Between>
void expect_same_game(const WorldConfig& cfg, int ticks, Between&& between) {
  World scalar(cfg), fast(cfg);
  fast.bullet_kernel = lab::make_fast_kernel(fast);
  for (int tick = 0; tick < ticks; ++tick) {
    between(tick, scalar);
    between(tick, fast);
    step(scalar, autofire_input(scalar, 60.0), kDt);
    step(fast, autofire_input(fast, 60.0), kDt);
    ASSERT_EQ(state_hash(scalar), state_hash(fast)) << "tick " << tick;
  }
  EXPECT_EQ(scalar.bullet_hits, fast.bullet_hits);
  EXPECT_GT(fast.bullet_hits, 100u);  // the bullets hit things: not a quiet sky
  EXPECT_GT(fast.score, 0u);          // and broke targets
}

TEST(FastKernel, PlaysTheGamesTickOnTheGamesLevel) {
  expect_same_game(WorldConfig{}, 3600, [](int, World&) {});
}

TEST(FastKernel, PlaysTheSameWithABigPoolUnderRecycleOldest) {
  WorldConfig cfg;
  cfg.pools[kBullets].capacity = 2048;
  cfg.pools[kBullets].policy = OverflowPolicy::RecycleOldest;
  cfg.rifle_rate = 240.0f;
  expect_same_game(cfg, 1200, [](int, World&) {});
}

TEST(FastKernel, PlaysTheSameThroughTheLessons) {
  WorldConfig cfg;
  cfg.rifle_rate = 30.0f;
  expect_same_game(cfg, 2400, [](int tick, World& w) {
    if (tick == 300) w.config.swept_collision = false;  // the tunnelling lab: one pass
    if (tick == 600) w.config.swept_collision = true;
    if (tick == 900) w.config.pooling = false;  // heap bullets beside the pooled ones
    if (tick == 1200) w.config.pooling = true;
    if (tick == 1500) w.targets[2].home.y += 2.0f;    // a target leaves what the grid saw
    if (tick == 1800) w.config.bullet_radius = 0.2f;  // wider bullets than the grid's
  });
}

TEST(FastKernel, TicksWithoutAllocating) {
  World world{WorldConfig{}};
  world.bullet_kernel = lab::make_fast_kernel(world);
  for (int tick = 0; tick < 120; ++tick)  // warm-up
    step(world, autofire_input(world, 60.0), kDt);
  const heap::Mark mark;
  for (int tick = 0; tick < 600; ++tick)
    step(world, autofire_input(world, 60.0), kDt);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_GT(world.bullet_hits, 0u);
}

}  // namespace
}  // namespace flatline
