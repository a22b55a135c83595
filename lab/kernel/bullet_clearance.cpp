// The bullet's broad phase, seen from the game: which boxes a bullet of this World can hit,
// whether the ClearanceGrid (lab/accel/clearance_grid.hpp) built for them still holds, and the
// first hit among the few obstacles it names.
#include "lab/kernel/bullet_clearance.hpp"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "sim/world.hpp"

namespace flatline {

namespace {

Aabb bounds_of(const Triangle& tri) {
  return {glm::min(tri.a, glm::min(tri.b, tri.c)), glm::max(tri.a, glm::max(tri.b, tri.c))};
}

// A triangle lies in its plane, and a point's distance to a plane is linear along a segment:
// when both ends of the segment are on the same side, farther than the radius, the whole
// swept sphere stays off the plane, so off the triangle, and the exact test would find
// nothing. Far cheaper than that test (one cross product, two dots), and sound with room to
// spare: kPlaneSlack is far above the rounding of either computation at arena scale.
constexpr float kPlaneSlack = 0.005f;

bool stays_off_plane(const Triangle& tri, const glm::vec3& p0, const glm::vec3& p1, float radius) {
  const glm::vec3 n = glm::cross(tri.b - tri.a, tri.c - tri.a);  // not unit: compare squared
  const float d0 = glm::dot(p0 - tri.a, n);
  const float d1 = glm::dot(p1 - tri.a, n);
  const float reach = radius + kPlaneSlack;
  const float reach_sq = reach * reach * glm::dot(n, n);
  return d0 * d1 > 0.0f && d0 * d0 > reach_sq && d1 * d1 > reach_sq;  // NaN: false
}

}  // namespace

std::vector<Aabb> bullet_obstacles(const World& world) {
  const float r = world.config.bullet_radius;
  std::vector<Aabb> boxes;
  boxes.reserve(world.arena.triangles.size() + world.targets.size());
  for (const Triangle& tri : world.arena.triangles)  // a triangle inside its bounds
    boxes.push_back(bounds_of(tri).grown(r));
  for (const Target& t : world.targets) {
    // update_targets moves a target to home + sway * sin(phase): anywhere in home ± |sway|.
    const glm::vec3 reach = glm::abs(t.sway) + t.half_size;
    boxes.push_back(Aabb{t.home - reach, t.home + reach}.grown(r));
  }
  return boxes;
}

// The level's triangles never move once loaded; the targets do, so each is checked.
bool clearance_applies(const World& world, const ClearanceGrid* clearance) {
  if (clearance == nullptr) return false;
  const std::span<const Aabb> built = clearance->obstacles();
  const std::size_t triangles = world.arena.triangles.size();
  if (built.size() != triangles + world.targets.size()) return false;
  const float r = world.config.bullet_radius;
  const ClearanceGrid& grid = *clearance;
  for (std::size_t t = 0; t < world.targets.size(); ++t) {
    const Target& target = world.targets[t];
    if (!target.broken && !grid.covers(triangles + t, target.box().grown(r))) return false;
  }
  return true;
}

// The BVH's answer among the few triangles named: the same per-triangle test, degenerate
// ones skipped, the earliest t and, on a tie, the lower index (candidates come ascending).
BulletHit first_hit_near(const World& world, const ClearanceGrid::Candidates& near,
                         const glm::vec3& p0, const glm::vec3& p1, float radius) {
  BulletHit best;
  const std::size_t triangles = world.arena.triangles.size();
  const ClearanceGrid& grid = *near.grid;
  const ClearanceGrid::Probe probe = ClearanceGrid::probe(p0, p1);
  for (const std::uint16_t* i = near.begin; i != near.end; ++i) {  // ascending: level first
    if (!grid.may_hit(probe, *i)) continue;  // most obstacles: no exact test at all
    if (*i < triangles) {
      const Triangle& tri = world.arena.triangles[*i];
      if (is_degenerate(tri) || stays_off_plane(tri, p0, p1, radius)) continue;
      const auto hit = swept_sphere_vs_triangle(p0, p1, radius, tri);
      if (hit && (!best.any || hit->t < best.t)) best = {hit->t, hit->normal, -1, true};
      continue;
    }
    const auto t = static_cast<std::size_t>(*i - triangles);
    const Target& target = world.targets[t];
    if (target.broken) continue;
    const auto hit = segment_vs_aabb(p0, p1, target.box().grown(radius));
    if (hit && hit->t < best.t) best = {hit->t, hit->normal, static_cast<int>(t), true};
  }
  return best;
}

}  // namespace flatline
