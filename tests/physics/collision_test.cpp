#include "physics/collision.hpp"

#include <gtest/gtest.h>

#include <glm/vec3.hpp>

namespace flatline {
namespace {

const Aabb kUnitBox{{-1.0f, -1.0f, -1.0f}, {1.0f, 1.0f, 1.0f}};

TEST(SegmentVsAabb, HitsTheNearFaceWithItsNormal) {
  const auto hit = segment_vs_aabb({-5.0f, 0.0f, 0.0f}, {5.0f, 0.0f, 0.0f}, kUnitBox);
  ASSERT_TRUE(hit);
  EXPECT_FLOAT_EQ(hit->t, 0.4f);
  EXPECT_EQ(hit->normal, glm::vec3(-1.0f, 0.0f, 0.0f));
}

TEST(SegmentVsAabb, MissesWhenTheSegmentEndsShortOrPassesBeside) {
  EXPECT_FALSE(segment_vs_aabb({-5.0f, 0.0f, 0.0f}, {-2.0f, 0.0f, 0.0f}, kUnitBox));
  EXPECT_FALSE(segment_vs_aabb({-5.0f, 2.0f, 0.0f}, {5.0f, 2.0f, 0.0f}, kUnitBox));
}

TEST(SegmentVsAabb, AParallelSegmentOutsideASlabNeverHits) {
  EXPECT_FALSE(segment_vs_aabb({-5.0f, 1.5f, 0.0f}, {5.0f, 1.5f, 0.0f}, kUnitBox));
}

TEST(SegmentVsAabb, AStartInsideHitsAtZeroAgainstTheMotion) {
  const auto hit = segment_vs_aabb({0.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 5.0f}, kUnitBox);
  ASSERT_TRUE(hit);
  EXPECT_FLOAT_EQ(hit->t, 0.0f);
  EXPECT_EQ(hit->normal, glm::vec3(0.0f, 0.0f, -1.0f));
}

TEST(SegmentVsAabb, CatchesAThinWallThatADiscreteTestStepsOver) {
  const Aabb wall{{-5.0f, 0.0f, -0.025f}, {5.0f, 4.0f, 0.025f}};
  const glm::vec3 before{0.0f, 1.0f, 2.0f};
  const glm::vec3 after{0.0f, 1.0f, -3.0f};  // 5 m in one tick, straight through
  EXPECT_FALSE(discrete_hit(before, wall));
  EXPECT_FALSE(discrete_hit(after, wall));
  const auto hit = segment_vs_aabb(before, after, wall);
  ASSERT_TRUE(hit);
  EXPECT_NEAR(hit->t, 0.395f, 1e-5f);
}

}  // namespace
}  // namespace flatline
