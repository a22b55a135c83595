// StaticGrid's edge cases (lab/accel/static_grid.hpp, static_grid.cpp): segments along an
// axis or of no length, blocks partly filled, ties, far-out, non-finite and inverted inputs.
// Each answer must still be brute force's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include "lab/accel/static_grid.hpp"
#include "sim/rng.hpp"
#include "static_grid_agreement.hpp"

namespace flatline {
namespace {

TEST(StaticGrid, AgreesWithBruteForceOnAxisParallelAndDegenerateSegments) {
  Rng rng(21);
  const auto boxes = random_boxes(512, rng);
  for (const float cell : {8.0f, 2.5f, 2.0f}) {
    SCOPED_TRACE(testing::Message() << cell << " m cells");
    const StaticGrid grid(boxes, cell);
    int hits = 0;
    for (int i = 0; i < 3000; ++i) {
      const glm::vec3 p0{rng.uniform(-31, 31), rng.uniform(-0.5f, 6.5f), rng.uniform(-31, 31)};
      glm::vec3 d{rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(-5, 5)};
      switch (i % 6) {
        case 0:
          d.y = 0.0f;
          break;  // horizontal
        case 1:
          d.x = d.z = 0.0f;
          break;  // vertical
        case 2:
          d.y = d.z = 0.0f;
          break;  // along x
        case 3:
          d = glm::vec3(0.0f);
          break;  // no motion: inside or nothing
        case 4:
          d.x = 1e-13f;
          break;  // below the parallel threshold
        default:
          d.z = (i % 12 == 5) ? 2e-12f : -d.z;  // just above it, or oblique
      }
      const float radius = i % 2 == 0 ? 0.0f : 0.03f;
      expect_agreement(grid, p0, p0 + d, radius, hits);
    }
    EXPECT_GT(hits, 300);
  }
}

// Lists that leave their last block partly empty: the padding lanes never answer.
TEST(StaticGrid, SmallGridsWithPartlyFilledBlocksAgreeWithBruteForce) {
  Rng rng(33);
  for (int count = 1; count <= 9; ++count) {
    SCOPED_TRACE(testing::Message() << count << " boxes");
    const auto boxes = random_boxes(count, rng);
    const StaticGrid grid(boxes, 4.0f);
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
      const Aabb& target = boxes[static_cast<std::size_t>(i) % boxes.size()];
      const glm::vec3 p0{rng.uniform(-32, 32), rng.uniform(-1, 7), rng.uniform(-32, 32)};
      const glm::vec3 aim = i % 2 == 0 ? target.center() : p0 + glm::vec3(3.0f, 0.5f, -4.0f);
      expect_agreement(grid, p0, p0 + (aim - p0) * 1.2f, i % 3 == 0 ? 0.0f : 0.03f, hits);
    }
    EXPECT_GT(hits, 500);
  }
}

// Equal t goes to the lower box index, wherever the copies sit in the cells' blocks.
TEST(StaticGrid, EqualTsGoToTheLowerBoxIndex) {
  Rng rng(8);
  auto boxes = random_boxes(40, rng);
  const Aabb twin{{10.0f, 1.0f, 10.0f}, {11.0f, 2.0f, 11.0f}};
  boxes[31] = boxes[17] = boxes[6] = twin;
  const StaticGrid grid(boxes, 2.0f);
  for (const float r : {0.0f, 0.03f}) {
    const auto hit = grid.first_hit({5.0f, 1.5f, 10.5f}, {10.5f, 1.5f, 10.5f}, r);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->box, 6);
    int hits = 0;
    expect_agreement(grid, {5.0f, 1.5f, 10.5f}, {10.5f, 1.5f, 10.5f}, r, hits);
  }
}

// What the lanes cannot take is answered by brute force itself: coordinates past 1e18, NaN or
// infinite ends, NaN boxes. Segments just below the limit still take the grid, and so do
// boxes given with min > max (segment_vs_aabb swaps their faces, as the lanes do).
TEST(StaticGrid, FarOutNonFiniteAndInvertedCasesAgreeWithBruteForce) {
  Rng rng(4);
  auto boxes = random_boxes(200, rng);
  const StaticGrid grid(boxes, 4.0f);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  int hits = 0;
  for (const float far : {1e17f, 1e19f, 3e38f}) {
    SCOPED_TRACE(testing::Message() << "from " << far << " m away");
    for (int i = 0; i < 200; ++i) {  // long rays through the arena from far away
      const glm::vec3 through{rng.uniform(-30, 30), rng.uniform(0, 6), rng.uniform(-30, 30)};
      const glm::vec3 dir = glm::normalize(
          glm::vec3(rng.uniform(-1, 1), rng.uniform(-0.01f, 0.01f), rng.uniform(-1, 1)));
      expect_agreement(grid, through - dir * far, through + dir * 10.0f, 0.03f, hits);
    }
  }
  for (const glm::vec3 bad :
       {glm::vec3(nan, 1.0f, 0.0f), glm::vec3(inf, 1.0f, 0.0f), glm::vec3(0.0f, -inf, 0.0f)}) {
    SCOPED_TRACE(testing::Message() << "to " << bad.x << ", " << bad.y << ", " << bad.z);
    expect_agreement(grid, {0.0f, 1.0f, 0.0f}, bad, 0.03f, hits);
    expect_agreement(grid, bad, {0.0f, 1.0f, 0.0f}, 0.03f, hits);
  }
  boxes[3].min.y = boxes[3].max.y + 0.5f;  // min > max: the slab test swaps, so may the grid
  std::swap(boxes[4].min.x, boxes[4].max.x);
  std::swap(boxes[5].min.z, boxes[5].max.z);
  boxes[5].min.x -= 40.0f;  // (also reaching past every other box)
  const StaticGrid inverted(boxes, 4.0f);
  SCOPED_TRACE("inverted boxes");
  for (int i = 0; i < 500; ++i) {
    const glm::vec3 p0{rng.uniform(-30, 30), rng.uniform(0, 6), rng.uniform(-30, 30)};
    const glm::vec3 aim =
        boxes[static_cast<std::size_t>(i % 2 == 0 ? 3 + i % 3 : i % 200)].center();
    expect_agreement(inverted, p0, aim, 0.03f, hits);
  }
  EXPECT_GT(hits, 400);
  for (const float r : {-0.05f, -0.4f, -2.0f}) {  // boxes shrunk, even past nothing
    SCOPED_TRACE(testing::Message() << "radius " << r);
    for (int i = 0; i < 300; ++i) {
      const glm::vec3 p0{rng.uniform(-30, 30), rng.uniform(0, 6), rng.uniform(-30, 30)};
      expect_agreement(inverted, p0, boxes[static_cast<std::size_t>(i % 200)].center(), r, hits);
    }
  }
  boxes[6].max.y = std::numeric_limits<float>::quiet_NaN();
  const StaticGrid with_nan(boxes, 4.0f);
  for (int i = 0; i < 100; ++i)
    expect_agreement(with_nan, {rng.uniform(-30, 30), 1.0f, -31.0f}, {0.0f, 1.0f, 31.0f}, 0.0f,
                     hits);
}

}  // namespace
}  // namespace flatline
