// The arena: static boxes the player walks on and bullets hit. Floor, outer
// walls, pillars, low cover, and one thin wall, thinner than a rifle bullet
// travels in a tick, that exists to prove the collision is continuous.
#pragma once

#include <vector>

#include "physics/collision.hpp"
#include "physics/triangles.hpp"

namespace flatline {

// What a level says about collision: its boxes, and which of them are the floor and the glass.
// The game reads it from assets/arena.gltf (assets/level.hpp); builtin_arena_layout() is the
// same boxes in code, for tests and tools that run without files (a test keeps them equal).
struct ArenaLayout {
  std::vector<Triangle> triangles;
  std::vector<Aabb> solids;
  int floor = -1;            // index into solids
  int thin_wall = -1;        // index into solids: 5 cm thick
  float half_extent = 0.0f;  // the playable square is [-half_extent, half_extent] on x and z
  bool operator==(const ArenaLayout&) const = default;
};

struct Arena {
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
