#include "physics/triangles.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include <glm/glm.hpp>

namespace flatline {
namespace {

// A right triangle in the z = 0 plane, wound so its face normal is +z.
const Triangle kFloor{{0.0f, 0.0f, 0.0f}, {4.0f, 0.0f, 0.0f}, {0.0f, 4.0f, 0.0f}};
const glm::vec3 kUp{0.0f, 0.0f, 1.0f};

TEST(IsDegenerate, ZeroAreaAndNonFiniteTrianglesAreDegenerate) {
  EXPECT_FALSE(is_degenerate(kFloor));
  EXPECT_TRUE(is_degenerate({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}));  // corners on one line
  EXPECT_TRUE(is_degenerate({{0, 0, 0}, {0, 0, 0}, {0, 1, 0}}));  // a repeated corner
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(is_degenerate({{nan, 0, 0}, {1, 0, 0}, {0, 1, 0}}));
  EXPECT_TRUE(is_degenerate({{0, 0, 0}, {inf, 0, 0}, {0, 1, 0}}));
}

TEST(IsDegenerate, ASmallWellShapedTriangleIsKept) {
  EXPECT_FALSE(is_degenerate({{0, 0, 0}, {1e-3f, 0, 0}, {0, 1e-3f, 0}}));
}

TEST(ClosestPointOnTriangle, ProjectsOntoTheFaceOrClampsToAnEdgeOrVertex) {
  EXPECT_EQ(closest_point_on_triangle({1, 1, 5}, kFloor), glm::vec3(1, 1, 0));
  EXPECT_EQ(closest_point_on_triangle({-1, -1, 1}, kFloor), kFloor.a);
  EXPECT_EQ(closest_point_on_triangle({2, -3, 0}, kFloor), glm::vec3(2, 0, 0));
  EXPECT_EQ(closest_point_on_triangle({3, 3, 0}, kFloor), glm::vec3(2, 2, 0));
}

TEST(SegmentVsTriangle, HitsTheFaceWithTheNormalFacingTheSegment) {
  const auto down = segment_vs_triangle({1, 1, 2}, {1, 1, -2}, kFloor);
  ASSERT_TRUE(down);
  EXPECT_FLOAT_EQ(down->t, 0.5f);
  EXPECT_EQ(down->normal, kUp);
  const auto up = segment_vs_triangle({1, 1, -2}, {1, 1, 2}, kFloor);  // two-sided
  ASSERT_TRUE(up);
  EXPECT_EQ(up->normal, -kUp);
}

TEST(SegmentVsTriangle, MissesBesideTheTriangleAndWhenEndingShort) {
  EXPECT_FALSE(segment_vs_triangle({3, 3, 2}, {3, 3, -2}, kFloor));
  EXPECT_FALSE(segment_vs_triangle({1, 1, 2}, {1, 1, 0.5f}, kFloor));
}

TEST(SegmentVsTriangle, ThroughAnEdgeOrAVertexHits) {
  EXPECT_TRUE(segment_vs_triangle({2, 0, 1}, {2, 0, -1}, kFloor));  // edge ab
  EXPECT_TRUE(segment_vs_triangle({2, 2, 1}, {2, 2, -1}, kFloor));  // edge bc
  EXPECT_TRUE(segment_vs_triangle({0, 0, 1}, {0, 0, -1}, kFloor));  // vertex a
}

TEST(SegmentVsTriangle, ASegmentInThePlaneOrOfNoLengthCrossesNothing) {
  EXPECT_FALSE(segment_vs_triangle({-1, 1, 0}, {5, 1, 0}, kFloor));
  EXPECT_FALSE(segment_vs_triangle({1, 1, 0}, {1, 1, 0}, kFloor));
}

TEST(SphereVsTriangle, PushesOutAlongTheFaceOrFromAnEdge) {
  const auto above = sphere_vs_triangle({1, 1, 0.5f}, 1.0f, kFloor);
  ASSERT_TRUE(above);
  EXPECT_EQ(above->normal, kUp);
  EXPECT_FLOAT_EQ(above->depth, 0.5f);
  const auto below = sphere_vs_triangle({1, 1, -0.5f}, 1.0f, kFloor);
  ASSERT_TRUE(below);
  EXPECT_EQ(below->normal, -kUp);
  const auto beside = sphere_vs_triangle({2, -0.5f, 0}, 1.0f, kFloor);
  ASSERT_TRUE(beside);
  EXPECT_EQ(beside->normal, glm::vec3(0, -1, 0));
  EXPECT_FLOAT_EQ(beside->depth, 0.5f);
}

TEST(SphereVsTriangle, TouchingIsNotSinkingAndACentreOnTheFaceGoesAlongItsNormal) {
  EXPECT_FALSE(sphere_vs_triangle({1, 1, 1}, 1.0f, kFloor));
  const auto on = sphere_vs_triangle({1, 1, 0}, 0.5f, kFloor);
  ASSERT_TRUE(on);
  EXPECT_EQ(on->normal, kUp);
  EXPECT_FLOAT_EQ(on->depth, 0.5f);
}

TEST(CapsuleVsTriangle, AStandingCapsuleIsPushedUpByItsLowerEnd) {
  const auto c = capsule_vs_triangle({1, 1, 0.5f}, {1, 1, 2}, 1.0f, kFloor);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->normal, kUp);
  EXPECT_FLOAT_EQ(c->depth, 0.5f);
}

TEST(CapsuleVsTriangle, ALyingCapsuleIsPushedOffTheFaceItSpans) {
  const auto c = capsule_vs_triangle({-5, 1, 0.3f}, {5, 1, 0.3f}, 0.5f, kFloor);
  ASSERT_TRUE(c);
  EXPECT_NEAR(glm::distance(c->normal, kUp), 0.0f, 1e-6f);
  EXPECT_NEAR(c->depth, 0.2f, 1e-6f);
}

TEST(CapsuleVsTriangle, ACapsuleThroughTheFaceClearsItsLowerEnd) {
  const auto c = capsule_vs_triangle({1, 1, -0.5f}, {1, 1, 2}, 0.25f, kFloor);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->normal, kUp);         // the midpoint is above
  EXPECT_FLOAT_EQ(c->depth, 0.75f);  // the lower end 0.5 below, plus the radius
}

