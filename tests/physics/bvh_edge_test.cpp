// The BVH at the edges: no triangles, bad triangles, bad queries, a tiled floor's shared
// edges, and the shape of the tree itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "physics/bvh.hpp"
#include "physics/triangle_soup.hpp"
#include "random_soup.hpp"

namespace flatline {
namespace {

const float kNan = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

// A floor of unit tiles on z = 0, two triangles each, from (0, 0) to (n, n).
std::vector<Triangle> tiled_floor(int n) {
  std::vector<Triangle> out;
  for (int x = 0; x < n; ++x) {
    for (int y = 0; y < n; ++y) {
      const glm::vec3 o(static_cast<float>(x), static_cast<float>(y), 0.0f);
      out.push_back({o, o + glm::vec3(1, 0, 0), o + glm::vec3(1, 1, 0)});
      out.push_back({o, o + glm::vec3(1, 1, 0), o + glm::vec3(0, 1, 0)});
    }
  }
  return out;
}

TEST(TriangleBvhEdges, AnEmptyBvhFindsNothing) {
  std::array<Contact, 4> out{};
  for (const TriangleBvh& bvh : {TriangleBvh{}, TriangleBvh{std::span<const Triangle>{}}}) {
    EXPECT_EQ(bvh.triangle_count(), 0u);
    EXPECT_TRUE(bvh.nodes().empty());
    EXPECT_FALSE(bvh.first_hit({0, 0, 1}, {0, 0, -1}, 0.0f));
    EXPECT_EQ(bvh.sphere_contacts({0, 0, 0}, 1.0f, out).found, 0u);
    EXPECT_EQ(bvh.capsule_contacts({0, 0, 0}, {0, 1, 0}, 1.0f, out).deepest.triangle, -1);
  }
}

TEST(TriangleBvhEdges, DegenerateTrianglesAreSkippedAndCountedAndIndicesStayTheCallers) {
  std::vector<Triangle> level = {
      {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},     // 0: a line
      {{kNan, 0, 0}, {1, 0, 0}, {0, 1, 0}},  // 1: not finite
      {{0, 0, 0}, {4, 0, 0}, {0, 4, 0}},     // 2: a floor
      {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}},     // 3: a point
  };
  const TriangleBvh bvh(level);
  EXPECT_EQ(bvh.degenerate_count(), 3u);
  EXPECT_EQ(bvh.triangle_count(), 1u);
  const auto hit = bvh.first_hit({1, 1, 1}, {1, 1, -1}, 0.0f);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->triangle, 2);
  std::array<Contact, 4> out{};
  EXPECT_EQ(bvh.sphere_contacts({1, 1, 0.5f}, 1.0f, out).deepest.triangle, 2);
  const auto all_bad = TriangleBvh(std::span(level).first(2));
  EXPECT_EQ(all_bad.degenerate_count(), 2u);
  EXPECT_TRUE(all_bad.nodes().empty());
}

TEST(TriangleBvhEdges, NonFiniteQueriesAndNegativeRadiiAreRefused) {
  const auto floor = tiled_floor(4);
  const TriangleBvh bvh(floor);
  const glm::vec3 nan_point(kNan, 1, 1);
  const glm::vec3 inf_point(1, kInf, 1);
  std::array<Contact, 4> out{};
  EXPECT_FALSE(bvh.first_hit(nan_point, {1, 1, -1}, 0.0f));
  EXPECT_FALSE(bvh.first_hit({1, 1, 1}, inf_point, 0.0f));
  EXPECT_FALSE(bvh.first_hit({1, 1, 1}, {1, 1, -1}, kNan));
  EXPECT_FALSE(bvh.first_hit({1, 1, 1}, {1, 1, -1}, -1.0f));
  EXPECT_FALSE(first_hit_brute_force(floor, nan_point, {1, 1, -1}, 0.0f));
  EXPECT_EQ(bvh.sphere_contacts(nan_point, 1.0f, out).found, 0u);
  EXPECT_EQ(bvh.sphere_contacts({1, 1, 0}, kInf, out).found, 0u);
  EXPECT_EQ(bvh.capsule_contacts({1, 1, 0}, inf_point, 1.0f, out).found, 0u);
  EXPECT_EQ(capsule_contacts_brute_force(floor, nan_point, {1, 1, 0}, 1.0f, out).found, 0u);
}

TEST(TriangleBvhEdges, ASharedEdgeOrVertexGoesToTheLowerIndex) {
  const auto floor = tiled_floor(4);
  const TriangleBvh bvh(floor);
  for (const glm::vec3 at : {glm::vec3(1.5f, 1.5f, 0), glm::vec3(2, 2, 0), glm::vec3(2, 1.5f, 0)}) {
    const auto hit = bvh.first_hit(at + glm::vec3(0, 0, 1), at - glm::vec3(0, 0, 1), 0.0f);
    const auto brute =
        first_hit_brute_force(floor, at + glm::vec3(0, 0, 1), at - glm::vec3(0, 0, 1), 0.0f);
    ASSERT_TRUE(hit && brute);
    EXPECT_EQ(hit->triangle, brute->triangle);
    EXPECT_EQ(hit->t, 0.5f);
  }
}

