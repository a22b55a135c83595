// Closest points between a segment and a segment, and a segment and a triangle: the
// distance a capsule (a segment with a radius) keeps from the level.
#pragma once

#include <glm/vec3.hpp>

#include "physics/triangles.hpp"

namespace flatline {

struct ClosestPair {
  glm::vec3 on_segment{0.0f};
  glm::vec3 on_triangle{0.0f};  // or on the second segment
  float dist2 = 0.0f;           // squared distance between the two points
};

// The nearest points of segments p0 -> p1 and q0 -> q1 (either may have no length).
ClosestPair closest_segment_segment(const glm::vec3& p0, const glm::vec3& p1, const glm::vec3& q0,
                                    const glm::vec3& q1);

// The nearest points of segment p0 -> p1 and a triangle the segment does not cross: they lie
// at an end of the segment or on an edge of the triangle, so five candidates cover them.
ClosestPair closest_segment_triangle(const glm::vec3& p0, const glm::vec3& p1, const Triangle& tri);

}  // namespace flatline