TEST(CapsuleVsTriangle, ACapsuleBesideAnEdgeIsPushedAwayFromIt) {
  const auto c = capsule_vs_triangle({-1, 1, -1}, {-1, 1, 1}, 1.5f, kFloor);
  ASSERT_TRUE(c);
  EXPECT_NEAR(glm::distance(c->normal, glm::vec3(-1, 0, 0)), 0.0f, 1e-6f);
  EXPECT_NEAR(c->depth, 0.5f, 1e-6f);
  EXPECT_FALSE(capsule_vs_triangle({-1, 1, -1}, {-1, 1, 1}, 0.5f, kFloor));
}

TEST(CapsuleVsTriangle, ACapsuleOfNoLengthIsASphere) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> coord(-2.0f, 2.0f);
  const auto point = [&] { return glm::vec3(coord(rng), coord(rng), coord(rng)); };
  for (int round = 0; round < 500; ++round) {
    const Triangle tri{point(), point(), point()};
    const glm::vec3 centre = point();
    if (is_degenerate(tri)) continue;
    const auto sphere = sphere_vs_triangle(centre, 1.0f, tri);
    const auto capsule = capsule_vs_triangle(centre, centre, 1.0f, tri);
    ASSERT_EQ(sphere.has_value(), capsule.has_value()) << round;
    if (!sphere) continue;
    EXPECT_NEAR(sphere->depth, capsule->depth, 1e-6f) << round;
    EXPECT_NEAR(glm::distance(sphere->normal, capsule->normal), 0.0f, 1e-5f) << round;
  }
}

TEST(SweptSphereVsTriangle, MeetsTheFaceARadiusAbovePlane) {
  const auto hit = swept_sphere_vs_triangle({1, 1, 2}, {1, 1, -2}, 0.5f, kFloor);
  ASSERT_TRUE(hit);
  EXPECT_FLOAT_EQ(hit->t, 0.375f);
  EXPECT_EQ(hit->normal, kUp);
}

