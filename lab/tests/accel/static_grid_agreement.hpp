// What the StaticGrid test files share: random boxes like the benchmark's, and the check
// that the grid's first hit is brute force's (box, t bits, normal).
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include <glm/vec3.hpp>

#include "lab/accel/static_grid.hpp"
#include "sim/rng.hpp"

namespace flatline {

// Random boxes (0.4-2 m) in the arena's volume: the box counts lab/bench/broadphase_bench.cpp
// measures, with the arena's 8 m cells and with fine ones.
inline std::vector<Aabb> random_boxes(int count, Rng& rng) {
  std::vector<Aabb> boxes(static_cast<std::size_t>(count));
  for (Aabb& box : boxes) {
    const glm::vec3 size{rng.uniform(0.4f, 2.0f), rng.uniform(0.4f, 2.0f), rng.uniform(0.4f, 2.0f)};
    const glm::vec3 min{rng.uniform(-30.0f, 30.0f - size.x), rng.uniform(0.0f, 6.0f - size.y),
                        rng.uniform(-30.0f, 30.0f - size.z)};
    box = {min, min + size};
  }
  return boxes;
}

inline void expect_agreement(const StaticGrid& grid, const glm::vec3& p0, const glm::vec3& p1,
                             float radius, int& hits) {
  const auto g = grid.first_hit(p0, p1, radius);
  const auto b = first_hit_brute_force(grid.boxes(), p0, p1, radius);
  ASSERT_EQ(g.has_value(), b.has_value());
  if (!g) return;
  ++hits;
  EXPECT_EQ(g->box, b->box);
  EXPECT_EQ(g->hit.t, b->hit.t);
  EXPECT_EQ(g->hit.normal, b->hit.normal);
}

}  // namespace flatline
