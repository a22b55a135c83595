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

// Where the centre p0 + t d, now at m from an axis (a point, or an edge's line) and moving
// by d across it, first comes within r of it. Solved from the closest approach rather than
// the textbook quadratic: at level scale (a 60 m wall's edge, a vertex 40 m away) the
// quadratic's terms are millions of times r² and cancel to noise; this form keeps the
// precision of r (Haines et al., "Precision Improvements for Ray/Sphere Intersection", Ray
// Tracing Gems, 2019).
float reach_within(const glm::vec3& m, const glm::vec3& d, float r) {
  const float a = glm::dot(d, d);
  const float b = glm::dot(m, d);
  if (!(a > 0.0f) || b >= 0.0f) return kNoHit;  // still (or along the axis), or leaving
  const float closest_t = -b / a;
  const glm::vec3 closest = m + d * closest_t;  // the nearest the centre passes
  const float half_chord2 = r * r - glm::dot(closest, closest);
  if (half_chord2 < 0.0f) return kNoHit;  // passing by
  const float t = closest_t - std::sqrt(half_chord2 / a);
  // Within r at the start already: for an edge's line that means beyond the edge's end (a
  // start touching the triangle was answered before), where the vertex's sphere decides.
  return t >= 0.0f ? t : kNoHit;
}

// The centre p0 + t d reaching the sphere of the given radius around v.
float ray_vs_sphere(const glm::vec3& p0, const glm::vec3& d, const glm::vec3& v, float r) {
  return reach_within(p0 - v, d, r);
}

// The centre reaching the cylinder of the given radius around edge e0 -> e1, between its ends:
// the same question with the components along the edge taken out.
float ray_vs_edge_cylinder(const glm::vec3& p0, const glm::vec3& d, const glm::vec3& e0,
                           const glm::vec3& e1, float r) {
  const float length = glm::length(e1 - e0);
  if (!(length > 0.0f)) return kNoHit;
  const glm::vec3 u = (e1 - e0) / length;
  const glm::vec3 m = p0 - e0;
  const float m_along = glm::dot(m, u);
  const float d_along = glm::dot(d, u);
  const float t = reach_within(m - u * m_along, d - u * d_along, r);
  if (t == kNoHit) return kNoHit;
  const float along = (m_along + t * d_along) / length;  // where on the edge: the ends are the
  return along >= 0.0f && along <= 1.0f ? t : kNoHit;    // vertices' spheres
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
