// The BVH answers exactly what brute force over every triangle answers.
#include "physics/bvh.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <limits>
#include <vector>

#include "diag/heap_counter.hpp"
#include "physics/triangle_soup.hpp"
#include "random_soup.hpp"

namespace flatline {
namespace {

constexpr int kSoupSize = 2000;
constexpr int kQueries = 200;
constexpr std::size_t kBuffer = 32;

void expect_same_hit(const std::optional<TriangleHit>& bvh, const std::optional<TriangleHit>& brute,
                     int round) {
  ASSERT_EQ(bvh.has_value(), brute.has_value()) << round;
  if (!brute) return;
  EXPECT_EQ(bvh->triangle, brute->triangle) << round;
  EXPECT_EQ(bvh->t, brute->t) << round;  // bit for bit: the same test on the same triangle
  EXPECT_EQ(bvh->normal, brute->normal) << round;
}

void expect_same_contacts(const ContactSummary& bvh, std::span<const Contact> bvh_out,
                          const ContactSummary& brute, std::span<const Contact> brute_out,
                          int round) {
  ASSERT_EQ(bvh.written, brute.written) << round;
  EXPECT_EQ(bvh.found, brute.found) << round;
  EXPECT_EQ(bvh.deepest.triangle, brute.deepest.triangle) << round;
  EXPECT_EQ(bvh.deepest.depth, brute.deepest.depth) << round;
  for (std::size_t i = 0; i < bvh.written; ++i) {
    EXPECT_EQ(bvh_out[i].triangle, brute_out[i].triangle) << round;
    EXPECT_EQ(bvh_out[i].depth, brute_out[i].depth) << round;
    EXPECT_EQ(bvh_out[i].normal, brute_out[i].normal) << round;
  }
}

class BvhAgainstBruteForce : public ::testing::Test {
 protected:
  test::RandomSoup random{42};
  std::vector<Triangle> soup = random.triangles(kSoupSize);
  TriangleBvh bvh{soup};
};

TEST_F(BvhAgainstBruteForce, SegmentFirstHitIsTheSameBitForBit) {
  int hits = 0;
  for (int round = 0; round < kQueries; ++round) {
    const glm::vec3 p0 = random.point();
    const glm::vec3 p1 = random.point();
    const auto brute = first_hit_brute_force(soup, p0, p1, 0.0f);
    expect_same_hit(bvh.first_hit(p0, p1, 0.0f), brute, round);
    hits += brute.has_value();
  }
  EXPECT_GT(hits, kQueries / 4);
}

TEST_F(BvhAgainstBruteForce, SweptSphereFirstHitIsTheSameBitForBit) {
  int hits = 0;
  for (int round = 0; round < kQueries; ++round) {
    const glm::vec3 p0 = random.point();
    const glm::vec3 p1 = p0 + glm::vec3(random.uniform(-8, 8), random.uniform(-8, 8), 0.0f);
    const float radius = random.uniform(0.05f, 1.5f);
    const auto brute = first_hit_brute_force(soup, p0, p1, radius);
    expect_same_hit(bvh.first_hit(p0, p1, radius), brute, round);
    hits += brute.has_value();
  }
  EXPECT_GT(hits, kQueries / 4);
}

TEST_F(BvhAgainstBruteForce, SphereContactsAreTheSame) {
  int touching = 0;
  for (int round = 0; round < kQueries; ++round) {
    const glm::vec3 centre = random.point();
    const float radius = random.uniform(0.1f, 3.0f);
    std::array<Contact, kBuffer> from_bvh{};
    std::array<Contact, kBuffer> from_brute{};
    const auto brute = sphere_contacts_brute_force(soup, centre, radius, from_brute);
    expect_same_contacts(bvh.sphere_contacts(centre, radius, from_bvh), from_bvh, brute, from_brute,
                         round);
    touching += brute.found > 0;
  }
  EXPECT_GT(touching, kQueries / 4);
}

TEST_F(BvhAgainstBruteForce, CapsuleContactsAreTheSame) {
  int touching = 0;
  for (int round = 0; round < kQueries; ++round) {
    const glm::vec3 a = random.point();
    const glm::vec3 b = a + glm::vec3(random.uniform(-1, 1), random.uniform(0, 2), 0.0f);
    const float radius = random.uniform(0.1f, 1.5f);
    std::array<Contact, kBuffer> from_bvh{};
    std::array<Contact, kBuffer> from_brute{};
    const auto brute = capsule_contacts_brute_force(soup, a, b, radius, from_brute);
    expect_same_contacts(bvh.capsule_contacts(a, b, radius, from_bvh), from_bvh, brute, from_brute,
                         round);
    touching += brute.found > 0;
  }
  EXPECT_GT(touching, kQueries / 4);
}

TEST_F(BvhAgainstBruteForce, AFullBufferKeepsTheDeepestAndCountsTheRest) {
  const glm::vec3 centre{0.0f, 0.0f, 0.0f};
  constexpr float kRadius = 8.0f;
  std::array<Contact, 256> all{};
  const auto full = sphere_contacts_brute_force(soup, centre, kRadius, all);
  ASSERT_GT(full.found, 3u);
  ASSERT_EQ(full.written, full.found);
  std::array<Contact, 3> from_bvh{};
  std::array<Contact, 3> from_brute{};
  const auto brute = sphere_contacts_brute_force(soup, centre, kRadius, from_brute);
  const auto small = bvh.sphere_contacts(centre, kRadius, from_bvh);
  expect_same_contacts(small, from_bvh, brute, from_brute, 0);
  EXPECT_EQ(small.written, 3u);
  EXPECT_EQ(small.found, full.found);
  EXPECT_EQ(small.deepest.triangle, full.deepest.triangle);
  // The three kept are three of the deepest: none dropped is deeper than one kept.
  for (std::size_t i = 0; i < full.written; ++i) {
    const bool kept = std::any_of(from_bvh.begin(), from_bvh.end(),
                                  [&](const Contact& c) { return c.triangle == all[i].triangle; });
    if (kept) continue;
    for (const Contact& c : from_bvh)
      EXPECT_TRUE(deeper(c, all[i]));
  }
}

TEST_F(BvhAgainstBruteForce, DegenerateTrianglesAmongTheRestAreCountedAndChangeNothing) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::size_t spoiled = 0;
  for (std::size_t i = 0; i < soup.size(); i += 10, ++spoiled) {
    Triangle& tri = soup[i];
    if (spoiled % 3 == 0) tri.c = tri.a + 2.0f * (tri.b - tri.a);  // on one line
    if (spoiled % 3 == 1) tri.b = tri.a;                           // a repeated corner
    if (spoiled % 3 == 2) tri.c.y = nan;                           // not finite
  }
  const TriangleBvh spoiled_bvh(soup);
  EXPECT_EQ(spoiled_bvh.degenerate_count(), spoiled);
  EXPECT_EQ(spoiled_bvh.triangle_count(), soup.size() - spoiled);
  for (int round = 0; round < kQueries / 2; ++round) {
    const glm::vec3 p0 = random.point();
    const glm::vec3 p1 = random.point();
    expect_same_hit(spoiled_bvh.first_hit(p0, p1, 0.0f), first_hit_brute_force(soup, p0, p1, 0.0f),
                    round);
    std::array<Contact, kBuffer> from_bvh{};
    std::array<Contact, kBuffer> from_brute{};
    const auto brute =
        capsule_contacts_brute_force(soup, p0, p0 + glm::vec3(0, 0, 1), 1.0f, from_brute);
    expect_same_contacts(spoiled_bvh.capsule_contacts(p0, p0 + glm::vec3(0, 0, 1), 1.0f, from_bvh),
                         from_bvh, brute, from_brute, round);
  }
}

TEST_F(BvhAgainstBruteForce, QueriesAllocateNothing) {
  std::array<Contact, kBuffer> out{};
  const heap::Mark mark;
  for (int round = 0; round < 50; ++round) {
    const glm::vec3 p = random.point();
    (void)bvh.first_hit(p, -p, 0.0f);
    (void)bvh.first_hit(p, -p, 0.5f);
    (void)bvh.sphere_contacts(p, 2.0f, out);
    (void)bvh.capsule_contacts(p, p + glm::vec3(0, 1.8f, 0), 0.35f, out);
  }
  EXPECT_EQ(mark.since().allocations, 0u);
}

}  // namespace
}  // namespace flatline
