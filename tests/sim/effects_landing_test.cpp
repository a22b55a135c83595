// Effects land where they fall: casings and sparks meet the level's triangles, decals lie on
// the face a bullet struck.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include <glm/geometric.hpp>

#include "aim.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kPi = 3.14159265f;

// The built-in arena's raised platform: 10 m by 4 m, 0.8 m high, centred at (0, 24).
constexpr Aabb kPlatform{{-5.0f, 0.0f, 22.0f}, {5.0f, 0.8f, 26.0f}};

TEST(Casings, FiredFromTheRaisedPlatformComeToRestOnItsTop) {
  World world(WorldConfig{});
  ASSERT_NE(std::find(world.arena.solids.begin(), world.arena.solids.end(), kPlatform),
            world.arena.solids.end());
  world.player.pos = world.player.prev_pos = {0.0f, kPlatform.max.y, 24.0f};
  for (int i = 0; i < 10; ++i)
    step(world, TickInput{}, kDt);
  ASSERT_TRUE(world.player.on_ground);
  TickInput hold;
  hold.fire_held = true;
  for (int i = 0; i < 60; ++i)
    step(world, hold, kDt);
  // Almost two seconds more: the last casings have settled (a slow slide included), the
  // first are still short of their life.
  const float settle = 1.9f;
  ASSERT_LT(1.0f + settle, EffectTimes::kCasingLife);
  for (int i = 0; i < static_cast<int>(settle * 60.0f); ++i)
    step(world, TickInput{}, kDt);
  int on_top = 0;
  world.casings.pool.for_each_active([&](int, const Casing& c) {
    EXPECT_TRUE(c.resting) << "age " << c.age << ", speed " << glm::length(c.vel);
    EXPECT_GT(c.bounces, 0);
    EXPECT_NEAR(c.pos.y, kPlatform.max.y + 0.01f, 1e-3f);  // on the top, not inside it
    EXPECT_TRUE(c.pos.x > kPlatform.min.x && c.pos.x < kPlatform.max.x);
    EXPECT_TRUE(c.pos.z > kPlatform.min.z && c.pos.z < kPlatform.max.z);
    ++on_top;
  });
  EXPECT_GE(on_top, 10);  // twelve shots a second
}

TEST(Casings, NeverEndATickInsideTheLevel) {
  World world(WorldConfig{});
  // Thrown hard at the platform's side and top from every direction around it.
  for (int i = 0; i < 64; ++i) {
    const float a = static_cast<float>(i) * 2.0f * kPi / 64.0f;
    const glm::vec3 from{6.0f * std::cos(a), 2.0f, 24.0f + 3.0f * std::sin(a)};
    spawn_casing(world, from, (glm::vec3(0.0f, 0.4f, 24.0f) - from) * 4.0f);
  }
  for (int i = 0; i < 60 * 3; ++i) {
    step(world, TickInput{}, kDt);
    world.casings.pool.for_each_active([&](int, const Casing& c) {
      ASSERT_FALSE(kPlatform.contains(c.pos)) << c.pos.x << " " << c.pos.y << " " << c.pos.z;
      ASSERT_GE(c.pos.y, 0.01f - 1e-4f);
    });
  }
}

TEST(Sparks, ThrownAtTheFloorStayAboveIt) {
  World world(WorldConfig{});
  // A hit on the floor from below sends the sparks' bounce down, into the floor.
  for (int i = 0; i < 8; ++i)
    spawn_impact(world, {static_cast<float>(i), 0.0f, 10.0f}, {0, 1, 0}, {0, 1, 0}, false);
  ASSERT_GT(world.sparks.pool.active_count(), 0u);
  bool any_touched = false;
  for (int i = 0; i < 40; ++i) {
    step(world, TickInput{}, kDt);
    world.sparks.pool.for_each_active([&](int, const Spark& s) {
      ASSERT_GE(s.pos.y, 0.01f - 1e-4f);
      any_touched = any_touched || s.pos.y < 0.011f;
    });
  }
  EXPECT_TRUE(any_touched);
}

TEST(Decals, LieOnTheRampABulletStruck) {
  constexpr float kSlope = 30.0f * kPi / 180.0f;  // rising towards -z from z = 0
  ArenaLayout layout;
  layout.half_extent = 50.0f;
  layout.triangles = {{{-50, 0, -50}, {-50, 0, 50}, {50, 0, 50}},
                      {{-50, 0, -50}, {50, 0, 50}, {50, 0, -50}},
                      {{-5, 0, 0}, {5, 0, 0}, {5, 5 * std::tan(kSlope), -5}},
                      {{-5, 0, 0}, {5, 5 * std::tan(kSlope), -5}, {-5, 5 * std::tan(kSlope), -5}}};
  WorldConfig config;
  config.arena = layout;
  World world(config);
  const glm::vec3 on_ramp{0.5f, 2.0f * std::tan(kSlope), -2.0f};
  test::look_at(world, {0.0f, 0.0f, 6.0f}, on_ramp);
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  for (int i = 0; i < 10; ++i)
    step(world, TickInput{}, kDt);
  ASSERT_EQ(world.decals.pool.active_count(), 1u);
  const glm::vec3 face{0.0f, std::cos(kSlope), std::sin(kSlope)};
  world.decals.pool.for_each_active([&](int, const Decal& d) {
    EXPECT_NEAR(glm::dot(d.normal, face), 1.0f, 1e-4f);           // turned to the ramp's face
    EXPECT_NEAR(glm::dot(d.pos - on_ramp, face), 0.005f, 1e-3f);  // just off its surface
  });
}

}  // namespace
}  // namespace flatline
