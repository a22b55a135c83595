// A bounding volume hierarchy over the level's triangles: the brute force, pruned.
//
// Built once at load: the triangles are split in two at the median of their centres along
// the longest axis, again and again, until a few remain in a leaf. Each node keeps the box
// around everything below it, and a query opens a node only when its shape can touch that
// box. The nodes sit in one flat array (a node's two children are neighbours), and a query
// walks them with a small fixed stack: no allocation per query.
//
// Every query answers exactly what the brute force (triangle_soup.hpp) answers: the same
// per-triangle test, the same tie-break by triangle index, the same degenerate triangles
// skipped. Triangle indices are the caller's, as passed to the constructor.
//
// NOTE: kept plain on purpose. A faster build splits by surface area (SAH) instead of the
// median, and a faster first_hit opens the nearer child first so that a close hit prunes
// more; neither changes an answer.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "physics/collision.hpp"
#include "physics/triangle_soup.hpp"
#include "physics/triangles.hpp"

namespace flatline {

// One node of the flat array.
struct BvhNode {
  Aabb box;       // around every triangle below, padded a little against rounding
  int first = 0;  // a leaf's first triangle, or an inner node's left child (right: first + 1)
  int count = 0;  // a leaf's triangles; 0 for an inner node
};

class TriangleBvh {
 public:
  static constexpr int kLeafSize = 4;   // triangles per leaf, at most
  static constexpr int kMaxDepth = 64;  // the walk's stack; a median split stays far below

  TriangleBvh() = default;  // empty: every query finds nothing
  explicit TriangleBvh(std::span<const Triangle> triangles);

  std::size_t triangle_count() const { return triangles_.size(); }  // kept
  std::size_t degenerate_count() const { return degenerate_; }      // skipped at build
  std::span<const BvhNode> nodes() const { return nodes_; }

  // The first triangle a sphere of `radius` swept from p0 to p1 touches; radius 0 is a
  // segment (a bullet). Exact swept sphere (swept_sphere_vs_triangle), boxes grown by radius.
  std::optional<TriangleHit> first_hit(const glm::vec3& p0, const glm::vec3& p1,
                                       float radius) const;

  // Overlap-and-push (games_fps's capsuleIntersect): every triangle the shape sinks into,
  // each with its own push. The summary names the deepest: push out by it and ask again
  // until nothing is left (a corner is a floor and a wall, two pushes); the whole list says
  // more, such as whether any push points up (standing on a floor).
  ContactSummary sphere_contacts(const glm::vec3& centre, float radius,
                                 std::span<Contact> out) const;
  ContactSummary capsule_contacts(const glm::vec3& a, const glm::vec3& b, float radius,
                                  std::span<Contact> out) const;

 private:
  template <class Opens, class Visit>
  void walk(const Opens& opens, const Visit& visit) const;

  std::vector<BvhNode> nodes_;
  std::vector<Triangle> triangles_;  // in leaf order
  std::vector<int> source_;          // each one's index in the caller's list
  std::size_t degenerate_ = 0;
};

}  // namespace flatline