TEST(TriangleBvhEdges, ASegmentInTheFloorsPlaneOrOfNoLengthCrossesNothing) {
  const TriangleBvh bvh(tiled_floor(4));
  EXPECT_FALSE(bvh.first_hit({-1, 1.5f, 0}, {5, 1.5f, 0}, 0.0f));
  EXPECT_FALSE(bvh.first_hit({1.5f, 1.5f, 0}, {1.5f, 1.5f, 0}, 0.0f));
  // With a radius, a still sphere touching the floor hits at once.
  const auto still = bvh.first_hit({1.5f, 1.5f, 0.25f}, {1.5f, 1.5f, 0.25f}, 0.5f);
  ASSERT_TRUE(still);
  EXPECT_EQ(still->t, 0.0f);
}

TEST(TriangleBvhEdges, AFloorAgreesWithBruteForceAlongItsGridLines) {
  const auto floor = tiled_floor(8);
  const TriangleBvh bvh(floor);
  test::RandomSoup random(9, 8.0f);
  for (int round = 0; round < 200; ++round) {
    // Integer and half-integer points: every edge, vertex and diagonal of the tiles.
    const auto snap = [](float v) { return std::round(v * 2.0f) / 2.0f; };
    const glm::vec3 p = random.point();
    const glm::vec3 p0(snap(p.x), snap(p.y), 3.0f);
    const glm::vec3 p1(snap(p.z), snap(p.y), -1.0f);
    const float radius = (round % 2) ? 0.0f : 0.25f;
    const auto hit = bvh.first_hit(p0, p1, radius);
    const auto brute = first_hit_brute_force(floor, p0, p1, radius);
    ASSERT_EQ(hit.has_value(), brute.has_value()) << round;
    if (!brute) continue;
    EXPECT_EQ(hit->triangle, brute->triangle) << round;
    EXPECT_EQ(hit->t, brute->t) << round;
  }
}

TEST(TriangleBvhEdges, ATriangleListedTwiceGoesToTheLowerIndex) {
  test::RandomSoup random(11);
  auto soup = random.triangles(100);
  const Triangle floor{{-50, -50, -30}, {50, -50, -30}, {0, 50, -30}};
  soup[7] = floor;
  soup[3] = floor;
  const TriangleBvh bvh(soup);
  const auto hit = bvh.first_hit({0, 0, -29}, {0, 0, -31}, 0.0f);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->triangle, 3);
  std::array<Contact, 8> out{};
  const auto contacts = bvh.sphere_contacts({0, 0, -29.5f}, 1.0f, out);
  EXPECT_EQ(contacts.deepest.triangle, 3);
  ASSERT_EQ(contacts.written, 2u);
  EXPECT_EQ(out[0].triangle, 3);  // sorted by index
  EXPECT_EQ(out[1].triangle, 7);
}

// Overlap-and-push, as a player in a corner would use it: push out by the deepest contact,
// ask again, until nothing is sunk into. Floor and wall are each left a radius away.
TEST(TriangleBvhEdges, ACapsuleInACornerIsPushedOutOneContactAtATime) {
  auto level = tiled_floor(4);
  level.push_back({{0, 0, 0}, {0, 4, 0}, {0, 4, 4}});  // a wall on x = 0
  level.push_back({{0, 0, 0}, {0, 4, 4}, {0, 0, 4}});
  const TriangleBvh bvh(level);
  constexpr float kRadius = 0.35f;
  glm::vec3 feet(0.2f, 2.0f, 0.2f);
  const glm::vec3 height(0.0f, 0.0f, 1.0f);
  std::array<Contact, 8> out{};
  int pushes = 0;
  for (; pushes < 4; ++pushes) {
    const auto contacts = bvh.capsule_contacts(feet, feet + height, kRadius, out);
    if (contacts.found == 0 || contacts.deepest.depth < 1e-5f) break;
    feet += contacts.deepest.normal * contacts.deepest.depth;
  }
  EXPECT_EQ(pushes, 2);  // the floor, then the wall (equal depths: the lower index first)
  EXPECT_NEAR(feet.x, kRadius, 1e-5f);
  EXPECT_NEAR(feet.z, kRadius, 1e-5f);
}

TEST(TriangleBvhShape, LeavesHoldAFewTrianglesEachOnceAndBoxesNest) {
  test::RandomSoup random(5);
  const auto soup = random.triangles(2000);
  const TriangleBvh bvh(soup);
  const auto nodes = bvh.nodes();
  std::vector<int> seen(bvh.triangle_count(), 0);
  for (const BvhNode& node : nodes) {
    if (node.count > 0) {
      EXPECT_LE(node.count, TriangleBvh::kLeafSize);
      for (int i = node.first; i < node.first + node.count; ++i)
        ++seen[static_cast<std::size_t>(i)];
      continue;
    }
    for (const BvhNode& child : {nodes[node.first], nodes[node.first + 1]}) {
      EXPECT_TRUE(node.box.contains(child.box.min) && node.box.contains(child.box.max));
    }
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<long>(seen.size()));
}

}  // namespace
}  // namespace flatline
