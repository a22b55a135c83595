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
    : cell_size_(cell_size), inv_cell_(1.0f / cell_size) {
  rebuild(boxes);
}

void StaticGrid::rebuild(std::span<const Aabb> boxes) {
  boxes_.assign(boxes.begin(), boxes.end());
  if (boxes_.empty()) return;  // first_hit checks boxes_ first
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
    lo = {cell_index(b.min.x, 0), cell_index(b.min.y, 1), cell_index(b.min.z, 2)};
    hi = {cell_index(b.max.x, 0), cell_index(b.max.y, 1), cell_index(b.max.z, 2)};
  };
  // Two passes (count, then fill) build the CSR arrays with no per-cell vectors.
  cell_start_.assign(cells + 1, 0);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      for (std::size_t c = 0; c < cells; ++c)
        cell_start_[c + 1] += cell_start_[c];
      cell_boxes_.resize(cell_start_[cells]);
      cursor_.assign(cell_start_.begin(), cell_start_.end() - 1);
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
              cell_boxes_[cursor_[c]++] = static_cast<std::uint32_t>(i);
          }
    }
  }
}

// Where a coordinate falls along one axis, clamped to the grid. Building and querying use
// this same monotonic function, so a box and a region that overlap always share a cell.
// (Truncation equals floor here: anything below 0 is clamped to cell 0 first.)
int StaticGrid::cell_index(float v, int axis) const {
  const int n = axis == 0 ? nx_ : axis == 1 ? ny_ : nz_;
  const float c = (v - bounds_.min[axis]) * inv_cell_;
  return static_cast<int>(std::clamp(c, 0.0f, static_cast<float>(n - 1)));
}

