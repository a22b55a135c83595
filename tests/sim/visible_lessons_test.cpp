// Every lesson visible within seconds of autofire play (src/sim/weapons.cpp, effects.cpp):
// every Nth rifle round is a tracer round, so the tracers' pool is in use from the first
// second; a reused tracer with clear-on-reuse off carries its old trail, and with reset off
// reused casings hang at the barrel and reused sparks start old, all within 300 ticks (5 s).
// Each is checked against a world with the switch on, run in lockstep on the same inputs.
#include <gtest/gtest.h>

#include <cstdint>

#include "sim/autopilot.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr double kHz = 60.0;
constexpr int kFiveSeconds = 300;

// The trigger held at the sky for `ticks` ticks (no scatter shot: rifle rounds only).
void hold_fire(World& world, int ticks) {
  world.player.pitch = 1.2f;
  TickInput hold;
  hold.fire_held = true;
  for (int i = 0; i < ticks; ++i)
    step(world, hold, kDt);
}

TEST(TracerRounds, EveryNthRifleRoundLeavesATracerUnderTheFullVisualCap) {
  World world(WorldConfig{});
  ASSERT_EQ(world.config.tracer_every, 4);
  hold_fire(world, 120);
  ASSERT_GE(world.rifle_rounds, 20u);
  EXPECT_LT(world.full_visual_live, world.config.full_visual_cap) << "no fallback tracer here";
  EXPECT_EQ(world.tracers.pool.stats().acquired, (world.rifle_rounds + 3) / 4);
}

TEST(TracerRounds, NoneWhenTracerEveryIsZero) {
  WorldConfig config;
  config.tracer_every = 0;
  World world(config);
  hold_fire(world, 120);
  ASSERT_GE(world.rifle_rounds, 20u);
  EXPECT_EQ(world.tracers.pool.stats().acquired, 0u);
}

// Two worlds on the same seed and inputs, one with a switch off: the switch changes only
// what is drawn (trails, casings' and sparks' state), so both play the same game.
struct Lockstep {
  explicit Lockstep(const WorldConfig& switched) : on(WorldConfig{}), off(switched) {}
  void tick() {
    const TickInput input = autofire_input(on, kHz);
    step(on, input, kDt);
    step(off, input, kDt);
  }
  World on, off;
};

// The tail of a tracer's trail where the same tracer, cleared, has none: its last life's.
bool carries_old_trail(const World& off, const World& on) {
  bool found = false;
  off.tracers.pool.for_each_active([&](int slot, const Tracer& t) {
    if (!on.tracers.pool.is_active(slot) || off.tracers.pool.generation(slot) < 2) return;
    found = found || t.trail != on.tracers.pool[slot].trail;
  });
  return found;
}

TEST(VisibleLessons, AReusedTracerCarriesItsOldTrailWithinFiveSecondsWithoutClearing) {
  WorldConfig config;
  config.clear_on_reuse = false;
  Lockstep run(config);
  int seen_at = -1;
  for (int i = 0; i < kFiveSeconds && seen_at < 0; ++i) {
    run.tick();
    if (carries_old_trail(run.off, run.on)) seen_at = i;
  }
  EXPECT_GE(seen_at, 0) << "no reused tracer drew across lives in " << kFiveSeconds << " ticks";
  EXPECT_EQ(state_hash(run.off), state_hash(run.on)) << "the same game, drawn differently";
}

// A reused casing, not reset, keeps last life's resting flag: it hangs where it was
// spawned, at the barrel, above the floor. A reused spark keeps last life's age: it starts
// older than any fresh spark lives.
bool casing_hangs(const World& world) {
  bool hangs = false;
  world.casings.pool.for_each_active(
      [&](int, const Casing& c) { hangs = hangs || (c.resting && c.pos.y > 0.5f); });
  return hangs;
}
bool spark_starts_old(const World& world) {
  constexpr float kOldestFreshSpark = 0.7f;  // lifetimes are drawn in 0.25..0.6 s
  bool old = false;
  world.sparks.pool.for_each_active(
      [&](int, const Spark& s) { old = old || s.age > kOldestFreshSpark; });
  return old;
}

TEST(VisibleLessons, WithoutResetCasingsHangAtTheBarrelAndSparksStartOldWithinFiveSeconds) {
  WorldConfig config;
  config.reset_on_release = false;
  Lockstep run(config);
  bool hung = false, old = false, hung_with_reset = false, old_with_reset = false;
  for (int i = 0; i < kFiveSeconds; ++i) {
    run.tick();
    hung = hung || casing_hangs(run.off);
    old = old || spark_starts_old(run.off);
    hung_with_reset = hung_with_reset || casing_hangs(run.on);
    old_with_reset = old_with_reset || spark_starts_old(run.on);
  }
  EXPECT_TRUE(hung);
  EXPECT_TRUE(old);
  EXPECT_FALSE(hung_with_reset);
  EXPECT_FALSE(old_with_reset);
}

}  // namespace
}  // namespace flatline
