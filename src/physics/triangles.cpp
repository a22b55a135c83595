#include "physics/triangles.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <glm/glm.hpp>

#include "physics/closest_points.hpp"

namespace flatline {

namespace {

// sin² of the smallest angle a triangle may have; below it the triangle is a sliver.
constexpr float kSliverSin2 = 1e-12f;
// |det| below this share of |d| |e1| |e2| means the segment runs in the triangle's plane.
constexpr float kParallelShare = 1e-7f;

glm::vec3 face_normal(const Triangle& tri) {
  return glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
}

// The face normal turned to face against the motion d.
glm::vec3 normal_against(const Triangle& tri, const glm::vec3& d) {
  const glm::vec3 n = face_normal(tri);
  return glm::dot(n, d) > 0.0f ? -n : n;
}

}  // namespace

bool is_finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool is_degenerate(const Triangle& tri) {
  if (!is_finite(tri.a) || !is_finite(tri.b) || !is_finite(tri.c)) return true;
  const glm::vec3 e1 = tri.b - tri.a;
  const glm::vec3 e2 = tri.c - tri.a;
  const glm::vec3 n = glm::cross(e1, e2);
  const float n2 = glm::dot(n, n);
  // |e1 x e2|² = |e1|² |e2|² sin²: compare the angle, so size does not matter.
  return !(n2 > 0.0f) || !std::isfinite(n2) ||
         n2 <= kSliverSin2 * glm::dot(e1, e1) * glm::dot(e2, e2);
}

glm::vec3 closest_point_on_triangle(const glm::vec3& p, const Triangle& tri) {
  const glm::vec3 ab = tri.b - tri.a;
  const glm::vec3 ac = tri.c - tri.a;
  const glm::vec3 ap = p - tri.a;
  const float d1 = glm::dot(ab, ap);
  const float d2 = glm::dot(ac, ap);
  if (d1 <= 0.0f && d2 <= 0.0f) return tri.a;  // vertex region a

  const glm::vec3 bp = p - tri.b;
  const float d3 = glm::dot(ab, bp);
  const float d4 = glm::dot(ac, bp);
  if (d3 >= 0.0f && d4 <= d3) return tri.b;  // vertex region b

  const float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return tri.a + ab * (d1 / (d1 - d3));  // edge ab

  const glm::vec3 cp = p - tri.c;
  const float d5 = glm::dot(ab, cp);
  const float d6 = glm::dot(ac, cp);
  if (d6 >= 0.0f && d5 <= d6) return tri.c;  // vertex region c

  const float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return tri.a + ac * (d2 / (d2 - d6));  // edge ac

  const float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) {  // edge bc
    return tri.b + (tri.c - tri.b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }
  const float denom = 1.0f / (va + vb + vc);  // inside the face: barycentric coordinates
  return tri.a + ab * (vb * denom) + ac * (vc * denom);
}

std::optional<TriangleHit> segment_vs_triangle(const glm::vec3& p0, const glm::vec3& p1,
                                               const Triangle& tri) {
  const glm::vec3 d = p1 - p0;
  const glm::vec3 e1 = tri.b - tri.a;
  const glm::vec3 e2 = tri.c - tri.a;
  const glm::vec3 pv = glm::cross(d, e2);
  const float det = glm::dot(e1, pv);
  const float scale = glm::length(d) * glm::length(e1) * glm::length(e2);
  if (!(std::fabs(det) > kParallelShare * scale)) return std::nullopt;  // in plane, or no length
  const float inv = 1.0f / det;
  const glm::vec3 tv = p0 - tri.a;
  const float u = glm::dot(tv, pv) * inv;
  if (u < 0.0f || u > 1.0f) return std::nullopt;
  const glm::vec3 qv = glm::cross(tv, e1);
  const float v = glm::dot(d, qv) * inv;
  if (v < 0.0f || u + v > 1.0f) return std::nullopt;
  const float t = glm::dot(e2, qv) * inv;
  if (t < 0.0f || t > 1.0f) return std::nullopt;
  return TriangleHit{-1, t, normal_against(tri, d)};
}

std::optional<Contact> sphere_vs_triangle(const glm::vec3& centre, float radius,
                                          const Triangle& tri) {
  const glm::vec3 q = closest_point_on_triangle(centre, tri);
  const glm::vec3 away = centre - q;
  const float dist2 = glm::dot(away, away);
  if (!(dist2 < radius * radius)) return std::nullopt;
  if (dist2 == 0.0f) return Contact{-1, face_normal(tri), radius};
  const float dist = std::sqrt(dist2);
  return Contact{-1, away / dist, radius - dist};
}

std::optional<Contact> capsule_vs_triangle(const glm::vec3& a, const glm::vec3& b, float radius,
                                           const Triangle& tri) {
  const bool crosses = segment_vs_triangle(a, b, tri).has_value();
  const ClosestPair nearest = crosses ? ClosestPair{} : closest_segment_triangle(a, b, tri);
  if (!crosses && !(nearest.dist2 < radius * radius)) return std::nullopt;
  if (crosses || nearest.dist2 == 0.0f) {
    // Through the face: push to the midpoint's side until the far end clears by a radius.
    glm::vec3 n = face_normal(tri);
    if (glm::dot((a + b) * 0.5f - tri.a, n) < 0.0f) n = -n;
    const float behind = std::max(0.0f, -std::min(glm::dot(a - tri.a, n), glm::dot(b - tri.a, n)));
    return Contact{-1, n, radius + behind};
  }
  const float dist = std::sqrt(nearest.dist2);
  return Contact{-1, (nearest.on_segment - nearest.on_triangle) / dist, radius - dist};
}

namespace {

// Tiles along a box's edge: kBoxTile metres each, at most kBoxTilesPerEdge (a bound on what
// one collider can cost, whatever its size).
int box_tiles(float length) {
  const float tiles = std::ceil(length / kBoxTile);
  return tiles >= 1.0f ? static_cast<int>(std::fmin(tiles, kBoxTilesPerEdge)) : 1;
}

}  // namespace

void append_box_triangles(const Aabb& box, std::vector<Triangle>& out) {
  // Each face as a corner and two edges (u, v) whose cross product points out of the box.
  const glm::vec3 lo = box.min, size = box.max - box.min;
  const glm::vec3 x(size.x, 0.0f, 0.0f), y(0.0f, size.y, 0.0f), z(0.0f, 0.0f, size.z);
  const std::array<std::array<glm::vec3, 3>, 6> faces = {
      {{lo, z, y}, {lo + x, y, z}, {lo, x, z}, {lo + y, z, x}, {lo, y, x}, {lo + z, x, y}}};
  for (const auto& face : faces) {
    const glm::vec3 corner = face[0], u = face[1], v = face[2];
    // Tiles: a BVH node's box is only as tight as its largest triangle, and one 60 m floor
    // triangle would make every query near the floor open it.
    const int nu = box_tiles(glm::length(u));
    const int nv = box_tiles(glm::length(v));
    const auto at = [&](int i, int j) {
      return corner + u * (static_cast<float>(i) / static_cast<float>(nu)) +
             v * (static_cast<float>(j) / static_cast<float>(nv));
    };
    for (int j = 0; j < nv; ++j)
      for (int i = 0; i < nu; ++i) {  // counter-clockwise seen from outside, as u x v
        out.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
        out.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
      }
  }
}

}  // namespace flatline
