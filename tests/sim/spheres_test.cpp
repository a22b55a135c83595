// Thrown spheres (sim/spheres.hpp): they come to rest on the level, pass momentum to each
// other, shove the player and are shoved, strike targets, and a full ring takes back its
// oldest.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include <glm/geometric.hpp>

#include "aim.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kR = Sphere::kRadius;

void run(World& world, int ticks, const TickInput& input = {}) {
  for (int i = 0; i < ticks; ++i)
    step(world, input, kDt);
}

// A sphere placed by hand, as a throw would make it.
Sphere& place_sphere(World& world, const glm::vec3& pos, const glm::vec3& vel) {
  Sphere* s = spawn_object(world, world.spheres);
  EXPECT_NE(s, nullptr);
  s->pos = pos;
  begin_life(*s, true);
  s->vel = vel;
  return *s;
}

// Whether the level holds a sphere at `pos` up: something under it within a hair, nothing in it.
bool resting_on_level(const World& world, const glm::vec3& pos) {
  std::array<Contact, 8> buffer;
  const ContactSummary near = world.arena.bvh.sphere_contacts(pos, kR + 2e-3f, buffer);
  bool under = false;
  for (std::size_t i = 0; i < near.written; ++i)
    under = under || buffer[i].normal.y > 0.7f;
  const bool inside = world.arena.bvh.sphere_contacts(pos, kR - 2e-3f, buffer).found > 0;
  return under && !inside;
}

TEST(Spheres, ALongerHoldThrowsFaster) {
  World world(WorldConfig{});
  run(world, 30);  // the player lands
  TickInput hold;
  hold.throw_held = true;
  run(world, 6, hold);  // a tap: a tenth of a second
  run(world, 1);        // released: thrown
  ASSERT_EQ(world.spheres.pool.active_count(), 1u);
  float tap = 0.0f;
  world.spheres.pool.for_each_active([&](int, const Sphere& s) { tap = glm::length(s.vel); });
  run(world, 120, hold);  // two seconds
  run(world, 1);
  ASSERT_EQ(world.spheres.pool.active_count(), 2u);
  float charged = 0.0f;
  world.spheres.pool.for_each_active([&](int, const Sphere& s) {
    if (s.age < 0.1f) charged = glm::length(s.vel);
  });
  EXPECT_NEAR(tap, throw_speed(0.1f), 1.0f);
  EXPECT_NEAR(charged, throw_speed(2.0f), 1.5f);
  EXPECT_GT(charged, tap + 15.0f);
  EXPECT_EQ(world.player.throw_charge, 0.0f);  // spent
}

TEST(Spheres, AThrowOntoTheLevelComesToRestOnIt) {
  World world(WorldConfig{});
  run(world, 30);
  world.player.pitch = -0.35f;  // down the range, onto the floor
  TickInput hold;
  hold.throw_held = true;
  run(world, 20, hold);
  run(world, 1);
  ASSERT_EQ(world.spheres.pool.active_count(), 1u);
  Sphere* sphere = nullptr;
  world.spheres.pool.for_each_active([&](int, Sphere& s) { sphere = &s; });
  const glm::vec3 thrown_from = sphere->pos;
  run(world, 60 * 8);  // bounces, rolls, slows
  const glm::vec3 settled = sphere->pos;
  EXPECT_GT(glm::length(settled - thrown_from), 2.0f) << "it flew";
  EXPECT_TRUE(resting_on_level(world, settled))
      << settled.x << " " << settled.y << " " << settled.z;
  EXPECT_LT(glm::length(sphere->vel), 0.05f);
  run(world, 60);
  EXPECT_LT(glm::length(sphere->pos - settled), 1e-3f) << "it stays";
}

TEST(Spheres, ManyThrownAtTheLevelNeverEndATickInsideIt) {
  World world(WorldConfig{});
  run(world, 30);
  for (int i = 0; i < 40; ++i) {
    world.player.yaw = 0.3f * static_cast<float>(i);
    world.player.pitch = -0.6f + 0.04f * static_cast<float>(i);
    launch_sphere(world, throw_speed(0.1f * static_cast<float>(i % 20)));
    for (int t = 0; t < 6; ++t) {
      step(world, TickInput{}, kDt);
      std::array<Contact, 4> buffer;
      world.spheres.pool.for_each_active([&](int, const Sphere& s) {
        ASSERT_EQ(world.arena.bvh.sphere_contacts(s.pos, kR - 0.01f, buffer).found, 0u)
            << s.pos.x << " " << s.pos.y << " " << s.pos.z;
      });
    }
  }
}

TEST(Spheres, TwoCollidingExchangeMomentumAndSeparate) {
  World world(WorldConfig{});
  // High above the open floor to the side of the range, far from everything.
  Sphere& a = place_sphere(world, {12.0f, 8.0f, 0.0f}, {10.0f, 0.0f, 0.0f});
  Sphere& b = place_sphere(world, {13.0f, 8.0f, 0.0f}, {0.0f, 0.0f, 0.0f});
  int ticks = 0;
  while (b.vel.x == 0.0f && ticks < 30) {
    step(world, TickInput{}, kDt);
    ++ticks;
  }
  ASSERT_GT(b.vel.x, 0.0f) << "they met";
  EXPECT_GT(b.vel.x, 7.0f);  // most of a's speed passed on
  EXPECT_LT(a.vel.x, 2.0f);
  // Equal masses: the momentum along the line is what it was, less the air's damping.
  const float damped = 10.0f * std::pow(std::exp(-1.5f * kDt), static_cast<float>(ticks));
  EXPECT_NEAR(a.vel.x + b.vel.x, damped, 1e-3f);
  EXPECT_GE(glm::length(b.pos - a.pos), 2.0f * kR - 1e-4f);  // pushed apart
  EXPECT_NEAR(a.vel.y, b.vel.y, 1e-4f);                      // falling alike
}

