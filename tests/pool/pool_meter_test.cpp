// Tests for src/pool/pool_meter.hpp: the advisor. Its verdict weighs capacity against both
// Little's N and the peak the pool held, names the figure that drove it, and a pause in
// spawning keeps the last measured rates instead of reading "no data yet".
#include <gtest/gtest.h>

#include <string>

#include "pool/pool_meter.hpp"

namespace flatline {
namespace {

PoolStats held(std::size_t capacity, std::size_t peak, std::size_t dropped = 0) {
  PoolStats s;
  s.capacity = capacity;
  s.peak_active = peak;
  s.dropped = dropped;
  return s;
}

TEST(SizingVerdict, APeakNearCapacityIsNotRoomyWhateverNSays) {
  const SizingVerdict v = sizing_verdict(26.0, held(128, 96), OverflowPolicy::Drop);
  EXPECT_EQ(v.sizing, Sizing::Fits);
  EXPECT_EQ(v.by, SizingBy::Peak);
  EXPECT_EQ(sizing(26.0, 128), Sizing::Roomy);  // N alone would have said so
}

TEST(SizingVerdict, NDrivesItWhenAboveThePeak) {
  const SizingVerdict roomy = sizing_verdict(20.0, held(128, 12), OverflowPolicy::Drop);
  EXPECT_EQ(roomy.sizing, Sizing::Roomy);
  EXPECT_EQ(roomy.by, SizingBy::N);
  const SizingVerdict small = sizing_verdict(200.0, held(128, 100), OverflowPolicy::Grow);
  EXPECT_EQ(small.sizing, Sizing::TooSmall);
  EXPECT_EQ(small.by, SizingBy::N);
}

TEST(SizingVerdict, RefusalsAndRecyclingNameThemselves) {
  const SizingVerdict dropped = sizing_verdict(5.0, held(16, 16, 40), OverflowPolicy::Drop);
  EXPECT_EQ(dropped.sizing, Sizing::TooSmall);
  EXPECT_EQ(dropped.by, SizingBy::Dropped);
  PoolStats recycled = held(8, 8);
  recycled.recycled = 3;
  const SizingVerdict r = sizing_verdict(5.0, recycled, OverflowPolicy::RecycleOldest);
  EXPECT_EQ(r.sizing, Sizing::RecyclesByDesign);
  EXPECT_EQ(r.by, SizingBy::Recycled);
  EXPECT_STREQ(to_string(SizingBy::Peak), "peak_active");
}

TEST(SizingVerdict, APeakWithoutRatesIsDataAndNothingAtAllIsNot) {
  EXPECT_EQ(sizing(0.0, held(64, 40), OverflowPolicy::Drop), Sizing::Fits);
  EXPECT_EQ(sizing(0.0, held(64, 0), OverflowPolicy::Drop), Sizing::NoData);
}

TEST(SizingVerdict, TheTextSaysWhichFigure) {
  char text[64];
  sizing_text(26.0, held(128, 96), OverflowPolicy::Drop, text, sizeof text);
  EXPECT_EQ(std::string(text), "fits (peak 96)");
  sizing_text(20.0, held(128, 12), OverflowPolicy::Drop, text, sizeof text);
  EXPECT_EQ(std::string(text), "roomy (N 20)");
  sizing_text(5.0, held(16, 16, 40), OverflowPolicy::Drop, text, sizeof text);
  EXPECT_EQ(std::string(text), "too small (40 dropped)");
}

TEST(PoolMeter, APauseInSpawningKeepsTheLastRates) {
  PoolMeter m;
  const double dt = 0.125;        // exact in binary: 16 ticks close a 2 s window
  for (int i = 0; i < 16; ++i) {  // 2 s at 24 spawns a second, each living 0.5 s
    for (int k = 0; k < 3; ++k) {
      m.on_spawn();
      m.on_retire(0.5);
    }
    m.end_tick(dt);
  }
  const double rate = m.spawn_rate();
  EXPECT_NEAR(rate, 24.0, 1e-9);
  EXPECT_FALSE(m.rates_held());
  for (int i = 0; i < 48; ++i)  // 6 s with no spawn: three whole windows
    m.end_tick(dt);
  EXPECT_EQ(m.spawn_rate(), rate);
  EXPECT_DOUBLE_EQ(m.mean_lifetime(), 0.5);
  EXPECT_TRUE(m.rates_held());
  for (int i = 0; i < 16; ++i) {  // spawning again, slower: measured anew
    m.on_spawn();
    m.end_tick(dt);
  }
  EXPECT_NEAR(m.spawn_rate(), 8.0, 1e-9);
  EXPECT_FALSE(m.rates_held());
}

TEST(PoolMeter, NothingEverSpawnedIsNotHeld) {
  PoolMeter m;
  for (int i = 0; i < 50; ++i)
    m.end_tick(0.1);
  EXPECT_EQ(m.spawn_rate(), 0.0);
  EXPECT_FALSE(m.rates_held());
}

}  // namespace
}  // namespace flatline
