// The arena: static boxes the player walks on and bullets hit. Floor, outer
// walls, pillars, low cover, and one thin wall, thinner than a rifle bullet
// travels in a tick, that exists to prove the collision is continuous.
#pragma once

#include <vector>

#include "core/collision.hpp"

namespace flatline {

struct Arena {
  std::vector<Aabb> solids;
  int floor = -1;            // index into solids
  int thin_wall = -1;        // index into solids: 5 cm thick
  float half_extent = 0.0f;  // the playable square is [-half_extent, half_extent] on x and z
  StaticGrid grid;           // broad phase over `solids`
};

Arena make_arena();

}  // namespace flatline
