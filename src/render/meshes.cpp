#include "render/meshes.hpp"

#include <cmath>
#include <numbers>

namespace flatline::render {
namespace {

using assets::Vertex;

// Two triangles over the last four vertices, counter-clockwise seen from outside.
void quad_indices(MeshData& mesh) {
  const auto base = static_cast<std::uint32_t>(mesh.vertices.size() - 4);
  for (std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u})
    mesh.indices.push_back(base + i);
}

}  // namespace

MeshData unit_box() {
  MeshData mesh;
  for (int axis = 0; axis < 3; ++axis) {
    for (float sign : {-1.0f, 1.0f}) {
      const int u = (axis + 1) % 3, w = (axis + 2) % 3;
      const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
      for (int c = 0; c < 4; ++c) {
        const int k = sign > 0 ? c : 3 - c;  // counter-clockwise seen from outside
        Vertex v;
        v.position[axis] = 0.5f * sign;
        v.position[u] = 0.5f * corners[k][0];
        v.position[w] = 0.5f * corners[k][1];
        v.normal = {0, 0, 0};
        v.normal[axis] = sign;
        v.uv = {0.5f + 0.5f * corners[k][0], 0.5f + 0.5f * corners[k][1]};
        mesh.vertices.push_back(v);
      }
      quad_indices(mesh);
    }
  }
  return mesh;
}

MeshData unit_sphere(int slices, int stacks) {
  MeshData mesh;
  constexpr float kPi = std::numbers::pi_v<float>;
  for (int j = 0; j <= stacks; ++j) {
    const float polar = kPi * static_cast<float>(j) / static_cast<float>(stacks);
    for (int i = 0; i <= slices; ++i) {
      const float azimuth = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(slices);
      Vertex v;
      v.normal = {std::sin(polar) * std::cos(azimuth), std::sin(polar) * std::sin(azimuth),
                  std::cos(polar)};
      v.position = v.normal * 0.5f;
      v.uv = {static_cast<float>(i) / static_cast<float>(slices),
              static_cast<float>(j) / static_cast<float>(stacks)};
      mesh.vertices.push_back(v);
    }
  }
  const auto row = static_cast<std::uint32_t>(slices + 1);
  for (std::uint32_t j = 0; j < static_cast<std::uint32_t>(stacks); ++j) {
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(slices); ++i) {
      const std::uint32_t a = j * row + i, b = a + row;
      if (j > 0)  // at the poles one of the two triangles has no area: left out
        for (std::uint32_t k : {a, b, a + 1})
          mesh.indices.push_back(k);
      if (j + 1 < static_cast<std::uint32_t>(stacks))
        for (std::uint32_t k : {a + 1, b, b + 1})
          mesh.indices.push_back(k);
    }
  }
  return mesh;
}

MeshData unit_cylinder(int sides) {
  MeshData mesh;
  constexpr float kPi = std::numbers::pi_v<float>;
  for (int i = 0; i < sides; ++i) {  // the side, one quad per facet
    const float a0 = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(sides);
    const float a1 = 2.0f * kPi * static_cast<float>(i + 1) / static_cast<float>(sides);
    const glm::vec3 n0{std::cos(a0), std::sin(a0), 0.0f}, n1{std::cos(a1), std::sin(a1), 0.0f};
    const float u0 = static_cast<float>(i) / static_cast<float>(sides);
    const float u1 = static_cast<float>(i + 1) / static_cast<float>(sides);
    mesh.vertices.push_back({n0 * 0.5f + glm::vec3(0, 0, -0.5f), n0, {u0, 0}});
    mesh.vertices.push_back({n1 * 0.5f + glm::vec3(0, 0, -0.5f), n1, {u1, 0}});
    mesh.vertices.push_back({n1 * 0.5f + glm::vec3(0, 0, 0.5f), n1, {u1, 1}});
    mesh.vertices.push_back({n0 * 0.5f + glm::vec3(0, 0, 0.5f), n0, {u0, 1}});
    quad_indices(mesh);
  }
  for (float z : {-0.5f, 0.5f}) {  // the two caps, fans around their centres
    const auto centre = static_cast<std::uint32_t>(mesh.vertices.size());
    mesh.vertices.push_back({{0, 0, z}, {0, 0, z * 2.0f}, {0.5f, 0.5f}});
    for (int i = 0; i < sides; ++i) {
      const float a = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(sides);
      const glm::vec2 r{std::cos(a), std::sin(a)};
      mesh.vertices.push_back({{r * 0.5f, z}, {0, 0, z * 2.0f}, r * 0.5f + 0.5f});
    }
    for (int i = 0; i < sides; ++i) {
      const std::uint32_t a = centre + 1 + static_cast<std::uint32_t>(i);
      const std::uint32_t b = centre + 1 + static_cast<std::uint32_t>((i + 1) % sides);
      mesh.indices.push_back(centre);
      mesh.indices.push_back(z > 0 ? a : b);
      mesh.indices.push_back(z > 0 ? b : a);
    }
  }
  return mesh;
}

MeshData unit_quad() {
  MeshData mesh;
  const float corners[4][2] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
  for (const auto& c : corners)
    mesh.vertices.push_back({{c[0], c[1], 0.0f}, {0, 0, 1}, {c[0] + 0.5f, c[1] + 0.5f}});
  quad_indices(mesh);
  return mesh;
}

}  // namespace flatline::render
