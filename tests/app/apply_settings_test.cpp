// Tests for src/app/apply_settings.cpp: whatever a player types into the panel (Ctrl+click on
// a slider takes any number) is held within range before the session sees it, and a tick with
// it completes: -1, a huge number, inf and NaN for every numeric setting. The phase applies
// only what changed, and consumes each request once.
#include "app/apply_settings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "diag/heap_counter.hpp"
#include "overlay/overlay_view.hpp"
#include "sim/fixed_step.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A float setting, its range, and what -1 becomes (the range's low end, or for the fire rate
// the panel's slowest: the command line's range is open at zero).
struct FloatField {
  const char* name;
  float& (*at)(Settings&);
  float lo, hi, below;
};

#define FIELD(group, member) #member, [](Settings & s) -> float& { return s.group.member; }

std::vector<FloatField> float_fields() {
  const auto f = [](double v) { return static_cast<float>(v); };
  return {
      {FIELD(time, time_scale), overlay::kMinTimeScale, overlay::kMaxTimeScale,
       overlay::kMinTimeScale},
      {FIELD(sim, rifle_rate), 0.0f, f(kMaxFireRate), overlay::kMinRifleRateSlider},
      {FIELD(time, max_frame_seconds), overlay::kMinFrameClamp, overlay::kMaxFrameClamp,
       overlay::kMinFrameClamp},
      {FIELD(audio, volume), 0.0f, 1.0f, 0.0f},
      {FIELD(sim, bullet_speed), 1.0f, f(kMaxBulletSpeed), 1.0f},
      {FIELD(render, fov_degrees), f(kMinFov), f(kMaxFov), f(kMinFov)},
      {FIELD(view, mouse_sensitivity), f(kMinSensitivity), f(kMaxSensitivity), f(kMinSensitivity)},
  };
}

// The settings a game starts with: all in range.
Settings start() {
  const World world(WorldConfig{});
  Settings s;
  read_pools(world, s.sim);
  Requests none;
  EXPECT_EQ(clamp_settings(s, none), 0);
  return s;
}

TEST(ClampSettings, EachFloatIsHeldInItsRangeAndANonFiniteOneIsTheDefault) {
  Settings defaults;
  Requests r;
  for (const FloatField& f : float_fields()) {
    Settings s = start();
    f.at(s) = -1.0f;
    EXPECT_EQ(clamp_settings(s, r), 1) << f.name;
    EXPECT_EQ(f.at(s), f.below) << f.name << " = -1";
    f.at(s) = 1e30f;  // what 1e99 typed into a float slider cannot hold is inf, below
    clamp_settings(s, r);
    EXPECT_EQ(f.at(s), f.hi) << f.name << " = 1e30";
    for (const float bad : {kInf, -kInf, kNaN}) {
      f.at(s) = bad;
      EXPECT_EQ(clamp_settings(s, r), 1) << f.name;
      EXPECT_EQ(f.at(s), f.at(defaults)) << f.name << " = " << bad;
    }
    const float inside = 0.5f * (f.lo + std::min(f.hi, 100.0f));
    f.at(s) = inside;
    EXPECT_EQ(clamp_settings(s, r), 0) << f.name << ": a value in range is left as it is";
    EXPECT_EQ(f.at(s), inside) << f.name;
  }
}

TEST(ClampSettings, TheTickRateIsHeldInTheCommandLinesRange) {
  const Settings defaults;
  Settings s = start();
  Requests r;
  for (const auto& [typed, held] : std::vector<std::pair<double, double>>{
           {-1.0, kMinTickHz},
           {1e99, kMaxTickHz},
           {std::numeric_limits<double>::infinity(), defaults.time.tick_hz},
           {std::numeric_limits<double>::quiet_NaN(), defaults.time.tick_hz},
           {500.0, 500.0}}) {  // --tick-hz 500 is not the slider's, and stays
    s.time.tick_hz = typed;
    clamp_settings(s, r);
    EXPECT_EQ(s.time.tick_hz, held) << typed;
  }
}

TEST(ClampSettings, CountsIndicesEnumsAndRequestsAreHeldToo) {
  Settings s = start();
  Requests r;
  s.sim.capacity = {-1, 0, 1 << 30, 64, 1, 2, 100, 160};
  s.sim.policy[0] = static_cast<OverflowPolicy>(7);
  s.view.inspect_pool = -3;
  s.view.mode = static_cast<OverlayMode>(9);
  s.render.msaa_samples = 64;
  s.render.antialiasing = static_cast<Antialiasing>(-1);
  r.steps = -5;
  r.double_releases = 1 << 30;
  EXPECT_EQ(clamp_settings(s, r), 10);
  EXPECT_EQ(s.sim.capacity[0], 1);
  EXPECT_EQ(s.sim.capacity[1], 1);
  EXPECT_EQ(s.sim.capacity[2], static_cast<int>(kMaxPoolSize));
  EXPECT_EQ(s.sim.capacity[3], 64);
  EXPECT_EQ(s.sim.policy[0], OverflowPolicy::Drop);
  EXPECT_EQ(s.view.inspect_pool, 0);
  EXPECT_EQ(s.view.mode, ViewSettings{}.mode);
  EXPECT_EQ(s.render.msaa_samples, 8);
  EXPECT_EQ(s.render.antialiasing, RenderSettings{}.antialiasing);
  EXPECT_EQ(r.steps, 0);
  EXPECT_EQ(r.double_releases, FixedStep::kMaxTicksPerAdvance);
}