std::optional<StaticGrid::Hit> StaticGrid::first_hit(const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius) const {
  if (boxes_.empty()) return std::nullopt;
  const Aabb swept{glm::min(p0, p1) - glm::vec3(radius), glm::max(p0, p1) + glm::vec3(radius)};
  // A cell lists every box that overlaps it, most of them nowhere near this segment. A
  // cheap, conservative cull drops a box lying more than `slack` outside the swept bounds
  // on some axis: it cannot be hit. The slack (1 mm plus 30 ppm of the largest coordinate,
  // the grid's included) dwarfs float rounding in segment_vs_aabb and in the cell walk
  // below (~0.1 ppm), so neither ever drops a box the slab test would report, and the
  // first hit is bit-identical to brute force.
  const glm::vec3 far = glm::max(glm::max(glm::abs(swept.min), glm::abs(swept.max)),
                                 glm::max(glm::abs(bounds_.min), glm::abs(bounds_.max)));
  const float slack = 1e-3f + 3e-5f * std::max(far.x, std::max(far.y, far.z));
  const Aabb cull = swept.grown(slack);
  if (!cull.overlaps(bounds_)) return std::nullopt;  // (also rejects NaN)

  // The cell walk (a 3D DDA, after Amanatides & Woo): visit the cells along the segment in
  // the order it enters them, and stop once the next cell is entered later than the best hit
  // so far, since nothing in it or beyond can come first. The bullet is a sphere, not a point,
  // so the walk follows a thick segment: a cell counts as touched once the segment comes
  // within `margin` (radius plus slack) of it. Per axis that makes a window of one or two
  // cell indices [lo, hi] that slides along as the segment moves; a new index entering the
  // window at parameter t brings in a slab of cells (that index times the other two
  // windows), all entered at t. A box hit at t lies in some cell entered before t (the
  // slack is the margin for rounding), so walking until the next entry exceeds the best t
  // finds the earliest hit and, for equal t, the lowest box index, exactly as brute force.
  const float margin = radius + slack;
  const glm::vec3 d = p1 - p0;
  const int n[3] = {nx_, ny_, nz_};
  int lo[3], hi[3];
  int step[3];       // +1, -1, or 0 when the segment is parallel to the axis's cell walls
  float t_enter[3];  // when the next index enters the window (beyond 1: never)
  float t_leave[3];  // when the trailing index leaves it
  float inv_d[3];
  constexpr float kNever = std::numeric_limits<float>::infinity();
  for (int a = 0; a < 3; ++a) {
    lo[a] = cell_index(p0[a] - margin, a);
    hi[a] = cell_index(p0[a] + margin, a);
    t_enter[a] = t_leave[a] = kNever;
    step[a] = 0;
    inv_d[a] = 0.0f;
    if (std::fabs(d[a]) < 1e-12f) continue;  // moves less than the slack: a fixed window
    step[a] = d[a] > 0.0f ? 1 : -1;
    inv_d[a] = 1.0f / d[a];
  }
  // Cell walls along axis a: wall k is at bounds_.min + k * cell_size_. The edge cells reach
  // out to infinity (cell_index clamps), so the window stops sliding at the grid's ends.
  auto wall = [&](int a, int k) { return bounds_.min[a] + static_cast<float>(k) * cell_size_; };
  auto next_enter = [&](int a) {
    if (step[a] > 0)
      return hi[a] + 1 < n[a] ? (wall(a, hi[a] + 1) - margin - p0[a]) * inv_d[a] : kNever;
    return lo[a] > 0 ? (wall(a, lo[a]) + margin - p0[a]) * inv_d[a] : kNever;
  };
  auto next_leave = [&](int a) {
    if (lo[a] >= hi[a]) return kNever;  // keep at least one index (the window only grows first)
    if (step[a] > 0) return (wall(a, lo[a] + 1) + margin - p0[a]) * inv_d[a];
    return (wall(a, hi[a]) - margin - p0[a]) * inv_d[a];
  };
  for (int a = 0; a < 3; ++a)
    if (step[a] != 0) {
      t_enter[a] = next_enter(a);
      t_leave[a] = next_leave(a);
    }

  // No "seen" marks: a box listed in two cells may be tested twice, which gives the same
  // t and cannot replace itself (ties go to the lower index). The query writes nothing,
  // so threads can share one grid.
  int best = -1;
  SegmentHit best_hit;
  auto visit = [&](int xa, int xb, int ya, int yb, int za, int zb) {
    for (int z = za; z <= zb; ++z)
      for (int y = ya; y <= yb; ++y) {
        // Cells xa..xb of a row are adjacent in the CSR arrays: one loop over their boxes.
        const auto row = static_cast<std::size_t>((z * ny_ + y) * nx_);
        const std::uint32_t end = cell_start_[row + static_cast<std::size_t>(xb) + 1];
        for (std::uint32_t k = cell_start_[row + static_cast<std::size_t>(xa)]; k < end; ++k) {
          const std::uint32_t i = cell_boxes_[k];
          const Aabb& b = boxes_[i];
          // Without branches (& not &&): most candidates fail this, unpredictably.
          const bool near = (b.min.x <= cull.max.x) & (b.max.x >= cull.min.x) &
                            (b.min.y <= cull.max.y) & (b.max.y >= cull.min.y) &
                            (b.min.z <= cull.max.z) & (b.max.z >= cull.min.z);
          if (!near) continue;
          const auto hit = segment_vs_aabb(p0, p1, b.grown(radius));
          const int box = static_cast<int>(i);
          if (hit && (best < 0 || hit->t < best_hit.t || (hit->t == best_hit.t && box < best))) {
            best = box;
            best_hit = *hit;
          }
        }
      }
  };
  visit(lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]);  // the cells around the start, entered at 0
  for (;;) {
    int a = 0;  // the axis whose window changes next
    for (int b = 1; b < 3; ++b)
      if (std::min(t_enter[b], t_leave[b]) < std::min(t_enter[a], t_leave[a])) a = b;
    // The early stop: the next cells are entered after the segment ends or after the best
    // hit so far (strictly after: a box they hold at the same t could have a lower index).
    const float limit = best < 0 ? 1.0f : std::min(1.0f, best_hit.t);
    if (!(std::min(t_enter[a], t_leave[a]) <= limit)) break;  // (also ends the walk on NaN)
    if (t_leave[a] < t_enter[a]) {  // the trailing index is behind the segment: drop it
      if (step[a] > 0)
        ++lo[a];
      else
        --hi[a];
      t_leave[a] = next_leave(a);
      continue;
    }
    if (step[a] > 0) {
      const int k = ++hi[a];
      if (a == 0)
        visit(k, k, lo[1], hi[1], lo[2], hi[2]);
      else if (a == 1)
        visit(lo[0], hi[0], k, k, lo[2], hi[2]);
      else
        visit(lo[0], hi[0], lo[1], hi[1], k, k);
    } else {
      const int k = --lo[a];
      if (a == 0)
        visit(k, k, lo[1], hi[1], lo[2], hi[2]);
      else if (a == 1)
        visit(lo[0], hi[0], k, k, lo[2], hi[2]);
      else
        visit(lo[0], hi[0], lo[1], hi[1], k, k);
    }
    t_enter[a] = next_enter(a);
    if (t_leave[a] == kNever) t_leave[a] = next_leave(a);
  }
  if (best < 0) return std::nullopt;
  return Hit{best, best_hit};
}

}  // namespace flatline
