#include "lab/accel/simd.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include <glm/geometric.hpp>

namespace flatline::simd {
namespace {

TEST(Simd, LoadPutsXyzInTheFirstThreeLanesAndWLast) {
  const F4 v = load({1.0f, 2.0f, 3.0f}, 4.0f);
  EXPECT_EQ(v[0], 1.0f);
  EXPECT_EQ(v[1], 2.0f);
  EXPECT_EQ(v[2], 3.0f);
  EXPECT_EQ(v[3], 4.0f);
  EXPECT_EQ(xyz(v), glm::vec3(1.0f, 2.0f, 3.0f));
}

TEST(Simd, BitsHasOneBitPerLaneThatHolds) {
  const F4 a{1.0f, 5.0f, 3.0f, 7.0f};
  const F4 b = splat(4.0f);
  EXPECT_EQ(bits(a < b), 0b0101);
  EXPECT_TRUE(any(a < b));
  EXPECT_FALSE(all(a < b));
  EXPECT_TRUE(all(a < splat(8.0f)));
  EXPECT_FALSE(any(a > splat(8.0f)));
}

TEST(Simd, SelectTakesEveryLaneFromOneSide) {
  const F4 a{1.0f, 2.0f, 3.0f, 4.0f}, b{5.0f, 6.0f, 7.0f, 8.0f};
  EXPECT_TRUE(all(select(true, a, b) == a));
  EXPECT_TRUE(all(select(false, a, b) == b));
  EXPECT_EQ(select(true, 1.5f, -2.0f), 1.5f);
  EXPECT_EQ(select(false, 1.5f, -2.0f), -2.0f);
  // Bits pass through untouched: -0.0 stays -0.0, a NaN stays a NaN.
  EXPECT_TRUE(std::signbit(select(true, -0.0f, 1.0f)));
  EXPECT_TRUE(std::isnan(select(false, 1.0f, std::numeric_limits<float>::quiet_NaN())));
}

// ClearanceGrid clamps a cell coordinate with max(0, c) then min(last, c): a NaN must come
// out as 0 and an infinity as the last cell, never as a NaN that an int conversion breaks.
TEST(Simd, MaxOfZeroAndNanIsZeroAndMinCapsInfinity) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const F4 c{nan, inf, -inf, 2.5f};
  const F4 clamped = min(splat(9.0f), max(splat(0.0f), c));
  EXPECT_EQ(clamped[0], 0.0f);
  EXPECT_EQ(clamped[1], 9.0f);
  EXPECT_EQ(clamped[2], 0.0f);
  EXPECT_EQ(clamped[3], 2.5f);
}

// Lanes do the scalar code's arithmetic, so the bullet tick's fast path and its general
// path agree bit for bit: glm::length of a difference, over many random vectors.
TEST(Simd, LengthMatchesGlmBitForBit) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> coord(-100.0f, 100.0f);
  for (int i = 0; i < 100'000; ++i) {
    const glm::vec3 p{coord(rng), coord(rng), coord(rng)};
    const glm::vec3 v{coord(rng), coord(rng), coord(rng)};
    const float dt = 1.0f / 60.0f;
    const glm::vec3 next = p + v * dt;
    const F4 next4 = load(p, 0.0f) + load(v, 0.0f) * splat(dt);
    ASSERT_EQ(xyz(next4), next) << i;
    const float want = glm::length(next - p);
    const float got = std::sqrt(length_squared3(next4 - load(p, 0.0f)));
    ASSERT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(want)) << i;
  }
}

TEST(Simd, TransposeTurnsFourRowsIntoFourColumnsAndBack) {
  F4 a{0, 1, 2, 3}, b{10, 11, 12, 13}, c{20, 21, 22, 23}, d{30, 31, 32, 33};
  transpose(a, b, c, d);
  EXPECT_TRUE(all(a == F4{0, 10, 20, 30}));
  EXPECT_TRUE(all(b == F4{1, 11, 21, 31}));
  EXPECT_TRUE(all(c == F4{2, 12, 22, 32}));
  EXPECT_TRUE(all(d == F4{3, 13, 23, 33}));
  transpose(a, b, c, d);
  EXPECT_TRUE(all(a == F4{0, 1, 2, 3}));
  EXPECT_TRUE(all(d == F4{30, 31, 32, 33}));
}

TEST(Simd, MaskPicksTheLanesWhoseBitIsSet) {
  const F4 a{1, 2, 3, 4}, b{5, 6, 7, 8};
  EXPECT_TRUE(all(select(mask(0b0101), a, b) == F4{1, 6, 3, 8}));
  EXPECT_TRUE(all(select(mask(0b1111), a, b) == a));
  EXPECT_TRUE(all(select(mask(0), a, b) == b));
  EXPECT_EQ(bits(mask(0b1010)), 0b1010);
}

TEST(Simd, SqrtOfEachLaneIsStdSqrtBitForBit) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> value(0.0f, 1e6f);
  for (int i = 0; i < 10000; ++i) {
    const F4 v{value(rng), value(rng), value(rng), value(rng) * 1e-9f};
    const F4 r = sqrt(v);
    for (int lane = 0; lane < 4; ++lane)
      ASSERT_EQ(std::bit_cast<std::uint32_t>(r[lane]),
                std::bit_cast<std::uint32_t>(std::sqrt(v[lane])));
  }
}

TEST(Simd, Load16AndStore16MoveSixteenBytesWhateverTheirAlignment) {
  float buffer[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const F4 v = load16(buffer + 1);  // not 16-byte aligned
  EXPECT_TRUE(all(v == F4{1, 2, 3, 4}));
  store16(buffer + 5, v);
  EXPECT_EQ(buffer[4], 4.0f);  // untouched either side
  EXPECT_EQ(buffer[5], 1.0f);
  EXPECT_EQ(buffer[8], 4.0f);
}

}  // namespace
}  // namespace flatline::simd