TEST(Spheres, TheHundredAndFirstThrowTakesBackTheOldest) {
  World world(WorldConfig{});
  run(world, 30);
  ASSERT_EQ(world.spheres.pool.capacity(), 100u);
  ASSERT_EQ(world.spheres.pool.policy(), OverflowPolicy::RecycleOldest);
  for (int i = 0; i < 100; ++i) {
    world.player.yaw = 0.05f * static_cast<float>(i);
    launch_sphere(world, throw_speed(0.5f));
    run(world, 2);
  }
  ASSERT_EQ(world.spheres.pool.active_count(), 100u);
  const int oldest = world.spheres.pool.oldest_active();
  const Handle old = world.spheres.pool.handle_of(oldest);
  const glm::vec3 was_at = world.spheres.pool[oldest].pos;
  const std::size_t sparks = world.sparks.pool.active_count();
  launch_sphere(world, throw_speed(0.5f));
  EXPECT_FALSE(world.spheres.pool.alive(old)) << "its handle is stale";
  EXPECT_EQ(world.spheres.pool.get(old), nullptr);
  EXPECT_EQ(world.spheres.pool.active_count(), 100u);
  EXPECT_EQ(world.spheres.pool.stats().recycled, 1u);
  EXPECT_TRUE(world.spheres.pool.is_active(oldest)) << "the new sphere took its slot";
  EXPECT_GT(glm::length(world.spheres.pool[oldest].pos - was_at), 0.5f);
  EXPECT_GT(world.sparks.pool.active_count(), sparks) << "it popped where it was";
}

TEST(Spheres, AThrownSpherePushesThePlayer) {
  World world(WorldConfig{});
  run(world, 30);
  ASSERT_TRUE(world.player.on_ground);
  const glm::vec3 before = world.player.pos;
  // At the chest, from 2 m in front (-z), flying at the player (+z).
  Sphere& s = place_sphere(world, before + glm::vec3(0.0f, 1.2f, -2.0f), {0.0f, 0.0f, 25.0f});
  run(world, 20);
  EXPECT_GT(world.player.pos.z - before.z, 0.03f) << "shoved back";
  EXPECT_LT(s.vel.z, 0.0f) << "bounced off";
}

TEST(Spheres, ThePlayerWalkingIntoASpherePushesIt) {
  World world(WorldConfig{});
  run(world, 30);
  const glm::vec3 feet = world.player.pos;
  Sphere& s = place_sphere(world, feet + glm::vec3(0.0f, kR + 0.01f, -1.5f), glm::vec3(0.0f));
  run(world, 30);  // it settles
  const float rest_z = s.pos.z;
  TickInput walk;
  walk.move_forward = 1.0f;  // facing -z
  run(world, 40, walk);
  EXPECT_LT(s.pos.z, rest_z - 0.5f) << "kicked ahead of the player";
}

TEST(Spheres, AFastSphereDamagesATargetAndASlowOneDoesNot) {
  World world(WorldConfig{});
  const Target& t = world.targets[1];  // still: no sway
  ASSERT_EQ(t.speed, 0.0f);
  const glm::vec3 front = t.pos + glm::vec3(0.0f, 0.0f, t.half_size.z + kR);
  place_sphere(world, front + glm::vec3(0.0f, 0.0f, 0.4f), {0.0f, 0.0f, -3.0f});
  run(world, 20);
  EXPECT_EQ(t.health, 100.0f) << "a slow sphere only bounces";
  Sphere& fast = place_sphere(world, front + glm::vec3(0.0f, 0.0f, 2.0f), {0.0f, 0.0f, -30.0f});
  const std::uint64_t hits = world.target_hits;
  int ticks = 0;
  while (world.target_hits == hits && ticks++ < 20)
    step(world, TickInput{}, kDt);
  EXPECT_LT(t.health, 100.0f);
  EXPECT_GT(t.hit_flash, 0.0f);
  EXPECT_GT(world.damage_numbers.pool.active_count(), 0u);
  EXPECT_GT(fast.vel.z, 0.0f) << "bounced off";
}

// Inputs that throw, shoot and break: the same from the same seed, a different hash without
// the throws (the spheres are in the state).
std::uint64_t hash_after(bool throws) {
  World world(WorldConfig{});
  for (int i = 0; i < 600; ++i) {
    TickInput input;
    input.fire_held = (i / 60) % 2 == 0;
    input.throw_held = throws && i % 30 < 20;
    input.look_yaw = 0.002f;
    step(world, input, kDt);
  }
  return state_hash(world);
}

TEST(Spheres, TheStateHashIsDeterministicAndCoversThem) {
  EXPECT_EQ(hash_after(true), hash_after(true));
  EXPECT_NE(hash_after(true), hash_after(false));
}

}  // namespace
}  // namespace flatline
