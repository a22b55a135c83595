// Continuous collision: a bullet is a segment per tick, not a point.
//
// A bullet at 300 m/s moves 5 m per 60 Hz tick. Testing only where it ends up
// (a discrete test) lets it pass straight through anything thinner than that:
// tunnelling. Instead each tick sweeps the segment from its old to its new
// position against every box it could touch and takes the earliest hit.
// A swept sphere of radius r is tested as a segment against the box grown by r
// (exact on faces, slightly generous at edges and corners).
#pragma once

#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

namespace flatline {

struct Aabb {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};

  glm::vec3 center() const { return (min + max) * 0.5f; }
  glm::vec3 size() const { return max - min; }
  bool contains(const glm::vec3& p) const;
  bool overlaps(const Aabb& other) const;
  Aabb grown(float r) const { return {min - glm::vec3(r), max + glm::vec3(r)}; }
  bool operator==(const Aabb& other) const { return min == other.min && max == other.max; }
};

struct SegmentHit {
  float t = 1.0f;          // 0..1 along the segment
  glm::vec3 normal{0.0f};  // face normal of the box at the hit
};

// Slab test of the segment p0 -> p1 against a box. A segment starting inside
// the box hits at t = 0, with the normal facing against its direction.
std::optional<SegmentHit> segment_vs_aabb(const glm::vec3& p0, const glm::vec3& p1,
                                          const Aabb& box);

// What a discrete test sees: only the end point of the tick.
inline bool discrete_hit(const glm::vec3& end, const Aabb& box) {
  return box.contains(end);
}

// Which box of a list a segment hits first, and where.
struct BoxHit {
  int box = -1;
  SegmentHit hit;
};

// Brute force over a list of boxes: the reference every broad phase must agree with.
// Earliest t wins; equal t goes to the lower box index, so every search order agrees.
std::optional<BoxHit> first_hit_brute_force(std::span<const Aabb> boxes, const glm::vec3& p0,
                                            const glm::vec3& p1, float radius);

}  // namespace flatline
