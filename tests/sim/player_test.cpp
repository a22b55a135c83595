// The capsule player against levels of triangles built here: ramps, a stair, slopes, walls,
// a box to jump on; falling out of the world; a target in the way.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kPi = 3.14159265f;

void add_quad(std::vector<Triangle>& out, const glm::vec3& a, const glm::vec3& b,
              const glm::vec3& c, const glm::vec3& d) {
  out.push_back({a, b, c});
  out.push_back({a, c, d});
}

// A floor of two triangles, 100 m square, at y = 0.
ArenaLayout floor_only() {
  ArenaLayout layout;
  layout.half_extent = 50.0f;
  add_quad(layout.triangles, {-50, 0, -50}, {-50, 0, 50}, {50, 0, 50}, {50, 0, -50});
  return layout;
}

// A slope rising towards -z from z = 0 at `degrees`, 10 m wide, up to `height`, then flat.
ArenaLayout slope_of(float degrees, float height) {
  ArenaLayout layout = floor_only();
  const float run = height / std::tan(degrees * kPi / 180.0f);
  add_quad(layout.triangles, {-5, 0, 0}, {5, 0, 0}, {5, height, -run}, {-5, height, -run});
  add_quad(layout.triangles, {-5, height, -run}, {5, height, -run}, {5, height, -run - 20},
           {-5, height, -run - 20});
  return layout;
}

// The height of that slope's surface at z (on the slope part).
float slope_height(float degrees, float z) {
  return -z * std::tan(degrees * kPi / 180.0f);
}

// Where the feet (the capsule's lowest point) are when it rests on that slope at z: its round
// bottom touches the slope uphill of the feet, which hang a little above the surface.
float feet_on_slope(float degrees, float z) {
  return slope_height(degrees, z) +
         kPlayerRadius * (1.0f / std::cos(degrees * kPi / 180.0f) - 1.0f);
}

// Targets far away, so they stand in no test's way but the one that wants them.
std::unique_ptr<World> world_with(const ArenaLayout& layout) {
  WorldConfig config;
  config.arena = layout;
  auto world = std::make_unique<World>(config);
  for (Target& t : world->targets) {
    t.home = t.pos = t.prev_pos = {200.0f, -100.0f, 200.0f};
    t.sway = glm::vec3(0.0f);
  }
  return world;
}

// Stands the player at `feet`, still, facing along `dir` (on the ground plane).
void stand(World& world, const glm::vec3& feet, const glm::vec3& dir = {0, 0, -1}) {
  world.player.pos = world.player.prev_pos = feet;
  world.player.vel = glm::vec3(0.0f);
  world.player.yaw = std::atan2(-dir.x, -dir.z);
  world.player.pitch = 0.0f;
}

TickInput forward(bool sprint = false) {
  TickInput input;
  input.move_forward = 1.0f;
  input.sprint = sprint;
  return input;
}

void run(World& world, const TickInput& input, int ticks) {
  for (int i = 0; i < ticks; ++i)
    step(world, input, kDt);
}

TEST(Player, StandsOnTheFloorWithItsFeetOnIt) {
  auto world = world_with(floor_only());
  stand(*world, {0, 2, 0});
  run(*world, {}, 60);
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
}

TEST(Player, JumpsHigherThanTheCover) {
  auto world = world_with(floor_only());
  stand(*world, {0, 0, 0});
  run(*world, {}, 10);
  TickInput jump;
  jump.jump_presses = 1;
  step(*world, jump, kDt);
  float apex = world->player.pos.y;
  for (int i = 0; i < 120; ++i) {
    step(*world, {}, kDt);
    apex = std::max(apex, world->player.pos.y);
  }
  EXPECT_GE(apex, 1.5f);
  EXPECT_TRUE(world->player.on_ground);  // and comes back down
}

