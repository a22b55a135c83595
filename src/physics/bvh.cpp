#include "physics/bvh.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include <glm/glm.hpp>

namespace flatline {

namespace {

// Boxes grow by this share of their coordinates' size (plus as much absolute), so that a
// box test never rejects what the exact triangle test, rounding differently, would accept.
constexpr float kPadShare = 1e-5f;

struct BuildItem {
  Triangle tri;
  int source = 0;
  glm::vec3 centre{0.0f};
};

Aabb box_of(std::span<const BuildItem> items) {
  Aabb box{glm::vec3(INFINITY), glm::vec3(-INFINITY)};
  for (const BuildItem& item : items) {
    for (const glm::vec3& v : {item.tri.a, item.tri.b, item.tri.c}) {
      box.min = glm::min(box.min, v);
      box.max = glm::max(box.max, v);
    }
  }
  const glm::vec3 reach = glm::max(glm::abs(box.min), glm::abs(box.max));
  const float pad = kPadShare * (1.0f + std::max({reach.x, reach.y, reach.z}));
  return box.grown(pad);
}

// The axis along which the triangles' centres spread furthest.
int longest_axis(std::span<const BuildItem> items) {
  glm::vec3 lo(INFINITY);
  glm::vec3 hi(-INFINITY);
  for (const BuildItem& item : items) {
    lo = glm::min(lo, item.centre);
    hi = glm::max(hi, item.centre);
  }
  const glm::vec3 size = hi - lo;
  return size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
}

// Median split: half the triangles on each side of the middle centre along the longest axis.
void build_node(std::vector<BvhNode>& nodes, std::vector<BuildItem>& items, int node, int begin,
                int end) {
  const std::span<const BuildItem> mine(items.data() + begin,
                                        static_cast<std::size_t>(end - begin));
  nodes[node].box = box_of(mine);
  if (end - begin <= TriangleBvh::kLeafSize) {
    nodes[node].first = begin;
    nodes[node].count = end - begin;
    return;
  }
  const int axis = longest_axis(mine);
  const int mid = begin + (end - begin) / 2;
  std::nth_element(items.begin() + begin, items.begin() + mid, items.begin() + end,
                   [axis](const BuildItem& l, const BuildItem& r) {
                     return l.centre[axis] < r.centre[axis] ||
                            (l.centre[axis] == r.centre[axis] && l.source < r.source);
                   });
  const int left = static_cast<int>(nodes.size());
  nodes.resize(nodes.size() + 2);  // the children are neighbours
  nodes[node].first = left;
  nodes[node].count = 0;
  build_node(nodes, items, left, begin, mid);
  build_node(nodes, items, left + 1, mid, end);
}

// Whether the box around a capsule (or a sphere: a = b) overlaps a node's box.
bool reaches(const Aabb& box, const glm::vec3& a, const glm::vec3& b, float radius) {
  const Aabb shape{glm::min(a, b) - glm::vec3(radius), glm::max(a, b) + glm::vec3(radius)};
  return box.overlaps(shape);
}

}  // namespace

TriangleBvh::TriangleBvh(std::span<const Triangle> triangles) {
  std::vector<BuildItem> items;
  items.reserve(triangles.size());
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    const Triangle& tri = triangles[i];
    if (is_degenerate(tri)) {
      ++degenerate_;
      continue;
    }
    items.push_back({tri, static_cast<int>(i), (tri.a + tri.b + tri.c) / 3.0f});
  }
  if (items.empty()) return;
  nodes_.reserve(2 * items.size() / kLeafSize + 1);
  nodes_.resize(1);
  build_node(nodes_, items, 0, 0, static_cast<int>(items.size()));
  triangles_.reserve(items.size());
  source_.reserve(items.size());
  for (const BuildItem& item : items) {
    triangles_.push_back(item.tri);
    source_.push_back(item.source);
  }
}

// Depth first with a fixed stack: open a node when `opens(box)` says the shape may touch
// it, and hand each triangle of an opened leaf to `visit`.
template <class Opens, class Visit>
void TriangleBvh::walk(const Opens& opens, const Visit& visit) const {
  if (nodes_.empty()) return;
  int stack[kMaxDepth];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const BvhNode& node = nodes_[static_cast<std::size_t>(stack[--top])];
    if (!opens(node.box)) continue;
    if (node.count > 0) {
      for (int i = node.first; i < node.first + node.count; ++i)
        visit(i);
      continue;
    }
    assert(top + 2 <= kMaxDepth && "a median split keeps the tree shallow");
    stack[top++] = node.first + 1;
    stack[top++] = node.first;
  }
}

std::optional<TriangleHit> TriangleBvh::first_hit(const glm::vec3& p0, const glm::vec3& p1,
                                                  float radius) const {
  if (!query_is_finite(p0, p1, radius)) return std::nullopt;
  std::optional<TriangleHit> best;
  const auto opens = [&](const Aabb& box) {
    const auto entry = segment_vs_aabb(p0, p1, box.grown(radius));
    return entry && (!best || entry->t <= best->t);  // equal t may still win on index
  };
  const auto visit = [&](int i) {
    auto hit = swept_sphere_vs_triangle(p0, p1, radius, triangles_[static_cast<std::size_t>(i)]);
    if (!hit) return;
    hit->triangle = source_[static_cast<std::size_t>(i)];
    if (!best || earlier(*hit, *best)) best = hit;
  };
  walk(opens, visit);
  return best;
}

ContactSummary TriangleBvh::sphere_contacts(const glm::vec3& centre, float radius,
                                            std::span<Contact> out) const {
  ContactCollector collector(out);
  if (!query_is_finite(centre, centre, radius)) return collector.finish();
  const auto opens = [&](const Aabb& box) { return reaches(box, centre, centre, radius); };
  const auto visit = [&](int i) {
    auto contact = sphere_vs_triangle(centre, radius, triangles_[static_cast<std::size_t>(i)]);
    if (!contact) return;
    contact->triangle = source_[static_cast<std::size_t>(i)];
    collector.add(*contact);
  };
  walk(opens, visit);
  return collector.finish();
}

ContactSummary TriangleBvh::capsule_contacts(const glm::vec3& a, const glm::vec3& b, float radius,
                                             std::span<Contact> out) const {
  ContactCollector collector(out);
  if (!query_is_finite(a, b, radius)) return collector.finish();
  const auto opens = [&](const Aabb& box) { return reaches(box, a, b, radius); };
  const auto visit = [&](int i) {
    auto contact = capsule_vs_triangle(a, b, radius, triangles_[static_cast<std::size_t>(i)]);
    if (!contact) return;
    contact->triangle = source_[static_cast<std::size_t>(i)];
    collector.add(*contact);
  };
  walk(opens, visit);
  return collector.finish();
}

}  // namespace flatline
