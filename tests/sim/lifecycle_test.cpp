// Tests for src/sim/lifecycle.hpp: forget, trim and destroy where the game uses them. A bullet
// lost to the world is forgotten and its slot re-made on demand; pause trims the effect
// pools' idle objects and resume re-makes them; a restart destroys and re-makes every pool,
// every old handle stale. None of it touches the heap.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "diag/heap_counter.hpp"
#include "sim/autopilot.hpp"
#include "sim/lifecycle.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

void play(World& world, int ticks) {
  for (int i = 0; i < ticks; ++i)
    step(world, autofire_input(world, 60.0), kDt);
}

// A live bullet in flight at `pos`, straight from its pool.
int bullet_at(World& world, glm::vec3 pos) {
  const int slot = world.bullets.pool.acquire();
  Bullet& b = world.bullets.pool[slot];
  b.pos = b.prev_pos = pos;
  b.life.stage = LifeStage::Live;
  return slot;
}

TEST(ForgetLost, ABulletOutOfTheWorldIsForgottenAndItsSlotReMadeOnDemand) {
  World world{WorldConfig{}};
  const float out = world.arena.half_extent + 5.0f;
  ASSERT_GT(world.arena.half_extent, 0.0f);
  const int lost = bullet_at(world, {out, 2.0f, 0.0f});
  const int kept = bullet_at(world, {0.0f, 2.0f, 0.0f});
  const Handle lost_handle = world.bullets.pool.handle_of(lost);
  forget_lost_bullets(world);
  EXPECT_EQ(world.bullets.pool.stats().forgotten, 1u);
  EXPECT_EQ(lifecycle_counts(world).lost_forgotten, 1u);
  EXPECT_FALSE(world.bullets.pool.alive(lost_handle));
  EXPECT_TRUE(world.bullets.pool.is_active(kept));
  EXPECT_EQ(world.bullets.pool.vacant_count(), 1u);

  heap::Mark mark;  // every slot taken: the vacant one is re-made in place
  std::size_t taken = 0;
  while (world.bullets.pool.acquire() >= 0)
    ++taken;
  EXPECT_EQ(taken, world.bullets.pool.capacity() - 1);  // all but `kept`
  EXPECT_EQ(world.bullets.pool.vacant_count(), 0u);
  EXPECT_EQ(mark.since().allocations, 0u);
}

TEST(ForgetLost, UnderTheFloorIsLostInsideTheLevelIsNot) {
  World world{WorldConfig{}};
  EXPECT_TRUE(lost_to_the_world(world, 0.0f, -50.0f, 0.0f));
  EXPECT_FALSE(lost_to_the_world(world, 0.0f, 1.0f, 0.0f));
  EXPECT_TRUE(lost_to_the_world(world, 0.0f, 1.0f, -(world.arena.half_extent + 2.0f)));
}

TEST(ForgetLost, OnlyWithTheSwitchDoesStepForget) {
  WorldConfig config;
  World off{config};
  config.forget_lost = true;
  World on{config};
  for (World* w : {&off, &on}) {
    bullet_at(*w, {w->arena.half_extent + 5.0f, 2.0f, 0.0f});
    step(*w, TickInput{}, kDt);
  }
  EXPECT_EQ(lifecycle_counts(off).lost_forgotten, 0u);
  EXPECT_EQ(lifecycle_counts(on).lost_forgotten, 1u);
  EXPECT_EQ(on.bullets.pool.stats().forgotten, 1u);
}

TEST(TrimOnPause, TrimsEveryIdleEffectObjectThenReMakesThemWithoutTheHeap) {
  World world{WorldConfig{}};
  play(world, 120);
  std::vector<std::size_t> idle_before;
  for_each_kind(world, [&](auto& kind) { idle_before.push_back(kind.pool.idle_count()); });
  heap::Mark mark;
  const std::uint64_t trimmed = trim_idle_effects(world);
  std::size_t expected = 0;
  for_each_kind(world, [&](auto& kind) {
    if (kind.id == kBullets) {
      EXPECT_EQ(kind.pool.idle_count(), idle_before[kBullets]);  // play's own pool is kept
    } else {
      EXPECT_EQ(kind.pool.idle_count(), 0u) << kind.name();
      expected += idle_before[static_cast<std::size_t>(kind.id)];
    }
  });
  EXPECT_EQ(trimmed, expected);
  EXPECT_GT(trimmed, 0u);
  EXPECT_EQ(rewarm_effects(world), trimmed);
  for_each_kind(world, [&](auto& kind) {
    EXPECT_EQ(kind.pool.idle_count(), idle_before[static_cast<std::size_t>(kind.id)]);
  });
  EXPECT_EQ(mark.since().allocations, 0u);
  const LifecycleCounts& counts = lifecycle_counts(world);
  EXPECT_EQ(counts.trims, 1u);
  EXPECT_EQ(counts.rewarms, 1u);
  EXPECT_EQ(counts.trimmed, trimmed);
  EXPECT_EQ(counts.rewarmed, trimmed);
  play(world, 60);  // and play goes on
  EXPECT_GT(world.bullets.pool.active_count(), 0u);
}

TEST(RestartLevel, DestroysAndReMakesEveryPoolAndOldHandlesGoStale) {
  World world{WorldConfig{}};
  play(world, 90);
  const Handle bullet = world.bullets.pool.handle_of(world.bullets.pool.oldest_active());
  ASSERT_TRUE(world.bullets.pool.alive(bullet));
  std::size_t live = 0;
  for_each_kind(world, [&](auto& kind) { live += kind.pool.active_count(); });
  const std::size_t bullets_live = world.bullets.pool.active_count();
  heap::Mark mark;
  restart_level(world);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_FALSE(world.bullets.pool.alive(bullet));
  for_each_kind(world, [&](auto& kind) {
    EXPECT_EQ(kind.pool.active_count(), 0u) << kind.name();
    EXPECT_EQ(kind.pool.idle_count(), kind.pool.capacity()) << kind.name();  // warmed again
  });
  EXPECT_EQ(world.full_visual_live, 0u);
  EXPECT_EQ(world.player.pos, Player{}.pos);
  EXPECT_EQ(lifecycle_counts(world).restarts, 1u);
  EXPECT_EQ(lifecycle_counts(world).destroyed_live, live);
  EXPECT_EQ(world.bullets.pool.stats().destroyed, bullets_live);
  play(world, 60);
  EXPECT_GT(world.shots_fired, 0u);
}

TEST(RestartLevel, WithoutWarmUpThePoolsAreReMadeOnDemand) {
  WorldConfig config;
  config.prewarm_pools = false;
  World world{config};
  play(world, 60);
  restart_level(world);
  EXPECT_EQ(world.bullets.pool.idle_count(), 0u);
  play(world, 30);
  EXPECT_GT(world.bullets.pool.active_count(), 0u);
}

}  // namespace
}  // namespace flatline
