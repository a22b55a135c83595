#include "physics/closest_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include <glm/glm.hpp>

namespace flatline {
namespace {

TEST(ClosestSegmentSegment, CrossingSegmentsMeetAtTheirNearestPoints) {
  const auto pair = closest_segment_segment({-1, 0, 0}, {1, 0, 0}, {0, -1, 1}, {0, 1, 1});
  EXPECT_EQ(pair.on_segment, glm::vec3(0, 0, 0));
  EXPECT_EQ(pair.on_triangle, glm::vec3(0, 0, 1));
  EXPECT_FLOAT_EQ(pair.dist2, 1.0f);
}

TEST(ClosestSegmentSegment, ParallelAndPointSegmentsAreHandled) {
  EXPECT_FLOAT_EQ(closest_segment_segment({0, 0, 0}, {2, 0, 0}, {1, 2, 0}, {3, 2, 0}).dist2, 4.0f);
  EXPECT_FLOAT_EQ(closest_segment_segment({0, 0, 0}, {0, 0, 0}, {1, 1, 0}, {1, 1, 0}).dist2, 2.0f);
  EXPECT_FLOAT_EQ(closest_segment_segment({0, 3, 0}, {0, 3, 0}, {-1, 0, 0}, {1, 0, 0}).dist2, 9.0f);
}

// Against the nearest of many points sampled along the segment.
TEST(ClosestSegmentTriangle, AgreesWithSamplingAlongTheSegment) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> coord(-2.0f, 2.0f);
  const auto point = [&] { return glm::vec3(coord(rng), coord(rng), coord(rng)); };
  constexpr int kSamples = 1000;
  for (int round = 0; round < 500; ++round) {
    const Triangle tri{point(), point(), point()};
    const glm::vec3 p0 = point();
    const glm::vec3 p1 = point();
    if (is_degenerate(tri) || segment_vs_triangle(p0, p1, tri)) continue;
    float sampled = INFINITY;
    for (int s = 0; s <= kSamples; ++s) {
      const glm::vec3 at = glm::mix(p0, p1, static_cast<float>(s) / kSamples);
      sampled = std::min(sampled, glm::distance(at, closest_point_on_triangle(at, tri)));
    }
    const float exact = std::sqrt(closest_segment_triangle(p0, p1, tri).dist2);
    EXPECT_LE(exact, sampled + 1e-5f) << round;
    EXPECT_GE(exact, sampled - glm::distance(p0, p1) / kSamples - 1e-5f) << round;
  }
}

}  // namespace
}  // namespace flatline
