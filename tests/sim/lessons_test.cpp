// The teaching switches of WorldConfig (world_config.hpp): each one breaks one part of the
// pattern, and each test shows the failure the README says it shows.
#include <gtest/gtest.h>

#include "aim.hpp"

#include <cmath>
#include <tuple>

#include <glm/geometric.hpp>

#include "diag/heap_counter.hpp"
#include "sim/autopilot.hpp"
#include "sim/lessons.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr int kWarmup = 60;

struct RunResult {
  std::uint64_t allocations_after_warmup = 0;
  std::uint64_t shots = 0, hits = 0;
};

RunResult run_autofire(World& world, int ticks) {
  RunResult r;
  heap::Counts mark = heap::totals();
  for (int t = 0; t < ticks; ++t) {
    if (t == kWarmup) mark = heap::totals();
    step(world, autofire_input(world, 60.0), kDt);
  }
  r.allocations_after_warmup = heap::totals().allocations - mark.allocations;
  r.shots = world.shots_fired;
  r.hits = world.bullet_hits;
  return r;
}

using test::look_at;

TEST(Lessons, PoolingOffAllocatesEveryFrameWherePoolingAllocatesNothing) {
  WorldConfig config;
  World pooled(config);
  config.pooling = false;
  World unpooled(config);
  const RunResult with_pool = run_autofire(pooled, 600);
  const RunResult without = run_autofire(unpooled, 600);

  EXPECT_EQ(with_pool.allocations_after_warmup, 0u);
  // Every bullet, spark, decal, casing and number was `new`ed: hundreds of allocations.
  EXPECT_GT(without.allocations_after_warmup, 500u);
  EXPECT_GE(without.allocations_after_warmup, heap_news(unpooled) / 2);
  // The same game was played: only where the objects live differs.
  EXPECT_EQ(without.shots, with_pool.shots);
  EXPECT_EQ(without.hits, with_pool.hits);
  EXPECT_EQ(unpooled.bullets.pool.stats().acquired, 0u);  // the pools stood idle
  EXPECT_GT(unpooled.bullets.heap.peak(), 0u);
}

// Where the objects live changes nothing the player sees, to the end of a minute: a tick's
// bullets are visited in another order (a pool's dense order, a list's insertion order),
// and a target breaks only after all of them (break_targets), so the order cannot matter.
// Thrown spheres are left out: they collide in pairs, and a pair's order changes the
// rounding of what each sphere ends with, so spheres on a heap list drift apart from pooled
// ones (the shots and the targets are what this test holds equal).
TEST(Lessons, PoolingOffPlaysTheSameGameTickForTick) {
  auto without_throws = [](TickInput input) {
    input.throw_held = false;
    return input;
  };
  for (const std::uint64_t seed : {7u, 11u}) {
    WorldConfig config{.seed = seed};
    World pooled(config);
    config.pooling = false;
    World unpooled(config);
    for (int t = 0; t < 3600; ++t) {
      step(pooled, without_throws(autofire_input(pooled, 60.0)), kDt);
      step(unpooled, without_throws(autofire_input(unpooled, 60.0)), kDt);
      ASSERT_EQ(pooled.bullet_hits, unpooled.bullet_hits) << "seed " << seed << ", tick " << t;
      ASSERT_EQ(pooled.score, unpooled.score) << "seed " << seed << ", tick " << t;
    }
    EXPECT_EQ(pooled.shots_fired, unpooled.shots_fired);
    EXPECT_GT(pooled.score, 20u);
  }
}

TEST(Lessons, NoResetLetsAReusedBulletStartWithLastLifesAge) {
  WorldConfig config;
  config.reset_on_release = false;
  World world(config);
  const int first = world.bullets.pool.acquire();
  world.bullets.pool[first].age = 1.5f;
  world.bullets.pool[first].travelled = 200.0f;
  world.bullets.pool.release(first);
  const int second = world.bullets.pool.acquire();
  ASSERT_EQ(second, first);  // LIFO: the slot just released is vended next
  // Not the reset state: last life's values (debug builds: the 0xDB poison instead).
  EXPECT_NE(world.bullets.pool[second].age, 0.0f);
  EXPECT_NE(world.bullets.pool[second].travelled, 0.0f);

  World fixed(WorldConfig{});
  const int slot = fixed.bullets.pool.acquire();
  fixed.bullets.pool[slot].age = 1.5f;
  fixed.bullets.pool.release(slot);
  EXPECT_EQ(fixed.bullets.pool[fixed.bullets.pool.acquire()].age, 0.0f);
}

