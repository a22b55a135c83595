// The level is a soup of triangles: the exact scalar tests against one triangle.
//
// Three questions the game asks of the level (three.js games_fps asks the same of its
// Octree): where does a bullet's segment first cross a triangle (a hit time along it), and
// how far does a sphere or a capsule (the player) sink into a triangle (a contact: the
// direction to push it out and by how much). Each answer here is for one triangle; the
// brute force over every triangle (triangle_soup.hpp) is the reference a BVH must match.
#pragma once

#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "physics/collision.hpp"

namespace flatline {

struct Triangle {
  glm::vec3 a{0.0f};
  glm::vec3 b{0.0f};
  glm::vec3 c{0.0f};
  bool operator==(const Triangle&) const = default;
};

// A box as the twelve triangles of its six faces, wound counter-clockwise seen from outside
// (each face's normal points out): how a box collider joins a level made of triangles.
void append_box_triangles(const Aabb& box, std::vector<Triangle>& out);

// Bad level input: a vertex that is not finite, or no area (a sliver whose corners lie on
// one line). Such a triangle has no normal; the queries skip it and the BVH counts it.
bool is_degenerate(const Triangle& tri);

// Every coordinate finite: queries refuse anything else and answer "nothing".
bool is_finite(const glm::vec3& v);

// The first time a moving point (or sphere) touches a triangle.
struct TriangleHit {
  int triangle = -1;       // index into the caller's list; -1 from a one-triangle test
  float t = 1.0f;          // 0..1 along the segment p0 -> p1
  glm::vec3 normal{0.0f};  // unit, facing against the motion (back towards p0)
};

// How far a shape sinks into a triangle: move it by normal * depth to clear it.
struct Contact {
  int triangle = -1;
  glm::vec3 normal{0.0f};  // unit, from the triangle towards the shape
  float depth = 0.0f;      // > 0
};

// The point of the triangle nearest to p (Voronoi regions of vertices, edges and face).
glm::vec3 closest_point_on_triangle(const glm::vec3& p, const Triangle& tri);

// Möller–Trumbore: the segment p0 -> p1 against a two-sided triangle, edges included. A
// segment lying in the triangle's plane, or of zero length, crosses nothing.
std::optional<TriangleHit> segment_vs_triangle(const glm::vec3& p0, const glm::vec3& p1,
                                               const Triangle& tri);

// The sphere of the given radius swept from p0 to p1: exact, as the segment against the
// triangle grown by the radius (two offset faces, a cylinder per edge, a sphere per
// vertex). A sphere already touching at p0 hits at t = 0, unless it is moving away (a
// ball leaving the floor it rests on). radius 0 is segment_vs_triangle.
std::optional<TriangleHit> swept_sphere_vs_triangle(const glm::vec3& p0, const glm::vec3& p1,
                                                    float radius, const Triangle& tri);

// Overlap-and-push for a sphere: the nearest point of the triangle closer than the radius.
// A centre exactly on the triangle is pushed along the face normal as wound (a, b, c).
std::optional<Contact> sphere_vs_triangle(const glm::vec3& centre, float radius,
                                          const Triangle& tri);

// Overlap-and-push for a capsule (segment a -> b, radius): the exact distance between the
// segment and the triangle. A segment that passes through the triangle is pushed along the
// face normal to the side its midpoint is on, until the end behind the face is a radius
// clear of it.
std::optional<Contact> capsule_vs_triangle(const glm::vec3& a, const glm::vec3& b, float radius,
                                           const Triangle& tri);

}  // namespace flatline
