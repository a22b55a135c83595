// StaticGrid: the uniform-grid broad phase over static boxes (static_grid.cpp). It answers
// what first_hit_brute_force (physics/collision.hpp), the scalar reference, answers, and
// tests check the two agree hit for hit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec3.hpp>

#include "lab/accel/simd.hpp"
#include "physics/collision.hpp"

namespace flatline {

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

  using Hit = BoxHit;
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

}  // namespace flatline
