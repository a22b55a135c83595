// The effect lifecycle (src/sim/effect_life.hpp) that every pooled kind goes through:
// clear on acquire, live, quiet (lingering, fading), restore, release.
#include "sim/effect_life.hpp"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "aim.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
const glm::vec3 kUp{0.0f, 1.0f, 0.0f};
const glm::vec3 kDown{0.0f, -1.0f, 0.0f};

WorldConfig one_tracer(bool clear_on_reuse) {
  WorldConfig config;
  config.pools[kTracers].capacity = 1;
  config.full_visual_cap = 0;  // every bullet is drawn as a tracer
  config.clear_on_reuse = clear_on_reuse;
  return config;
}

// One tracer's whole life: its bullet flies into the sky for a few ticks, is released,
// and the tracer lingers, then goes back. Returns the tracer's slot.
int play_one_tracer_life(World& world) {
  world.player.pitch = 1.2f;  // into the sky
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  for (int i = 0; i < 4; ++i)
    step(world, TickInput{}, kDt);
  const int slot = world.tracers.pool.oldest_active();
  world.bullets.pool.release(world.bullets.pool.oldest_active());
  for (int i = 0; i < 30 && world.tracers.pool.active_count() > 0; ++i)
    step(world, TickInput{}, kDt);
  return slot;
}

TEST(EffectLife, AReusedTracerNeverShowsItsLastLife) {
  World world(one_tracer(true));
  const int slot = play_one_tracer_life(world);
  ASSERT_EQ(world.tracers.pool.active_count(), 0u);
  const glm::vec3 head{-7.0f, 2.0f, 3.0f};
  const Handle bullet = world.bullets.pool.acquire_handle();
  world.bullets.pool.get(bullet)->pos = head;
  world.bullets.pool.get(bullet)->life.stage = LifeStage::Live;
  spawn_tracer(world, bullet, head);
  ASSERT_EQ(world.tracers.pool.oldest_active(), slot);  // the same tracer, reused
  const Tracer& t = world.tracers.pool[slot];
  for (int i = 0; i < Tracer::kTrail; ++i) {  // what the renderer draws, this frame and last
    EXPECT_EQ(t.trail[static_cast<std::size_t>(i)], head) << i;
    EXPECT_EQ(t.prev_trail[static_cast<std::size_t>(i)], head) << i;
  }
  EXPECT_EQ(t.life.stage, LifeStage::Live);
}

TEST(EffectLife, WithClearOnReuseOffAReusedTracerStartsWithItsLastLifesTrail) {
  World world(one_tracer(false));
  const int slot = play_one_tracer_life(world);
  const glm::vec3 last_end = world.tracers.pool[slot].trail[0];  // kept through the reset
  ASSERT_NE(last_end, glm::vec3(0.0f));
  const glm::vec3 head{-7.0f, 2.0f, 3.0f};
  const Handle bullet = world.bullets.pool.acquire_handle();
  world.bullets.pool.get(bullet)->pos = head;
  world.bullets.pool.get(bullet)->life.stage = LifeStage::Live;
  spawn_tracer(world, bullet, head);
  ASSERT_EQ(world.tracers.pool.oldest_active(), slot);
  EXPECT_EQ(world.tracers.pool[slot].trail[0], head);
  EXPECT_EQ(world.tracers.pool[slot].trail[Tracer::kTrail - 1], last_end);  // a line across lives
}

// Switched off during play: the idle tracer's trail is last life's in Release, and in a
// debug build (which poisoned it on release) a fresh one's; never the 0xDB poison.
TEST(EffectLife, ClearOnReuseSwitchedOffInPlayNeverVendsAPoisonedTrail) {
  World world(one_tracer(true));
  const int slot = play_one_tracer_life(world);
  set_clear_on_reuse(world, false);
  const glm::vec3 head{-7.0f, 2.0f, 3.0f};
  const Handle bullet = world.bullets.pool.acquire_handle();
  world.bullets.pool.get(bullet)->pos = head;
  world.bullets.pool.get(bullet)->life.stage = LifeStage::Live;
  spawn_tracer(world, bullet, head);
  ASSERT_EQ(world.tracers.pool.oldest_active(), slot);
  for (const glm::vec3& point : world.tracers.pool[slot].trail)
    EXPECT_LT(glm::length(point), 1000.0f);  // 0xDBDBDBDB is about -1.2e17
}

