#include "sim/fixed_step.hpp"

#include <gtest/gtest.h>

namespace flatline {
namespace {

TEST(FixedStep, RunsOneTickPerTickOfAccumulatedTime) {
  FixedStep clock(60.0);
  EXPECT_EQ(clock.advance(1.0 / 120.0), 0);  // half a tick: nothing yet
  EXPECT_EQ(clock.advance(1.0 / 120.0), 1);  // the second half completes it
  EXPECT_EQ(clock.advance(3.0 / 60.0), 3);
  EXPECT_EQ(clock.ticks(), 4u);
}

TEST(FixedStep, AlphaIsTheLeftoverFractionOfATick) {
  FixedStep clock(50.0);  // dt = 0.02
  clock.advance(0.025);
  EXPECT_NEAR(clock.alpha(), 0.25f, 1e-5f);
  clock.advance(0.0125);
  EXPECT_NEAR(clock.alpha(), 0.875f, 1e-5f);
}

TEST(FixedStep, ClampsALongFrameAndCountsTheDroppedTime) {
  FixedStep clock(60.0, 0.25);
  const int ticks = clock.advance(5.0);  // a five-second stall
  EXPECT_EQ(ticks, 15);                  // 0.25 s worth, not 300 ticks: no spiral of death
  EXPECT_NEAR(clock.dropped_seconds(), 4.75, 1e-9);
}

TEST(FixedStep, NegativeFrameTimeIsIgnored) {
  FixedStep clock(60.0);
  EXPECT_EQ(clock.advance(-1.0), 0);
  EXPECT_EQ(clock.advance(1.0 / 60.0), 1);
}

TEST(FixedStep, TickRateCanChangeBetweenFrames) {
  FixedStep clock(60.0);
  clock.set_tick_hz(30.0);
  EXPECT_EQ(clock.advance(0.1), 3);
  EXPECT_DOUBLE_EQ(clock.tick_hz(), 30.0);
}

}  // namespace
}  // namespace flatline
