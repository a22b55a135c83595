// Tests for src/overlay/overlay_math.hpp: the fill bar's colour thresholds, Little's law
// sizing, the plots' ring buffer and a climbing plot's range. Pure functions: no ImGui, no GL.
// (The HUD's arithmetic is tested in tests/hud/hud_math_test.cpp.)
#include "overlay/overlay_math.hpp"

#include <gtest/gtest.h>

#include <cstddef>

namespace flatline::overlay {
namespace {

TEST(OverlayFillBar, IsGreenBelow85PercentOfCapacity) {
  EXPECT_EQ(bar_level(0, 128), BarLevel::Normal);
  EXPECT_EQ(bar_level(84, 100), BarLevel::Normal);
  EXPECT_EQ(bar_level(108, 128), BarLevel::Normal);  // 84.4%
  EXPECT_EQ(bar_color(84, 100), kColorNormal);
}

TEST(OverlayFillBar, TurnsAmberFrom85PercentOfCapacity) {
  EXPECT_EQ(bar_level(85, 100), BarLevel::NearCapacity);
  EXPECT_EQ(bar_level(109, 128), BarLevel::NearCapacity);  // 85.2%
  EXPECT_EQ(bar_level(99, 100), BarLevel::NearCapacity);
  EXPECT_EQ(bar_color(85, 100), kColorAmber);
}

TEST(OverlayFillBar, TurnsRedAtCapacity) {
  EXPECT_EQ(bar_level(128, 128), BarLevel::AtCapacity);
  EXPECT_EQ(bar_color(128, 128), kColorRed);
}

TEST(OverlayFillBar, CallsAPoolWithNoSlotsFull) {
  EXPECT_EQ(bar_level(0, 0), BarLevel::AtCapacity);
}

// No warm-up: a pool with nothing made and nothing refused is empty, not full; one sized 0
// that refused a request is full.
TEST(OverlayFillBar, APoolWithNothingMadeYetIsNotFull) {
  PoolStats cold;
  EXPECT_TRUE(none_made_yet(cold));
  PoolStats refused;
  refused.dropped = 1;
  EXPECT_FALSE(none_made_yet(refused));
  PoolStats made;
  made.capacity = made.allocations = 16;
  EXPECT_FALSE(none_made_yet(made));
}

TEST(OverlayFirstShot, KeepsTheFirstShotsFrameAndAllocationsThenCountsBack) {
  FirstShot first;
  first.record(0, 99);  // no shot yet: nothing kept
  EXPECT_EQ(first.frames_ago, FirstShot::kNotYet);
  first.record(3, 41);  // the frame that fired
  EXPECT_EQ(first.frames_ago, 0);
  EXPECT_EQ(first.allocations, 41u);
  first.record(9, 0);
  first.record(15, 7);
  EXPECT_EQ(first.frames_ago, 2);
  EXPECT_EQ(first.allocations, 41u) << "later frames do not replace the first shot's";
}

TEST(OverlayFillBar, HasThreeDistinctColours) {
  EXPECT_NE(kColorNormal, kColorAmber);
  EXPECT_NE(kColorAmber, kColorRed);
  EXPECT_NE(kColorNormal, kColorRed);
}

TEST(OverlayFillBar, PlacesCountsAlongItsLengthAndClampsAtTheEnd) {
  EXPECT_FLOAT_EQ(bar_fraction(0, 128), 0.0f);
  EXPECT_FLOAT_EQ(bar_fraction(32, 128), 0.25f);
  EXPECT_FLOAT_EQ(bar_fraction(200, 128), 1.0f);  // a grown pool's peak still fits the bar
}

TEST(OverlayLittlesLaw, SizesTheSeedsExampleTo20) {
  // 10 shots/s x 1.5 s lifetime = 15 live; with k = 1.3 headroom, allocate 20.
  EXPECT_DOUBLE_EQ(recommended_size(10.0, 1.5, 1.3), 20.0);
}

TEST(OverlayLittlesLaw, RoundsUpToWholeSlots) {
  EXPECT_DOUBLE_EQ(recommended_size(12.0, 1.3, 1.3), 21.0);
}

TEST(OverlayLittlesLaw, SaysTooSmallWhenNExceedsCapacity) {
  EXPECT_EQ(sizing(21.0, 20), Sizing::TooSmall);
  EXPECT_EQ(sizing(20.0, 20), Sizing::Fits);
}

TEST(OverlayLittlesLaw, SaysRoomyFromFourTimesN) {
  EXPECT_EQ(sizing(16.0, 63), Sizing::Fits);
  EXPECT_EQ(sizing(16.0, 64), Sizing::Roomy);
}

TEST(OverlayLittlesLaw, HasNoVerdictBeforeAnythingSpawned) {
  EXPECT_EQ(sizing(0.0, 128), Sizing::NoData);
  EXPECT_STREQ(to_string(Sizing::NoData), "no data yet");
}

// What a pool did, for the verdicts that weigh it: refused and recycled requests.
PoolStats did(std::size_t capacity, std::size_t dropped, std::size_t recycled) {
  PoolStats s;
  s.capacity = capacity;
  s.dropped = dropped;
  s.recycled = recycled;
  return s;
}

TEST(OverlayLittlesLaw, APoolThatRefusedRequestsIsTooSmallWhateverNSays) {
  // 16 bullets, N 10 from the requests it served: 97 refused shots are demand too.
  EXPECT_EQ(sizing(10.0, did(16, 97, 0), OverflowPolicy::Drop), Sizing::TooSmall);
  EXPECT_EQ(sizing(2.0, did(16, 1, 0), OverflowPolicy::Drop), Sizing::TooSmall);  // not roomy
  EXPECT_EQ(sizing(0.0, did(16, 1, 0), OverflowPolicy::Drop), Sizing::TooSmall);
}

TEST(OverlayLittlesLaw, APoolThatRefusedNothingIsJudgedByN) {
  EXPECT_EQ(sizing(10.0, did(16, 0, 0), OverflowPolicy::Drop), Sizing::Fits);
  EXPECT_EQ(sizing(4.0, did(16, 0, 0), OverflowPolicy::Drop), Sizing::Roomy);
  EXPECT_EQ(sizing(17.0, did(16, 0, 0), OverflowPolicy::Grow), Sizing::TooSmall);
  EXPECT_EQ(sizing(0.0, did(16, 0, 0), OverflowPolicy::Drop), Sizing::NoData);
}

TEST(OverlayLittlesLaw, ARecyclingPoolRecyclesByDesignOnceFull) {
  EXPECT_EQ(sizing(341.0, did(256, 0, 0), OverflowPolicy::RecycleOldest),
            Sizing::RecyclesByDesign);  // N above capacity: it will recycle
  EXPECT_EQ(sizing(100.0, did(256, 0, 5), OverflowPolicy::RecycleOldest),
            Sizing::RecyclesByDesign);  // it has recycled: its L was cut short
  EXPECT_EQ(sizing(100.0, did(256, 0, 0), OverflowPolicy::RecycleOldest), Sizing::Fits);
  EXPECT_STREQ(to_string(Sizing::RecyclesByDesign), "recycles by design");
}

TEST(OverlayLittlesLaw, TheVerdictTextNamesTheNThatWouldNeverRecycle) {
  char text[64];
  sizing_text(Sizing::RecyclesByDesign, 341.0, 256, text, sizeof text);
  EXPECT_STREQ(text, "recycles by design (N >= 341 would not)");
  sizing_text(Sizing::RecyclesByDesign, 0.0, 256, text, sizeof text);  // no N in the window
  EXPECT_STREQ(text, "recycles by design");
  sizing_text(Sizing::TooSmall, 341.0, 256, text, sizeof text);
  EXPECT_STREQ(text, "too small");
}

TEST(OverlayPlotRing, KeepsTheLastSamplesAndStartsThePlotAtTheOldest) {
  Ring<4> ring;
  for (int i = 1; i <= 6; ++i)
    ring.push(static_cast<float>(i));  // 1 and 2 fall off
  EXPECT_FLOAT_EQ(ring.latest(), 6.0f);
  EXPECT_FLOAT_EQ(ring.max(), 6.0f);
  EXPECT_FLOAT_EQ(ring.data()[ring.offset()], 3.0f);  // PlotLines draws from here
  EXPECT_EQ(Ring<kHistorySamples>::size(), 300);
  EXPECT_FLOAT_EQ(ring.min(), 3.0f);
  EXPECT_FLOAT_EQ(ring.ago(0), 6.0f);
  EXPECT_FLOAT_EQ(ring.ago(3), 3.0f);
}

// Pooling off: allocations since warm-up climb from 50,000 to 50,300 in view. Scaled from 0
// the climb is a flat line at the top; scaled from its lowest sample it fills the plot.
TEST(OverlayPlotRange, ScalesAClimbFromItsLowestSampleNotFromZero) {
  const PlotRange r = climb_range(50'000.0f, 50'300.0f);
  EXPECT_FLOAT_EQ(r.low, 50'000.0f);
  EXPECT_FLOAT_EQ(r.high, 50'300.0f);
  const PlotRange flat = climb_range(7.0f, 7.0f);  // nothing allocated: a line, not a 0/0
  EXPECT_GT(flat.high, flat.low);
}

}  // namespace
}  // namespace flatline::overlay
