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
// cells in the order it enters them (a 2D DDA) and stops as soon as the next cell is
// entered after the best hit so far (an early stop). Before either, a table of box counts over
// finer squares (summed-area) answers "no box anywhere near" in four loads: the common case
// where boxes are sparse. Queries write nothing: threads may share one grid.
//
// The cells are columns (x and z only): the arena is wide and flat (60 m x 60 m, 6 m
// high), so splitting its height would only list most boxes twice. A cell's boxes are
// stored as a structure of arrays in blocks of four (each block: the four boxes' min x,
// min y, ... in SIMD lanes), so one run of lane-wise instructions tests four boxes at
// once, exactly: the same IEEE operations as segment_vs_aabb, so the t it finds is
// bit-identical and the scalar test runs once per query, for the winner's normal.
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

  // Four boxes side by side, a structure of arrays: lane j of lo[a] is box j's min on axis a.
  // A cell whose list does not fill its last block pads it with boxes no segment can hit.
  struct Block {
    simd::F4 lo[3];
    simd::F4 hi[3];
  };

 private:
  int cell_index(float v, int axis) const;
  void build_occupancy();
  bool nothing_near(simd::F4 lo, simd::F4 hi) const;
  void pad_tail(std::uint32_t from, std::uint32_t to);

  std::vector<Aabb> boxes_;
  Aabb bounds_;
  simd::F4 bounds_min_{};    // bounds_ as SIMD rows (w: -1 and +1, a lane that never
  simd::F4 bounds_max_{};    // decides), for the query's first cull
  simd::F4 grid_min_{};      // bounds_.min (w: 0)
  simd::F4 last_cell_{};     // nx - 1, 0, nz - 1 as floats (w: 0): cell_index()'s clamp
  int scan_cells_ = 0;       // a segment whose bounds cover more cells than this walks them
  float bounds_far_ = 0.0f;  // the largest |coordinate| of bounds_ (rounding slack); inf: a NaN
  float cell_size_ = 1.0f;
  float inv_cell_ = 1.0f;
  int nx_ = 0, nz_ = 0;                    // columns along x and z; cell (x, z) is z * nx_ + x
  std::vector<Block> blocks_;              // CSR: the boxes of cell c are the blocks
  std::vector<std::uint32_t> cell_block_;  // blocks_[cell_block_[c] .. cell_block_[c+1]]
  std::vector<std::uint32_t> lane_box_;    // box index of each block lane (4 per block)
  // The occupancy table (static_grid_occupancy.hpp): box counts over finer squares, summed.
  std::vector<std::uint32_t> area_;
  bool occupancy_ = false;             // whether area_ is built and used (boxes are sparse)
  std::size_t area_stride_ = 0;        // squares along x, plus 2
  simd::F4 inv_fine_{};                // 1 / the squares' size (x and z; y and w: 0)
  simd::F4 last_fine_{};               // the last square along x and z, as floats
  std::vector<std::uint32_t> cursor_;  // scratch for building: next free lane per cell
};

// Brute force over a list of boxes: the reference the grid must agree with.
std::optional<StaticGrid::Hit> first_hit_brute_force(std::span<const Aabb> boxes,
                                                     const glm::vec3& p0, const glm::vec3& p1,
                                                     float radius);

}  // namespace flatline
