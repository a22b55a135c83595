#include "lab/accel/clearance_grid.hpp"

#include <algorithm>
#include <initializer_list>
#include <limits>
#include <mutex>
#include <stdexcept>

namespace flatline {
namespace {

constexpr float kReach = 8.0f;  // free boxes end this far past the obstacles: > a 5 m tick
// Candidate lists cover the cell grown by this much: a 300 m/s bullet moves 5 m a tick.
constexpr float kNearReach = 6.0f;
// The close lists cover the cell grown by this much: enough for a slow bullet's tick (25 m/s
// moves 0.42 m) and for most of a fast one's that starts well inside its cell.
constexpr float kCloseReach = 0.75f;
constexpr int kMaxRounds = 128;  // 1 m steps: the farthest any face can need in the arena

bool overlaps_on(const Aabb& a, const Aabb& b, int axis) {
  return a.min[axis] <= b.max[axis] && a.max[axis] >= b.min[axis];
}

// Pushes one face of `box` (axis, +1 or -1) out by at most `step`, stopping `kMargin`
// short of the nearest obstacle ahead that overlaps the box on the two other axes.
// Returns true if the face moved.
bool grow_face(Aabb& box, int axis, int side, float step, std::span<const Aabb> obstacles,
               const Aabb& reach) {
  const int u = (axis + 1) % 3;
  const int v = (axis + 2) % 3;
  float limit = side > 0 ? box.max[axis] + step : box.min[axis] - step;
  for (const Aabb& o : obstacles) {
    if (!overlaps_on(box, o, u) || !overlaps_on(box, o, v)) continue;
    if (side > 0 && o.min[axis] >= box.max[axis]) limit = std::min(limit, o.min[axis]);
    if (side < 0 && o.max[axis] <= box.min[axis]) limit = std::max(limit, o.max[axis]);
  }
  float& face = side > 0 ? box.max[axis] : box.min[axis];
  const float moved = std::clamp(limit, reach.min[axis], reach.max[axis]);
  if (side > 0 ? moved <= face : moved >= face) return false;
  face = moved;
  return true;
}

// Grows `box` face by face, `step` at a time, round-robin over the axes of each phase in
// turn, until no face of that phase can move. The phases decide its shape: the free space
// is not a box, so around a cell there are many maximal free boxes and no single best one.
Aabb grow_free_box(Aabb box, std::initializer_list<std::initializer_list<int>> phases, float step,
                   std::span<const Aabb> obstacles, const Aabb& reach) {
  for (const auto& axes : phases)
    for (int round = 0; round < kMaxRounds; ++round) {
      bool moved = false;
      for (int axis : axes)
        for (int side : {1, -1})
          moved = grow_face(box, axis, side, step, obstacles, reach) || moved;
      if (!moved) break;
    }
  return box;
}

// A blocked cell's free box: min > max, it holds no point.
const Aabb kBlocked{glm::vec3(1.0f), glm::vec3(-1.0f)};

}  // namespace

ClearanceGrid::Batch::Batch(const ClearanceGrid& grid)
    : min_x_(simd::splat(grid.bounds_min_[0])),
      min_y_(simd::splat(grid.bounds_min_[1])),
      min_z_(simd::splat(grid.bounds_min_[2])),
      max_x_(simd::splat(grid.bounds_max_[0])),
      max_y_(simd::splat(grid.bounds_max_[1])),
      max_z_(simd::splat(grid.bounds_max_[2])),
      inv_x_(simd::splat(grid.inv_cell4_[0])),
      inv_y_(simd::splat(grid.inv_cell4_[1])),
      inv_z_(simd::splat(grid.inv_cell4_[2])),
      n_x_(simd::splat(grid.cells_[0])),
      n_y_(simd::splat(grid.cells_[1])),
      n_z_(simd::splat(grid.cells_[2])),
      last_x_(simd::splat(grid.last_cell_[0])),
      last_y_(simd::splat(grid.last_cell_[1])),
      last_z_(simd::splat(grid.last_cell_[2])),
      free_(grid.free_.data()) {}

ClearanceGrid::ClearanceGrid(std::span<const Aabb> obstacles, const glm::vec3& cell_size)
    : obstacles_(obstacles.begin(), obstacles.end()), inv_cell_(1.0f / cell_size) {
  // Candidate lists hold 16-bit indices: an arena, its targets, and the broad-phase bench.
  if (obstacles.size() > kMaxObstacles)
    throw std::length_error("ClearanceGrid: at most 65535 obstacles");
  if (obstacles.empty()) {  // nothing to hit: every segment lies outside empty bounds
    constexpr float kInf = std::numeric_limits<float>::infinity();
    bounds_min_ = simd::splat(kInf);  // so clear() and Batch answer "outside" for anything
    bounds_max_ = simd::splat(-kInf);
    nx_ = ny_ = nz_ = 1;  // and the one cell they read (then ignore) exists
    cells_ = simd::splat(1.0f);
    free_.assign(1, FreeBoxes{to_rows(kBlocked), to_rows(kBlocked)});
    return;
  }
  // The obstacles grown by the margin: free boxes are built against these.
  std::vector<Aabb> grown;
  grown.reserve(obstacles.size());
  for (const Aabb& o : obstacles)
    grown.push_back(o.grown(kMargin));
  bounds_ = grown.front();
  for (const Aabb& o : grown) {
    bounds_.min = glm::min(bounds_.min, o.min);
    bounds_.max = glm::max(bounds_.max, o.max);
  }
  const glm::vec3 extent = bounds_.size() * inv_cell_;
  nx_ = static_cast<unsigned>(std::max(1.0f, std::ceil(extent.x)));
  ny_ = static_cast<unsigned>(std::max(1.0f, std::ceil(extent.y)));
  nz_ = static_cast<unsigned>(std::max(1.0f, std::ceil(extent.z)));
  const std::size_t cells = static_cast<std::size_t>(nx_) * ny_ * nz_;
  // Batch::clear() builds cell indices in floats, exact for whole numbers below 2^24.
  if (cells >= (std::size_t{1} << 24)) throw std::length_error("ClearanceGrid: 2^24 cells or more");
  constexpr float kInf = std::numeric_limits<float>::infinity();
  bounds_min_ = simd::load(bounds_.min, -kInf);
  bounds_max_ = simd::load(bounds_.max, kInf);
  grid_origin_ = simd::load(bounds_.min, 0.0f);
  inv_cell4_ = simd::load(inv_cell_, 1.0f);
  cells_ =
      simd::F4{static_cast<float>(nx_), static_cast<float>(ny_), static_cast<float>(nz_), 1.0f};
  last_cell_ = cells_ - simd::F4{1.0f, 1.0f, 1.0f, 1.0f};
  // The probe's slack: the whole margin (a target may stand half of it outside its
  // obstacle), plus 1 mm and 30 ppm of the farthest coordinate for rounding, as in
  // StaticGrid::first_hit: micrometres of rounding against a centimetre of room.
  const glm::vec3 far = glm::max(glm::abs(bounds_.min), glm::abs(bounds_.max));
  const float slack = kMargin + 1e-3f + 3e-5f * std::max(far.x, std::max(far.y, far.z));
  probe_rows_.reserve(obstacles.size());
  for (const Aabb& o : obstacles) {
    const Aabb g = o.grown(slack);
    probe_rows_.push_back(FreeBox{simd::load(g.min, -1.0f), simd::load(g.max, 1.0f)});
  }
  free_.assign(cells, FreeBoxes{to_rows(kBlocked), to_rows(kBlocked)});
  const Aabb reach = bounds_.grown(kReach);
  const float step = 2.0f;  // metres per round: coarse, but the last step stops at the obstacle
  near_.resize(cells);
  close_.resize(cells);
  for (unsigned z = 0; z < nz_; ++z)
    for (unsigned y = 0; y < ny_; ++y)
      for (unsigned x = 0; x < nx_; ++x) {
        const glm::vec3 lo = bounds_.min + glm::vec3(x, y, z) * cell_size;
        const Aabb cell{lo, lo + cell_size};
        const std::size_t c = (static_cast<std::size_t>(z) * ny_ + y) * nx_ + x;
        // The neighbourhood's candidates (cells are visited in index order: CSR append).
        near_[c] = cell.grown(kNearReach);
        near_lists_.add(near_[c], grown);
        close_[c] = cell.grown(kCloseReach);
        close_lists_.add(close_[c], grown);
        const bool touches = std::any_of(grown.begin(), grown.end(),
                                         [&](const Aabb& o) { return cell.overlaps(o); });
        if (touches) continue;  // a cell with an obstacle in it always asks the exact query
        free_[c].flat = to_rows(
            grow_free_box(cell, {{0, 2}, {1}}, step, grown, reach));  // sideways, then up/down
        free_[c].tall = to_rows(
            grow_free_box(cell, {{1}, {0, 2}}, step, grown, reach));  // up/down, then sideways
      }
}

ClearanceGrid::FreeBox ClearanceGrid::to_rows(const Aabb& box) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  return FreeBox{simd::load(box.min, -kInf), simd::load(box.max, kInf)};
}

