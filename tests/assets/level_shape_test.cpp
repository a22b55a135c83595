// Tests of the committed level's shape (tools/make_assets.py, docs/assets.md): its drawn
// parts' triangles are what collides, thousands of them, within the limits; it has walkable
// slopes and a stair that climbs to a raised floor.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "assets/level.hpp"
#include "assets/level_limits.hpp"

namespace flatline::assets {
namespace {

const Level& committed() {
  static const Level level = [] {
    Level l;
    std::string error;
    EXPECT_TRUE(load_level(FLATLINE_ASSET_DIR, l, error)) << error;
    return l;
  }();
  return level;
}

// The triangle's face normal as wound (counter-clockwise: its front), unit.
glm::vec3 normal_of(const Triangle& t) {
  return glm::normalize(glm::cross(t.b - t.a, t.c - t.a));
}

float degrees_from_up(const Triangle& t) {
  return glm::degrees(std::acos(std::clamp(normal_of(t).y, -1.0f, 1.0f)));
}

TEST(LevelShape, EveryDrawnPartsTrianglesCollideInOrder) {
  const Level& level = committed();
  std::vector<Triangle> drawn;
  for (const Mesh& part : level.parts)
    for (std::size_t i = 0; i < part.indices.size(); i += 3)
      drawn.push_back({part.vertices[part.indices[i]].position,
                       part.vertices[part.indices[i + 1]].position,
                       part.vertices[part.indices[i + 2]].position});
  EXPECT_EQ(level.collision.triangles, drawn);
  EXPECT_GE(level.collision.triangles.size(), 2000u);
}

TEST(LevelShape, EveryCollisionTriangleLiesWithinTheLimits) {
  const auto& triangles = committed().collision.triangles;
  EXPECT_LE(triangles.size(), limits::kCollisionTriangles);
  glm::vec3 lo(INFINITY), hi(-INFINITY);
  for (const Triangle& t : triangles)
    for (const glm::vec3& v : {t.a, t.b, t.c}) {
      for (int a = 0; a < 3; ++a)
        ASSERT_LE(std::abs(v[a]), limits::kCoordinate);
      lo = glm::min(lo, v);
      hi = glm::max(hi, v);
    }
  for (int a = 0; a < 3; ++a)
    EXPECT_LE(hi[a] - lo[a], limits::kSpan);
}

// Each triangle's winding agrees with the normals the renderer lights it by: fronts outward.
TEST(LevelShape, TrianglesAreWoundTowardsTheirVertexNormals) {
  for (const Mesh& part : committed().parts)
    for (std::size_t i = 0; i < part.indices.size(); i += 3) {
      const Vertex& a = part.vertices[part.indices[i]];
      const Triangle t{a.position, part.vertices[part.indices[i + 1]].position,
                       part.vertices[part.indices[i + 2]].position};
      ASSERT_GT(glm::dot(normal_of(t), a.normal), 0.0f) << part.name << " triangle " << i / 3;
    }
}

// Ramps a capsule walks up: faces turned up by 20 to 35 degrees, on more than one slope.
TEST(LevelShape, ItHasWalkableSlopes) {
  std::vector<float> slopes;
  for (const Triangle& t : committed().collision.triangles) {
    const float up = degrees_from_up(t);
    if (up >= 20.0f && up <= 35.0f) slopes.push_back(std::round(up));
  }
  EXPECT_GE(slopes.size(), 20u);
  std::sort(slopes.begin(), slopes.end());
  slopes.erase(std::unique(slopes.begin(), slopes.end()), slopes.end());
  EXPECT_GE(slopes.size(), 3u);  // gentle and steep ones
}

// A stair: level treads, each at most 0.3 m above the one beside it, from the floor up to a
// raised floor (2.5 m or more). Searched as the highest chain of adjacent treads.
TEST(LevelShape, ItHasAStairUpToARaisedFloor) {
  struct Tread {
    float y;
    glm::vec2 lo, hi;  // x and z
  };
  std::vector<Tread> treads;
  for (const Triangle& t : committed().collision.triangles) {
    if (degrees_from_up(t) > 1.0f) continue;
    const glm::vec3 lo = glm::min(t.a, glm::min(t.b, t.c));
    const glm::vec3 hi = glm::max(t.a, glm::max(t.b, t.c));
    treads.push_back({t.a.y, {lo.x, lo.z}, {hi.x, hi.z}});
  }
  std::sort(treads.begin(), treads.end(), [](const Tread& a, const Tread& b) { return a.y < b.y; });
  const auto beside = [](const Tread& a, const Tread& b) {
    return a.lo.x <= b.hi.x + 0.01f && b.lo.x <= a.hi.x + 0.01f && a.lo.y <= b.hi.y + 0.01f &&
           b.lo.y <= a.hi.y + 0.01f;
  };
  std::vector<int> steps(treads.size(), 0);  // the longest stair from the floor to each tread
  float top = 0.0f;
  int most_steps = 0;
  for (std::size_t i = 0; i < treads.size(); ++i) {
    const float y = treads[i].y;
    if (y > 0.05f && y <= 0.3f) steps[i] = 1;
    for (std::size_t j = 0; j < i; ++j) {
      const float rise = y - treads[j].y;
      if (steps[j] > 0 && rise > 0.05f && rise <= 0.3f && beside(treads[i], treads[j]))
        steps[i] = std::max(steps[i], steps[j] + 1);
    }
    if (steps[i] > 0 && y > top) {
      top = y;
      most_steps = steps[i];
    }
  }
  EXPECT_GE(top, 2.5f);
  EXPECT_GE(most_steps, 8);
}

}  // namespace
}  // namespace flatline::assets