TEST(Player, WalksUpAThirtyDegreeRampWithoutLeavingTheGround) {
  constexpr float kHeight = 2.0f;
  auto world = world_with(slope_of(30.0f, kHeight));
  stand(*world, {0, 0, 3});
  run(*world, {}, 10);
  ASSERT_TRUE(world->player.on_ground);
  for (int i = 0; i < 150; ++i) {
    step(*world, forward(), kDt);
    ASSERT_TRUE(world->player.on_ground) << "tick " << i << " at z " << world->player.pos.z;
    if (world->player.pos.z < -1.0f && world->player.pos.z > -2.5f) {  // on the ramp
      EXPECT_NEAR(world->player.pos.y, feet_on_slope(30.0f, world->player.pos.z), 1e-3f);
    }
  }
  EXPECT_NEAR(world->player.pos.y, kHeight, 1e-3f);  // on the top
  EXPECT_LT(world->player.pos.z, -kHeight / std::tan(30.0f * kPi / 180.0f) - 1.0f);
  // And back down, still on the ground all the way.
  for (int i = 0; i < 150; ++i) {
    TickInput back;
    back.move_forward = -1.0f;
    step(*world, back, kDt);
    ASSERT_TRUE(world->player.on_ground) << "tick " << i << " at z " << world->player.pos.z;
  }
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
}

TEST(Player, ClimbsAStairOfThirtyCentimetreSteps) {
  ArenaLayout layout = floor_only();
  constexpr int kSteps = 6;
  constexpr float kRise = 0.3f;
  constexpr float kTread = 0.4f;
  for (int i = 0; i < kSteps; ++i) {  // each step a box from its riser to the back
    const float front = -kTread * static_cast<float>(i);
    layout.solids.push_back({{-2, 0, -10}, {2, kRise * static_cast<float>(i + 1), front}});
  }
  auto world = world_with(layout);
  stand(*world, {0, 0, 2});
  run(*world, {}, 10);
  for (int i = 0; i < 60; ++i) {  // 6 m: up the 2.4 m of steps and on along the top
    step(*world, forward(), kDt);
    ASSERT_TRUE(world->player.on_ground) << "tick " << i << " at z " << world->player.pos.z;
  }
  EXPECT_NEAR(world->player.pos.y, kRise * kSteps, 1e-3f);
  EXPECT_LT(world->player.pos.z, -kTread * kSteps);
  EXPECT_TRUE(world->player.on_ground);
}

TEST(Player, IsStoppedByAWallHigherThanAStep) {
  ArenaLayout layout = floor_only();
  layout.solids.push_back({{-2, 0, -10}, {2, 0.5f, 0}});
  auto world = world_with(layout);
  stand(*world, {0, 0, 2});
  run(*world, forward(), 120);
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  EXPECT_NEAR(world->player.pos.z, kPlayerRadius, 1e-3f);
}

TEST(Player, JumpsOntoABoxAsHighAsTheCover) {
  ArenaLayout layout = floor_only();
  layout.solids.push_back({{-2, 0, -10}, {2, 1.2f, 0}});
  auto world = world_with(layout);
  stand(*world, {0, 0, 1.0f + kPlayerRadius});
  run(*world, {}, 10);
  run(*world, forward(), 60);  // without a jump it stops against the side
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  EXPECT_NEAR(world->player.pos.z, kPlayerRadius, 1e-3f);
  stand(*world, {0, 0, 1.0f + kPlayerRadius});
  run(*world, {}, 10);
  TickInput jump = forward();
  jump.jump_presses = 1;
  step(*world, jump, kDt);
  run(*world, forward(), 60);
  EXPECT_NEAR(world->player.pos.y, 1.2f, 1e-3f);
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_LT(world->player.pos.z, -0.5f);
}

TEST(Player, SlidesAlongAWallItWalksInto) {
  ArenaLayout layout = floor_only();
  layout.solids.push_back({{2, 0, -30}, {3, 3, 30}});  // a wall along z, at x = 2
  auto world = world_with(layout);
  stand(*world, {0, 0, 0}, {1, 0, -1});  // 45° into it
  run(*world, {}, 5);
  float most_x = 0.0f;
  for (int i = 0; i < 120; ++i) {
    step(*world, forward(), kDt);
    most_x = std::max(most_x, world->player.pos.x);
  }
  EXPECT_LE(most_x, 2.0f - kPlayerRadius + 1e-3f);
  EXPECT_NEAR(world->player.pos.x, 2.0f - kPlayerRadius, 1e-3f);
  EXPECT_LT(world->player.pos.z, -3.0f);  // along it, most of the speed kept
}

