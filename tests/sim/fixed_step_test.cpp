#include "sim/fixed_step.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

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

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// What a player can type into the timestep lab: no value makes advance() run without end.
TEST(FixedStep, AnyTickRateIsHeldWithinTheRangeItAccepts) {
  FixedStep clock(60.0);
  clock.set_tick_hz(1e99);
  EXPECT_EQ(clock.tick_hz(), FixedStep::kMaxTickHz);
  clock.set_tick_hz(kInf);
  EXPECT_EQ(clock.tick_hz(), FixedStep::kMaxTickHz);
  clock.set_tick_hz(-1.0);
  EXPECT_EQ(clock.tick_hz(), FixedStep::kMinTickHz);
  clock.set_tick_hz(0.0);
  EXPECT_EQ(clock.tick_hz(), FixedStep::kMinTickHz);
  clock.set_tick_hz(75.0);
  clock.set_tick_hz(kNaN);  // not a number: the rate stays
  EXPECT_DOUBLE_EQ(clock.tick_hz(), 75.0);
  FixedStep made(1e99);
  EXPECT_EQ(made.tick_hz(), FixedStep::kMaxTickHz);
}

TEST(FixedStep, AnyFrameTimeRunsABoundedNumberOfTicks) {
  for (const double hz : {1e99, kInf, -1.0, kNaN, 60.0}) {
    for (const double clamp : {1e99, kInf, -1.0, kNaN, 0.25}) {
      FixedStep clock(60.0);
      clock.set_tick_hz(hz);
      clock.set_max_frame_seconds(clamp);
      for (const double frame : {1e99, kInf, -kInf, kNaN, -1.0, 1e-300, 0.5}) {
        const int ticks = clock.advance(frame);
        EXPECT_GE(ticks, 0) << hz << " Hz, clamp " << clamp << ", frame " << frame;
        EXPECT_LE(ticks, FixedStep::kMaxTicksPerAdvance)
            << hz << " Hz, clamp " << clamp << ", frame " << frame;
        EXPECT_TRUE(std::isfinite(clock.dropped_seconds()));
        EXPECT_TRUE(std::isfinite(clock.alpha()));
      }
    }
  }
}

TEST(FixedStep, AnInfiniteFrameRunsTheClampAndDropsNothingUncountable) {
  FixedStep clock(60.0, 0.25);
  EXPECT_EQ(clock.advance(kInf), 15);  // the clamp's worth, as for any long stall
  EXPECT_EQ(clock.dropped_seconds(), 0.0);
  EXPECT_EQ(clock.advance(kNaN), 0);
  EXPECT_EQ(clock.advance(1e308), 15);
  EXPECT_EQ(clock.advance(1e308), 15);  // a second 1e308 would overflow the count: not added
  EXPECT_TRUE(std::isfinite(clock.dropped_seconds()));
  EXPECT_GT(clock.dropped_seconds(), 1e307);
}

TEST(FixedStep, TheFastestRateAndLongestClampStayWithinTheBound) {
  FixedStep clock(FixedStep::kMaxTickHz, FixedStep::kMaxFrameClamp);
  int most = 0;
  for (int frame = 0; frame < 100; ++frame)
    most = std::max(most, clock.advance(FixedStep::kMaxFrameClamp + 0.37 * frame));
  EXPECT_GE(most, static_cast<int>(FixedStep::kMaxTickHz * FixedStep::kMaxFrameClamp));
  EXPECT_LE(most, FixedStep::kMaxTicksPerAdvance);
}

}  // namespace
}  // namespace flatline
