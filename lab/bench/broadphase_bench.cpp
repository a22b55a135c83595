// The broad phase: what a uniform grid saves over testing every box.
//
// Each tick a bullet sweeps a segment (5 m: 300 m/s at 60 Hz) and needs the first box
// it hits. Brute force runs the slab test (segment_vs_aabb) against every box, so its
// cost grows with the box count. flatline::StaticGrid (the broad phase the arena uses)
// visits only the cells under the segment, so its cost follows the boxes near the
// bullet, not the total. Measured here, in one run, for 64, 256, 1024 and 4096 random
// boxes in an arena-sized volume (60 m x 60 m, 6 m high), seeded:
//   brute/N        ns per bullet, scalar brute force (first_hit_brute_force);
//   grid/N         ns per bullet, StaticGrid with 8 m cells (what the arena uses);
//   grid_fit/N     ns per bullet, StaticGrid with cells fitted to the boxes and the bullet
//                  (fitted_cell: about four boxes a column, half a step to a step wide);
//   grid_step/N    ns per bullet, StaticGrid with cells half a bullet step wide (2.5 m);
//   rebuild/N      one in-place grid rebuild: the cost per tick if the boxes moved;
//   clearance/N    ns per bullet, the game's bullet broad phase for static geometry
//                  (ClearanceGrid: free boxes built at load, then the boxes near the cell).
// Before timing, every benchmark checks that its grid finds exactly the first hit that
// brute force finds for every bullet (box, t and normal); a mismatch fails the run.
// scripts/bench_render.sh runs this and prints the speed-ups.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "lab/accel/static_grid.hpp"
#include "lab/kernel/bullet_clearance.hpp"
#include "sim/rng.hpp"

namespace {

using flatline::Aabb;
using flatline::StaticGrid;

constexpr float kHalf = 30.0f;       // the arena: 60 m square
constexpr float kHeight = 6.0f;      // wall height
constexpr float kTickLength = 5.0f;  // 300 m/s for 1/60 s
constexpr float kRadius = 0.03f;     // WorldConfig::bullet_radius
constexpr float kGameCell = 8.0f;    // make_arena(): StaticGrid(arena.solids, 8.0f)
constexpr std::size_t kBullets = 8192;
constexpr std::uint64_t kBoxSeed = 11;
constexpr std::uint64_t kBulletSeed = 12;

// Targets and cover: 0.4 to 2 m boxes standing anywhere in the arena volume.
std::vector<Aabb> make_boxes(std::size_t count) {
  flatline::Rng rng(kBoxSeed + count);
  std::vector<Aabb> boxes(count);
  for (Aabb& box : boxes) {
    const glm::vec3 size{rng.uniform(0.4f, 2.0f), rng.uniform(0.4f, 2.0f), rng.uniform(0.4f, 2.0f)};
    const glm::vec3 min{rng.uniform(-kHalf, kHalf - size.x), rng.uniform(0.0f, kHeight - size.y),
                        rng.uniform(-kHalf, kHalf - size.z)};
    box = {min, min + size};
  }
  return boxes;
}

struct Segment {
  glm::vec3 p0;
  glm::vec3 p1;
};

// One tick of a bullet: a random start in the arena, a random direction, 5 m long.
std::vector<Segment> make_bullets() {
  flatline::Rng rng(kBulletSeed);
  std::vector<Segment> bullets(kBullets);
  for (Segment& s : bullets) {
    s.p0 = {rng.uniform(-kHalf, kHalf), rng.uniform(0.2f, kHeight), rng.uniform(-kHalf, kHalf)};
    glm::vec3 d{0.0f};
    do {  // uniform on the sphere: reject points outside the unit ball
      d = {rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f)};
    } while (glm::dot(d, d) > 1.0f || glm::dot(d, d) < 1e-4f);
    s.p1 = s.p0 + d * (kTickLength / std::sqrt(glm::dot(d, d)));
  }
  return bullets;
}

