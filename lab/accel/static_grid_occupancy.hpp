// StaticGrid's occupancy table (static_grid.cpp): a quick "no box anywhere near" for a query.
//
// Where boxes are sparse (64 in the 60 m arena), most bullets pass no box at all, yet finding
// that out cell by cell costs a loop per row of cells and a loop per cell's blocks, each ending
// where the CPU cannot predict. A finer grid of squares (kFine x kFine per cell) counts the
// boxes over each square, stored as a summed-area table (an integral image): entry (i, j)
// holds the count of all squares x < i, z < j, so the boxes over any rectangle of squares are
// four loads and three subtractions, with no loop. Zero: the segment's bounds touch no box.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include <glm/glm.hpp>

#include "lab/accel/simd.hpp"
#include "lab/accel/static_grid.hpp"

namespace flatline {

// The squares per cell, along x and along z (measured with lab/bench/broadphase_bench.cpp: 4 beats
// 1 and 2 where boxes are sparse, and costs ~2% where they are dense).
inline constexpr int kFine = 4;

// Whether boxes are sparse enough for the table: most squares expected empty. The expected
// count of boxes over a square is their footprints, each grown by a square, over the area;
// taking boxes as scattered at random (a Poisson count), a square is empty with probability
// exp(-count), more than half below ln 2. (Measured: the bench's 64 and 256 boxes gain
// 15-25%; at 1024 and 4096 the table finds almost nothing and costs 3-5% a query.)
inline bool sparse(std::span<const Aabb> boxes, const Aabb& bounds, float square) {
  constexpr float kLn2 = 0.6931472f;
  const glm::vec3 size = bounds.size();
  double covered = 0.0;
  for (const Aabb& b : boxes) {
    const glm::vec3 s = glm::abs(b.max - b.min) + glm::vec3(square);
    covered += static_cast<double>(s.x) * static_cast<double>(s.z);
  }
  return covered < kLn2 * static_cast<double>(std::max(size.x, square)) *
                       static_cast<double>(std::max(size.z, square));
}

// Each box adds 1 to the squares it overlaps by the corners of its rectangle (a 2D difference
// array: +1, -1, -1, +1); one running sum over rows and columns turns that into counts per
// square, a second one into the summed-area table. (Counts wrap around in uint32: the sums and
// differences stay exact.) Square (x, z) is at area_[(z + 1) * area_stride_ + x + 1]; row and
// column 0 stay zeros.
inline void StaticGrid::build_occupancy() {
  const int fine_x = nx_ * kFine, fine_z = nz_ * kFine;
  inv_fine_ = simd::F4{inv_cell_ * kFine, 0.0f, inv_cell_ * kFine, 0.0f};
  last_fine_ = simd::F4{static_cast<float>(fine_x - 1), 0.0f, static_cast<float>(fine_z - 1), 0.0f};
  area_stride_ = static_cast<std::size_t>(fine_x) + 2;
  area_.resize(area_stride_ * (static_cast<std::size_t>(fine_z) + 4));  // +2 rows of scratch
  const float top_x = last_fine_[0], top_z = last_fine_[2];
  const auto square = [&](float v, int axis, float top) {  // nothing_near's, one lane
    return static_cast<std::size_t>(
        std::min(top, std::max(0.0f, (v - grid_min_[axis]) * inv_fine_[axis])));
  };
  const std::size_t w = area_stride_;
  std::fill(area_.begin(), area_.end(), 0u);
  for (const Aabb& b : boxes_) {
    const std::size_t x0 = square(std::min(b.min.x, b.max.x), 0, top_x) + 1;
    const std::size_t x1 = square(std::max(b.min.x, b.max.x), 0, top_x) + 2;
    const std::size_t z0 = (square(std::min(b.min.z, b.max.z), 2, top_z) + 1) * w;
    const std::size_t z1 = (square(std::max(b.min.z, b.max.z), 2, top_z) + 2) * w;
    area_[z0 + x0] += 1;
    area_[z0 + x1] -= 1;
    area_[z1 + x0] -= 1;
    area_[z1 + x1] += 1;
  }
  // Both running sums in one sweep, row by row: `column` sums the differences down each
  // column so far, its running sum along the row is the row's counts; `counts` sums those down
  // each column, its running sum along the row is the table's row. (The two scratch rows are
  // the last two of area_.)
  const std::size_t rows = area_.size() / w - 2;
  std::uint32_t* column = &area_[rows * w];
  std::uint32_t* counts = column + w;
  std::fill(column, column + 2 * w, 0u);
  for (std::size_t z = 1; z < rows; ++z) {
    std::uint32_t count = 0, sum = 0;
    for (std::size_t x = 1; x < w; ++x) {
      column[x] += area_[z * w + x];
      count += column[x];
      counts[x] += count;
      sum += counts[x];
      area_[z * w + x] = sum;
    }
  }
}

// Whether no box overlaps the squares under [lo, hi] (x and z lanes). The squares come from the
// same monotonic arithmetic as in build_occupancy, so a box that overlaps the bounds shares a
// square with them and is counted.
inline bool StaticGrid::nothing_near(simd::F4 lo, simd::F4 hi) const {
  const simd::F4 zero = simd::splat(0.0f);
  const simd::I4 first = __builtin_convertvector(
      simd::min(last_fine_, simd::max(zero, (lo - grid_min_) * inv_fine_)), simd::I4);
  const simd::I4 last = __builtin_convertvector(
      simd::min(last_fine_, simd::max(zero, (hi - grid_min_) * inv_fine_)), simd::I4);
  const std::size_t w = area_stride_;
  const auto xa = static_cast<std::size_t>(first[0]), xb = static_cast<std::size_t>(last[0]) + 1;
  const auto za = static_cast<std::size_t>(first[2]) * w;
  const auto zb = (static_cast<std::size_t>(last[2]) + 1) * w;
  return area_[zb + xb] - area_[za + xb] - area_[zb + xa] + area_[za + xa] == 0;
}

}  // namespace flatline
