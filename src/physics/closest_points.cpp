#include "physics/closest_points.hpp"

#include <algorithm>

#include <glm/glm.hpp>

namespace flatline {

namespace {

// Below this squared length a segment is a point.
constexpr float kPointLength2 = 1e-20f;

ClosestPair pair_of(const glm::vec3& p, const glm::vec3& q) {
  const glm::vec3 d = p - q;
  return {p, q, glm::dot(d, d)};
}

}  // namespace

ClosestPair closest_segment_segment(const glm::vec3& p0, const glm::vec3& p1, const glm::vec3& q0,
                                    const glm::vec3& q1) {
  const glm::vec3 d1 = p1 - p0;
  const glm::vec3 d2 = q1 - q0;
  const glm::vec3 r = p0 - q0;
  const float a = glm::dot(d1, d1);
  const float e = glm::dot(d2, d2);
  const float f = glm::dot(d2, r);
  float s = 0.0f;
  float t = 0.0f;
  if (a <= kPointLength2 && e <= kPointLength2) return pair_of(p0, q0);
  if (a <= kPointLength2) {
    t = std::clamp(f / e, 0.0f, 1.0f);
  } else {
    const float c = glm::dot(d1, r);
    if (e <= kPointLength2) {
      s = std::clamp(-c / a, 0.0f, 1.0f);
    } else {
      // Nearest points of the two lines, clamped onto the first segment, then the second.
      const float b = glm::dot(d1, d2);
      const float denom = a * e - b * b;  // 0 when parallel: any s will do, take 0
      s = denom > 0.0f ? std::clamp((b * f - c * e) / denom, 0.0f, 1.0f) : 0.0f;
      t = (b * s + f) / e;
      if (t < 0.0f) {
        t = 0.0f;
        s = std::clamp(-c / a, 0.0f, 1.0f);
      } else if (t > 1.0f) {
        t = 1.0f;
        s = std::clamp((b - c) / a, 0.0f, 1.0f);
      }
    }
  }
  return pair_of(p0 + d1 * s, q0 + d2 * t);
}

ClosestPair closest_segment_triangle(const glm::vec3& p0, const glm::vec3& p1,
                                     const Triangle& tri) {
  ClosestPair best = pair_of(p0, closest_point_on_triangle(p0, tri));
  const auto keep = [&best](const ClosestPair& candidate) {
    if (candidate.dist2 < best.dist2) best = candidate;
  };
  keep(pair_of(p1, closest_point_on_triangle(p1, tri)));
  keep(closest_segment_segment(p0, p1, tri.a, tri.b));
  keep(closest_segment_segment(p0, p1, tri.b, tri.c));
  keep(closest_segment_segment(p0, p1, tri.c, tri.a));
  return best;
}

}  // namespace flatline
