#include "core/collision.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/arena.hpp"
#include "core/rng.hpp"

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

TEST(StaticGrid, AgreesWithBruteForceOnEveryFirstHit) {
  const Arena arena = make_arena();
  Rng rng(7);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const glm::vec3 p0{rng.uniform(-35, 35), rng.uniform(-2, 10), rng.uniform(-35, 35)};
    const glm::vec3 p1 = p0 + glm::vec3(rng.uniform(-8, 8), rng.uniform(-8, 8), rng.uniform(-8, 8));
    const float radius = rng.uniform() < 0.5f ? 0.0f : 0.05f;
    const auto grid = arena.grid.first_hit(p0, p1, radius);
    const auto brute = first_hit_brute_force(arena.solids, p0, p1, radius);
    ASSERT_EQ(grid.has_value(), brute.has_value()) << "segment " << i;
    if (!grid) continue;
    ++hits;
    EXPECT_EQ(grid->box, brute->box) << "segment " << i;
    EXPECT_EQ(grid->hit.t, brute->hit.t) << "segment " << i;
  }
  EXPECT_GT(hits, 2000);  // the sample really exercises hits, not only misses
}

TEST(StaticGrid, ASegmentOutsideTheGridFindsNothing) {
  const Arena arena = make_arena();
  EXPECT_FALSE(arena.grid.first_hit({0, 100, 0}, {10, 120, 0}, 0.1f));
}

TEST(StaticGrid, AnEmptyGridFindsNothing) {
  const StaticGrid grid(std::vector<Aabb>{}, 4.0f);
  EXPECT_FALSE(grid.first_hit({0, 0, 0}, {1, 1, 1}, 0.0f));
}

}  // namespace
}  // namespace flatline
