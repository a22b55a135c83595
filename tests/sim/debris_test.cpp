// Debris (sim/effects.hpp): a broken target bursts into pieces that tumble, land and rest on
// the level, fade and go back to their pool; the target rises back when it respawns.
#include <gtest/gtest.h>

#include <array>

#include <glm/geometric.hpp>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

void run(World& world, int ticks) {
  for (int i = 0; i < ticks; ++i)
    step(world, TickInput{}, kDt);
}

// Breaks target `index` as a last hit does: its health gone, broken at the end of the tick.
void break_target(World& world, int index) {
  Target& t = world.targets[static_cast<std::size_t>(index)];
  hit_target(world, index, t.pos, {0.0f, 0.0f, 1.0f}, t.health);
  step(world, TickInput{}, kDt);
  ASSERT_TRUE(t.broken);
}

TEST(Debris, ABrokenTargetBurstsIntoPiecesThatSpin) {
  World world(WorldConfig{});
  break_target(world, 1);
  EXPECT_EQ(world.debris.pool.active_count(),
            static_cast<std::size_t>(EffectTimes::kDebrisPerBreak));
  run(world, 5);
  world.debris.pool.for_each_active([&](int, const Debris& d) {
    EXPECT_GT(d.spin, 0.0f);
    EXPECT_GT(glm::length(d.vel), 0.5f);
    EXPECT_NEAR(glm::length(d.axis), 1.0f, 1e-4f);
  });
}

TEST(Debris, LandsAndRestsOnTheLevelThenIsReleasedAfterItsLife) {
  World world(WorldConfig{});
  break_target(world, 1);
  const float settle = 2.8f;
  ASSERT_LT(settle, EffectTimes::kDebrisLife - Linger::kDebris);  // still live: full size
  run(world, static_cast<int>(settle * 60.0f));
  std::array<Contact, 8> buffer;
  int resting = 0;
  world.debris.pool.for_each_active([&](int, const Debris& d) {
    EXPECT_TRUE(d.resting) << "speed " << glm::length(d.vel);
    // On the level: something under it within a hair of its half size, nothing inside it.
    const float r = 0.5f * d.size;
    const ContactSummary under = world.arena.bvh.sphere_contacts(d.pos, r + 2e-3f, buffer);
    EXPECT_GT(under.found, 0u) << d.pos.x << " " << d.pos.y << " " << d.pos.z;
    EXPECT_GT(under.deepest.normal.y, 0.5f);
    EXPECT_EQ(world.arena.bvh.sphere_contacts(d.pos, r - 2e-3f, buffer).found, 0u);
    resting += d.resting ? 1 : 0;
  });
  EXPECT_EQ(resting, EffectTimes::kDebrisPerBreak);
  const glm::vec3 one = world.debris.pool[world.debris.pool.oldest_active()].pos;
  run(world, 30);
  EXPECT_EQ(world.debris.pool[world.debris.pool.oldest_active()].pos, one) << "it stays";
  run(world, static_cast<int>((EffectTimes::kDebrisLife - settle) * 60.0f) + 5);
  EXPECT_EQ(world.debris.pool.active_count(), 0u);
  EXPECT_EQ(world.debris.pool.stats().released,
            static_cast<std::uint64_t>(EffectTimes::kDebrisPerBreak));
}

TEST(Debris, AFullPoolTakesBackItsOldestPieces) {
  WorldConfig config;
  config.pools[kDebris].capacity = 20;
  World world(config);
  break_target(world, 1);
  break_target(world, 2);  // 28 pieces asked of 20
  EXPECT_EQ(world.debris.pool.active_count(), 20u);
  EXPECT_EQ(world.debris.pool.stats().recycled, 8u);
}

TEST(Debris, TheTargetRisesBackWhenItRespawns) {
  World world(WorldConfig{});
  const Target& t = world.targets[1];
  EXPECT_GE(t.respawn_age, Target::kRespawnRise) << "standing from the start";
  break_target(world, 1);
  int ticks = 0;
  while (t.broken && ticks++ < 60 * 5)
    step(world, TickInput{}, kDt);
  ASSERT_FALSE(t.broken);
  EXPECT_LT(t.respawn_age, Target::kRespawnRise);  // rising
  run(world, 30);
  EXPECT_GE(t.respawn_age, Target::kRespawnRise);  // risen
}

}  // namespace
}  // namespace flatline
