// The level the renderer tests draw: the committed assets/, as the game loads them.
#pragma once

#include <string>

#include "assets/level.hpp"
#include "render/meshes.hpp"
#include "render/renderer.hpp"
#include "sim/arena.hpp"

namespace flatline::render {

// TEMPORARY: the builtin boxes as a level, until the glTF loader is merged.
inline const assets::Level& test_level() {
  static const assets::Level level = [] {
    assets::Level l;
    l.materials = {{"floor", {0.45f, 0.47f, 0.5f, 1}},
                   {"wall", {0.75f, 0.68f, 0.55f, 1}},
                   {"glass", {0.5f, 0.8f, 0.95f, 0.35f}, -1, 1.0f, true},
                   {"target", {0.85f, 0.2f, 0.15f, 1}},
                   {"decal", {0.1f, 0.08f, 0.07f, 0.9f}}};
    const ArenaLayout layout = builtin_arena_layout();
    const MeshData box = unit_box();
    for (std::size_t i = 0; i < layout.solids.size(); ++i) {
      const Aabb& b = layout.solids[i];
      assets::Mesh m;
      m.material = static_cast<int>(i) == layout.floor       ? 0
                   : static_cast<int>(i) == layout.thin_wall ? 2
                                                             : 1;
      for (assets::Vertex v : box.vertices) {
        v.position = b.center() + v.position * b.size();
        m.vertices.push_back(v);
      }
      m.indices = box.indices;
      l.parts.push_back(m);
    }
    assets::Mesh target{"target", box.vertices, box.indices, 3};
    l.target.push_back(target);
    return l;
  }();
  return level;
}

inline RendererConfig test_config(const std::string& shader_dir = FLATLINE_SHADER_DIR) {
  RendererConfig config;
  config.shader_dir = shader_dir;
  return config;
}

}  // namespace flatline::render
