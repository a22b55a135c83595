// Tests for src/app/settings_from.cpp: the command line fills the game's one Settings once, and
// a World is made from its simulation group, the same World the command line always made.
#include "app/settings_from.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace flatline::app {
namespace {

Options parse(std::vector<const char*> args) {
  args.insert(args.begin(), "flatline");
  const ParseResult r = parse_options(static_cast<int>(args.size()), args.data());
  EXPECT_EQ(r.error, "");
  return r.options;
}

TEST(SettingsFrom, NoFlagsGiveTheDefaultsOfTheSettingsAndTheWorld) {
  const Settings s = settings_from(parse({}));
  const WorldConfig world;
  EXPECT_EQ(s.sim.capacity[kBullets], static_cast<int>(world.pools[kBullets].capacity));
  EXPECT_EQ(s.sim.capacity[kSparks], static_cast<int>(world.pools[kSparks].capacity));
  EXPECT_EQ(s.sim.policy[kBullets], world.pools[kBullets].policy);
  EXPECT_FLOAT_EQ(s.sim.rifle_rate, world.rifle_rate);
  EXPECT_FLOAT_EQ(s.sim.bullet_speed, world.rifle_speed);
  EXPECT_DOUBLE_EQ(s.time.tick_hz, TimeSettings{}.tick_hz);
  EXPECT_TRUE(s.render.instancing && s.render.shadows && s.render.instance_ring);
  EXPECT_EQ(s.view.mode, OverlayMode::Compact);
  EXPECT_EQ(s.view.panels, ViewSettings{}.panels);
  EXPECT_FALSE(s.audio.muted);
}

TEST(SettingsFrom, EachFlagLandsInItsGroup) {
  const Settings s = settings_from(parse({"--seed",
                                          "9",
                                          "--pool-size",
                                          "300",
                                          "--overflow",
                                          "grow",
                                          "--fire-rate",
                                          "20",
                                          "--bullet-speed",
                                          "900",
                                          "--no-pooling",
                                          "--discrete",
                                          "--tick-hz",
                                          "30",
                                          "--no-instancing",
                                          "--no-shadows",
                                          "--no-instance-ring",
                                          "--fov",
                                          "90",
                                          "--overlay",
                                          "lessons",
                                          "--sensitivity",
                                          "2",
                                          "--fullscreen",
                                          "--mute"}));
  EXPECT_EQ(s.sim.seed, 9u);
  EXPECT_EQ(s.sim.capacity[kBullets], 300);
  EXPECT_EQ(s.sim.policy[kBullets], OverflowPolicy::Grow);
  EXPECT_FLOAT_EQ(s.sim.rifle_rate, 20.0f);
  EXPECT_FLOAT_EQ(s.sim.bullet_speed, 900.0f);
  EXPECT_FALSE(s.sim.pooling);
  EXPECT_FALSE(s.sim.swept_collision);
  EXPECT_DOUBLE_EQ(s.time.tick_hz, 30.0);
  EXPECT_FALSE(s.render.instancing || s.render.shadows || s.render.instance_ring);
  EXPECT_FLOAT_EQ(s.render.fov_degrees, 90.0f);
  EXPECT_EQ(s.view.mode, OverlayMode::Compact);  // a panel's name: the strip and that panel
  EXPECT_TRUE(s.view.panels[kPanelLessons]);
  EXPECT_FLOAT_EQ(s.view.mouse_sensitivity, 2.0f);
  EXPECT_TRUE(s.view.fullscreen);
  EXPECT_TRUE(s.audio.muted);
}

// The rifle's speed has one home: the World is made from the settings' value, the pellets in
// proportion; with no flag it is the World's own default, bit for bit.
TEST(SettingsFrom, TheWorldIsMadeFromTheSimulationGroup) {
  SimSettings sim = settings_from(parse({})).sim;
  const WorldConfig as_designed = world_config_from(sim);
  const WorldConfig defaults;
  EXPECT_EQ(as_designed.rifle_speed, defaults.rifle_speed);
  EXPECT_EQ(as_designed.scatter_speed, defaults.scatter_speed);
  EXPECT_EQ(as_designed.pools[kTracers].capacity, defaults.pools[kTracers].capacity);
  sim.bullet_speed = 600.0f;
  sim.capacity[kDecals] = 12;
  const WorldConfig faster = world_config_from(sim);
  EXPECT_FLOAT_EQ(faster.rifle_speed, 600.0f);
  EXPECT_FLOAT_EQ(faster.scatter_speed, 440.0f);
  EXPECT_EQ(faster.pools[kDecals].capacity, 12u);
}

}  // namespace
}  // namespace flatline::app
