// A unit cube as 36 unindexed vertices of (position, normal): the instancing benchmark's
// mesh (bench/render_bench.cpp). The game's meshes, indexed and textured, are meshes.hpp.
#pragma once

#include <array>
#include <cstddef>

namespace flatline::render {

// A unit cube centred on the origin: 36 vertices of (position, normal).
inline std::array<float, 36 * 6> unit_cube() {
  std::array<float, 36 * 6> v{};
  std::size_t n = 0;
  for (int axis = 0; axis < 3; ++axis) {
    for (float sign : {-1.0f, 1.0f}) {
      const int u = (axis + 1) % 3, w = (axis + 2) % 3;
      const float corners[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
      for (int c = 0; c < 6; ++c) {
        const int k = sign > 0 ? c : 5 - c;  // counter-clockwise seen from outside
        float p[3], nrm[3] = {0, 0, 0};
        p[axis] = 0.5f * sign;
        p[u] = 0.5f * corners[k][0];
        p[w] = 0.5f * corners[k][1];
        nrm[axis] = sign;
        for (float x : p)
          v[n++] = x;
        for (float x : nrm)
          v[n++] = x;
      }
    }
  }
  return v;
}

}  // namespace flatline::render
