// RecycleOldest ends a live object's life inside acquire(): whatever the game counted or
// linked for that life must be undone there too, as when the object is released.
#include <gtest/gtest.h>

#include <cstdint>

#include "sim/autopilot.hpp"
#include "sim/lessons.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

// The bullets in flight drawn in full, counted by walking them: what full_visual_live must
// say (a lingering bullet gave its place back when its flight ended).
std::size_t full_visual_bullets(const World& world) {
  std::size_t count = 0;
  world.bullets.pool.for_each_active(
      [&](int, const Bullet& b) { count += b.full_visual && b.life.stage == LifeStage::Live; });
  return count;
}

WorldConfig bullets_32(OverflowPolicy policy) {
  WorldConfig config;
  config.seed = 7;
  config.pools[kBullets].capacity =
      32;  // below the full-visual cap of 64: every bullet is drawn in full
  config.pools[kBullets].policy = policy;
  config.tracer_every = 0;  // tracers here come from the fallback alone
  return config;
}

// Runs the load harness's scripted player; checks the count after every tick.
void autofire(World& world, int ticks) {
  for (int t = 0; t < ticks; ++t) {
    step(world, autofire_input(world, 60.0), kDt);
    ASSERT_EQ(world.full_visual_live, full_visual_bullets(world)) << "after tick " << t;
  }
}

TEST(Recycling, ARecycledBulletGivesBackItsPlaceUnderTheFullVisualCap) {
  World world(bullets_32(OverflowPolicy::RecycleOldest));
  autofire(world, 3600);
  EXPECT_GT(world.bullets.pool.stats().recycled, 64u);  // more recycles than the cap: it would show
  EXPECT_EQ(world.tracers.pool.stats().acquired, 0u);   // 32 live at most: none past the cap of 64
}

TEST(Recycling, RecycleOldestDrawsNoMoreTracersThanDrop) {
  World recycling(bullets_32(OverflowPolicy::RecycleOldest));
  World dropping(bullets_32(OverflowPolicy::Drop));
  autofire(recycling, 3600);  // the load harness's run: flatline --no-window --frames 3600
  autofire(dropping, 3600);
  ASSERT_GT(dropping.bullets.pool.stats().dropped, 0u);  // both pools really ran full
  ASSERT_GT(recycling.bullets.pool.stats().recycled, 0u);
  EXPECT_LE(recycling.tracers.pool.stats().acquired, dropping.tracers.pool.stats().acquired);
}

TEST(Recycling, ARecycledBulletPastTheCapLeavesItsTracerToFade) {
  WorldConfig config = bullets_32(OverflowPolicy::RecycleOldest);
  config.pools[kBullets].capacity = 8;  // the rifle keeps 16 bullets flying into the sky
  config.full_visual_cap = 0;           // every bullet is a tracer
  World world(config);
  world.player.pitch = 1.2f;  // into the sky: bullets live their whole lifetime
  TickInput trigger;
  trigger.fire_held = true;
  for (int t = 0; t < 240; ++t)  // 12 shots a second for 4 s: 48 shots into 8 slots
    step(world, trigger, kDt);
  ASSERT_GT(world.bullets.pool.stats().recycled, 0u);
  // Each live tracer follows a live bullet, or fades for at most its linger time.
  std::size_t following = 0;
  world.tracers.pool.for_each_active([&](int, const Tracer& t) {
    if (world.bullets.pool.alive(t.bullet)) {
      ++following;
    } else {
      EXPECT_EQ(t.life.stage, LifeStage::Lingering);
    }
  });
  EXPECT_EQ(following, world.bullets.pool.active_count());  // one tracer per live bullet, no more
}

TEST(Recycling, TheStaleReleaseLessonOnAFullPoolKeepsTheCountRight) {
  WorldConfig config = bullets_32(OverflowPolicy::RecycleOldest);
  config.pools[kBullets].capacity = 8;  // the rifle keeps 16 bullets flying into the sky
  World world(config);
  world.player.pitch = 1.2f;
  TickInput trigger;
  trigger.fire_held = true;
  while (world.bullets.pool.active_count() < world.bullets.pool.capacity())
    step(world, trigger, kDt);
  ASSERT_EQ(world.full_visual_live, 8u);
  demo_stale_release(world);  // its first acquire recycles the oldest bullet
  EXPECT_EQ(world.full_visual_live, full_visual_bullets(world));
  EXPECT_EQ(world.bullets.pool.stats().stale_releases, 1u);
}

// A minigun's tick: more shots than the casings' pool holds. Past the pool's size, a spawn
// would recycle a casing thrown earlier in the same tick: it is skipped instead, and the
// meter still counts it as demand. The next tick throws as many again, recycling the old.
TEST(Recycling, ARecycleOldestKindSpawnsAtMostItsCapacityPerTick) {
  WorldConfig config;
  config.pools[kCasings].capacity = 4;
  config.pools[kCasings].policy = OverflowPolicy::RecycleOldest;
  config.rifle_rate = 600.0f;  // 10 shots a 60 Hz tick
  World world(config);
  world.player.pitch = 1.2f;  // into the sky: no impacts
  TickInput trigger;
  trigger.fire_held = true;
  step(world, trigger, kDt);
  ASSERT_GE(world.shots_fired, 9u);  // more shots than casings
  const PoolStats first = world.casings.pool.stats();
  EXPECT_EQ(first.acquired, 4u);
  EXPECT_EQ(first.recycled, 0u);  // none thrown this tick was taken back
  step(world, trigger, kDt);
  const PoolStats second = world.casings.pool.stats();
  EXPECT_EQ(second.acquired, 8u);
  EXPECT_EQ(second.recycled, 4u);  // last tick's four, oldest first
  EXPECT_GE(world.casings.meter.run_spawn_rate() * 2.0 * kDt, 18.0 - 1e-6);  // demand: every shot
}

}  // namespace
}  // namespace flatline
