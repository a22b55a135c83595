// StaticGrid (lab/accel/static_grid.hpp, static_grid.cpp): the uniform grid's first hit
// is brute force's, box for box, t for t, normal for normal, whatever the segment.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>

#include "diag/heap_counter.hpp"
#include "lab/accel/static_grid.hpp"
#include "sim/arena.hpp"
#include "sim/rng.hpp"
#include "static_grid_agreement.hpp"

namespace flatline {
namespace {

// The grid the fast kernel builds over the arena's solids (lab/kernel/fast_kernel.cpp).
StaticGrid arena_grid(const Arena& arena) {
  return StaticGrid(arena.solids, 8.0f);
}

TEST(StaticGrid, AgreesWithBruteForceOnEveryFirstHit) {
  const Arena arena = make_arena();
  const StaticGrid arena_index = arena_grid(arena);
  Rng rng(7);
  int hits = 0;
  for (int i = 0; i < 20000; ++i) {
    const glm::vec3 p0{rng.uniform(-35, 35), rng.uniform(-2, 10), rng.uniform(-35, 35)};
    const glm::vec3 p1 = p0 + glm::vec3(rng.uniform(-8, 8), rng.uniform(-8, 8), rng.uniform(-8, 8));
    const float radius = rng.uniform() < 0.5f ? 0.0f : 0.05f;
    const auto grid = arena_index.first_hit(p0, p1, radius);
    const auto brute = first_hit_brute_force(arena.solids, p0, p1, radius);
    ASSERT_EQ(grid.has_value(), brute.has_value()) << "segment " << i;
    if (!grid) continue;
    ++hits;
    EXPECT_EQ(grid->box, brute->box) << "segment " << i;
    EXPECT_EQ(grid->hit.t, brute->hit.t) << "segment " << i;
  }
  EXPECT_GT(hits, 2000);  // the sample really exercises hits, not only misses
}

TEST(StaticGrid, AgreesWithBruteForceAtTheBenchmarkedBoxCounts) {
  for (const int count : {64, 256, 1024, 4096}) {
    for (const float cell : {8.0f, 2.0f}) {
      SCOPED_TRACE(testing::Message() << count << " boxes, " << cell << " m cells");
      Rng rng(static_cast<std::uint64_t>(count));
      const auto boxes = random_boxes(count, rng);
      const StaticGrid grid(boxes, cell);
      int hits = 0;
      for (int i = 0; i < 1500; ++i) {
        const glm::vec3 p0{rng.uniform(-32, 32), rng.uniform(-1, 7), rng.uniform(-32, 32)};
        const glm::vec3 d{rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
        // Mostly one tick (5 m); every 10th a long aim ray (bullet_range is 400 m).
        const float length = i % 10 == 0 ? 400.0f : 5.0f;
        const float radius = i % 2 == 0 ? 0.0f : 0.03f;
        expect_agreement(grid, p0, p0 + d * length, radius, hits);
      }
      EXPECT_GT(hits, std::min(count / 4, 500));  // hits, not only misses
    }
  }
}

// The grid culls boxes that lie outside a segment's bounds: segments that end exactly on a
// face, run along a face, or touch an edge must still find what brute force finds.
TEST(StaticGrid, AgreesWithBruteForceOnTouchingAndGrazingSegments) {
  Rng rng(99);
  const auto boxes = random_boxes(256, rng);
  const StaticGrid grid(boxes, 4.0f);
  int hits = 0;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const Aabb& b = boxes[i];
    for (const float r : {0.0f, 0.03f}) {
      const Aabb g = b.grown(r);
      const glm::vec3 c = b.center();
      for (int axis = 0; axis < 3; ++axis) {
        glm::vec3 end = c, start = c;
        end[axis] = g.min[axis];  // stops exactly on the grown face
        start[axis] = g.min[axis] - 4.0f;
        expect_agreement(grid, start, end, r, hits);
        glm::vec3 along = g.max;  // runs along an edge of the grown box
        glm::vec3 along_end = along;
        along_end[axis] = g.min[axis];
        expect_agreement(grid, along, along_end, r, hits);
        glm::vec3 past = g.max;  // touches a corner and leaves
        past[axis] += 3.0f;
        expect_agreement(grid, g.max - glm::vec3(1e-3f), past, r, hits);
      }
    }
  }
  EXPECT_GT(hits, 1000);
}

// Where boxes are sparse, most queries end at the occupancy table (finer squares than the
// cells, summed): "no box near". It must never say so for a segment that reaches a box, even
// one that only grazes a face or a corner from a square next to the box's. Few boxes, cell
// sizes that put square edges everywhere, short segments ending on or just past the grown
// faces and corners.
TEST(StaticGrid, TheOccupancyTableNeverHidesABoxNearTheSegment) {
  Rng rng(5);
  const auto boxes = random_boxes(12, rng);
  int hits = 0;
  for (const float cell : {0.7f, 1.3f, 2.5f, 3.1f, 8.0f}) {
    const StaticGrid grid(boxes, cell);
    for (const Aabb& b : boxes) {
      for (const float r : {0.0f, 0.03f}) {
        const Aabb g = b.grown(r);
        for (int corner = 0; corner < 8; ++corner) {
          const glm::vec3 at{(corner & 1) ? g.max.x : g.min.x, (corner & 2) ? g.max.y : g.min.y,
                             (corner & 4) ? g.max.z : g.min.z};
          for (int k = 0; k < 8; ++k) {  // from outside, towards the corner and a bit past
            const glm::vec3 d{rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f),
                              rng.uniform(-1.0f, 1.0f)};
            const float reach = rng.uniform(0.01f, 3.0f);
            expect_agreement(grid, at - d * reach, at + d * rng.uniform(0.0f, 1e-3f), r, hits);
            expect_agreement(grid, at + d * reach, at, r, hits);
          }
        }
      }
    }
    for (int i = 0; i < 4000; ++i) {  // anywhere: mostly misses, which the table answers
      const glm::vec3 p0{rng.uniform(-31.0f, 31.0f), rng.uniform(-1.0f, 7.0f),
                         rng.uniform(-31.0f, 31.0f)};
      const glm::vec3 d{rng.uniform(-3.0f, 3.0f), rng.uniform(-3.0f, 3.0f),
                        rng.uniform(-3.0f, 3.0f)};
      expect_agreement(grid, p0, p0 + d, 0.03f, hits);
    }
  }
  EXPECT_GT(hits, 500);
}

// The cell walk stops early, but only once no cell still ahead can hold an earlier hit. A
// long box listed in the very first cell is hit late (t = 0.4, where the segment rises into
// it), after a wall five cells on (t ~ 0.25): the walk must go on past the first hit it
// finds, to the wall, and stop after it. Fillers beside the path make the cells crowded
// enough that the grid walks rather than scanning the segment's bounds. Both directions.
TEST(StaticGrid, TheWalkGoesOnPastAHitThatALaterCellCanBeat) {
  std::vector<Aabb> boxes = {
      {{0.0f, 0.9f, 0.0f}, {10.0f, 1.0f, 1.0f}},   // 0: long and low, listed in cells 0-10
      {{5.0f, 0.0f, 0.0f}, {6.0f, 2.0f, 1.0f}},    // 1: a wall across the path
      {{14.0f, 0.0f, 0.0f}, {15.0f, 2.0f, 1.0f}},  // 2: a wall from the other side
  };
  for (int x = 0; x < 20; ++x)  // fillers at z 0.8-0.95, never reached (the path is at 0.5)
    boxes.push_back({{x + 0.1f, 0.1f, 0.8f}, {x + 0.9f, 1.9f, 0.95f}});
  const StaticGrid grid(boxes, 1.0f);
  for (const float r : {0.0f, 0.03f}) {
    SCOPED_TRACE(testing::Message() << "radius " << r);
    int hits = 0;
    // +x: rises from y 0.5 to 1.5, into box 0 at x = 8, but meets the wall at x = 5 first.
    const glm::vec3 a{0.1f, 0.5f, 0.5f}, b{20.1f, 1.5f, 0.501f};
    const auto forward = grid.first_hit(a, b, r);
    ASSERT_TRUE(forward);
    EXPECT_EQ(forward->box, 1);
    expect_agreement(grid, a, b, r, hits);
    // -x, from the far end: the wall at x 14-15 first, then nothing nearer than it counts.
    const glm::vec3 c{19.9f, 1.5f, 0.5f}, e{-0.1f, 0.5f, 0.499f};
    const auto back = grid.first_hit(c, e, r);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->box, 2);
    expect_agreement(grid, c, e, r, hits);
    EXPECT_EQ(hits, 2);
  }
}