Options scripted_player() {
  Options o;
  o.no_window = true;
  o.autofire = true;
  return o;
}

// A Settings is made with no allocation (the phase makes its defaults every frame), so its
// defaults are literals: they must be the World's.
TEST(ClampSettings, TheDefaultsAreTheWorldsAndMakeNoAllocation) {
  const WorldConfig world;
  const heap::Mark mark;
  const Settings defaults;
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_FLOAT_EQ(defaults.sim.rifle_rate, world.rifle_rate);
  EXPECT_FLOAT_EQ(defaults.sim.bullet_speed, world.rifle_speed);
  EXPECT_EQ(defaults.sim.seed, world.seed);
  EXPECT_EQ(defaults.sim.pooling, world.pooling);
  EXPECT_EQ(defaults.sim.swept_collision, world.swept_collision);
}

// Every bad value in every numeric setting at once, applied to a live session: a frame of the
// scripted player (the trigger held) completes, in range, and the world stays finite.
TEST(ApplySettings, AFrameWithEverySettingTypedOutOfRangeCompletes) {
  for (const double bad : {-1.0, 1e99, static_cast<double>(kInf), static_cast<double>(kNaN)}) {
    Session session;
    std::string error;
    ASSERT_TRUE(session.load(scripted_player(), error)) << error;
    Settings applied = session.settings();
    Settings& s = session.settings();
    Requests r;
    const auto typed = static_cast<float>(bad);  // 1e99 as a float: inf, as ImGui reads it
    for (const FloatField& f : float_fields())
      f.at(s) = typed;
    s.time.tick_hz = bad;
    apply_settings(applied, s, r, session, nullptr);
    FixedStep& clock = session.clock();
    EXPECT_GE(clock.tick_hz(), kMinTickHz) << bad;
    EXPECT_LE(clock.tick_hz(), kMaxTickHz) << bad;
    for (int frame = 0; frame < 10 && session.begin_frame(); ++frame) {  // long frames
      const int ticks = clock.advance(0.5 * static_cast<double>(s.time.time_scale));
      EXPECT_LE(ticks, FixedStep::kMaxTicksPerAdvance);
      for (int i = 0; i < ticks; ++i)
        ASSERT_TRUE(session.tick(clock.tick_hz()));
      session.end_frame();
    }
    const World& world = session.world();
    EXPECT_GT(world.tick, 0u) << bad;
    EXPECT_GT(world.shots_fired, 0u) << bad << ": the rifle fires at a held rate";
    EXPECT_TRUE(std::isfinite(clock.dropped_seconds())) << bad;
    EXPECT_TRUE(std::isfinite(world.player.yaw) && std::isfinite(world.player.pos.x)) << bad;
    EXPECT_TRUE(std::isfinite(world.config.rifle_rate) && world.config.rifle_rate > 0.0f);
    EXPECT_TRUE(std::isfinite(world.config.rifle_speed) && world.config.rifle_speed > 0.0f);
  }
}

// Only what changed reaches the session: a value the game changed itself since (here the
// World's fire rate, written directly) is left alone until its setting changes again.
TEST(ApplySettings, OnlyWhatChangedIsApplied) {
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(scripted_player(), error)) << error;
  Settings applied = session.settings();
  Settings& s = session.settings();
  Requests r;
  World& world = session.world();
  world.config.rifle_rate = 3.0f;  // not through the settings
  s.sim.bullet_speed = 600.0f;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_FLOAT_EQ(world.config.rifle_rate, 3.0f) << "the fire rate did not change: untouched";
  EXPECT_FLOAT_EQ(world.config.rifle_speed, 600.0f);
  EXPECT_FLOAT_EQ(world.config.scatter_speed, 600.0f * 220.0f / 300.0f);
  EXPECT_FLOAT_EQ(applied.sim.bullet_speed, 600.0f) << "applied now holds what the game runs";
  s.sim.rifle_rate = 20.0f;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_FLOAT_EQ(world.config.rifle_rate, 20.0f);
}

