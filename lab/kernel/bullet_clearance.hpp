// The game's side of the bullet broad phase: the ClearanceGrid (lab/accel/clearance_grid.hpp)
// knows boxes and segments; this file knows which boxes a World's bullets can hit.
#pragma once

#include <vector>

#include <glm/vec3.hpp>

#include "lab/accel/clearance_grid.hpp"
#include "physics/collision.hpp"
#include "sim/systems.hpp"

namespace flatline {

struct World;

// Everything a bullet of `world` can hit, as static boxes, in this order: the bounds of each
// of the arena's triangles (index i = arena.triangles[i]), then for each target (index
// triangles + t) the box it
// sweeps over its whole sway (home ± |sway|, see update_targets); all grown by the radius.
std::vector<Aabb> bullet_obstacles(const World& world);

// Whether `grid` (built on bullet_obstacles(world)) still describes `world`: every box the exact
// query can test (each live target where it is now, grown by the current
// config.bullet_radius) lies inside the obstacle the grid was built around (give or take
// half the grid's 1 cm margin, which keeps that sound). It fails if
// a test or a lesson moves a target's home, widens its sway or changes the radius after
// load; the fast kernel then asks the exact query for that tick. A few dozen compares:
// once per tick, not per bullet.
bool clearance_applies(const World& world, const ClearanceGrid* grid);

// The first hit of the segment among `near` (from a ClearanceGrid built on
// bullet_obstacles(world)): the same hit as the game's first_hit(), with the same tie rules
// (among triangles the lower index wins; a target must be strictly earlier), for a handful
// of exact tests instead of a walk of the BVH.
BulletHit first_hit_near(const World& world, const ClearanceGrid::Candidates& near,
                         const glm::vec3& p0, const glm::vec3& p1, float radius);

}  // namespace flatline
