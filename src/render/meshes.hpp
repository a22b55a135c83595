// The shapes the pooled kinds are drawn with, made in code at load: a box, a sphere, a
// cylinder, a quad. Each is one mesh; every live object of a kind is an instance of it.
#pragma once

#include <cstdint>
#include <vector>

#include "assets/level.hpp"

namespace flatline::render {

struct MeshData {
  std::vector<assets::Vertex> vertices;
  std::vector<std::uint32_t> indices;
};

MeshData unit_box();                           // [-0.5, 0.5]^3, uv 0..1 on each face
MeshData unit_sphere(int slices, int stacks);  // radius 0.5
MeshData unit_cylinder(int sides);             // radius 0.5 around z, z from -0.5 to 0.5
MeshData unit_quad();                          // [-0.5, 0.5]^2 in the xy plane, facing +z, uv 0..1

}  // namespace flatline::render