TEST(Player, NeverPassesAThinWallAtSprintOrFaster) {
  ArenaLayout layout = floor_only();
  layout.solids.push_back({{-5, 0, -0.025f}, {5, 3, 0.025f}});  // 5 cm thick
  auto world = world_with(layout);
  stand(*world, {0, 0, 2});
  for (int i = 0; i < 120; ++i) {
    step(*world, forward(true), kDt);
    ASSERT_GE(world->player.pos.z, 0.025f + kPlayerRadius - 1e-3f) << "tick " << i;
  }
  stand(*world, {0, 0, 2});
  world->player.vel = {0, 0, -90};  // 1.5 m a tick, far more than a radius
  for (int i = 0; i < 30; ++i) {
    step(*world, forward(true), kDt);
    ASSERT_GE(world->player.pos.z, 0.025f + kPlayerRadius - 1e-3f) << "tick " << i;
  }
}

TEST(Player, StandsStillOnAFortyDegreeSlope) {
  auto world = world_with(slope_of(40.0f, 10.0f));
  stand(*world, {0, slope_height(40.0f, -5.0f) + 0.5f, -5.0f});
  run(*world, {}, 60);
  ASSERT_TRUE(world->player.on_ground);
  const glm::vec3 settled = world->player.pos;
  EXPECT_NEAR(settled.y, feet_on_slope(40.0f, -5.0f), 1e-3f);
  run(*world, {}, 120);
  EXPECT_TRUE(world->player.on_ground);
  EXPECT_NEAR(world->player.pos.z, settled.z, 1e-4f);
  EXPECT_NEAR(world->player.pos.y, settled.y, 1e-4f);
}

TEST(Player, SlidesDownASixtyDegreeSlope) {
  auto world = world_with(slope_of(60.0f, 10.0f));
  const float z = -3.0f;
  stand(*world, {0, slope_height(60.0f, z) + 0.5f, z});
  run(*world, {}, 10);
  EXPECT_FALSE(world->player.on_ground);  // too steep to stand on
  EXPECT_GT(world->player.pos.z, z);      // already sliding down
  run(*world, {}, 170);
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);  // at the bottom, on the floor
  EXPECT_GT(world->player.pos.z, 0.0f);
  EXPECT_TRUE(world->player.on_ground);
}

TEST(Player, FallingOutOfTheWorldRespawns) {
  auto world = world_with(floor_only());
  stand(*world, {80, 0, 80});  // beyond the floor's edge
  float lowest = 0.0f;
  for (int i = 0; i < 180; ++i) {
    step(*world, {}, kDt);
    lowest = std::min(lowest, world->player.pos.y);
  }
  EXPECT_LT(lowest, -10.0f);  // it did fall
  const Player fresh;
  EXPECT_NEAR(world->player.pos.x, fresh.pos.x, 1e-3f);
  EXPECT_NEAR(world->player.pos.z, fresh.pos.z, 1e-3f);
  EXPECT_NEAR(world->player.pos.y, 0.0f, 1e-3f);
  EXPECT_TRUE(world->player.on_ground);
}

TEST(Player, IsBlockedByATarget) {
  World world(WorldConfig{});
  Target& target = world.targets[1];  // the still one behind the thin wall, at z = -24
  target.sway = glm::vec3(0.0f);
  stand(world, {target.pos.x, 0, target.pos.z + 3.0f});
  run(world, forward(), 120);
  EXPECT_NEAR(world.player.pos.z, target.box().max.z + kPlayerRadius, 1e-3f);
  target.broken = true;  // gone: the way is open
  target.respawn_timer = 100.0f;
  run(world, forward(), 60);
  EXPECT_LT(world.player.pos.z, target.pos.z - 1.0f);
}

}  // namespace
}  // namespace flatline
