#include "sim/effects.hpp"

#include <gtest/gtest.h>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
const glm::vec3 kUp{0.0f, 1.0f, 0.0f};
const glm::vec3 kDown{0.0f, -1.0f, 0.0f};

WorldConfig small_pools() {
  WorldConfig config;
  config.pools[kSparks].capacity = 25;
  config.pools[kDecals].capacity = 4;
  config.pools[kCasings].capacity = 3;
  config.pools[kDamageNumbers].capacity = 2;
  config.pools[kTracers].capacity = 1;
  config.sparks_per_hit = 10;
  return config;
}

TEST(Sparks, DropWhenThePoolIsFull) {
  World world(small_pools());
  for (int hit = 0; hit < 3; ++hit)
    spawn_impact(world, {0, 0, 0}, kUp, kDown, false);
  EXPECT_EQ(world.sparks.pool.active_count(), 25u);
  EXPECT_EQ(world.sparks.pool.stats().dropped, 1u);  // the third burst stops at the first refusal
  EXPECT_EQ(world.sparks.pool.allocations(), 25u);
}

TEST(Sparks, FadeOutAndGoBackToThePool) {
  World world(small_pools());
  spawn_impact(world, {0, 1, 0}, kUp, kDown, false);
  for (int i = 0; i < 40; ++i)
    step(world, TickInput{}, kDt);  // longest spark life is 0.6 s
  EXPECT_EQ(world.sparks.pool.active_count(), 0u);
  EXPECT_EQ(world.sparks.pool.stats().released, 10u);
}

TEST(Decals, RecycleTheOldestHoleWhenFull) {
  World world(small_pools());
  for (int i = 0; i < 6; ++i) {  // a hole a tick (a tick spawns at most the pool's size)
    spawn_impact(world, {static_cast<float>(i), 0.0f, 0.0f}, kUp, kDown, true);
    step(world, TickInput{}, kDt);
  }
  EXPECT_EQ(world.decals.pool.active_count(), 4u);
  EXPECT_EQ(world.decals.pool.stats().recycled, 2u);
  float oldest_x = 100.0f;
  world.decals.pool.for_each_active(
      [&](int, const Decal& d) { oldest_x = std::min(oldest_x, d.pos.x); });
  EXPECT_FLOAT_EQ(oldest_x, 2.0f);  // holes 0 and 1 moved to 4 and 5
}

TEST(Casings, RecycleTheOldestAndBounceToRestOnTheFloor) {
  World world(small_pools());
  for (int i = 0; i < 4; ++i) {  // a casing a tick (a tick spawns at most the pool's size)
    spawn_casing(world, {0.0f, 1.5f, 0.0f}, {1.0f, 2.0f, 0.0f});
    step(world, TickInput{}, kDt);
  }
  EXPECT_EQ(world.casings.pool.active_count(), 3u);
  EXPECT_EQ(world.casings.pool.stats().recycled, 1u);
  for (int i = 0; i < 180; ++i)
    step(world, TickInput{}, kDt);
  world.casings.pool.for_each_active([](int, const Casing& c) {
    EXPECT_TRUE(c.resting);
    EXPECT_GT(c.bounces, 0);
    EXPECT_NEAR(c.pos.y, 0.01f, 1e-4f);
  });
}