TEST(Lessons, NoResetMakesReusedSparksDieAtOnce) {
  // A spark's age is not set by spawn: with reset off, a reused spark starts
  // already old and is released on its first tick. The spark storm thins out.
  auto sparks_alive_after_hits = [](bool reset) {
    WorldConfig config;
    config.reset_on_release = reset;
    config.pools[kSparks].capacity = 64;
    World world(config);
    std::size_t live_sum = 0;
    for (int t = 0; t < 900; ++t) {
      step(world, autofire_input(world, 60.0), kDt);
      live_sum += world.sparks.pool.active_count();
    }
    return live_sum;
  };
  EXPECT_LT(sparks_alive_after_hits(false) * 2, sparks_alive_after_hits(true));
}

TEST(Lessons, NoResetMakesReusedCasingsHangAtTheBarrelThenFadeOut) {
  // A casing's age, resting flag and stage are not set by spawn: with reset off, a casing
  // reused after its 10 s starts rested (it does not fall) and already done (it fades).
  WorldConfig config;
  config.reset_on_release = false;
  config.pools[kCasings].capacity = 1;
  World world(config);
  spawn_casing(world, {0.0f, 1.5f, 0.0f}, {1.0f, 2.0f, 0.0f});
  for (int i = 0; i < 11 * 60 && world.casings.pool.active_count() > 0; ++i)
    step(world, TickInput{}, kDt);
  ASSERT_EQ(world.casings.pool.active_count(), 0u);
  const glm::vec3 barrel{2.0f, 1.5f, 3.0f};
  spawn_casing(world, barrel, {1.0f, 2.0f, 0.0f});
  const int slot = world.casings.pool.oldest_active();
  int ticks = 0;
  for (; world.casings.pool.is_active(slot) && ticks < 120; ++ticks) {
    EXPECT_EQ(world.casings.pool[slot].pos, barrel);  // in the air, where it was spawned
    step(world, TickInput{}, kDt);
  }
  EXPECT_NEAR(static_cast<float>(ticks) * kDt, Linger::kCasing, 2 * kDt);  // then gone
}

TEST(Lessons, TheBulletSpeedSwitchCoversTheScatterPelletsToo) {
  WorldConfig config;
  set_bullet_speed(config, 30.0f);
  World world(config);
  world.player.pitch = 1.2f;  // into the sky: they fly on
  TickInput click;
  click.scatter_presses = 1;
  step(world, click, kDt);
  ASSERT_EQ(world.bullets.pool.active_count(), static_cast<std::size_t>(config.scatter_pellets));
  world.bullets.pool.for_each_active(
      [](int, const Bullet& b) { EXPECT_NEAR(glm::length(b.vel), 22.0f, 1e-3f); });
}

TEST(Lessons, DiscreteCollisionLetsABulletThroughTheThinWallAtTheLabsTopSpeed) {
  auto fire_at_the_wall = [](bool swept) {
    WorldConfig config;
    config.swept_collision = swept;
    config.rifle_speed = 2000.0f;  // the lab's top speed: 33 m per tick
    World world(config);
    world.targets[1].sway = glm::vec3(0.0f);
    look_at(world, {3.0f, 0.0f, 12.0f}, world.targets[1].pos);  // behind the thin wall
    TickInput click;
    click.fire_presses = 1;
    step(world, click, kDt);
    for (int i = 0; i < 120 && world.bullets.pool.active_count() > 0; ++i)
      step(world, TickInput{}, kDt);
    return std::make_tuple(world.tunnelled, world.targets[1].health, world.target_hits);
  };
  const auto [swept_missed, swept_health, swept_target_hits] = fire_at_the_wall(true);
  EXPECT_EQ(swept_missed, 0u);
  EXPECT_FLOAT_EQ(swept_health, 100.0f);  // the wall stopped it...
  EXPECT_EQ(swept_target_hits, 0u);       // ...not a target of the range in front of it
  const auto [discrete_missed, discrete_health, discrete_target_hits] = fire_at_the_wall(false);
  EXPECT_GE(discrete_missed, 1u);  // the swept test would have hit the wall here
  EXPECT_FLOAT_EQ(discrete_health, 100.0f);
  EXPECT_EQ(discrete_target_hits, 0u);  // 33 m a tick: it lands past the range and the wall
}

TEST(Lessons, DiscreteCollisionStillHitsAWallASlowBulletStopsIn) {
  WorldConfig config;
  config.swept_collision = false;
  config.rifle_speed = 3.0f;  // 5 cm per tick: it cannot jump the 5 cm wall's grown box
  config.bullet_lifetime = 10.0f;
  World world(config);
  const Aabb wall = world.arena.solids[static_cast<std::size_t>(world.arena.thin_wall)];
  look_at(world, {3.0f, 0.0f, -16.0f}, {3.0f, 1.6f, -30.0f});
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  for (int i = 0; i < 600 && world.bullets.pool.active_count() > 0; ++i)
    step(world, TickInput{}, kDt);
  EXPECT_EQ(world.bullet_hits, 1u);
  ASSERT_EQ(world.decals.pool.active_count(), 1u);
  EXPECT_TRUE(wall.grown(0.1f).contains(world.decals.pool[world.decals.pool.oldest_active()].pos));
}

