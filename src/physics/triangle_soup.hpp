// Brute force over every triangle of a level: the reference answers.
//
// Slow (every query reads every triangle) and obviously right: the BVH (bvh.hpp) must give
// the same answer, bit for bit, and the tests hold it to that. Both share the rules here:
// degenerate triangles are skipped; non-finite input, or a negative radius, finds nothing;
// ties go to the lower triangle index, so any search order agrees.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

#include <glm/vec3.hpp>

#include "physics/triangles.hpp"

namespace flatline {

// What a contact query found. Contacts go into a buffer the caller owns (no allocation
// per query); when more triangles touch than it holds, the deepest are kept and `found`
// says how many there were. The buffer ends sorted by triangle index.
struct ContactSummary {
  std::size_t written = 0;  // contacts in the buffer
  std::size_t found = 0;    // contacts found; more than written means some were dropped
  Contact deepest;          // triangle -1 when none
};

// Fills a caller's contact buffer with the rules above.
class ContactCollector {
 public:
  explicit ContactCollector(std::span<Contact> out) : out_(out) {}
  void add(const Contact& contact);
  ContactSummary finish();  // sorts the buffer, names the deepest

 private:
  std::span<Contact> out_;
  ContactSummary summary_;
};

// Deeper first; equal depth goes to the lower triangle index.
bool deeper(const Contact& a, const Contact& b);

// Earlier t first; equal t goes to the lower triangle index.
bool earlier(const TriangleHit& a, const TriangleHit& b);

// Whether a query's input is fit to answer: finite points, a finite radius >= 0.
bool query_is_finite(const glm::vec3& p0, const glm::vec3& p1, float radius);

// The first triangle the sphere of `radius` swept from p0 to p1 touches (radius 0: the
// segment, a bullet), by swept_sphere_vs_triangle on each triangle.
std::optional<TriangleHit> first_hit_brute_force(std::span<const Triangle> triangles,
                                                 const glm::vec3& p0, const glm::vec3& p1,
                                                 float radius);

// Every triangle a sphere overlaps (sphere_vs_triangle on each).
ContactSummary sphere_contacts_brute_force(std::span<const Triangle> triangles,
                                           const glm::vec3& centre, float radius,
                                           std::span<Contact> out);

// Every triangle a capsule overlaps (capsule_vs_triangle on each).
ContactSummary capsule_contacts_brute_force(std::span<const Triangle> triangles, const glm::vec3& a,
                                            const glm::vec3& b, float radius,
                                            std::span<Contact> out);

}  // namespace flatline
