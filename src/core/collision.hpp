// Continuous collision: a bullet is a segment per tick, not a point.
//
// A bullet at 300 m/s moves 5 m per 60 Hz tick. Testing only where it ends up
// (a discrete test) lets it pass straight through anything thinner than that:
// tunnelling. Instead each tick sweeps the segment from its old to its new
// position against every box it could touch and takes the earliest hit.
// A swept sphere of radius r is tested as a segment against the box grown by r
// (exact on faces, slightly generous at edges and corners).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "core/simd.hpp"

namespace flatline {

struct Aabb {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};

  glm::vec3 center() const { return (min + max) * 0.5f; }
  glm::vec3 size() const { return max - min; }
  bool contains(const glm::vec3& p) const;
  bool overlaps(const Aabb& other) const;
  Aabb grown(float r) const { return {min - glm::vec3(r), max + glm::vec3(r)}; }
};

struct SegmentHit {
  float t = 1.0f;          // 0..1 along the segment
  glm::vec3 normal{0.0f};  // face normal of the box at the hit
};

// Slab test of the segment p0 -> p1 against a box. A segment starting inside
// the box hits at t = 0, with the normal facing against its direction.
std::optional<SegmentHit> segment_vs_aabb(const glm::vec3& p0, const glm::vec3& p1,
                                          const Aabb& box);

// What a discrete test sees: only the end point of the tick.
inline bool discrete_hit(const glm::vec3& end, const Aabb& box) {
  return box.contains(end);
}

// Broad phase for static geometry: a uniform grid of cells, each listing the boxes
// that overlap it (flat arrays, built once, or rebuilt in place when boxes move). A
// query visits only cells near the segment, so its cost follows the local geometry, not
// the total: a short segment scans the few cells its bounds cover; a longer one walks the
// cells in the order it enters them (a 3D DDA) and stops as soon as the next cell is
// entered after the best hit so far (an early stop). Queries write nothing: threads may
// share one grid.
class StaticGrid {
 public:
  StaticGrid() = default;
  StaticGrid(std::span<const Aabb> boxes, float cell_size);
  // Builds again for boxes that moved (same cell size), reusing the arrays: once they are
  // big enough, a rebuild every tick allocates nothing.
  void rebuild(std::span<const Aabb> boxes);

  struct Hit {
    int box = -1;
    SegmentHit hit;
  };
  // Earliest hit of the segment (swept sphere of `radius`) against the boxes.
  std::optional<Hit> first_hit(const glm::vec3& p0, const glm::vec3& p1, float radius) const;

  std::span<const Aabb> boxes() const { return boxes_; }

 private:
  int cell_index(float v, int axis) const;

  std::vector<Aabb> boxes_;
  // The boxes again as SIMD rows (w: -1 and +1, a lane that never decides), for the
  // candidate tests: two aligned loads and a few lane-wise instructions per box.
  struct Rows {
    simd::F4 min;
    simd::F4 max;
  };
  std::vector<Rows> rows_;
  Aabb bounds_;
  Rows bounds_rows_{};             // bounds_, as rows
  simd::F4 grid_min_{};            // bounds_.min (w: 0)
  simd::F4 last_cell_{};           // nx - 1, ny - 1, nz - 1 as floats (w: 0): cell_index()'s clamp
  float entries_per_cell_ = 0.0f;  // the average length of a cell's box list
  float bounds_far_ = 0.0f;        // the largest |coordinate| of bounds_ (for the rounding slack)
  float cell_size_ = 1.0f;
  float inv_cell_ = 1.0f;
  int nx_ = 0, ny_ = 0, nz_ = 0;
  std::vector<std::uint32_t> cell_start_;  // CSR: boxes of cell c are
  std::vector<std::uint32_t> cell_boxes_;  // cell_boxes_[cell_start_[c] .. cell_start_[c+1]]
  std::vector<std::uint32_t> cursor_;      // scratch for building
};

// Brute force over a list of boxes: the reference the grid must agree with.
std::optional<StaticGrid::Hit> first_hit_brute_force(std::span<const Aabb> boxes,
                                                     const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius);

}  // namespace flatline