TEST(EffectLife, EveryKindStartsItsLifeWithNothingFromTheLast) {
  WorldConfig config;
  config.pools[kSparks].capacity = 1;
  config.sparks_per_hit = 1;
  config.pools[kDecals].capacity = config.pools[kCasings].capacity =
      config.pools[kDamageNumbers].capacity = 1;
  World world(config);
  // A first life of each, ended far away; then the same slots reused at `at`.
  spawn_impact(world, {9, 9, 9}, kUp, kDown, true);
  spawn_casing(world, {9, 9, 9}, {1, 2, 0});
  spawn_damage_number(world, {9, 9, 9}, 5.0f);
  for (int i = 0; i < 60; ++i)  // the spark and the damage number go back by themselves
    step(world, TickInput{}, kDt);
  world.decals.pool.release(world.decals.pool.oldest_active());
  world.casings.pool.release(world.casings.pool.oldest_active());
  const glm::vec3 at{1.0f, 2.0f, 3.0f};
  spawn_impact(world, at, kUp, kDown, true);
  spawn_casing(world, at, {1, 2, 0});
  spawn_damage_number(world, at, 5.0f);
  const Spark& s = world.sparks.pool[world.sparks.pool.oldest_active()];
  EXPECT_EQ(s.prev_pos, s.pos);
  const Casing& c = world.casings.pool[world.casings.pool.oldest_active()];
  EXPECT_EQ(c.prev_pos, at);
  const DamageNumber& d = world.damage_numbers.pool[world.damage_numbers.pool.oldest_active()];
  EXPECT_EQ(d.prev_pos, at);
  const Decal& hole = world.decals.pool[world.decals.pool.oldest_active()];
  for (const EffectLife* life : {&s.life, &c.life, &d.life, &hole.life})
    EXPECT_EQ(*life, (EffectLife{LifeStage::Live, 0.0f}));
}

// Restore, then a new life at `at`: what a fresh object started at `at` would be.
template <class T>
void expect_restored_equals_fresh(T played, const glm::vec3& at) {
  T fresh{};
  restore_authored(played);
  for (T* object : {&played, &fresh}) {
    object->pos = at;
    begin_life(*object, true);
  }
  EXPECT_TRUE(played == fresh);
}

TEST(EffectLife, ARestoredEffectEqualsAFreshOne) {
  const glm::vec3 at{4.0f, 5.0f, 6.0f};
  expect_restored_equals_fresh(Bullet{{1, 2, 3},
                                      {1, 1, 1},
                                      {0, 0, 9},
                                      1.5f,
                                      200.0f,
                                      25.0f,
                                      true,
                                      {LifeStage::Lingering, 0.05f}},
                               at);
  expect_restored_equals_fresh(
      Spark{{1, 2, 3}, {1, 1, 1}, {0, 4, 0}, 0.4f, 0.5f, {LifeStage::Lingering, 0.1f}}, at);
  expect_restored_equals_fresh(Decal{{1, 2, 3}, {1, 0, 0}, 29.0f, {LifeStage::Lingering, 1.0f}},
                               at);
  expect_restored_equals_fresh(
      Casing{{1, 2, 3}, {1, 1, 1}, {1, 0, 0}, 3.0f, 20.0f, 9.9f, 3, true, {LifeStage::Live, 0.0f}},
      at);
  expect_restored_equals_fresh(
      DamageNumber{{1, 2, 3}, {1, 1, 1}, 25.0f, 0.8f, {LifeStage::Lingering, 0.2f}}, at);
  Tracer tracer;
  tracer.bullet = Handle{3, 7, 1};
  tracer.trail = {glm::vec3(1), glm::vec3(2), glm::vec3(3), glm::vec3(4)};
  tracer.age = 0.7f;
  tracer.life = {LifeStage::Lingering, 0.1f};
  Tracer fresh{};
  restore_authored(tracer);
  for (Tracer* t : {&tracer, &fresh}) {
    t->trail[0] = at;
    begin_life(*t, true);
  }
  EXPECT_TRUE(tracer == fresh);
}