// Moving boxes: rebuilding in place finds what a fresh grid finds, and allocates nothing
// once its arrays are big enough (here: after the boxes have been at both ends of a sway).
TEST(StaticGrid, ARebuildMatchesAFreshGridAndAllocatesNothing) {
  Rng rng(5);
  auto boxes = random_boxes(512, rng);
  StaticGrid grid(boxes, 4.0f);
  for (int tick = 0; tick < 6; ++tick) {
    const glm::vec3 sway = glm::vec3(0.3f, 0.0f, -0.2f) * (tick % 2 == 0 ? 1.0f : -1.0f);
    for (Aabb& b : boxes)  // everything moves, in place
      b = {b.min + sway, b.max + sway};
    const heap::Mark mark;
    grid.rebuild(boxes);
    if (tick >= 2) {
      EXPECT_EQ(mark.since().allocations, 0u) << "tick " << tick;
    }
    const StaticGrid fresh(boxes, 4.0f);
    for (int i = 0; i < 500; ++i) {
      const glm::vec3 p0{rng.uniform(-30, 30), rng.uniform(0, 6), rng.uniform(-30, 30)};
      const glm::vec3 p1 =
          p0 + glm::vec3(rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(-5, 5));
      const auto a = grid.first_hit(p0, p1, 0.03f);
      const auto b = fresh.first_hit(p0, p1, 0.03f);
      ASSERT_EQ(a.has_value(), b.has_value());
      if (a) {
        EXPECT_EQ(a->box, b->box);
        EXPECT_EQ(a->hit.t, b->hit.t);
      }
    }
  }
}

// The four-lane slab test handles a segment parallel to an axis (|d| < 1e-12 there) apart:
// horizontal bullets (d.y == 0), vertical ones, segments along one axis, tiny steps, and a
// segment of length zero, through cells of every size the benchmark uses.
TEST(StaticGrid, ASegmentOutsideTheGridFindsNothing) {
  const Arena arena = make_arena();
  EXPECT_FALSE(arena_grid(arena).first_hit({0, 100, 0}, {10, 120, 0}, 0.1f));
}

TEST(StaticGrid, AnEmptyGridFindsNothing) {
  const StaticGrid grid(std::vector<Aabb>{}, 4.0f);
  EXPECT_FALSE(grid.first_hit({0, 0, 0}, {1, 1, 1}, 0.0f));
}

}  // namespace
}  // namespace flatline
