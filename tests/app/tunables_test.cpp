// Tests for src/app/tunables.cpp: whatever a player types into the panel (Ctrl+click on a
// slider takes any number) is held within range before the session sees it, and a tick with
// it completes: -1, a huge number, inf and NaN for every numeric tunable.
#include "app/tunables.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "sim/fixed_step.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

using overlay::Tunables;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A float tunable, its range, and what -1 becomes (the range's low end, or for the fire rate
// the panel's slowest: the command line's range is open at zero).
struct FloatField {
  const char* name;
  float Tunables::*field;
  float lo, hi, below;
};

std::vector<FloatField> float_fields() {
  const auto f = [](double v) { return static_cast<float>(v); };
  return {
      {"time_scale", &Tunables::time_scale, overlay::kMinTimeScale, overlay::kMaxTimeScale,
       overlay::kMinTimeScale},
      {"rifle_rate", &Tunables::rifle_rate, 0.0f, f(kMaxFireRate), overlay::kMinRifleRateSlider},
      {"max_frame_seconds", &Tunables::max_frame_seconds, overlay::kMinFrameClamp,
       overlay::kMaxFrameClamp, overlay::kMinFrameClamp},
      {"volume", &Tunables::volume, 0.0f, 1.0f, 0.0f},
      {"bullet_speed", &Tunables::bullet_speed, 1.0f, f(kMaxBulletSpeed), 1.0f},
      {"fov_degrees", &Tunables::fov_degrees, f(kMinFov), f(kMaxFov), f(kMinFov)},
      {"mouse_sensitivity", &Tunables::mouse_sensitivity, f(kMinSensitivity), f(kMaxSensitivity),
       f(kMinSensitivity)},
  };
}

// The tunables a game starts with: all in range.
Tunables start() {
  const World world(WorldConfig{});
  Tunables t = overlay::tunables_from(world);
  EXPECT_EQ(clamp_tunables(t), 0);
  return t;
}

TEST(ClampTunables, EachFloatIsHeldInItsRangeAndANonFiniteOneIsTheDefault) {
  const Tunables defaults;
  for (const FloatField& f : float_fields()) {
    Tunables t = start();
    t.*f.field = -1.0f;
    EXPECT_EQ(clamp_tunables(t), 1) << f.name;
    EXPECT_EQ(t.*f.field, f.below) << f.name << " = -1";
    t.*f.field = 1e30f;  // what 1e99 typed into a float slider cannot hold is inf, below
    clamp_tunables(t);
    EXPECT_EQ(t.*f.field, f.hi) << f.name << " = 1e30";
    for (const float bad : {kInf, -kInf, kNaN}) {
      t.*f.field = bad;
      EXPECT_EQ(clamp_tunables(t), 1) << f.name;
      EXPECT_EQ(t.*f.field, defaults.*f.field) << f.name << " = " << bad;
    }
    const float inside = 0.5f * (f.lo + std::min(f.hi, 100.0f));
    t.*f.field = inside;
    EXPECT_EQ(clamp_tunables(t), 0) << f.name << ": a value in range is left as it is";
    EXPECT_EQ(t.*f.field, inside) << f.name;
  }
}

TEST(ClampTunables, TheTickRateIsHeldInTheCommandLinesRange) {
  const Tunables defaults;
  Tunables t = start();
  for (const auto& [typed, held] : std::vector<std::pair<double, double>>{
           {-1.0, kMinTickHz},
           {1e99, kMaxTickHz},
           {std::numeric_limits<double>::infinity(), defaults.tick_hz},
           {std::numeric_limits<double>::quiet_NaN(), defaults.tick_hz},
           {500.0, 500.0}}) {  // --tick-hz 500 is not the slider's, and stays
    t.tick_hz = typed;
    clamp_tunables(t);
    EXPECT_EQ(t.tick_hz, held) << typed;
  }
}

TEST(ClampTunables, CountsIndicesAndEnumsAreHeldToo) {
  Tunables t = start();
  t.capacity = {-1, 0, 1 << 30, 64, 1, 2};
  t.policy[0] = static_cast<OverflowPolicy>(7);
  t.inspect_pool = -3;
  t.msaa_samples = 64;
  t.antialiasing = static_cast<render::Antialiasing>(-1);
  t.step_requests = -5;
  t.double_release_requests = 1 << 30;
  EXPECT_EQ(clamp_tunables(t), 9);
  EXPECT_EQ(t.capacity[0], 1);
  EXPECT_EQ(t.capacity[1], 1);
  EXPECT_EQ(t.capacity[2], static_cast<int>(kMaxPoolSize));
  EXPECT_EQ(t.capacity[3], 64);
  EXPECT_EQ(t.policy[0], OverflowPolicy::Drop);
  EXPECT_EQ(t.inspect_pool, 0);
  EXPECT_EQ(t.msaa_samples, 8);
  EXPECT_EQ(t.antialiasing, Tunables{}.antialiasing);
  EXPECT_EQ(t.step_requests, 0);
  EXPECT_EQ(t.double_release_requests, FixedStep::kMaxTicksPerAdvance);
}

// Every bad value in every numeric tunable at once, applied to a live session: a frame of the
// scripted player (the trigger held) completes, in range, and the world stays finite.
TEST(ApplyTunables, AFrameWithEveryTunableTypedOutOfRangeCompletes) {
  for (const double bad : {-1.0, 1e99, static_cast<double>(kInf), static_cast<double>(kNaN)}) {
    Options o;
    o.no_window = true;
    o.autofire = true;
    Session session;
    std::string error;
    ASSERT_TRUE(session.load(o, error)) << error;
    Tunables t = overlay::tunables_from(session.world());
    const auto typed = static_cast<float>(bad);  // 1e99 as a float: inf, as ImGui reads it
    for (const FloatField& f : float_fields())
      t.*f.field = typed;
    t.tick_hz = bad;
    apply_tunables(t, session);
    FixedStep& clock = session.clock();
    EXPECT_GE(clock.tick_hz(), kMinTickHz) << bad;
    EXPECT_LE(clock.tick_hz(), kMaxTickHz) << bad;
    for (int frame = 0; frame < 10 && session.begin_frame(); ++frame) {  // long frames
      const int ticks = clock.advance(0.5 * static_cast<double>(t.time_scale));
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

}  // namespace
}  // namespace flatline::app