TEST(SweptSphereVsTriangle, MeetsAnEdgeAndAVertexSideways) {
  const auto edge = swept_sphere_vs_triangle({2, -2, 0}, {2, 2, 0}, 0.5f, kFloor);
  ASSERT_TRUE(edge);
  EXPECT_FLOAT_EQ(edge->t, 0.375f);
  EXPECT_EQ(edge->normal, glm::vec3(0, -1, 0));
  const auto vertex = swept_sphere_vs_triangle({-2, 0, 0}, {2, 0, 0}, 0.5f, kFloor);
  ASSERT_TRUE(vertex);
  EXPECT_FLOAT_EQ(vertex->t, 0.375f);
  EXPECT_EQ(vertex->normal, glm::vec3(-1, 0, 0));
}

TEST(SweptSphereVsTriangle, TouchingAtTheStartHitsAtZeroUnlessMovingAway) {
  const auto into = swept_sphere_vs_triangle({1, 1, 0.25f}, {1, 1, -3}, 0.5f, kFloor);
  ASSERT_TRUE(into);
  EXPECT_EQ(into->t, 0.0f);
  EXPECT_EQ(into->normal, kUp);
  const auto still = swept_sphere_vs_triangle({1, 1, 0.5f}, {1, 1, 0.5f}, 0.5f, kFloor);
  ASSERT_TRUE(still);
  EXPECT_EQ(still->t, 0.0f);
  EXPECT_FALSE(swept_sphere_vs_triangle({1, 1, 0.5f}, {1, 1, 3}, 0.5f, kFloor));  // leaving
}

TEST(SweptSphereVsTriangle, NoLengthAndNotTouchingMisses) {
  EXPECT_FALSE(swept_sphere_vs_triangle({1, 1, 2}, {1, 1, 2}, 0.5f, kFloor));
}

TEST(SweptSphereVsTriangle, RadiusZeroIsTheSegmentTest) {
  const auto swept = swept_sphere_vs_triangle({1, 1, 2}, {1, 1, -2}, 0.0f, kFloor);
  const auto segment = segment_vs_triangle({1, 1, 2}, {1, 1, -2}, kFloor);
  ASSERT_TRUE(swept && segment);
  EXPECT_EQ(swept->t, segment->t);
}

// Exactness against sampling: at the hit the sphere just touches, and no earlier sample
// along the path sinks in; a miss never comes closer than the radius.
TEST(SweptSphereVsTriangle, NoSampleBeforeTheHitTouchesAndTheHitJustTouches) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> coord(-3.0f, 3.0f);
  std::uniform_real_distribution<float> size(0.05f, 1.0f);
  const auto point = [&] { return glm::vec3(coord(rng), coord(rng), coord(rng)); };
  constexpr int kSamples = 200;
  constexpr float kSlack = 1e-4f;
  int hits = 0;
  for (int round = 0; round < 2000; ++round) {
    const Triangle tri{point(), point(), point()};
    if (is_degenerate(tri)) continue;
    const glm::vec3 p0 = point();
    const glm::vec3 p1 = point();
    const float r = size(rng);
    const auto hit = swept_sphere_vs_triangle(p0, p1, r, tri);
    const float start = glm::distance(p0, closest_point_on_triangle(p0, tri));
    if (start <= r) {  // touching at the start: a hit at once, or moving away
      if (hit) {
        EXPECT_EQ(hit->t, 0.0f) << round;
      } else {
        EXPECT_GE(glm::distance(p1, closest_point_on_triangle(p1, tri)), start) << round;
      }
      continue;
    }
    const float until = hit ? hit->t : 1.0f;
    for (int s = 0; s < kSamples; ++s) {
      const glm::vec3 at = glm::mix(p0, p1, until * static_cast<float>(s) / kSamples);
      ASSERT_GE(glm::distance(at, closest_point_on_triangle(at, tri)), r - kSlack) << round;
    }
    if (!hit) continue;
    ++hits;
    const glm::vec3 at = glm::mix(p0, p1, hit->t);
    EXPECT_NEAR(glm::distance(at, closest_point_on_triangle(at, tri)), r, kSlack) << round;
  }
  EXPECT_GT(hits, 100);
}

}  // namespace
}  // namespace flatline
