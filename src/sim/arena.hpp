// The arena: the level's triangles the player walks on and bullets hit, and a bounding volume
// hierarchy over them (physics/bvh.hpp) built once at load. Boxes may add invisible blockers:
// each becomes its twelve triangles, so every query asks one thing, the BVH. One box is the
// glass, a thin wall thinner than a rifle bullet travels in a tick, that exists to prove the
// collision is continuous.
#pragma once

#include <vector>

#include "physics/bvh.hpp"
#include "physics/collision.hpp"
#include "physics/triangles.hpp"

namespace flatline {

// What a level says about collision: its triangles (every drawn part's, in world space), its
// boxes, and which boxes are the floor and the glass. The game reads it from
// assets/arena.gltf (assets/level.hpp); builtin_arena_layout() is a level of boxes only, in
// code, for tests and tools that run without files.
struct ArenaLayout {
  std::vector<Triangle> triangles;
  std::vector<Aabb> solids;
  int floor = -1;            // index into solids
  int thin_wall = -1;        // index into solids: 5 cm thick
  float half_extent = 0.0f;  // the playable square is [-half_extent, half_extent] on x and z
  bool operator==(const ArenaLayout&) const = default;
};

struct Arena {
  // Everything solid, as triangles: the layout's, then each box's twelve (box_triangles), so
  // that triangle index i < level_triangles is the level's own. The BVH answers for them all.
  std::vector<Triangle> triangles;
  std::size_t level_triangles = 0;
  TriangleBvh bvh;
  std::vector<Aabb> solids;
  int floor = -1;            // index into solids
  int thin_wall = -1;        // index into solids: 5 cm thick
  float half_extent = 0.0f;  // the playable square is [-half_extent, half_extent] on x and z
};

ArenaLayout builtin_arena_layout();
Arena make_arena(const ArenaLayout& layout);
inline Arena make_arena() {
  return make_arena(builtin_arena_layout());
}

}  // namespace flatline
