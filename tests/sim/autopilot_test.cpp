#include "sim/autopilot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "aim.hpp"
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

TEST(Autopilot, CyclesHuntGlassAndSkyEverySevenSeconds) {
  EXPECT_EQ(aim_phase(0.0), AimPhase::Hunt);
  EXPECT_EQ(aim_phase(5.0), AimPhase::Glass);
  EXPECT_EQ(aim_phase(6.0), AimPhase::Sky);
  EXPECT_EQ(aim_phase(7.5), AimPhase::Hunt);
}

// The play command's last frame shows damage numbers when it falls in a hunt: 600 frames
// at 12 to 19 ms a frame (llvmpipe's range on a 2-core machine, and some) end in one.
TEST(Autopilot, ThePlayCommandsLastFrameFallsInAHunt) {
  for (double frame_ms = 12.0; frame_ms <= 19.0; frame_ms += 0.25)
    EXPECT_EQ(aim_phase(600 * frame_ms / 1000.0), AimPhase::Hunt) << frame_ms << " ms a frame";
}

TEST(Autopilot, HuntsOnlyTargetsItCanSee) {
  auto world = std::make_unique<World>(WorldConfig{});
  // From the south, looking north: targets 0 and 1 stand behind the glass wall.
  test::look_at(*world, {0.0f, 0.0f, -10.0f}, world->targets[0].pos);
  const int hunted = hunted_target(*world);
  EXPECT_NE(hunted, 0);
  EXPECT_NE(hunted, 1);
  // Behind the glass itself, target 0 is in sight and straight ahead: that one.
  test::look_at(*world, {-3.0f, 0.0f, -20.0f}, world->targets[0].pos);
  EXPECT_EQ(hunted_target(*world), 0);
  for (Target& t : world->targets)
    t.broken = true;
  EXPECT_EQ(hunted_target(*world), -1);  // nothing left to hunt
}

// Confirming the kill: for 0.4 s after a break the hunt does not turn, then it does.
TEST(Autopilot, HoldsItsAimAMomentAfterABreakThenTurnsToTheNext) {
  auto world = std::make_unique<World>(WorldConfig{});
  test::look_at(*world, {-3.0f, 0.0f, -20.0f}, world->targets[0].pos + glm::vec3(2, 1, 0));
  world->tick = 60;  // one second in: the hunt
  ASSERT_EQ(aim_phase(1.0), AimPhase::Hunt);
  const TickInput hunting = autofire_input(*world, kHz);
  EXPECT_NE(hunting.look_yaw, 0.0f);  // target 0 is off to one side: it turns toward it

  world->score = 1;
  world->last_target_broken_tick = 60;
  for (std::uint64_t tick : {60, 70, 83}) {
    world->tick = tick;
    const TickInput held = autofire_input(*world, kHz);
    EXPECT_EQ(held.look_yaw, 0.0f) << tick;
    EXPECT_EQ(held.look_pitch, 0.0f) << tick;
    EXPECT_TRUE(held.fire_held);
  }
  world->tick = 84;  // 0.4 s after the break
  EXPECT_EQ(autofire_input(*world, kHz).look_yaw, hunting.look_yaw);
}

// What the play command shows, in its 600 frames: the windowed game starts the script after
// 60 warm-up frames, so 540 scripted ticks must break targets and leave every kind of effect.
TEST(Autopilot, ThePlayCommandsRunBreaksTargetsAndMarksTheGlass) {
  auto world = std::make_unique<World>(WorldConfig{.seed = 7});
  const float dt = static_cast<float>(1.0 / kHz);
  for (int i = 0; i < 60; ++i)
    step(*world, TickInput{}, dt);
  for (int i = 60; i < 600; ++i)
    step(*world, autofire_input(*world, kHz), dt);
  EXPECT_GE(world->score, 2u);
  EXPECT_GT(world->target_hits, 8u);
  EXPECT_GT(world->damage_numbers.stats().acquired, 8u);
  EXPECT_GT(world->casings.stats().acquired, 0u);
  EXPECT_GT(world->sparks.stats().acquired, 0u);
  const Aabb glass =
      world->arena.solids[static_cast<std::size_t>(world->arena.thin_wall)].grown(0.1f);
  int on_glass = 0;
  world->decals.for_each_active([&](int, const Decal& d) { on_glass += glass.contains(d.pos); });
  EXPECT_GT(on_glass, 10);
}

TEST(Autopilot, AMinuteBreaksManyTargetsFromTheFirstTick) {
  auto world = std::make_unique<World>(WorldConfig{.seed = 7});
  for (int i = 0; i < 3600; ++i)
    step(*world, autofire_input(*world, kHz), static_cast<float>(1.0 / kHz));
  EXPECT_GE(world->score, 20u);  // a hunt of 2.7 s every 6 s, a few targets each
  EXPECT_LE(world->last_target_broken_tick, world->last_target_hit_tick);
}

}  // namespace
}  // namespace flatline
