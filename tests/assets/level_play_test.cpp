// The committed level (assets/arena.gltf) played through the sim: the capsule player walks up
// the balcony's ramp and its stair and jumps onto a cover; casings fired on the balcony land
// on it; a bullet stops on the ramp's face. Where to stand comes from tools/level_plan.py;
// each test asserts where the player (or the effect) ends, so a change to the level's
// geometry that breaks the walk fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <glm/geometric.hpp>

#include "assets/level.hpp"
#include "sim/effects.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kWalkSpeed = 6.0f;  // player.cpp's walk, for "plausibly many ticks"

// tools/level_plan.py: the balcony against the west wall, its deck 3 m up.
constexpr float kBalconyX0 = -30.0f, kBalconyX1 = -26.0f;
constexpr float kBalconyZ0 = -14.0f, kBalconyZ1 = 14.0f;
constexpr float kBalconyTop = 3.0f;
constexpr float kRampLowZ = 20.0f;      // the ramp meets the floor here, the deck at kBalconyZ1
constexpr float kStairFrontZ = -18.8f;  // 12 steps of 0.4 m up to the deck at kBalconyZ0
// The built-in arena's long 1.2 m cover (src/sim/arena.cpp): x -0.5..0.5, z 11.5..16.5.
constexpr float kCoverTop = 1.2f, kCoverZ0 = 11.5f, kCoverZ1 = 16.5f;

const assets::Level& committed_level() {
  static const assets::Level level = [] {
    assets::Level l;
    std::string error;
    EXPECT_TRUE(assets::load_level(FLATLINE_ASSET_DIR, l, error)) << error;
    return l;
  }();
  return level;
}

std::unique_ptr<World> world_on_level() {
  WorldConfig config;
  config.arena = committed_level().collision;
  return std::make_unique<World>(config);
}

// Stands the player at `feet`, still, facing along `dir` (on the ground plane), and lets it
// settle.
void stand(World& world, const glm::vec3& feet, const glm::vec3& dir) {
  world.player.pos = world.player.prev_pos = feet;
  world.player.vel = glm::vec3(0.0f);
  world.player.yaw = std::atan2(-dir.x, -dir.z);
  world.player.pitch = 0.0f;
  for (int i = 0; i < 10; ++i)
    step(world, TickInput{}, kDt);
}

TickInput forward() {
  TickInput input;
  input.move_forward = 1.0f;
  return input;
}

// Walks forward until `arrived` (at most `ceiling` ticks), on the ground every tick and never
// higher than `top`. Returns the ticks it took.
template <class Arrived>
int walk_until(World& world, const Arrived& arrived, float top, int ceiling) {
  int ticks = 0;
  while (!arrived(world.player.pos) && ticks < ceiling) {
    step(world, forward(), kDt);
    ++ticks;
    EXPECT_TRUE(world.player.on_ground) << "tick " << ticks << " at z " << world.player.pos.z;
    EXPECT_LE(world.player.pos.y, top + 1e-3f) << "tick " << ticks;
  }
  return ticks;
}

TEST(RealLevel, LoadsWithTheBalconyAndTheCover) {
  const assets::Level& level = committed_level();
  EXPECT_GT(level.collision.triangles.size(), 1000u);
  const auto has_part = [&](const std::string& name) {
    return std::any_of(level.parts.begin(), level.parts.end(),
                       [&](const assets::Mesh& m) { return m.name == name; });
  };
  EXPECT_TRUE(has_part("balcony_ramp"));
  EXPECT_TRUE(has_part("balcony_stair"));
}

