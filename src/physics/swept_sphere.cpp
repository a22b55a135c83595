// A sphere swept along a segment against one triangle (declared in triangles.hpp).
//
// The sphere touches the triangle when its centre reaches the triangle grown by the radius
// (a Minkowski sum): two faces offset along the normal, a cylinder around each edge and a
// sphere around each vertex. The centre's segment against each of those seven pieces gives
// a time; the earliest is the hit. The normal is read from the closest point at that time.
#include <cmath>
#include <limits>

#include <glm/glm.hpp>

#include "physics/triangles.hpp"

namespace flatline {

namespace {

constexpr float kNoHit = std::numeric_limits<float>::infinity();

// The centre p0 + t d reaching the sphere of the given radius around v.
float ray_vs_sphere(const glm::vec3& p0, const glm::vec3& d, const glm::vec3& v, float r) {
  const glm::vec3 m = p0 - v;
  const float a = glm::dot(d, d);
  const float b = glm::dot(m, d);
  const float c = glm::dot(m, m) - r * r;
  const float disc = b * b - a * c;
  if (a == 0.0f || b >= 0.0f || disc < 0.0f) return kNoHit;  // still, leaving, or passing by
  return (-b - std::sqrt(disc)) / a;
}

// The centre reaching the cylinder of the given radius around edge e0 -> e1, between its ends.
float ray_vs_edge_cylinder(const glm::vec3& p0, const glm::vec3& d, const glm::vec3& e0,
                           const glm::vec3& e1, float r) {
  const glm::vec3 n = e1 - e0;
  const glm::vec3 m = p0 - e0;
  const float nn = glm::dot(n, n);
  const float mn = glm::dot(m, n);
  const float dn = glm::dot(d, n);
  // The motion and the start with their components along the edge taken out, times |n|².
  const float a = nn * glm::dot(d, d) - dn * dn;
  const float b = nn * glm::dot(m, d) - dn * mn;
  const float c = nn * (glm::dot(m, m) - r * r) - mn * mn;
  const float disc = b * b - a * c;
  if (!(a > 0.0f) || b >= 0.0f || disc < 0.0f) return kNoHit;  // along the edge, or leaving
  const float t = (-b - std::sqrt(disc)) / a;
  const float along = (mn + t * dn) / nn;  // where on the edge: the ends are the spheres'
  return along >= 0.0f && along <= 1.0f ? t : kNoHit;
}

// The centre reaching one of the faces offset by the radius, inside the triangle's outline.
float ray_vs_offset_face(const glm::vec3& p0, const glm::vec3& d, const Triangle& tri, float r) {
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  const float dist = glm::dot(p0 - tri.a, n);
  const float side = dist >= 0.0f ? 1.0f : -1.0f;
  const float closing = -glm::dot(d, n) * side;  // speed towards the plane
  if (!(closing > 0.0f)) return kNoHit;
  const float t = (std::fabs(dist) - r) / closing;
  if (t < 0.0f) return kNoHit;  // within a radius of the plane: an edge or vertex comes first
  const glm::vec3 q = p0 + d * t - n * (side * r);  // the touching point, in the plane
  const bool inside = glm::dot(glm::cross(tri.b - tri.a, q - tri.a), n) >= 0.0f &&
                      glm::dot(glm::cross(tri.c - tri.b, q - tri.b), n) >= 0.0f &&
                      glm::dot(glm::cross(tri.a - tri.c, q - tri.c), n) >= 0.0f;
  return inside ? t : kNoHit;
}

glm::vec3 push_normal(const glm::vec3& centre, const glm::vec3& d, const Triangle& tri) {
  const glm::vec3 away = centre - closest_point_on_triangle(centre, tri);
  const float len = glm::length(away);
  if (len > 0.0f) return away / len;
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  return glm::dot(n, d) > 0.0f ? -n : n;
}

}  // namespace

std::optional<TriangleHit> swept_sphere_vs_triangle(const glm::vec3& p0, const glm::vec3& p1,
                                                    float radius, const Triangle& tri) {
  if (radius == 0.0f) return segment_vs_triangle(p0, p1, tri);
  const glm::vec3 d = p1 - p0;
  const glm::vec3 start_gap = p0 - closest_point_on_triangle(p0, tri);
  if (glm::dot(start_gap, start_gap) <= radius * radius) {  // touching already
    // Moving away is no hit: the distance to a convex shape along a line only grows once it
    // has started to grow. Moving in, or not at all, hits at once.
    const glm::vec3 n = push_normal(p0, d, tri);
    if (glm::dot(n, d) > 0.0f) return std::nullopt;
    return TriangleHit{-1, 0.0f, n};
  }
  float t = ray_vs_offset_face(p0, d, tri, radius);
  t = std::fmin(t, ray_vs_edge_cylinder(p0, d, tri.a, tri.b, radius));
  t = std::fmin(t, ray_vs_edge_cylinder(p0, d, tri.b, tri.c, radius));
  t = std::fmin(t, ray_vs_edge_cylinder(p0, d, tri.c, tri.a, radius));
  t = std::fmin(t, ray_vs_sphere(p0, d, tri.a, radius));
  t = std::fmin(t, ray_vs_sphere(p0, d, tri.b, radius));
  t = std::fmin(t, ray_vs_sphere(p0, d, tri.c, radius));
  if (!(t <= 1.0f)) return std::nullopt;
  t = std::fmax(t, 0.0f);
  return TriangleHit{-1, t, push_normal(p0 + d * t, d, tri)};
}

}  // namespace flatline
