// The kinds' meshes, made in code: closed where they should be, wound counter-clockwise
// seen from outside (back-face culling and the shadow pass's front-face culling rely on it).
#include "render/meshes.hpp"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

namespace flatline::render {
namespace {

// Every triangle's winding normal points the way its vertices' normals do, outward.
void expect_wound_outward(const MeshData& mesh, const char* name) {
  ASSERT_EQ(mesh.indices.size() % 3, 0u) << name;
  for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
    const auto& a = mesh.vertices[mesh.indices[i]];
    const auto& b = mesh.vertices[mesh.indices[i + 1]];
    const auto& c = mesh.vertices[mesh.indices[i + 2]];
    const glm::vec3 face = glm::cross(b.position - a.position, c.position - a.position);
    EXPECT_GT(glm::length(face), 1e-6f) << name << " triangle " << i / 3 << " has no area";
    const glm::vec3 normal = a.normal + b.normal + c.normal;
    EXPECT_GT(glm::dot(face, normal), 0.0f) << name << " triangle " << i / 3;
  }
}

TEST(Meshes, EveryShapeIsWoundCounterClockwiseFromOutside) {
  expect_wound_outward(unit_box(), "box");
  expect_wound_outward(unit_sphere(10, 6), "sphere");
  expect_wound_outward(unit_cylinder(10), "cylinder");
  expect_wound_outward(unit_quad(), "quad");
}

TEST(Meshes, ShapesFitTheUnitCubeTheirInstancesScale) {
  for (const MeshData& mesh : {unit_box(), unit_sphere(10, 6), unit_cylinder(10), unit_quad()}) {
    for (const auto& v : mesh.vertices) {
      for (int axis = 0; axis < 3; ++axis)
        EXPECT_LE(std::abs(v.position[axis]), 0.5f + 1e-6f);
      EXPECT_NEAR(glm::length(v.normal), 1.0f, 1e-5f);
    }
  }
}

TEST(Meshes, IndicesStayInsideTheirVertices) {
  for (const MeshData& mesh : {unit_box(), unit_sphere(8, 5), unit_cylinder(6), unit_quad()})
    for (std::uint32_t index : mesh.indices)
      EXPECT_LT(index, mesh.vertices.size());
  EXPECT_EQ(unit_box().indices.size(), 36u);
  EXPECT_EQ(unit_cylinder(10).indices.size(), 10u * 6 + 2 * 10 * 3);
}

}  // namespace
}  // namespace flatline::render