TEST(RealLevel, PlayerWalksUpTheRampOntoTheBalcony) {
  auto world = world_on_level();
  const float start_z = kRampLowZ + 3.0f;
  stand(*world, {-28.0f, 0.0f, start_z}, {0, 0, -1});
  ASSERT_TRUE(world->player.on_ground);
  ASSERT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  const float end_z = kBalconyZ1 - 4.0f;  // 4 m along the deck
  const int ticks = walk_until(
      *world, [&](const glm::vec3& p) { return p.z < end_z; }, kBalconyTop, 600);
  EXPECT_NEAR(world->player.pos.y, kBalconyTop, 1e-3f);  // on the deck, not under it
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_LT(world->player.pos.z, end_z);
  EXPECT_TRUE(world->player.pos.x > kBalconyX0 && world->player.pos.x < kBalconyX1);
  // Up a 26.6 degree ramp the walk is slower along z than on the flat, never faster.
  EXPECT_GE(ticks, static_cast<int>((start_z - end_z) / kWalkSpeed / kDt) - 2);
  EXPECT_LT(ticks, 600);
}

TEST(RealLevel, PlayerClimbsTheTwelveStepStair) {
  auto world = world_on_level();
  const float start_z = kStairFrontZ - 2.0f;
  stand(*world, {-28.0f, 0.0f, start_z}, {0, 0, 1});
  ASSERT_TRUE(world->player.on_ground);
  ASSERT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  const float end_z = kBalconyZ0 + 3.0f;
  std::vector<float> heights;  // each height it stood at, rounded to the centimetre
  int ticks = 0;
  while (world->player.pos.z < end_z && ticks < 600) {
    step(*world, forward(), kDt);
    ++ticks;
    ASSERT_TRUE(world->player.on_ground) << "tick " << ticks << " at z " << world->player.pos.z;
    const float h = std::round(world->player.pos.y * 100.0f) / 100.0f;
    if (heights.empty() || h > heights.back()) heights.push_back(h);
  }
  EXPECT_NEAR(world->player.pos.y, kBalconyTop, 1e-3f);
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_GT(world->player.pos.z, end_z);
  EXPECT_GE(ticks, static_cast<int>((end_z - start_z) / kWalkSpeed / kDt) - 2);
  // It went up the steps, not in one leap: at least one height on each of the 12 treads.
  EXPECT_GE(heights.size(), 12u);
}

TEST(RealLevel, PlayerJumpsOntoTheCoverAndStandsOnIt) {
  auto world = world_on_level();
  const glm::vec3 start{0.0f, 0.0f, kCoverZ1 + 1.0f + kPlayerRadius};
  stand(*world, start, {0, 0, -1});
  ASSERT_TRUE(world->player.on_ground);
  for (int i = 0; i < 60; ++i)  // without a jump it stops against the side
    step(*world, forward(), kDt);
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  EXPECT_NEAR(world->player.pos.z, kCoverZ1 + kPlayerRadius, 1e-3f);

  stand(*world, start, {0, 0, -1});
  TickInput jump = forward();
  jump.jump_presses = 1;
  step(*world, jump, kDt);
  float apex = world->player.pos.y;
  int airborne = 1;
  while (!world->player.on_ground && airborne < 240) {
    step(*world, forward(), kDt);
    apex = std::max(apex, world->player.pos.y);
    ++airborne;
  }
  for (int i = 0; i < 60; ++i)  // let go, and stand
    step(*world, TickInput{}, kDt);
  EXPECT_GE(apex, 1.5f);
  EXPECT_GE(airborne, 20);  // a flight of a third of a second or more, not a step up
  EXPECT_NEAR(world->player.pos.y, kCoverTop, 1e-3f);
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_LT(world->player.pos.z, kCoverZ1);
  EXPECT_GT(world->player.pos.z, kCoverZ0);
}

