#include "sim/autopilot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "diag/heap_counter.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr double kHz = 60.0;

TEST(Autopilot, IsAPureFunctionOfTheTick) {
  const TickInput a = autofire_input(1234, kHz);
  const TickInput b = autofire_input(1234, kHz);
  EXPECT_EQ(a.look_yaw, b.look_yaw);
  EXPECT_EQ(a.look_pitch, b.look_pitch);
  EXPECT_TRUE(a.fire_held);
}

TEST(Autopilot, PressesTheScatterShotPeriodically) {
  int presses = 0;
  for (std::uint64_t tick = 0; tick < 600; ++tick)
    presses += autofire_input(tick, kHz).scatter_presses;
  EXPECT_EQ(presses, 17);  // every 0.6 s over 10 s, counting tick 0
}

// The pattern's central promise: after warm-up, play allocates nothing.
TEST(Autopilot, ThreeThousandSixHundredTicksOfAutofireAllocateNothingAfterWarmup) {
  auto world = std::make_unique<World>(WorldConfig{});
  const float dt = static_cast<float>(1.0 / kHz);
  for (int i = 0; i < 60; ++i)
    step(*world, autofire_input(*world, kHz), dt);
  const heap::Mark mark;
  for (int i = 60; i < 3600; ++i)
    step(*world, autofire_input(*world, kHz), dt);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(mark.since().bytes, 0u);

  // Every pool stayed at its load-time size (Drop and RecycleOldest never allocate)...
  for (int i = 0; i < kPoolCount; ++i) {
    const PoolStats s = pool_stats(*world, i);
    EXPECT_EQ(s.allocations, s.capacity) << kPoolNames[static_cast<std::size_t>(i)];
    EXPECT_EQ(s.misuse(), 0u) << kPoolNames[static_cast<std::size_t>(i)];
  }
  // ...and the run really used them: bullets peaked above half the pool.
  EXPECT_GT(world->bullets.peak_active(), world->bullets.capacity() / 2);
  EXPECT_GT(world->decals.stats().recycled, 0u);
}

TEST(Autopilot, WalksACircleRoundTheMiddleInsteadOfIntoAWall) {
  auto world = std::make_unique<World>(WorldConfig{});
  float farthest = 0.0f;
  for (int i = 0; i < 3600; ++i) {
    step(*world, autofire_input(*world, kHz), static_cast<float>(1.0 / kHz));
    if (i > 300)
      farthest = std::max(farthest, std::hypot(world->player.pos.x, world->player.pos.z));
  }
  EXPECT_LT(farthest, 14.0f);
  EXPECT_GT(farthest, 6.0f);  // it does walk
}

}  // namespace
}  // namespace flatline
