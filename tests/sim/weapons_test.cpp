// Tests for src/sim/weapons.cpp's guard: whatever rifle rate reaches the world (a value typed
// into the panel, a hand-edited config), holding the trigger for a tick returns, with as
// many shots as the rate allows and never a loop without end.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

TickInput trigger_held() {
  TickInput input;
  input.fire_held = true;
  return input;
}

// Shots fired over `ticks` ticks of the trigger held at `rate` shots per second.
std::uint64_t shots_at(float rate, int ticks) {
  World world(WorldConfig{});
  world.config.rifle_rate = rate;
  for (int i = 0; i < ticks; ++i)
    fire_weapons(world, trigger_held(), kDt);
  return world.shots_fired;
}

TEST(FireWeapons, ARateThatIsNotAPositiveNumberFiresNothing) {
  for (const float rate : {-1.0f, 0.0f, kNaN, -kInf, std::numeric_limits<float>::denorm_min()})
    EXPECT_EQ(shots_at(rate, 3), 0u) << rate;
}

TEST(FireWeapons, ARateTooFastToMoveTheCooldownFiresOnceATick) {
  // 1/rate is lost in the cooldown's rounding (or is 0): one shot, then the burst ends.
  for (const float rate : {kInf, 1e30f, std::numeric_limits<float>::max()})
    EXPECT_EQ(shots_at(rate, 3), 3u) << rate;
}

TEST(FireWeapons, AnOrdinaryRateFiresAsBefore) {
  EXPECT_NEAR(static_cast<double>(shots_at(12.0f, 60)), 12.0, 1.0);    // a second at 12/s
  EXPECT_NEAR(static_cast<double>(shots_at(6000.0f, 1)), 100.0, 1.0);  // 6000/s for 1/60 s
}

TEST(FireWeapons, ATickWithABadRateCompletesAndTheWorldStaysFinite) {
  for (const float rate : {-1.0f, kNaN, kInf, 1e30f}) {
    World world(WorldConfig{});
    world.config.rifle_rate = rate;
    for (int i = 0; i < 5; ++i)
      step(world, trigger_held(), kDt);
    EXPECT_EQ(world.tick, 5u) << rate;
    EXPECT_TRUE(std::isfinite(world.player.rifle_cooldown)) << rate;
  }
}

}  // namespace
}  // namespace flatline