// The rifle's speed has one home: the settings. The command line fills it, the World is made
// from it, a new round keeps it.
TEST(ApplySettings, TheBulletSpeedLivesInTheSettingsAndANewRoundKeepsIt) {
  Options o = scripted_player();
  o.bullet_speed = 1500.0;
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  Settings& s = session.settings();
  EXPECT_FLOAT_EQ(s.sim.bullet_speed, 1500.0f);
  EXPECT_FLOAT_EQ(session.world().config.rifle_speed, 1500.0f);
  Settings applied = s;
  Requests r;
  s.sim.capacity[kBullets] *= 2;
  s.sim.policy[kSparks] = OverflowPolicy::Grow;
  r.new_round = true;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_FALSE(r.new_round) << "a request is consumed once";
  EXPECT_EQ(session.world().bullets.pool.capacity(), 2 * WorldConfig{}.pools[kBullets].capacity);
  EXPECT_FLOAT_EQ(session.world().config.rifle_speed, 1500.0f);
  EXPECT_EQ(session.world().sparks.pool.policy(), OverflowPolicy::Grow) << "the new World's too";
}

// The one-shot requests act once and are zero after the phase.
// The cheap fallback's cap: held in range, and the world's next bullet sees a change.
TEST(ApplySettings, TheFullVisualCapIsHeldAndReachesTheWorld) {
  Settings s = start();
  Requests none;
  s.sim.full_visual_cap = -5;
  EXPECT_GT(clamp_settings(s, none), 0);
  EXPECT_EQ(s.sim.full_visual_cap, 0);
  s.sim.full_visual_cap = static_cast<int>(kMaxPoolSize) + 1;
  clamp_settings(s, none);
  EXPECT_EQ(s.sim.full_visual_cap, static_cast<int>(kMaxPoolSize));

  Session session;
  std::string error;
  ASSERT_TRUE(session.load(scripted_player(), error)) << error;
  Settings applied = session.settings();
  EXPECT_EQ(session.world().config.full_visual_cap, WorldConfig::kFullVisualCap);
  session.settings().sim.full_visual_cap = 3;
  apply_settings(applied, session.settings(), none, session, nullptr);
  EXPECT_EQ(session.world().config.full_visual_cap, 3u);
}

TEST(ApplySettings, EachRequestIsConsumedOnce) {
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(scripted_player(), error)) << error;
  Settings applied = session.settings();
  Requests r;
  r.double_releases = 2;
  r.stale_releases = 1;
  r.seeker = true;
  apply_settings(applied, session.settings(), r, session, nullptr);
  EXPECT_EQ(r.double_releases, 0);
  EXPECT_EQ(r.stale_releases, 0);
  EXPECT_FALSE(r.seeker);
  EXPECT_TRUE(session.world().seeker.armed);
  const PoolStats bullets = pool_stats(session.world(), kBullets);
  EXPECT_EQ(bullets.double_releases, 2u);
  EXPECT_EQ(bullets.stale_releases, 1u);
}

// --trim-on-pause: pausing trims the effect pools' idle objects, resuming re-makes them, in
// the phase (outside play frames) and without the heap; a restart request destroys and
// re-makes every pool once.
TEST(ApplySettings, PauseTrimsResumeReMakesAndARestartIsConsumedOnce) {
  Options o = scripted_player();
  o.trim_on_pause = true;
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  Settings applied = session.settings();
  Settings& s = session.settings();
  Requests r;
  World& world = session.world();
  const std::size_t sparks_idle = world.sparks.pool.idle_count();
  heap::Mark mark;
  s.time.paused = true;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_EQ(world.sparks.pool.idle_count(), 0u);
  EXPECT_EQ(lifecycle_counts(world).trims, 1u);
  apply_settings(applied, s, r, session, nullptr);  // still paused: no second trim
  EXPECT_EQ(lifecycle_counts(world).trims, 1u);
  s.time.paused = false;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_EQ(world.sparks.pool.idle_count(), sparks_idle);
  EXPECT_EQ(lifecycle_counts(world).rewarms, 1u);
  r.restart_level = true;
  apply_settings(applied, s, r, session, nullptr);
  EXPECT_FALSE(r.restart_level);
  EXPECT_EQ(lifecycle_counts(world).restarts, 1u);
  EXPECT_EQ(mark.since().allocations, 0u);
}

TEST(ApplySettings, WithoutTheSwitchPauseTrimsNothing) {
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(scripted_player(), error)) << error;
  Settings applied = session.settings();
  Requests r;
  session.settings().time.paused = true;
  apply_settings(applied, session.settings(), r, session, nullptr);
  EXPECT_EQ(lifecycle_counts(session.world()).trims, 0u);
  EXPECT_EQ(session.world().sparks.pool.idle_count(), session.world().sparks.pool.capacity());
}

}  // namespace
}  // namespace flatline::app
