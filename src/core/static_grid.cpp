// StaticGrid (collision.hpp): the uniform grid broad phase, its build and its query.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include <glm/glm.hpp>

#include "core/collision.hpp"
#include "core/simd.hpp"

namespace flatline {
namespace {
// How StaticGrid::first_hit picks its strategy from the box entries it expects in the cells
// under a segment's bounds (measured with bench/broadphase_bench.cpp):
constexpr float kScanEntries = 16.0f;  // up to this many: visit those cells, no walk
constexpr float kSlabEntries = 6.0f;   // more than this: the slab prefilter pays for itself
constexpr float kSlabCrowd = 8.0f;     // ... unless cells hold more than this many boxes each
}  // namespace

StaticGrid::StaticGrid(std::span<const Aabb> boxes, float cell_size)
    : cell_size_(cell_size), inv_cell_(1.0f / cell_size) {
  rebuild(boxes);
}

void StaticGrid::rebuild(std::span<const Aabb> boxes) {
  boxes_.assign(boxes.begin(), boxes.end());
  rows_.resize(boxes_.size());  // no allocation once the arrays are big enough
  for (std::size_t i = 0; i < boxes_.size(); ++i)
    rows_[i] = {simd::load(boxes_[i].min, -1.0f), simd::load(boxes_[i].max, 1.0f)};
  if (boxes_.empty()) return;  // first_hit checks boxes_ first
  bounds_ = boxes_.front();
  for (const Aabb& b : boxes_) {
    bounds_.min = glm::min(bounds_.min, b.min);
    bounds_.max = glm::max(bounds_.max, b.max);
  }
  bounds_rows_ = {simd::load(bounds_.min, -1.0f), simd::load(bounds_.max, 1.0f)};
  grid_min_ = simd::load(bounds_.min, 0.0f);
  const glm::vec3 far = glm::max(glm::abs(bounds_.min), glm::abs(bounds_.max));
  bounds_far_ = std::max(far.x, std::max(far.y, far.z));
  const glm::vec3 extent = bounds_.size() / cell_size_;
  nx_ = std::max(1, static_cast<int>(std::ceil(extent.x)));
  ny_ = std::max(1, static_cast<int>(std::ceil(extent.y)));
  nz_ = std::max(1, static_cast<int>(std::ceil(extent.z)));
  const auto cells = static_cast<std::size_t>(nx_) * ny_ * nz_;
  last_cell_ = simd::F4{static_cast<float>(nx_ - 1), static_cast<float>(ny_ - 1),
                        static_cast<float>(nz_ - 1), 0.0f};
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
      entries_per_cell_ = static_cast<float>(cell_boxes_.size()) / static_cast<float>(cells);
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
  // The setup and the candidate tests run in SIMD lanes (simd.hpp): x, y and z at once.
  const simd::F4 from = simd::load(p0, 0.0f), to = simd::load(p1, 0.0f);
  const simd::F4 r4{radius, radius, radius, 0.0f};
  const simd::F4 swept_min = simd::min(from, to) - r4, swept_max = simd::max(from, to) + r4;
  // A cell lists every box that overlaps it, most of them nowhere near this segment. A
  // cheap, conservative cull drops a box lying more than `slack` outside the swept bounds
  // on some axis: it cannot be hit. The slack (1 mm plus 30 ppm of the largest coordinate,
  // the grid's included) dwarfs float rounding in segment_vs_aabb and in the cell walk
  // below (~0.1 ppm), so neither ever drops a box the slab test would report, and the
  // first hit is bit-identical to brute force.
  const float far =
      std::max(bounds_far_, simd::hmax(simd::max(simd::abs(swept_min), simd::abs(swept_max))));
  const float slack = 1e-3f + 3e-5f * far;
  const simd::F4 slack4{slack, slack, slack, 0.0f};
  const simd::F4 cull_min = swept_min - slack4, cull_max = swept_max + slack4;
  // Outside the grid's bounds: nothing to hit. (Written so that a NaN fails it too.)
  const Rows& all = bounds_rows_;
  if (!simd::all((cull_min <= all.max) & (cull_max >= all.min))) return std::nullopt;

  // The candidates of a block of cells [xa..xb] x [ya..yb] x [za..zb], kept in `best`.
  // Earliest t wins, and equal t goes to the lower box index, as in brute force, so the
  // order the cells are visited in cannot change the answer. No "seen" marks: a box listed
  // in two cells may be tested twice, which gives the same t and cannot replace itself.
  // The query writes nothing, so threads can share one grid.
  int best = -1;
  SegmentHit best_hit;
  // Two cheap first tests per candidate, with no branches, so that segment_vs_aabb, with its
  // unpredictable branches, runs about once per hit: the bounds cull above, or, where lists
  // are longer, the slab test against the box grown by `margin` (radius plus slack), its
  // setup (1 / d) shared by every box. It passes every box the exact slab test would hit at
  // t <= the best so far (the slack again covers rounding), and few others. A segment
  // parallel to an axis (or not finite) takes the bounds cull.
  const glm::vec3 d = p1 - p0;
  const float margin = radius + slack;
  const simd::F4 d4 = to - from;  // w: 0, so 1 / d is +inf there, and the w lane never decides
  const bool oblique =
      (simd::bits(simd::abs(d4) >= simd::splat(1e-12f)) & 7) == 7 && std::isfinite(d.x + d.y + d.z);
  const simd::F4 inv_d = simd::splat(1.0f) / d4;
  const simd::F4 margin4{margin, margin, margin, 0.0f};
  const simd::F4 from_min = from + margin4;  // t of a min face: (min - from_min) / d
  const simd::F4 from_max = from - margin4;
  auto visit = [&](auto slab_first, int xa, int xb, int ya, int yb, int za, int zb) {
    for (int z = za; z <= zb; ++z)
      for (int y = ya; y <= yb; ++y) {
        // Cells of a row are adjacent in the CSR arrays: one loop over their boxes.
        const auto row = static_cast<std::size_t>((z * ny_ + y) * nx_);
        const std::uint32_t end = cell_start_[row + static_cast<std::size_t>(xb) + 1];
        for (std::uint32_t k = cell_start_[row + static_cast<std::size_t>(xa)]; k < end; ++k) {
          const std::uint32_t i = cell_boxes_[k];
          const Rows& box = rows_[i];
          bool maybe;
          if constexpr (slab_first) {
            const simd::F4 t0 = (box.min - from_min) * inv_d, t1 = (box.max - from_max) * inv_d;
            const float enter = std::max(simd::hmax(simd::min(t0, t1)), 0.0f);
            const float exit =
                std::min(simd::hmin(simd::max(t0, t1)), best < 0 ? 1.0f : best_hit.t);
            maybe = enter <= exit;
          } else {
            maybe = !simd::any((box.min > cull_max) | (box.max < cull_min));
          }
          if (!maybe) continue;
          const auto hit = segment_vs_aabb(p0, p1, boxes_[i].grown(radius));
          const int found = static_cast<int>(i);
          if (hit && (best < 0 || hit->t < best_hit.t || (hit->t == best_hit.t && found < best))) {
            best = found;
            best_hit = *hit;
          }
        }
      }
  };

  // A short segment spans few cells: visiting all the cells under its bounds costs less
  // than setting up the walk below (the arena's 8 m cells, a 5 m bullet step: 1 to 4 cells).
  // cell_index() for the six coordinates at once: the same arithmetic, lane by lane.
  const simd::F4 inv_cell = simd::splat(inv_cell_), zero = simd::splat(0.0f);
  const simd::I4 cells_lo = __builtin_convertvector(
      simd::min(last_cell_, simd::max(zero, (cull_min - grid_min_) * inv_cell)), simd::I4);
  const simd::I4 cells_hi = __builtin_convertvector(
      simd::min(last_cell_, simd::max(zero, (cull_max - grid_min_) * inv_cell)), simd::I4);
  const int x0 = cells_lo[0], x1 = cells_hi[0];
  const int y0 = cells_lo[1], y1 = cells_hi[1];
  const int z0 = cells_lo[2], z1 = cells_hi[2];
  // How many box entries the cells under the segment's bounds hold, on average: a few are
  // cheapest to scan with the bounds cull; more pay for the slab prefilter, unless the cells
  // are crowded (then the cheaper bounds cull rejects most of each list first); many more
  // pay for the walk.
  const int bounds_cells = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
  const float entries = static_cast<float>(bounds_cells) * entries_per_cell_;
  const bool slab = oblique & (entries > kSlabEntries) & (entries_per_cell_ <= kSlabCrowd);
  if (entries <= kScanEntries || !oblique) {
    if (slab)
      visit(std::true_type{}, x0, x1, y0, y1, z0, z1);
    else
      visit(std::false_type{}, x0, x1, y0, y1, z0, z1);
    if (best < 0) return std::nullopt;
    return Hit{best, best_hit};
  }

  // The cell walk (a 3D DDA, after Amanatides & Woo): visit the cells along the segment in
  // the order it enters them, and stop once the next cell is entered later than the best hit
  // so far: nothing in it or beyond can come first. A box found in an earlier cell may reach
  // into later ones and be hit there, late, so a hit alone does not end the walk; only the
  // entry t of the next cell does. The bullet is a sphere, not a point, so the walk follows
  // a thick segment: a cell counts as entered once the segment comes within `margin`
  // (radius plus slack) of it. Per axis that makes a window of cell indices [lo, hi], one or
  // two wide, that grows as the segment moves; a new index k entering at parameter t brings
  // in a slab of cells (k times the other two windows), all entered at t. A box hit at t
  // overlaps some cell entered before t (the slack covers rounding, here and in cell_index),
  // so walking until the next entry exceeds the best t, strictly (a box entered at the same
  // t may have a lower index), finds exactly the hit brute force finds.
  const float origin[3] = {p0.x, p0.y, p0.z};
  const float delta[3] = {d.x, d.y, d.z};
  const float grid_min[3] = {bounds_.min.x, bounds_.min.y, bounds_.min.z};
  const int n[3] = {nx_, ny_, nz_};
  constexpr float kNever = std::numeric_limits<float>::infinity();
  int lo[3], hi[3];      // the window: cell indices the thick segment touches so far
  int next[3], step[3];  // the index that enters next, and which way the segment moves
  float wall_offset[3];  // where it enters: the near wall of cell `next`, pushed out by margin
  float inv[3];          // 1 / d: finite, since the segment is oblique
  float t_enter[3];      // when `next` enters (infinity: never)
  // Wall k of axis a lies at grid_min[a] + k * cell_size_; the edge cells reach out to
  // infinity (cell_index clamps), so the walk stops at the grid's ends.
  auto entry_t = [&](int a) {
    if (next[a] < 0 || next[a] >= n[a]) return kNever;
    const int wall = next[a] + (step[a] > 0 ? 0 : 1);
    return (grid_min[a] + static_cast<float>(wall) * cell_size_ + wall_offset[a] - origin[a]) *
           inv[a];
  };
  for (int a = 0; a < 3; ++a) {
    const float top = static_cast<float>(n[a] - 1);  // as cell_index()
    lo[a] = static_cast<int>(std::clamp((origin[a] - margin - grid_min[a]) * inv_cell_, 0.0f, top));
    hi[a] = static_cast<int>(std::clamp((origin[a] + margin - grid_min[a]) * inv_cell_, 0.0f, top));
    inv[a] = 1.0f / delta[a];
    step[a] = delta[a] > 0.0f ? 1 : -1;
    next[a] = step[a] > 0 ? hi[a] + 1 : lo[a] - 1;
    wall_offset[a] = step[a] > 0 ? -margin : margin;
    t_enter[a] = entry_t(a);
  }

  // The block of cells to visit next: first the cells around the start (entered at t <= 0),
  // then each slab of cells that an index entering a window brings in.
  int block_lo[3] = {lo[0], lo[1], lo[2]};
  int block_hi[3] = {hi[0], hi[1], hi[2]};
  for (;;) {
    if (slab)
      visit(std::true_type{}, block_lo[0], block_hi[0], block_lo[1], block_hi[1], block_lo[2],
            block_hi[2]);
    else
      visit(std::false_type{}, block_lo[0], block_hi[0], block_lo[1], block_hi[1], block_lo[2],
            block_hi[2]);
    // The axis whose window grows next, in the order the segment meets the walls.
    int a = t_enter[1] < t_enter[0] ? 1 : 0;
    if (t_enter[2] < t_enter[a]) a = 2;
    // The early stop: the next cells are entered after the segment ends or after the best
    // hit so far (strictly after: a box they hold at the same t could have a lower index).
    // Grazing and touching hits need no special case: the margin already includes them.
    const float limit = best < 0 ? 1.0f : std::min(1.0f, best_hit.t);
    if (!(t_enter[a] <= limit)) break;  // (also ends the walk on NaN)
    const int k = next[a];
    next[a] += step[a];
    t_enter[a] = entry_t(a);
    // The new slab: index k on this axis, the windows so far on the others. (Windows only
    // grow: cells the segment has already left stay in them, at a small cost, since a
    // segment crosses few walls.)
    lo[a] = std::min(lo[a], k);
    hi[a] = std::max(hi[a], k);
    for (int c = 0; c < 3; ++c) {
      block_lo[c] = lo[c];
      block_hi[c] = hi[c];
    }
    block_lo[a] = block_hi[a] = k;
  }
  if (best < 0) return std::nullopt;
  return Hit{best, best_hit};
}

}  // namespace flatline