TEST(Lessons, WarmupOffStartsThePoolsEmptyAndMakesObjectsOnDemand) {
  WorldConfig config;
  config.prewarm_pools = false;
  World world(config);
  EXPECT_EQ(world.bullets.pool.capacity(), 0u);
  heap::Counts before = heap::totals();
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  // The first shot pays: its bullet, casing, sparks, hole... each pool's first objects are
  // made now, on the heap, as a naive game makes them.
  EXPECT_EQ(world.bullets.pool.active_count(), 1u);
  EXPECT_EQ(world.bullets.pool.capacity(), 16u);  // a first chunk of 16
  EXPECT_GT(heap::totals().allocations, before.allocations);
  EXPECT_EQ(world.bullets.pool.policy(), OverflowPolicy::Drop);  // the policy is the designed one

  // Played on, each pool grows to its designed size and no further: then it is warm.
  run_autofire(world, 3600);
  EXPECT_EQ(world.bullets.pool.capacity(), config.pools[kBullets].capacity);
  EXPECT_EQ(world.decals.pool.capacity(), config.pools[kDecals].capacity);
  EXPECT_GT(world.decals.pool.stats().recycled, 0u);  // full, it recycles as designed
  EXPECT_EQ(world.bullets.pool.stats().allocations,
            config.pools[kBullets].capacity);  // each object once
  before = heap::totals();
  run_autofire(world, 600);
  EXPECT_EQ(heap::totals().allocations, before.allocations);  // warm now: nothing more
}

TEST(Lessons, ADoubleReleaseIsIgnoredAndCounted) {
  World world(WorldConfig{});
  demo_double_release(world);
  const PoolStats s = world.bullets.pool.stats();
  EXPECT_EQ(s.double_releases, 1u);
  EXPECT_EQ(s.active, 0u);
  EXPECT_EQ(s.idle, s.capacity);  // the slot is on the free stack once, not twice
  EXPECT_NE(world.bullets.pool.acquire(), world.bullets.pool.acquire());
}

TEST(Lessons, AStaleReleaseIsIgnoredAndTheNewOwnerKeepsItsBullet) {
  World world(WorldConfig{});
  demo_stale_release(world);
  const PoolStats s = world.bullets.pool.stats();
  EXPECT_EQ(s.stale_releases, 1u);
  EXPECT_EQ(s.acquired, 2u);
  EXPECT_EQ(s.released, 2u);  // each life released once, by its own handle
  EXPECT_EQ(s.active, 0u);
}

TEST(Lessons, TheSeekerRefusesItsStaleHandleInsteadOfChasingTheSlotsNextBullet) {
  World world(WorldConfig{});
  look_at(world, {3.0f, 0.0f, -21.0f}, world.targets[1].pos);  // a short shot: it dies at once
  world.targets[1].sway = glm::vec3(0.0f);
  arm_seeker(world);
  TickInput click;
  click.fire_presses = 1;
  step(world, click, kDt);
  ASSERT_TRUE(world.seeker.active);
  const Handle locked = world.seeker.bullet;
  ASSERT_EQ(world.bullets.pool.get(locked)->life.stage, LifeStage::Lingering);  // it hit at once
  for (int i = 0; i < 10; ++i)  // the rifle's cooldown, longer than the bullet's linger
    step(world, TickInput{}, kDt);
  ASSERT_FALSE(world.bullets.pool.alive(locked));
  look_at(world, {3.0f, 0.0f, -21.0f}, {3.0f, 40.0f, -30.0f});  // into the sky: a long life
  step(world, click, kDt);  // the next shot reuses the slot (LIFO)...
  ASSERT_TRUE(world.bullets.pool.is_active(static_cast<int>(locked.index)));
  const glm::vec3 stopped = world.seeker.pos;
  step(world, TickInput{}, kDt);
  EXPECT_TRUE(world.seeker.lost);  // ...but the seeker's handle is refused, not redirected
  EXPECT_EQ(world.seeker.refused, 1u);
  EXPECT_EQ(world.seeker.wrong_chases, 1u);  // a raw index would have chased the new bullet
  EXPECT_EQ(world.seeker.pos, stopped);
}

}  // namespace
}  // namespace flatline