// Cells fitted to the boxes and to the bullet: StaticGrid tests a column's boxes four at a
// time (one block), so each column should hold about one block, four boxes (a side of
// sqrt(4 x area per box)); and the columns stay between half a bullet step and a whole one
// wide, so a step's bounds cover two or three columns per axis: fewer would mean long lists,
// more a loop per row of columns. (Measured with the cube root of the volume per box, clamped
// to 2..8 m, as before: 64 boxes 13.0-13.5 ns at 7.0 m vs 12.4-12.5 at 5 m; 1024 boxes
// 65.2-65.4 at 2.8 m vs 63.6-64.1 at 3.75 m; 4096 boxes 129 at 2 m vs 124.6 at 2.5 m.)
float fitted_cell(std::size_t boxes) {
  const float area_per_block = (2.0f * kHalf) * (2.0f * kHalf) * 4.0f / static_cast<float>(boxes);
  return std::clamp(std::sqrt(area_per_block), kTickLength / 2.0f, kTickLength);
}

const std::vector<Segment>& bullets() {
  static const std::vector<Segment> kAll = make_bullets();
  return kAll;
}

// The correctness gate: the grid and brute force agree on every bullet's first hit.
bool grid_agrees(const StaticGrid& grid, const std::vector<Aabb>& boxes) {
  for (const Segment& s : bullets()) {
    const auto g = grid.first_hit(s.p0, s.p1, kRadius);
    const auto b = flatline::first_hit_brute_force(boxes, s.p0, s.p1, kRadius);
    if (g.has_value() != b.has_value()) return false;
    if (g && (g->box != b->box || g->hit.t != b->hit.t || g->hit.normal != b->hit.normal))
      return false;
  }
  return true;
}

