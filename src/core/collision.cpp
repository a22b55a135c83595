#include "core/collision.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/glm.hpp>

namespace flatline {

bool Aabb::contains(const glm::vec3& p) const {
  return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y && p.z >= min.z &&
         p.z <= max.z;
}

bool Aabb::overlaps(const Aabb& o) const {
  return min.x <= o.max.x && max.x >= o.min.x && min.y <= o.max.y && max.y >= o.min.y &&
         min.z <= o.max.z && max.z >= o.min.z;
}

std::optional<SegmentHit> segment_vs_aabb(const glm::vec3& p0, const glm::vec3& p1,
                                          const Aabb& box) {
  const glm::vec3 d = p1 - p0;
  float t_enter = 0.0f;
  float t_exit = 1.0f;
  int enter_axis = -1;
  float enter_sign = 0.0f;
  for (int axis = 0; axis < 3; ++axis) {
    if (std::fabs(d[axis]) < 1e-12f) {  // parallel to this slab: inside it or never
      if (p0[axis] < box.min[axis] || p0[axis] > box.max[axis]) return std::nullopt;
      continue;
    }
    const float inv = 1.0f / d[axis];
    float t0 = (box.min[axis] - p0[axis]) * inv;
    float t1 = (box.max[axis] - p0[axis]) * inv;
    float sign = -1.0f;  // entering through the min face: normal points to -axis
    if (t0 > t1) {
      std::swap(t0, t1);
      sign = 1.0f;
    }
    if (t0 > t_enter) {
      t_enter = t0;
      enter_axis = axis;
      enter_sign = sign;
    }
    t_exit = std::min(t_exit, t1);
    if (t_enter > t_exit) return std::nullopt;
  }
  SegmentHit hit;
  hit.t = t_enter;
  if (enter_axis >= 0) {
    hit.normal[enter_axis] = enter_sign;
  } else {  // started inside: report the face opposing the motion on the dominant axis
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (std::fabs(d[a]) > std::fabs(d[axis])) axis = a;
    hit.normal[axis] = d[axis] > 0.0f ? -1.0f : 1.0f;
  }
  return hit;
}

namespace {
// Earliest t wins; equal t goes to the lower box index, so every search order agrees.
bool closer(const SegmentHit& hit, int box, const std::optional<StaticGrid::Hit>& best) {
  return !best || hit.t < best->hit.t || (hit.t == best->hit.t && box < best->box);
}
}  // namespace

std::optional<StaticGrid::Hit> first_hit_brute_force(std::span<const Aabb> boxes,
                                                     const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius) {
  std::optional<StaticGrid::Hit> best;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const auto hit = segment_vs_aabb(p0, p1, boxes[i].grown(radius));
    if (hit && closer(*hit, static_cast<int>(i), best))
      best = StaticGrid::Hit{static_cast<int>(i), *hit};
  }
  return best;
}

StaticGrid::StaticGrid(std::span<const Aabb> boxes, float cell_size)
    : boxes_(boxes.begin(), boxes.end()), cell_size_(cell_size), stamp_(boxes.size(), 0) {
  if (boxes_.empty()) return;
  bounds_ = boxes_.front();
  for (const Aabb& b : boxes_) {
    bounds_.min = glm::min(bounds_.min, b.min);
    bounds_.max = glm::max(bounds_.max, b.max);
  }
  const glm::vec3 extent = bounds_.size() / cell_size_;
  nx_ = std::max(1, static_cast<int>(std::ceil(extent.x)));
  ny_ = std::max(1, static_cast<int>(std::ceil(extent.y)));
  nz_ = std::max(1, static_cast<int>(std::ceil(extent.z)));
  const auto cells = static_cast<std::size_t>(nx_) * ny_ * nz_;
  auto cell_range = [&](const Aabb& b, glm::ivec3& lo, glm::ivec3& hi) {
    lo = glm::ivec3(glm::floor((b.min - bounds_.min) / cell_size_));
    hi = glm::ivec3(glm::floor((b.max - bounds_.min) / cell_size_));
    lo = glm::clamp(lo, glm::ivec3(0), glm::ivec3(nx_ - 1, ny_ - 1, nz_ - 1));
    hi = glm::clamp(hi, glm::ivec3(0), glm::ivec3(nx_ - 1, ny_ - 1, nz_ - 1));
  };
  // Two passes (count, then fill) build the CSR arrays with no per-cell vectors.
  cell_start_.assign(cells + 1, 0);
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<std::uint32_t> cursor;
    if (pass == 1) {
      for (std::size_t c = 0; c < cells; ++c)
        cell_start_[c + 1] += cell_start_[c];
      cell_boxes_.resize(cell_start_[cells]);
      cursor.assign(cell_start_.begin(), cell_start_.end() - 1);
    }
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      glm::ivec3 lo, hi;
      cell_range(boxes_[i], lo, hi);
      for (int z = lo.z; z <= hi.z; ++z)
        for (int y = lo.y; y <= hi.y; ++y)
          for (int x = lo.x; x <= hi.x; ++x) {
            const auto c = static_cast<std::size_t>((z * ny_ + y) * nx_ + x);
            if (pass == 0)
              ++cell_start_[c + 1];
            else
              cell_boxes_[cursor[c]++] = static_cast<std::uint32_t>(i);
          }
    }
  }
}

std::optional<StaticGrid::Hit> StaticGrid::first_hit(const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius) const {
  if (boxes_.empty()) return std::nullopt;
  const Aabb swept{glm::min(p0, p1) - glm::vec3(radius), glm::max(p0, p1) + glm::vec3(radius)};
  if (!swept.overlaps(bounds_)) return std::nullopt;
  glm::ivec3 lo = glm::ivec3(glm::floor((swept.min - bounds_.min) / cell_size_));
  glm::ivec3 hi = glm::ivec3(glm::floor((swept.max - bounds_.min) / cell_size_));
  lo = glm::clamp(lo, glm::ivec3(0), glm::ivec3(nx_ - 1, ny_ - 1, nz_ - 1));
  hi = glm::clamp(hi, glm::ivec3(0), glm::ivec3(nx_ - 1, ny_ - 1, nz_ - 1));
  if (++query_ == 0) {  // stamp counter wrapped: clear the stamps once
    std::fill(stamp_.begin(), stamp_.end(), 0u);
    query_ = 1;
  }
  std::optional<Hit> best;
  for (int z = lo.z; z <= hi.z; ++z)
    for (int y = lo.y; y <= hi.y; ++y)
      for (int x = lo.x; x <= hi.x; ++x) {
        const auto c = static_cast<std::size_t>((z * ny_ + y) * nx_ + x);
        for (std::uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
          const std::uint32_t i = cell_boxes_[k];
          if (stamp_[i] == query_) continue;
          stamp_[i] = query_;
          const auto hit = segment_vs_aabb(p0, p1, boxes_[i].grown(radius));
          if (hit && closer(*hit, static_cast<int>(i), best)) best = Hit{static_cast<int>(i), *hit};
        }
      }
  return best;
}

}  // namespace flatline