std::shared_ptr<const ClearanceGrid> shared_clearance_grid(std::span<const Aabb> obstacles,
                                                           const glm::vec3& cell_size) {
  static std::mutex mutex;
  static glm::vec3 built_cell{0.0f};
  static std::shared_ptr<const ClearanceGrid> grid;
  const auto same = [&] {
    const std::span<const Aabb> built = grid->obstacles();
    return built_cell == cell_size && std::equal(obstacles.begin(), obstacles.end(), built.begin(),
                                                 built.end(), [](const Aabb& a, const Aabb& b) {
                                                   return a.min == b.min && a.max == b.max;
                                                 });
  };
  const std::lock_guard<std::mutex> lock(mutex);
  if (!grid || !same()) {
    grid = std::make_shared<const ClearanceGrid>(obstacles, cell_size);
    built_cell = cell_size;
  }
  return grid;
}

bool ClearanceGrid::covers(std::size_t obstacle, const Aabb& box) const {
  // Half the margin of slack: a target at the end of its sway may round an ulp past the
  // box computed from home ± |sway|, and the free boxes still keep kMargin / 2 from it.
  const Aabb outer = obstacles_[obstacle].grown(kMargin * 0.5f);
  return box.min.x >= outer.min.x && box.min.y >= outer.min.y && box.min.z >= outer.min.z &&
         box.max.x <= outer.max.x && box.max.y <= outer.max.y && box.max.z <= outer.max.z;
}

}  // namespace flatline