// ns per bullet: the counter is bullets per second, inverted.
void count_bullets(benchmark::State& state) {
  state.counters["per_bullet"] =
      benchmark::Counter(static_cast<double>(state.iterations() * bullets().size()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void bm_brute(benchmark::State& state) {
  const auto boxes = make_boxes(static_cast<std::size_t>(state.range(0)));
  int hits = 0;
  for (auto _ : state) {
    for (const Segment& s : bullets()) {
      const auto hit = flatline::first_hit_brute_force(boxes, s.p0, s.p1, kRadius);
      hits += hit.has_value();
      benchmark::DoNotOptimize(std::as_const(hit));
    }
  }
  benchmark::DoNotOptimize(hits);
  count_bullets(state);
}

void run_grid(benchmark::State& state, float cell) {
  const auto boxes = make_boxes(static_cast<std::size_t>(state.range(0)));
  const StaticGrid grid(boxes, cell);
  if (!grid_agrees(grid, boxes)) {
    state.SkipWithError("the grid disagrees with brute force on a first hit");
    return;
  }
  int hits = 0;
  for (auto _ : state) {
    for (const Segment& s : bullets()) {
      const auto hit = grid.first_hit(s.p0, s.p1, kRadius);
      hits += hit.has_value();
      benchmark::DoNotOptimize(std::as_const(hit));
    }
  }
  benchmark::DoNotOptimize(hits);
  count_bullets(state);
  state.counters["cell_m"] = cell;
}

void bm_grid(benchmark::State& state) {
  run_grid(state, kGameCell);
}
void bm_grid_fit(benchmark::State& state) {
  run_grid(state, fitted_cell(static_cast<std::size_t>(state.range(0))));
}
// StaticGrid's cells are columns (x and z) whose lists are tested four boxes at a time, so
// what a query costs follows the cells and rows it visits more than how full they are:
// columns half a step wide (2.5 m), which a 5 m step crosses in about three per axis.
void bm_grid_step(benchmark::State& state) {
  run_grid(state, kTickLength / 2.0f);
}

// The game's own broad phase for bullets against static geometry (accel/clearance_grid):
// a ClearanceGrid built at load proves most segments clear with one free-box test, and
// the rest test only the boxes near their cell, each screened by a SIMD slab probe. It
// costs a build (a second or more for thousands of boxes) and cannot follow moving boxes,
// where StaticGrid rebuilds in microseconds. Ties go to the lower box, as in brute force.
std::optional<StaticGrid::Hit> clearance_first_hit(const flatline::ClearanceGrid& grid,
                                                   const StaticGrid& fallback,
                                                   const std::vector<Aabb>& boxes,
                                                   const Segment& s) {
  if (grid.clear(s.p0, s.p1)) return std::nullopt;
  const flatline::ClearanceGrid::Candidates near = grid.candidates(s.p0, s.p1);
  if (!near.valid) return fallback.first_hit(s.p0, s.p1, kRadius);  // left its neighbourhood
  const flatline::ClearanceGrid::Probe probe = flatline::ClearanceGrid::probe(s.p0, s.p1);
  std::optional<StaticGrid::Hit> best;
  for (const std::uint16_t* i = near.begin; i != near.end; ++i) {  // ascending box indices
    if (!grid.may_hit(probe, *i)) continue;
    const auto hit = flatline::segment_vs_aabb(s.p0, s.p1, boxes[*i].grown(kRadius));
    if (hit && (!best || hit->t < best->hit.t)) best = StaticGrid::Hit{*i, *hit};
  }
  return best;
}

void bm_clearance(benchmark::State& state) {
  const auto boxes = make_boxes(static_cast<std::size_t>(state.range(0)));
  std::vector<Aabb> obstacles;  // what a bullet can hit: the boxes grown by its radius
  for (const Aabb& b : boxes)
    obstacles.push_back(b.grown(kRadius));
  const flatline::ClearanceGrid grid(obstacles, {2.0f, 0.5f, 2.0f});  // the game's cells
  const StaticGrid fallback(boxes, fitted_cell(boxes.size()));
  std::size_t proven_clear = 0;
  for (const Segment& s : bullets()) {  // the correctness gate, as for the grids
    const auto c = clearance_first_hit(grid, fallback, boxes, s);
    const auto b = flatline::first_hit_brute_force(boxes, s.p0, s.p1, kRadius);
    if (c.has_value() != b.has_value() || (c && (c->box != b->box || c->hit.t != b->hit.t))) {
      state.SkipWithError("the clearance grid disagrees with brute force on a first hit");
      return;
    }
    proven_clear += grid.clear(s.p0, s.p1);
  }
  int hits = 0;
  for (auto _ : state) {
    for (const Segment& s : bullets()) {
      const auto hit = clearance_first_hit(grid, fallback, boxes, s);
      hits += hit.has_value();
      benchmark::DoNotOptimize(std::as_const(hit));
    }
  }
  benchmark::DoNotOptimize(hits);
  count_bullets(state);
  state.counters["clear_frac"] =
      static_cast<double>(proven_clear) / static_cast<double>(bullets().size());
}

// Moving boxes invalidate a static grid: what rebuilding it in place costs each tick
// (StaticGrid::rebuild reuses its arrays). The boxes alternate between two positions.
void bm_rebuild(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::array<std::vector<Aabb>, 2> boxes = {make_boxes(n), make_boxes(n)};
  for (Aabb& b : boxes[1])  // the same boxes, 0.25 m along x and z
    b = {b.min + glm::vec3(0.25f, 0.0f, 0.25f), b.max + glm::vec3(0.25f, 0.0f, 0.25f)};
  const float cell = fitted_cell(n);
  StaticGrid grid(boxes[1], cell);
  std::size_t tick = 0;
  for (auto _ : state) {
    grid.rebuild(boxes[++tick % 2]);
    benchmark::DoNotOptimize(grid.boxes().data());
    benchmark::ClobberMemory();
  }
  state.counters["cell_m"] = cell;
}

void box_counts(benchmark::internal::Benchmark* b) {
  for (int n : {64, 256, 1024, 4096})
    b->Arg(n);
  b->Unit(benchmark::kMicrosecond);
}

}  // namespace

BENCHMARK(bm_brute)->Name("brute")->Apply(box_counts);
BENCHMARK(bm_grid)->Name("grid")->Apply(box_counts);
BENCHMARK(bm_grid_fit)->Name("grid_fit")->Apply(box_counts);
BENCHMARK(bm_grid_step)->Name("grid_step")->Apply(box_counts);
BENCHMARK(bm_rebuild)->Name("rebuild")->Apply(box_counts);
BENCHMARK(bm_clearance)->Name("clearance")->Apply(box_counts);

BENCHMARK_MAIN();