TEST(RealLevel, CasingsFiredOnTheBalconyComeToRestOnIt) {
  auto world = world_on_level();
  // Facing south along the deck: casings fly out to the right, towards the west wall.
  stand(*world, {-28.0f, kBalconyTop, 0.0f}, {0, 0, 1});
  ASSERT_TRUE(world->player.on_ground);
  ASSERT_NEAR(world->player.pos.y, kBalconyTop, 1e-3f);
  TickInput hold;
  hold.fire_held = true;
  for (int i = 0; i < 60; ++i)
    step(*world, hold, kDt);
  const float settle = 1.9f;  // as effects_landing_test: settled, still short of their life
  ASSERT_LT(1.0f + settle, EffectTimes::kCasingLife);
  for (int i = 0; i < static_cast<int>(settle * 60.0f); ++i)
    step(*world, TickInput{}, kDt);
  int on_deck = 0;
  world->casings.pool.for_each_active([&](int, const Casing& c) {
    EXPECT_TRUE(c.resting) << "age " << c.age << ", speed " << glm::length(c.vel);
    EXPECT_NEAR(c.pos.y, kBalconyTop + 0.01f, 1e-3f);  // on the deck: not inside, not below
    EXPECT_TRUE(c.pos.x > kBalconyX0 && c.pos.x < kBalconyX1) << c.pos.x;
    EXPECT_TRUE(c.pos.z > kBalconyZ0 && c.pos.z < kBalconyZ1) << c.pos.z;
    ++on_deck;
  });
  EXPECT_GE(on_deck, 10);
}

// The ramp's up-facing triangles: their normal, (0, 6, 3) normalised (3 m up over 6 m).
std::vector<Triangle> ramp_faces(const glm::vec3& up) {
  std::vector<Triangle> out;
  for (const Triangle& t : committed_level().collision.triangles) {
    const glm::vec3 n = glm::normalize(glm::cross(t.b - t.a, t.c - t.a));
    const glm::vec3 lo = glm::min(t.a, glm::min(t.b, t.c));
    if (glm::dot(n, up) > 0.9999f && lo.x >= kBalconyX0 - 1e-3f && lo.z >= kBalconyZ1 - 1e-3f)
      out.push_back(t);
  }
  return out;
}

TEST(RealLevel, ABulletStrikingTheRampStopsOnItsTriangle) {
  const glm::vec3 up = glm::normalize(glm::vec3(0.0f, kRampLowZ - kBalconyZ1, kBalconyTop));
  const std::vector<Triangle> faces = ramp_faces(up);
  ASSERT_GE(faces.size(), 2u);
  auto world = world_on_level();
  const glm::vec3 on_ramp{-28.0f, 1.5f, 17.0f};  // halfway up
  world->player.pos = world->player.prev_pos = {-20.0f, 0.0f, 24.0f};
  const glm::vec3 d = on_ramp - eye_position(world->player);
  world->player.yaw = std::atan2(-d.x, -d.z);
  world->player.pitch = std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z));
  TickInput click;
  click.fire_presses = 1;
  step(*world, click, kDt);
  for (int i = 0; i < 30 && world->bullet_hits == 0; ++i)
    step(*world, TickInput{}, kDt);
  ASSERT_EQ(world->bullet_hits, 1u);
  const float radius = world->config.bullet_radius;
  int stopped = 0;
  world->bullets.pool.for_each_active([&](int, const Bullet& b) {
    ASSERT_EQ(b.life.stage, LifeStage::Lingering);  // its flight is over, where it hit
    // The sphere's centre: a radius off the plane, over one of the ramp's triangles.
    const Triangle* struck = nullptr;
    for (const Triangle& t : faces)
      if (glm::length(closest_point_on_triangle(b.pos, t) - b.pos) <= radius + 1e-3f) struck = &t;
    ASSERT_NE(struck, nullptr) << b.pos.x << " " << b.pos.y << " " << b.pos.z;
    EXPECT_NEAR(glm::dot(b.pos - struck->a, up), radius, 1e-3f);
    EXPECT_LT(glm::length(b.pos - on_ramp), 0.2f);
    ++stopped;
  });
  EXPECT_EQ(stopped, 1);
  ASSERT_EQ(world->decals.pool.active_count(), 1u);
  world->decals.pool.for_each_active([&](int, const Decal& decal) {
    EXPECT_NEAR(glm::dot(decal.normal, up), 1.0f, 1e-4f);                   // the ramp's normal
    EXPECT_NEAR(glm::dot(decal.pos - faces.front().a, up), 0.005f, 1e-3f);  // on its surface
  });
}

}  // namespace
}  // namespace flatline
