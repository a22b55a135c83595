// Tests for the rifle's kick (src/sim/weapons.cpp): the cone a shot leaves in widens with
// sustained fire and closes while the trigger rests; recoil lifts the view and settles back
// to exactly zero, never moving the player's own pitch.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include <glm/geometric.hpp>

#include "aim.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr glm::vec3 kFeet{0.0f, 0.0f, kSpawnZ};
// On the east wall's inner face, 30 m away at eye height: nothing stands between.
constexpr glm::vec3 kWallPoint{29.99f, kEyeHeight, kSpawnZ};

TickInput trigger(bool held) {
  TickInput input;
  input.fire_held = held;
  return input;
}

void rest(World& world, int ticks) {
  for (int i = 0; i < ticks; ++i)
    step(world, TickInput{}, kDt);
}

// The widest distance between two bullet holes: how far the impacts scatter.
float scatter_of_holes(const World& world) {
  std::vector<glm::vec3> holes;
  for_each_live(world.decals, [&](const Decal& d) { holes.push_back(d.pos); });
  float widest = 0.0f;
  for (const glm::vec3& a : holes)
    for (const glm::vec3& b : holes)
      widest = std::max(widest, glm::distance(a, b));
  return widest;
}

WorldConfig without_recoil() {
  WorldConfig config;
  config.recoil_per_shot = 0.0f;  // the cone alone moves the impacts
  return config;
}

TEST(Kick, SustainedFireScattersImpactsWiderThanSingleTaps) {
  World held(without_recoil());
  test::look_at(held, kFeet, kWallPoint);
  for (int i = 0; i < 60; ++i)  // a second of the trigger held: 12 rounds
    step(held, trigger(true), kDt);
  rest(held, 30);  // the last rounds land

  World tapped(without_recoil());
  test::look_at(tapped, kFeet, kWallPoint);
  for (int tap = 0; tap < 12; ++tap) {
    step(tapped, trigger(true), kDt);  // one round
    rest(tapped, 30);                  // half a second's rest: the cone closes
  }
  ASSERT_EQ(held.decals.pool.active_count(), 12u);  // every round reached the wall
  ASSERT_EQ(tapped.decals.pool.active_count(), 12u);
  EXPECT_LT(scatter_of_holes(tapped), 0.01f);  // every tap goes true: one hole over another
  EXPECT_GT(scatter_of_holes(held), 0.25f);    // a burst scatters tens of centimetres at 30 m
}

TEST(Kick, TheFirstShotGoesTrue) {
  World world(WorldConfig{});
  test::look_at(world, kFeet, kWallPoint);
  EXPECT_EQ(world.player.spread, 0.0f);
  step(world, trigger(true), kDt);
  rest(world, 30);
  ASSERT_EQ(world.decals.pool.active_count(), 1u);
  for_each_live(world.decals, [&](const Decal& d) {
    EXPECT_NEAR(d.pos.y, kEyeHeight, 0.01f);
    EXPECT_NEAR(d.pos.z, kSpawnZ, 0.01f);
  });
}

TEST(Kick, TheConeWidensUpToItsLimitAndClosesAfterARest) {
  World world(WorldConfig{});
  float last = 0.0f;
  for (int i = 0; i < 30; ++i) {
    step(world, trigger(true), kDt);
    EXPECT_GE(world.player.spread, last);  // never closes while the trigger is held
    last = world.player.spread;
  }
  EXPECT_GT(world.player.spread, 0.0f);
  for (int i = 0; i < 600; ++i)  // ten seconds more: the cone stops at its limit
    step(world, trigger(true), kDt);
  EXPECT_EQ(world.player.spread, world.config.spread_max);
  int ticks = 0;
  while (world.player.spread > 0.0f && ticks < 600) {  // a generous ceiling: 10 s
    step(world, trigger(false), kDt);
    ++ticks;
  }
  EXPECT_EQ(world.player.spread, 0.0f);
  EXPECT_LT(ticks, 60);  // well within a second of rest
}

TEST(Kick, RecoilLiftsTheViewThenReturnsToZeroLeavingThePitchAlone) {
  World world(WorldConfig{});
  test::look_at(world, kFeet, kWallPoint);
  const float pitch = world.player.pitch;
  const glm::vec3 before = look_direction(world.player);
  for (int i = 0; i < 20; ++i)
    step(world, trigger(true), kDt);
  EXPECT_GT(world.player.recoil_pitch, 0.0f);
  EXPECT_LE(world.player.recoil_pitch, world.config.recoil_max);
  EXPECT_GT(look_direction(world.player).y, before.y + 0.005f);  // the view is kicked up
  EXPECT_EQ(world.player.pitch, pitch);                          // the mouse's pitch is not
  int ticks = 0;
  while (world.player.recoil_pitch > 0.0f && ticks < 600) {  // a generous ceiling: 10 s
    step(world, TickInput{}, kDt);
    ++ticks;
  }
  EXPECT_EQ(world.player.recoil_pitch, 0.0f);
  EXPECT_LT(ticks, 120);
  EXPECT_EQ(look_direction(world.player), before);
}

TEST(Kick, RecoilSettlesEvenWithTheTriggerHeld) {
  WorldConfig config;
  config.rifle_rate = 1.0f;  // a shot a second: the view settles between them
  World world(config);
  float highest = 0.0f;
  int since_shot = 0, settled_checks = 0;
  for (int i = 0; i < 120; ++i) {
    const std::uint64_t shots = world.shots_fired;
    step(world, trigger(true), kDt);
    since_shot = world.shots_fired > shots ? 0 : since_shot + 1;
    highest = std::max(highest, world.player.recoil_pitch);
    if (since_shot >= 30) {  // half a second after a shot, the trigger still held
      EXPECT_EQ(world.player.recoil_pitch, 0.0f) << i;
      ++settled_checks;
    }
  }
  EXPECT_GT(highest, 0.0f);
  EXPECT_GT(settled_checks, 10);
}

TEST(Kick, TheKickIsPartOfTheStateHash) {
  World a(WorldConfig{});
  World b(WorldConfig{});
  b.player.spread = 0.01f;
  EXPECT_NE(state_hash(a), state_hash(b));
  World c(WorldConfig{});
  c.player.recoil_pitch = 0.01f;
  EXPECT_NE(state_hash(a), state_hash(c));
}

}  // namespace
}  // namespace flatline
