#include "physics/collision.hpp"

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

namespace flatline {

bool Aabb::contains(const glm::vec3& p) const {
  return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z &&
         p.z <= max.z;
}

bool Aabb::overlaps(const Aabb& o) const {
  return min.x <= o.max.x && max.x >= o.min.x && min.y <= o.max.y && max.y >= o.min.y &&
         min.z <= o.max.z && max.z >= o.min.z;
}

std::optional<SegmentHit> segment_vs_aabb(const glm::vec3& p0, const glm::vec3& p1,
                                          const Aabb& box) {
  const glm::vec3 d = p1 - p0;
  float t_enter = 0.0f;
  float t_exit = 1.0f;
  int enter_axis = -1;
  float enter_sign = 0.0f;
  for (int axis = 0; axis < 3; ++axis) {
    if (std::fabs(d[axis]) < 1e-12f) {  // parallel to this slab: inside it or never
      if (p0[axis] < box.min[axis] || p0[axis] > box.max[axis]) return std::nullopt;
      continue;
    }
    const float inv = 1.0f / d[axis];
    float t0 = (box.min[axis] - p0[axis]) * inv;
    float t1 = (box.max[axis] - p0[axis]) * inv;
    float sign = -1.0f;  // entering through the min face: normal points to -axis
    if (t0 > t1) {
      std::swap(t0, t1);
      sign = 1.0f;
    }
    if (t0 > t_enter) {
      t_enter = t0;
      enter_axis = axis;
      enter_sign = sign;
    }
    t_exit = std::min(t_exit, t1);
    if (t_enter > t_exit) return std::nullopt;
  }
  SegmentHit hit;
  hit.t = t_enter;
  if (enter_axis >= 0) {
    hit.normal[enter_axis] = enter_sign;
  } else {  // started inside: report the face opposing the motion on the dominant axis
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (std::fabs(d[a]) > std::fabs(d[axis])) axis = a;
    hit.normal[axis] = d[axis] > 0.0f ? -1.0f : 1.0f;
  }
  return hit;
}

namespace {
// Earliest t wins; equal t goes to the lower box index, so every search order agrees.
bool closer(const SegmentHit& hit, int box, const std::optional<BoxHit>& best) {
  return !best || hit.t < best->hit.t || (hit.t == best->hit.t && box < best->box);
}
}  // namespace

std::optional<BoxHit> first_hit_brute_force(std::span<const Aabb> boxes, const glm::vec3& p0,
                                            const glm::vec3& p1, float radius) {
  std::optional<BoxHit> best;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const auto hit = segment_vs_aabb(p0, p1, boxes[i].grown(radius));
    if (hit && closer(*hit, static_cast<int>(i), best)) best = BoxHit{static_cast<int>(i), *hit};
  }
  return best;
}

}  // namespace flatline