TEST(DamageNumbers, DropWhenFullAndRiseWhileTheyFade) {
  World world(small_pools());
  for (int i = 0; i < 3; ++i)
    spawn_damage_number(world, {0, 1, 0}, 25.0f);
  EXPECT_EQ(world.damage_numbers.pool.active_count(), 2u);
  EXPECT_EQ(world.damage_numbers.pool.stats().dropped, 1u);
  step(world, TickInput{}, kDt);
  world.damage_numbers.pool.for_each_active(
      [](int, const DamageNumber& d) { EXPECT_GT(d.pos.y, 1.0f); });
  for (int i = 0; i < 60; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_EQ(world.damage_numbers.pool.active_count(), 0u);
}

TEST(Effects, AReusedSparkCarriesNothingFromItsLastLife) {
  WorldConfig config = small_pools();
  config.pools[kSparks].capacity = 1;
  config.sparks_per_hit = 1;
  World world(config);
  spawn_impact(world, {5, 5, 5}, kUp, kDown, false);
  for (int i = 0; i < 40; ++i)
    step(world, TickInput{}, kDt);
  ASSERT_EQ(world.sparks.pool.active_count(), 0u);
  const int slot = world.sparks.pool.acquire();  // the same object, back from the pool
  ASSERT_GE(slot, 0);
  EXPECT_FLOAT_EQ(world.sparks.pool[slot].age, 0.0f);
  EXPECT_EQ(world.sparks.pool[slot].vel, glm::vec3(0.0f));
  EXPECT_EQ(world.sparks.pool[slot].pos, glm::vec3(0.0f));
}

TEST(Tracers, AReusedTracerStartsWithItsTrailClearedAtTheNewHead) {
  WorldConfig config = small_pools();
  config.full_visual_cap = 0;  // every bullet is drawn as a tracer
  World world(config);
  world.player.pitch = 1.2f;  // into the sky
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  ASSERT_EQ(world.tracers.pool.active_count(), 1u);
  for (int i = 0; i < 4; ++i)
    step(world, TickInput{}, kDt);  // the trail now spans 15 m of flight
  const int slot = world.tracers.pool.oldest_active();
  EXPECT_NE(world.tracers.pool[slot].trail[0], world.tracers.pool[slot].trail[3]);

  // Its bullet goes away: the tracer lingers, fading, then is released.
  world.bullets.pool.release(world.bullets.pool.oldest_active());
  step(world, TickInput{}, kDt);
  EXPECT_EQ(world.tracers.pool[slot].life.stage, LifeStage::Lingering);
  for (int i = 0; i < 10; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_EQ(world.tracers.pool.active_count(), 0u);

  const Handle bullet = world.bullets.pool.acquire_handle();
  world.bullets.pool.get(bullet)->pos = {-7.0f, 2.0f, 3.0f};
  spawn_tracer(world, bullet, {-7.0f, 2.0f, 3.0f});
  ASSERT_EQ(world.tracers.pool.oldest_active(), slot);  // the same tracer, reused
  for (const glm::vec3& point : world.tracers.pool[slot].trail)
    EXPECT_EQ(point, glm::vec3(-7, 2, 3));
  EXPECT_EQ(world.tracers.pool[slot].life.stage, LifeStage::Live);
}

TEST(Tracers, FollowTheirBulletThroughAHandleThatGoesStale) {
  WorldConfig config = small_pools();
  config.full_visual_cap = 0;
  World world(config);
  world.player.pitch = 1.2f;
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  const int slot = world.tracers.pool.oldest_active();
  const Handle bullet = world.tracers.pool[slot].bullet;
  step(world, TickInput{}, kDt);
  EXPECT_EQ(world.tracers.pool[slot].trail[0], world.bullets.pool.get(bullet)->pos);
  world.bullets.pool.release(bullet);
  const int reused = world.bullets.pool.acquire();  // same slot, new generation
  EXPECT_EQ(reused, static_cast<int>(bullet.index));
  EXPECT_EQ(world.bullets.pool.get(bullet), nullptr);  // the old handle resolves to nothing
  world.bullets.pool[reused].pos = {100.0f, 100.0f, 100.0f};
  step(world, TickInput{}, kDt);
  EXPECT_NE(world.tracers.pool[slot].trail[0], glm::vec3(100.0f, 100.0f, 100.0f));  // not hijacked
  EXPECT_EQ(world.tracers.pool[slot].life.stage, LifeStage::Lingering);
}

}  // namespace
}  // namespace flatline
