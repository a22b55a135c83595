// StaticGrid (static_grid.hpp): the uniform grid broad phase, its build and its query.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

#include <glm/glm.hpp>

#include "lab/accel/static_grid.hpp"
#include "lab/accel/static_grid_lanes.hpp"
#include "lab/accel/static_grid_occupancy.hpp"

namespace flatline {
namespace {
using lanes::Hits4, lanes::hits4, lanes::Segment4;

// How StaticGrid::first_hit picks its strategy (measured with lab/bench/broadphase_bench.cpp): a
// segment whose bounds cover up to this many blocks, on average, scans them; a longer one walks.
constexpr float kScanBlocks = 16.0f;
// A padding lane: a point box this far out, which no segment the grid tests can reach (those
// reaching past kFarLimit go to brute force: 1e30 / 1e18 keeps every t of it far beyond 0..1).
constexpr float kPadding = 1e30f;
constexpr float kFarLimit = 1e18f;
constexpr float kInfinity = std::numeric_limits<float>::infinity();
constexpr std::uint32_t kNoBox = std::numeric_limits<std::uint32_t>::max();

}  // namespace

StaticGrid::StaticGrid(std::span<const Aabb> boxes, float cell_size)
    : cell_size_(cell_size), inv_cell_(1.0f / cell_size) {
  rebuild(boxes);
}

void StaticGrid::rebuild(std::span<const Aabb> boxes) {
  boxes_.assign(boxes.begin(), boxes.end());
  if (boxes_.empty()) return;  // first_hit checks boxes_ first
  bounds_ = boxes_.front();
  bool has_nan = false;
  for (const Aabb& b : boxes_) {  // (a box with min > max is listed where it lies, as well)
    bounds_.min = glm::min(bounds_.min, glm::min(b.min, b.max));
    bounds_.max = glm::max(bounds_.max, glm::max(b.min, b.max));
    has_nan |= !(b.min == b.min && b.max == b.max);
  }
  bounds_min_ = simd::load(bounds_.min, -1.0f);
  bounds_max_ = simd::load(bounds_.max, 1.0f);
  grid_min_ = simd::load(bounds_.min, 0.0f);
  const glm::vec3 far = glm::max(glm::abs(bounds_.min), glm::abs(bounds_.max));
  bounds_far_ = has_nan ? kInfinity : std::max(far.x, std::max(far.y, far.z));
  const glm::vec3 extent = bounds_.size() / cell_size_;
  nx_ = std::max(1, static_cast<int>(std::ceil(extent.x)));
  nz_ = std::max(1, static_cast<int>(std::ceil(extent.z)));
  const auto cells = static_cast<std::size_t>(nx_) * static_cast<std::size_t>(nz_);
  last_cell_ = simd::F4{static_cast<float>(nx_ - 1), 0.0f, static_cast<float>(nz_ - 1), 0.0f};
  // Each box is listed in every column it overlaps: two passes (count, then fill) build the
  // CSR arrays with no per-cell vectors.
  auto for_each_cell = [&](const Aabb& b, auto&& f) {
    const int x0 = cell_index(std::min(b.min.x, b.max.x), 0);
    const int x1 = cell_index(std::max(b.min.x, b.max.x), 0);
    const int z0 = cell_index(std::min(b.min.z, b.max.z), 2);
    const int z1 = cell_index(std::max(b.min.z, b.max.z), 2);
    for (int z = z0; z <= z1; ++z)
      for (int x = x0; x <= x1; ++x)
        f(static_cast<std::size_t>(z * nx_ + x));
  };
  cell_block_.assign(cells + 1, 0);
  for (const Aabb& b : boxes_)
    for_each_cell(b, [&](std::size_t c) { ++cell_block_[c + 1]; });
  cursor_.resize(cells);
  for (std::size_t c = 0; c < cells; ++c) {  // counts of boxes -> offsets in blocks of four
    cell_block_[c + 1] = cell_block_[c] + (cell_block_[c + 1] + 3) / 4;
    cursor_[c] = cell_block_[c] * 4;
  }
  blocks_.resize(cell_block_[cells]);  // no allocation once the arrays are big enough
  lane_box_.resize(blocks_.size() * 4);
  const float blocks_per_cell = static_cast<float>(blocks_.size()) / static_cast<float>(cells);
  scan_cells_ = static_cast<int>(std::min(kScanBlocks / blocks_per_cell, 1e9f));
  for (std::size_t i = 0; i < boxes_.size(); ++i) {
    const Aabb& b = boxes_[i];
    for_each_cell(b, [&](std::size_t c) {
      const std::uint32_t lane = cursor_[c]++;
      Block& block = blocks_[lane / 4];  // the structure of arrays: box i goes to one lane
      const int j = static_cast<int>(lane % 4);
      for (int a = 0; a < 3; ++a) {
        block.lo[a][j] = b.min[a];
        block.hi[a][j] = b.max[a];
      }
      lane_box_[lane] = static_cast<std::uint32_t>(i);
    });
  }
  for (std::size_t c = 0; c < cells; ++c)
    pad_tail(cursor_[c], cell_block_[c + 1] * 4);
  // The occupancy table pays where most of its squares are empty, so that "no box near"
  // answers many queries; where boxes are dense it would only add its cost.
  occupancy_ = sparse(boxes_, bounds_, cell_size_ / kFine);
  if (occupancy_) build_occupancy();
}

// The lanes a cell's list leaves empty in its last block: boxes that are never hit.
void StaticGrid::pad_tail(std::uint32_t from, std::uint32_t to) {
  for (std::uint32_t lane = from; lane < to; ++lane) {
    Block& block = blocks_[lane / 4];
    for (int a = 0; a < 3; ++a)
      block.lo[a][lane % 4] = block.hi[a][lane % 4] = kPadding;
    lane_box_[lane] = kNoBox;
  }
}

// Where a coordinate falls along axis 0 (x) or 2 (z), clamped to the grid. Building and
// querying use this same monotonic function, so a box and a region that overlap always share
// a cell. (Truncation equals floor here: anything below 0 is clamped to cell 0 first.)
int StaticGrid::cell_index(float v, int axis) const {
  const int n = axis == 0 ? nx_ : nz_;
  const float c = (v - bounds_.min[axis]) * inv_cell_;
  return static_cast<int>(std::clamp(c, 0.0f, static_cast<float>(n - 1)));
}

std::optional<StaticGrid::Hit> StaticGrid::first_hit(const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius) const {
  if (boxes_.empty()) return std::nullopt;
  // The setup runs in SIMD lanes (simd.hpp): x, y and z at once.
  const simd::F4 from = simd::load(p0, 0.0f), to = simd::load(p1, 0.0f);
  const simd::F4 r4 = simd::splat(radius);  // (w lanes: 0 - r and r, which never decide)
  const simd::F4 swept_min = simd::min(from, to) - r4, swept_max = simd::max(from, to) + r4;
  const float far =
      std::max(bounds_far_, simd::hmax(simd::max(simd::abs(swept_min), simd::abs(swept_max))));
  // Infinite, absurdly far out, a NaN box (bounds_far_ is then infinite) or a negative radius
  // (which can turn a box inside out, wider than itself): never in a game; the reference
  // itself answers.
  if (!(far < kFarLimit) || radius < 0.0f) return first_hit_brute_force(boxes_, p0, p1, radius);
  // The cells to visit come from the swept bounds grown by a slack (1 mm plus 30 ppm of the
  // largest coordinate, the grid's included), which dwarfs float rounding in segment_vs_aabb
  // and in the cell walk below (~0.1 ppm): no cell holding a box the slab test would report
  // is ever left out, and the first hit is bit-identical to brute force.
  const float slack = 1e-3f + 3e-5f * far;
  const simd::F4 slack4 = simd::splat(slack);
  const simd::F4 cull_min = swept_min - slack4, cull_max = swept_max + slack4;
  // Outside the grid's bounds: nothing to hit. A NaN end fails this test too (simd::min and max
  // may drop it from the bounds, d keeps it): brute force answers.
  const simd::F4 d4 = to - from;  // as segment_vs_aabb: d = p1 - p0, then 1 / d per axis
  if (!simd::all((cull_min <= bounds_max_) & (cull_max >= bounds_min_) & (d4 == d4))) {
    if (simd::all(d4 == d4)) return std::nullopt;
    return first_hit_brute_force(boxes_, p0, p1, radius);
  }

  // No box near the segment at all (often, where boxes are sparse): nothing to hit.
  if (occupancy_ && nothing_near(cull_min, cull_max)) return std::nullopt;

  Segment4 s;
  const simd::F4 inv_d = simd::splat(1.0f) / d4;
  for (int a = 0; a < 3; ++a) {
    s.from[a] = simd::splat(from[a]);
    s.inv[a] = simd::splat(inv_d[a]);
  }
  s.radius = r4;
  s.parallel = simd::bits(simd::abs(d4) < simd::splat(1e-12f)) & 7;

  // Earliest t wins, and equal t goes to the lower box index, as in brute force, so the order
  // the cells are visited in cannot change the answer. No "seen" marks: a box listed in two
  // cells may be tested twice, which gives the same t and cannot replace itself.
  std::uint32_t best = kNoBox;
  float best_t = 1.0f;
  simd::F4 best_t4 = simd::splat(1.0f);  // best_t in every lane
  auto scan = [&](auto parallel, std::uint32_t first, std::uint32_t last) {
    for (std::uint32_t k = first; k < last; ++k) {
      const Hits4 h = hits4<parallel()>(blocks_[k], s, best_t4);
      if (h.mask == 0) continue;
      float enter[4];  // rare: boxes entered no later than the best so far
      std::memcpy(enter, &h.enter, sizeof enter);
      for (int hit = h.mask; hit != 0; hit &= hit - 1) {
        const int lane = std::countr_zero(static_cast<unsigned>(hit));
        const std::uint32_t box = lane_box_[4 * k + static_cast<std::uint32_t>(lane)];
        const float t = enter[lane];
        if (t < best_t || (t == best_t && box < best)) {
          best = box;
          best_t = t;
          best_t4 = simd::splat(t);
        }
      }
    }
  };
  // The cells [xa..xb] x [za..zb]: the blocks of a row of cells are adjacent, one run each.
  auto visit = [&](auto parallel, int xa, int xb, int za, int zb) {
    for (int z = za; z <= zb; ++z) {
      const auto row = static_cast<std::size_t>(z) * static_cast<std::size_t>(nx_);
      scan(parallel, cell_block_[row + static_cast<std::size_t>(xa)],
           cell_block_[row + static_cast<std::size_t>(xb) + 1]);
    }
  };

  // cell_index() for the bounds' corners, both at once: the same arithmetic, lane by lane.
  const simd::F4 inv_cell = simd::splat(inv_cell_), zero = simd::splat(0.0f);
  const simd::I4 cells_lo = __builtin_convertvector(
      simd::min(last_cell_, simd::max(zero, (cull_min - grid_min_) * inv_cell)), simd::I4);
  const simd::I4 cells_hi = __builtin_convertvector(
      simd::min(last_cell_, simd::max(zero, (cull_max - grid_min_) * inv_cell)), simd::I4);
  const int x0 = cells_lo[0], x1 = cells_hi[0], z0 = cells_lo[2], z1 = cells_hi[2];
  // A short segment spans few cells: scanning all those under its bounds costs less than
  // setting up the walk below (the arena's 8 m cells, a 5 m bullet step: 1 to 4 cells).
  const bool walk = (x1 - x0 + 1) * (z1 - z0 + 1) > scan_cells_ && (s.parallel & 5) == 0;
  auto search = [&](auto parallel) {
    if (!walk) return visit(parallel, x0, x1, z0, z1);
    // The cell walk (a 2D DDA, after Amanatides & Woo): visit the columns along the segment
    // in the order it enters them, and stop once the next is entered later than the best hit
    // so far: nothing in it or beyond can come first. A box found in an earlier cell may
    // reach into later ones and be hit there, late, so a hit alone does not end the walk;
    // only the entry t of the next cell does. The bullet is a sphere, not a point, so the
    // walk follows a thick segment: a cell counts as entered once the segment comes within
    // `margin` (radius plus slack) of it. Per axis that makes a window of cell indices
    // [lo, hi], one or two wide, that grows as the segment moves; a new index k entering at
    // parameter t brings in a line of cells (k times the other window), all entered at t. A
    // box hit at t overlaps some cell entered before t (the slack covers rounding, here and
    // in cell_index), so walking until the next entry exceeds the best t, strictly (a box
    // entered at the same t may have a lower index), finds exactly the hit brute force finds.
    const float margin = radius + slack;
    const float origin[2] = {p0.x, p0.z};
    const float delta[2] = {d4[0], d4[2]};
    const float grid_min[2] = {bounds_.min.x, bounds_.min.z};
    const int n[2] = {nx_, nz_};
    int lo[2], hi[2];      // the window: cell indices the thick segment touches so far
    int next[2], step[2];  // the index that enters next, and which way the segment moves
    float wall_offset[2];  // where it enters: the near wall of cell `next`, pushed out by margin
    float inv[2];          // 1 / d: finite, since the walk needs d.x and d.z non-zero
    float t_enter[2];      // when `next` enters (infinity: never)
    // Wall k of an axis lies at grid_min + k * cell_size_; the edge cells reach out to
    // infinity (cell_index clamps), so the walk stops at the grid's ends.
    auto entry_t = [&](int a) {
      if (next[a] < 0 || next[a] >= n[a]) return std::numeric_limits<float>::infinity();
      const int wall = next[a] + (step[a] > 0 ? 0 : 1);
      return (grid_min[a] + static_cast<float>(wall) * cell_size_ + wall_offset[a] - origin[a]) *
             inv[a];
    };
    for (int a = 0; a < 2; ++a) {
      const float top = static_cast<float>(n[a] - 1);  // as cell_index()
      lo[a] =
          static_cast<int>(std::clamp((origin[a] - margin - grid_min[a]) * inv_cell_, 0.0f, top));
      hi[a] =
          static_cast<int>(std::clamp((origin[a] + margin - grid_min[a]) * inv_cell_, 0.0f, top));
      inv[a] = 1.0f / delta[a];
      step[a] = delta[a] > 0.0f ? 1 : -1;
      next[a] = step[a] > 0 ? hi[a] + 1 : lo[a] - 1;
      wall_offset[a] = step[a] > 0 ? -margin : margin;
      t_enter[a] = entry_t(a);
    }
    // First the cells around the start (entered at t <= 0), then each line of cells that an
    // index entering a window brings in.
    int block_lo[2] = {lo[0], lo[1]};
    int block_hi[2] = {hi[0], hi[1]};
    for (;;) {
      visit(parallel, block_lo[0], block_hi[0], block_lo[1], block_hi[1]);
      const int a = t_enter[1] < t_enter[0] ? 1 : 0;  // the window that grows next
      // The early stop: the next cells are entered after the segment ends or after the best
      // hit so far (strictly after: a box they hold at the same t could have a lower index).
      if (!(t_enter[a] <= best_t)) break;  // (best_t <= 1; also ends the walk on NaN)
      const int k = next[a];
      next[a] += step[a];
      t_enter[a] = entry_t(a);
      // The new line: index k on this axis, the window so far on the other. (Windows only
      // grow: cells the segment has already left stay in them, at a small cost.)
      lo[a] = std::min(lo[a], k);
      hi[a] = std::max(hi[a], k);
      block_lo[1 - a] = lo[1 - a];
      block_hi[1 - a] = hi[1 - a];
      block_lo[a] = block_hi[a] = k;
    }
  };
  if (s.parallel == 0)
    search(std::false_type{});
  else
    search(std::true_type{});
  if (best == kNoBox) return std::nullopt;
  // The winner's normal, as segment_vs_aabb picks it: the face of the slab entered last (the
  // first axis, x then y then z, whose entry t is the hit's t), against the motion along it; a
  // segment that starts inside (t = 0) gets the face of its dominant axis.
  Hit found{static_cast<int>(best), SegmentHit{best_t, glm::vec3(0.0f)}};
  const Aabb& box = boxes_[best];
  const simd::F4 t0 = (simd::load(box.min, 0.0f) - s.radius - from) * inv_d;
  const simd::F4 t1 = (simd::load(box.max, 0.0f) + s.radius - from) * inv_d;
  const int entered = simd::bits(simd::min(t0, t1) == simd::splat(best_t)) & ~s.parallel & 7;
  if (best_t > 0.0f && entered != 0) {
    // Lane by lane, no branch on which axis: +1 or -1 by the slab's direction, kept only in
    // the lowest entered axis's lane (entered & -entered: its bit alone).
    const simd::F4 sign = simd::select(t0 > t1, simd::splat(1.0f), simd::splat(-1.0f));
    found.hit.normal =
        simd::xyz(simd::select(simd::mask(entered & -entered), sign, simd::splat(0.0f)));
  } else {
    int axis = 0;
    for (int a = 1; a < 3; ++a)
      if (std::fabs(d4[a]) > std::fabs(d4[axis])) axis = a;
    found.hit.normal[axis] = d4[axis] > 0.0f ? -1.0f : 1.0f;
  }
#ifndef NDEBUG
  const auto check = segment_vs_aabb(p0, p1, box.grown(radius));  // the same, bit for bit
  assert(check && check->t == best_t && check->normal == found.hit.normal);
#endif
  return found;
}

}  // namespace flatline
