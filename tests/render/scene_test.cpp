// What the renderer will draw, computed with no GL: one instance per live pooled
// object, interpolated between ticks, never beyond the load-time arrays.
#include "render/scene.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

#include "diag/heap_counter.hpp"
#include "sim/autopilot.hpp"

namespace flatline::render {
namespace {

constexpr float kDt = 1.0f / 60.0f;

std::unique_ptr<World> busy_world(int ticks) {
  auto world = std::make_unique<World>(WorldConfig{});
  for (int i = 0; i < ticks; ++i)
    step(*world, autofire_input(*world, 60.0), kDt);
  return world;
}

TEST(Scene, HasOneInstancePerLiveObjectOfEachKind) {
  // Play until more bullets fly than the full-visual cap: bullets and tracers both on screen.
  auto world = std::make_unique<World>(WorldConfig{});
  // (A tick past the cap can still have no tracer: some of the bullets are lingering.)
  const auto busy = [&] {
    return world->bullets.pool.active_count() > world->config.full_visual_cap &&
           world->tracers.pool.active_count() > 0;
  };
  while (!busy() && world->tick < 3600)
    step(*world, autofire_input(*world, 60.0), kDt);
  ASSERT_GT(world->bullets.pool.active_count(), world->config.full_visual_cap);
  SceneInstances scene;
  scene.reserve_for(*world);
  build_scene(*world, 0.5f, scene);
  std::size_t full_visual = 0;
  world->bullets.pool.for_each_active([&](int, const Bullet& b) { full_visual += b.full_visual; });
  EXPECT_EQ(scene.count[kDrawBullets], full_visual);
  EXPECT_EQ(scene.count[kDrawSparks], world->sparks.pool.active_count());
  EXPECT_EQ(scene.count[kDrawDecals], world->decals.pool.active_count());
  EXPECT_EQ(scene.count[kDrawCasings], world->casings.pool.active_count());
  EXPECT_EQ(scene.count[kDrawTracers], world->tracers.pool.active_count());
  EXPECT_EQ(scene.count[kDrawWeapon], static_cast<std::size_t>(kWeaponParts));  // in hand
  EXPECT_GT(scene.count[kDrawBullets], 0u);  // the scene is not trivially empty
  EXPECT_GT(scene.count[kDrawTracers], 0u);
}

TEST(Scene, ArraysAreSizedToPoolCapacitiesAtLoad) {
  const World world(WorldConfig{});
  SceneInstances scene;
  EXPECT_TRUE(scene.reserve_for(world));
  EXPECT_EQ(scene.items[kDrawSparks].size(), world.sparks.pool.capacity());
  EXPECT_EQ(scene.items[kDrawBullets].size(), world.bullets.pool.capacity());
  EXPECT_FALSE(scene.reserve_for(world));  // a second call finds nothing to grow
}

TEST(Scene, InterpolatesBulletsBetweenTheLastTwoTicks) {
  auto world = std::make_unique<World>(WorldConfig{});
  world->player.pitch = 1.0f;  // into the sky
  TickInput click;
  click.fire_presses = 1;
  step(*world, click, kDt);
  const Bullet& b = world->bullets.pool[world->bullets.pool.oldest_active()];
  SceneInstances scene;
  scene.reserve_for(*world);
  for (float alpha : {0.0f, 0.25f, 1.0f}) {
    build_scene(*world, alpha, scene);
    ASSERT_EQ(scene.count[kDrawBullets], 1u);
    const glm::vec3 expected = b.prev_pos + (b.pos - b.prev_pos) * alpha;
    const Instance& streak =
        scene.items[kDrawBullets][0];  // centred half its length behind the head
    const glm::vec3 head =
        glm::vec3(streak.position) + glm::vec3(streak.forward) * (streak.scale.z * 0.5f);
    EXPECT_NEAR(glm::length(head - expected), 0.0f, 1e-4f) << "alpha " << alpha;
  }
}

// The pooled bullets' records are made four at a time (structure of arrays); a lone bullet
// takes the one-at-a-time path. Each record must come out the same, bit for bit, either way,
// including for a bullet at rest, one that has hardly travelled, lingering ones and ones not
// drawn.
TEST(Scene, ABulletsRecordIsTheSameInABlockOfFourAsAlone) {
  WorldConfig cfg;
  cfg.pools[kBullets].capacity = 64;
  World many(cfg), one(cfg);
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coord(-20.0f, 20.0f), speed(-400.0f, 400.0f),
      way(0.0f, 3.0f);
  for (int i = 0; i < 39; ++i) {  // nine blocks of four and three left over
    Bullet& b = many.bullets.pool[many.bullets.pool.acquire()];
    b.prev_pos = {coord(rng), coord(rng), coord(rng)};
    b.pos = b.prev_pos + glm::vec3(coord(rng), coord(rng), coord(rng)) * 0.1f;
    b.vel = i % 7 == 0 ? glm::vec3(0.0f) : glm::vec3(speed(rng), speed(rng), speed(rng));
    b.travelled = i % 5 == 0 ? 0.01f : way(rng);
    b.full_visual = i % 6 != 0;
    if (i % 4 == 1) b.life = {LifeStage::Lingering, way(rng) * Linger::kBullet / 3.0f};
  }
  SceneInstances scene, alone;
  scene.reserve_for(many);
  alone.reserve_for(one);
  build_scene(many, 0.3f, scene);
  std::size_t record = 0, drawn = 0;
  many.bullets.pool.for_each_active([&](int, const Bullet& b) {
    one.bullets.pool[one.bullets.pool.acquire()] = b;
    build_scene(one, 0.3f, alone);
    one.bullets.pool.release(one.bullets.pool.oldest_active());
    if (!b.full_visual) {
      EXPECT_EQ(alone.count[kDrawBullets], 0u);
      return;
    }
    ++drawn;
    ASSERT_EQ(alone.count[kDrawBullets], 1u);
    ASSERT_LT(record, scene.count[kDrawBullets]);
    EXPECT_EQ(std::memcmp(&scene.items[kDrawBullets][record++], &alone.items[kDrawBullets][0],
                          sizeof(Instance)),
              0)
        << "record " << record - 1;
  });
  EXPECT_EQ(scene.count[kDrawBullets], drawn);
  EXPECT_GT(drawn, 20u);
}

// A bullet whose flight is over lingers (effect_life.hpp): its streak shrinks onto where it
// stopped, in the same one draw as the flying ones.
TEST(Scene, ALingeringBulletsStreakShrinksOntoWhereItStopped) {
  World world(WorldConfig{});
  Bullet& b = world.bullets.pool[world.bullets.pool.acquire()];
  b.pos = b.prev_pos = {1.0f, 2.0f, 3.0f};
  b.vel = {0.0f, 0.0f, -300.0f};
  b.travelled = 50.0f;
  b.full_visual = true;
  b.life = {LifeStage::Live, 0.0f};
  SceneInstances scene;
  scene.reserve_for(world);
  build_scene(world, 1.0f, scene);
  ASSERT_EQ(scene.count[kDrawBullets], 1u);
  const float flying = scene.items[kDrawBullets][0].scale.z;
  float last = flying;
  for (const float left : {0.75f, 0.5f, 0.25f, 0.0f}) {
    b.life = {LifeStage::Lingering, left * Linger::kBullet};
    build_scene(world, 1.0f, scene);
    ASSERT_EQ(scene.count[kDrawBullets], 1u);
    const Instance& streak = scene.items[kDrawBullets][0];
    EXPECT_FLOAT_EQ(streak.scale.z, flying * left);
    EXPECT_LT(streak.scale.z, last + 1e-6f);
    last = streak.scale.z;
    // Its front end stays where the bullet stopped.
    EXPECT_NEAR(streak.position.z - streak.scale.z * 0.5f, b.pos.z, 1e-5f);
  }
}

TEST(Scene, ABrokenTargetIsNotDrawn) {
  World world(WorldConfig{});
  world.targets[0].broken = true;
  SceneInstances scene;
  scene.reserve_for(world);
  build_scene(world, 1.0f, scene);
  EXPECT_EQ(scene.count[kDrawTargets], world.targets.size() - 1);
}

TEST(Scene, BulletsPastTheFullVisualCapAreDrawnAsTracersOnly) {
  WorldConfig config;
  config.full_visual_cap = 3;
  auto world = std::make_unique<World>(config);
  world->player.pitch = 1.0f;
  TickInput click;
  click.scatter_presses = 1;
  step(*world, click, kDt);
  SceneInstances scene;
  scene.reserve_for(*world);
  build_scene(*world, 1.0f, scene);
  EXPECT_EQ(scene.count[kDrawBullets], 3u);
  EXPECT_EQ(scene.count[kDrawTracers], static_cast<std::size_t>(config.scatter_pellets) - 3u);
}

TEST(Scene, BuildingAFrameAllocatesNothing) {
  const auto world = busy_world(200);
  SceneInstances scene;
  scene.reserve_for(*world);
  const heap::Mark mark;
  for (int i = 0; i < 100; ++i)
    build_scene(*world, 0.5f, scene);
  EXPECT_EQ(mark.since().allocations, 0u);
}

}  // namespace
}  // namespace flatline::render
