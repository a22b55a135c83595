#include "physics/triangle_soup.hpp"

#include <cmath>
#include <utility>

namespace flatline {

bool deeper(const Contact& a, const Contact& b) {
  return a.depth > b.depth || (a.depth == b.depth && a.triangle < b.triangle);
}

bool earlier(const TriangleHit& a, const TriangleHit& b) {
  return a.t < b.t || (a.t == b.t && a.triangle < b.triangle);
}

bool query_is_finite(const glm::vec3& p0, const glm::vec3& p1, float radius) {
  return is_finite(p0) && is_finite(p1) && std::isfinite(radius) && radius >= 0.0f;
}

void ContactCollector::add(const Contact& contact) {
  ++summary_.found;
  if (summary_.written < out_.size()) {
    out_[summary_.written++] = contact;
    return;
  }
  // Full: the new contact replaces the shallowest kept one, if it is deeper.
  std::size_t shallowest = 0;
  for (std::size_t i = 1; i < summary_.written; ++i) {
    if (deeper(out_[shallowest], out_[i])) shallowest = i;
  }
  if (summary_.written > 0 && deeper(contact, out_[shallowest])) out_[shallowest] = contact;
}

ContactSummary ContactCollector::finish() {
  // Insertion sort by triangle index: the buffer is small.
  for (std::size_t i = 1; i < summary_.written; ++i) {
    for (std::size_t j = i; j > 0 && out_[j].triangle < out_[j - 1].triangle; --j) {
      std::swap(out_[j], out_[j - 1]);
    }
  }
  for (std::size_t i = 0; i < summary_.written; ++i) {
    if (summary_.deepest.triangle < 0 || deeper(out_[i], summary_.deepest)) {
      summary_.deepest = out_[i];
    }
  }
  return summary_;
}

std::optional<TriangleHit> first_hit_brute_force(std::span<const Triangle> triangles,
                                                 const glm::vec3& p0, const glm::vec3& p1,
                                                 float radius) {
  if (!query_is_finite(p0, p1, radius)) return std::nullopt;
  std::optional<TriangleHit> best;
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    if (is_degenerate(triangles[i])) continue;
    auto hit = swept_sphere_vs_triangle(p0, p1, radius, triangles[i]);
    if (!hit) continue;
    hit->triangle = static_cast<int>(i);
    if (!best || earlier(*hit, *best)) best = hit;
  }
  return best;
}

ContactSummary sphere_contacts_brute_force(std::span<const Triangle> triangles,
                                           const glm::vec3& centre, float radius,
                                           std::span<Contact> out) {
  ContactCollector collector(out);
  if (!query_is_finite(centre, centre, radius)) return collector.finish();
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    if (is_degenerate(triangles[i])) continue;
    auto contact = sphere_vs_triangle(centre, radius, triangles[i]);
    if (!contact) continue;
    contact->triangle = static_cast<int>(i);
    collector.add(*contact);
  }
  return collector.finish();
}

ContactSummary capsule_contacts_brute_force(std::span<const Triangle> triangles, const glm::vec3& a,
                                            const glm::vec3& b, float radius,
                                            std::span<Contact> out) {
  ContactCollector collector(out);
  if (!query_is_finite(a, b, radius)) return collector.finish();
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    if (is_degenerate(triangles[i])) continue;
    auto contact = capsule_vs_triangle(a, b, radius, triangles[i]);
    if (!contact) continue;
    contact->triangle = static_cast<int>(i);
    collector.add(*contact);
  }
  return collector.finish();
}

}  // namespace flatline