// Spawns one object of a kind, steps until it goes back to its pool, and returns the
// seconds it spent live and lingering.
struct Lived {
  float live = 0.0f, lingering = 0.0f;
};
template <class T, class Spawn>
Lived live_one(World& world, WorldPool<T>& pool, Spawn&& spawn) {
  spawn();
  const int slot = pool.oldest_active();
  Lived lived;
  for (int tick = 0; tick < 60 * 40 && pool.is_active(slot); ++tick) {
    (pool[slot].life.stage == LifeStage::Live ? lived.live : lived.lingering) += kDt;
    step(world, TickInput{}, kDt);
  }
  EXPECT_FALSE(pool.is_active(slot)) << "never released";
  return lived;
}

TEST(EffectLife, LingeringEffectsGoBackOnTime) {
  WorldConfig config;
  config.sparks_per_hit = 1;
  World world(config);
  const Lived decal = live_one(world, world.decals.pool, [&] {
    spawn_impact(world, {0, 1, 0}, kUp, kDown, true);
  });
  EXPECT_NEAR(decal.live, EffectTimes::kDecalLife - Linger::kDecal, 2 * kDt);
  EXPECT_NEAR(decal.lingering, Linger::kDecal, 2 * kDt);
  const Lived casing = live_one(world, world.casings.pool, [&] {
    spawn_casing(world, {0, 1, 0}, {1, 2, 0});
  });
  EXPECT_NEAR(casing.live, EffectTimes::kCasingLife - Linger::kCasing, 2 * kDt);
  EXPECT_NEAR(casing.lingering, Linger::kCasing, 2 * kDt);
  const Lived number = live_one(world, world.damage_numbers.pool, [&] {
    spawn_damage_number(world, {0, 1, 0}, 8.0f);
  });
  EXPECT_NEAR(number.live, EffectTimes::kDamageNumberLife - Linger::kDamageNumber, 2 * kDt);
  EXPECT_NEAR(number.lingering, Linger::kDamageNumber, 2 * kDt);
  float lifetime = 0.0f;
  const Lived spark = live_one(world, world.sparks.pool, [&] {
    spawn_impact(world, {0, 1, 0}, kUp, kDown, false);
    lifetime = world.sparks.pool[world.sparks.pool.oldest_active()].lifetime;
  });
  EXPECT_NEAR(spark.live + spark.lingering, lifetime, 2 * kDt);
  EXPECT_NEAR(spark.lingering, Linger::kSpark, 2 * kDt);
}

TEST(EffectLife, ABulletThatHitsLingersWhereItStoppedThenGoesBack) {
  World world(WorldConfig{});
  test::look_at(world, {3.0f, 0.0f, -21.0f}, world.targets[1].pos);  // 3 m: it hits at once
  world.targets[1].sway = glm::vec3(0.0f);
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  ASSERT_EQ(world.bullet_hits, 1u);
  const int slot = world.bullets.pool.oldest_active();
  ASSERT_GE(slot, 0);
  EXPECT_EQ(world.bullets.pool[slot].life.stage, LifeStage::Lingering);
  EXPECT_EQ(world.full_visual_live, 0u);  // its flight is over: its place is given back
  const glm::vec3 stopped = world.bullets.pool[slot].pos;
  int ticks = 0;
  for (; world.bullets.pool.is_active(slot) && ticks < 60; ++ticks) {
    EXPECT_EQ(world.bullets.pool[slot].pos, stopped);
    step(world, TickInput{}, kDt);
  }
  EXPECT_NEAR(static_cast<float>(ticks) * kDt, Linger::kBullet, kDt);
  EXPECT_EQ(world.bullet_hits, 1u);  // a lingering bullet hits nothing more
}

}  // namespace
}  // namespace flatline
