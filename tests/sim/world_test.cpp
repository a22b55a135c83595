#include "sim/world.hpp"

#include <gtest/gtest.h>

#include "aim.hpp"

#include <cmath>
#include <memory>

#include "sim/autopilot.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

using test::look_at;

TickInput one_click() {
  TickInput input;
  input.fire_presses = 1;
  return input;
}

TEST(World, CreatesEveryPooledObjectAtLoadAndNoneIsLive) {
  const World world(WorldConfig{});
  for (int i = 0; i < kPoolCount; ++i) {
    const PoolStats s = pool_stats(world, i);
    EXPECT_EQ(s.allocations, s.capacity) << kPoolNames[static_cast<std::size_t>(i)];
    EXPECT_EQ(s.active, 0u) << kPoolNames[static_cast<std::size_t>(i)];
  }
}

TEST(World, ABulletFiredAtATargetHitsItAndIsReleased) {
  World world(WorldConfig{});
  Target& target = world.targets[1];  // the still one behind the thin wall
  target.sway = glm::vec3(0.0f);
  look_at(world, {3.0f, 0.0f, -21.0f}, target.pos);  // between the wall and the target
  step(world, one_click(), kDt);
  for (int i = 0; i < 10 && world.bullets.pool.active_count() > 0; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_EQ(world.bullets.pool.active_count(), 0u);
  EXPECT_EQ(world.bullets.pool.stats().acquired, 1u);
  EXPECT_EQ(world.bullets.pool.stats().released, 1u);
  EXPECT_EQ(world.bullet_hits, 1u);
  EXPECT_FLOAT_EQ(target.health, 100.0f - world.config.rifle_damage);
  EXPECT_EQ(world.damage_numbers.pool.active_count(), 1u);
  EXPECT_EQ(world.decals.pool.active_count(), 0u);  // targets take damage, not bullet holes
}

// A target breaks after the bullets' tick: every pellet of a scatter shot that reaches it
// strikes it, whichever the pool visits first, and it breaks once.
TEST(World, EveryPelletThatReachesATargetStrikesItThoughTheFirstEmptiesIt) {
  World world(WorldConfig{});
  Target& target = world.targets[1];
  target.sway = glm::vec3(0.0f);
  target.health = 1.0f;  // any one pellet empties it
  look_at(world, {3.0f, 0.0f, -21.0f}, target.pos);
  TickInput scatter;
  scatter.scatter_presses = 1;
  step(world, scatter, kDt);
  EXPECT_TRUE(target.broken);
  EXPECT_EQ(world.score, 1u);
  EXPECT_EQ(world.last_target_broken_tick, 0u);
  EXPECT_GT(world.target_hits, 10u);  // not only the first: the others did not fly through
  EXPECT_EQ(world.damage_numbers.pool.stats().acquired, world.target_hits);
}

TEST(World, ABulletAtMaximumSpeedNeverPassesThroughTheThinWall) {
  WorldConfig config;
  config.rifle_speed = 1200.0f;  // 20 m per tick against a 5 cm wall
  World world(config);
  const Aabb wall = world.arena.solids[static_cast<std::size_t>(world.arena.thin_wall)];
  const Target& behind = world.targets[1];
  look_at(world, {3.0f, 0.0f, 12.0f}, behind.pos);  // the first tick ends short of the wall
  step(world, one_click(), kDt);
  ASSERT_EQ(world.bullets.pool.active_count(), 1u);
  const Bullet fired = world.bullets.pool[world.bullets.pool.oldest_active()];

  // A discrete test, sampling the same straight flight once per tick, never sees the wall...
  bool discrete_sees_wall = false;
  for (int i = 0; i < 10; ++i)
    discrete_sees_wall |= discrete_hit(fired.prev_pos + fired.vel * (kDt * i), wall);
  EXPECT_FALSE(discrete_sees_wall);

  // ...the swept test stops the bullet at the wall, and the target behind it is untouched.
  for (int i = 0; i < 10 && world.bullets.pool.active_count() > 0; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_EQ(world.bullets.pool.active_count(), 0u);
  EXPECT_FLOAT_EQ(behind.health, 100.0f);
  ASSERT_EQ(world.decals.pool.active_count(), 1u);
  const Decal& hole = world.decals.pool[world.decals.pool.oldest_active()];
  EXPECT_NEAR(hole.pos.z, wall.max.z, 0.05f);
  // The glass's face, facing the shooter: read from the closest point of a triangle, so
  // exact to float rounding, not to the bit.
  EXPECT_NEAR(hole.normal.x, 0.0f, 1e-4f);
  EXPECT_NEAR(hole.normal.y, 0.0f, 1e-4f);
  EXPECT_NEAR(hole.normal.z, 1.0f, 1e-4f);
}

TEST(World, HoldingTheTriggerFiresAtTheRifleRate) {
  World world(WorldConfig{});
  look_at(world, {0.0f, 0.0f, 0.0f}, {0.0f, 40.0f, -30.0f});  // into the sky: nothing to hit
  TickInput hold;
  hold.fire_held = true;
  for (int i = 0; i < 60; ++i)
    step(world, hold, kDt);
  EXPECT_EQ(world.shots_fired, static_cast<std::uint64_t>(world.config.rifle_rate));
  EXPECT_EQ(world.casings.pool.stats().acquired, world.shots_fired);
}

TEST(World, AScatterShotFiresEveryPelletFromOneClick) {
  World world(WorldConfig{});
  look_at(world, {0.0f, 0.0f, 0.0f}, {0.0f, 40.0f, -30.0f});
  TickInput click;
  click.scatter_presses = 1;
  step(world, click, kDt);
  EXPECT_EQ(world.bullets.pool.active_count(),
            static_cast<std::size_t>(world.config.scatter_pellets));
  step(world, click, kDt);  // on cooldown: the second click fires nothing
  EXPECT_EQ(world.shots_fired, static_cast<std::uint64_t>(world.config.scatter_pellets));
}

TEST(World, BulletsExpireAtTheEndOfTheirLifetime) {
  WorldConfig config;
  config.bullet_lifetime = 0.5f;
  World world(config);
  look_at(world, {0.0f, 0.0f, 0.0f}, {0.0f, 400.0f, -1.0f});  // straight up
  world.config.rifle_speed = 10.0f;                           // slow enough to stay in range
  step(world, one_click(), kDt);
  for (int i = 0; i < 28; ++i)
    step(world, TickInput{}, kDt);
  ASSERT_EQ(world.bullets.pool.active_count(), 1u);
  const int slot = world.bullets.pool.oldest_active();
  EXPECT_EQ(world.bullets.pool[slot].life.stage, LifeStage::Live);
  for (int i = 0; i < 3 && world.bullets.pool[slot].life.stage == LifeStage::Live; ++i)
    step(world, TickInput{}, kDt);
  // Its flight is over: it lingers where it stopped, its streak shrinking, then goes back.
  ASSERT_EQ(world.bullets.pool.active_count(), 1u);
  ASSERT_EQ(world.bullets.pool[slot].life.stage, LifeStage::Lingering);
  const glm::vec3 stopped = world.bullets.pool[slot].pos;
  int ticks = 0;
  for (; world.bullets.pool.active_count() > 0 && ticks < 60; ++ticks) {
    EXPECT_EQ(world.bullets.pool[slot].pos, stopped);
    step(world, TickInput{}, kDt);
  }
  EXPECT_NEAR(static_cast<float>(ticks) * kDt, Linger::kBullet, kDt);  // on time
}

TEST(World, ATargetBreaksAndRespawnsAfterItsDelay) {
  World world(WorldConfig{});
  Target& target = world.targets[1];
  target.sway = glm::vec3(0.0f);
  look_at(world, {3.0f, 0.0f, -21.0f}, target.pos);
  for (int shot = 0; shot < 4; ++shot) {
    step(world, one_click(), kDt);
    for (int i = 0; i < 12; ++i)
      step(world, TickInput{}, kDt);
  }
  EXPECT_TRUE(target.broken);
  EXPECT_EQ(world.score, 1u);
  for (int i = 0; i < 60 * 3 + 1; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_FALSE(target.broken);
  EXPECT_FLOAT_EQ(target.health, 100.0f);
}

TEST(World, ThePlayerWalksFallsAndStopsAtWalls) {
  World world(WorldConfig{});
  world.player.pos = {0.0f, 3.0f, 0.0f};
  for (int i = 0; i < 60; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_TRUE(world.player.on_ground);
  EXPECT_NEAR(world.player.pos.y, 0.0f, 1e-4f);
  TickInput walk;
  walk.move_right = 1.0f;  // yaw 0: right is +x, toward the east wall at x = 30
  walk.sprint = true;
  for (int i = 0; i < 60 * 6; ++i)
    step(world, walk, kDt);
  EXPECT_NEAR(world.player.pos.x, 30.0f - 0.3f, 1e-3f);
}

std::uint64_t hash_after(std::uint64_t seed, int ticks) {
  WorldConfig config;
  config.seed = seed;
  auto world = std::make_unique<World>(config);
  for (int i = 0; i < ticks; ++i)
    step(*world, autofire_input(*world, 60.0), kDt);
  return state_hash(*world);
}

TEST(World, TheSameSeedAndInputsGiveTheSameStateAfterTenThousandTicks) {
  const std::uint64_t a = hash_after(42, 10000);
  EXPECT_EQ(a, hash_after(42, 10000));
  EXPECT_NE(a, hash_after(43, 10000));  // and the hash does depend on the seed
}

}  // namespace
}  // namespace flatline
