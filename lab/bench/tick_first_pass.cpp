// The tick's first pass alone (every bullet's common case: integrate, the free-box test,
// list the rest), in two layouts, in the same run as the bound (tick_bench.cpp):
//   pass1/objects/N  fly_clear4 over the pool's Bullet objects, as the fast kernel runs it:
//                    four bullets' rows loaded and transposed into columns in registers.
//   pass1/columns/N  the same arithmetic over a structure of arrays (one array per field, as
//                    a pool that kept columns instead of objects would hold them): no
//                    transposes and no walk through the pool's list of live slots.
// The listed bullets are only counted, not resolved; both layouts must list the same number
// or the run fails. What this measures: how much storing the hot state as columns in the
// pool itself would buy the first pass, the one redesign of the bullet tick left to weigh
// (docs/lab/scaling.md).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

#include "lab/kernel/bullet_flight.hpp"
#include "lab/kernel/by_four.hpp"
#include "lab/kernel/fast_kernel.hpp"
#include "tick_bench.hpp"

namespace flatline::tick_bench {
namespace {

struct Columns {
  std::vector<float> x, y, z, prev_x, prev_y, prev_z, vx, vy, vz, age, travelled;
  void assign(const Bullet* b, std::size_t n) {
    for (auto* column : {&x, &y, &z, &prev_x, &prev_y, &prev_z, &vx, &vy, &vz, &age, &travelled})
      column->resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = b[i].pos.x, y[i] = b[i].pos.y, z[i] = b[i].pos.z;
      prev_x[i] = b[i].prev_pos.x, prev_y[i] = b[i].prev_pos.y, prev_z[i] = b[i].prev_pos.z;
      vx[i] = b[i].vel.x, vy[i] = b[i].vel.y, vz[i] = b[i].vel.z;
      age[i] = b[i].age, travelled[i] = b[i].travelled;
    }
  }
};

// fly_clear4's arithmetic, lane for lane, with each field loaded from and stored to its own
// column. n: a multiple of 4. Returns how many bullets it listed (their indices in `listed`).
[[gnu::noinline]] std::size_t first_pass_columns(Columns& c, std::size_t n, float dt,
                                                 const ClearanceGrid::Batch& grid, float lifetime,
                                                 float range, int* listed) {
  using simd::F4;
  const F4 step = simd::splat(dt), life = simd::splat(lifetime), reach = simd::splat(range);
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; i += 4) {
    const F4 x = simd::load16(&c.x[i]), y = simd::load16(&c.y[i]), z = simd::load16(&c.z[i]);
    const F4 vx = simd::load16(&c.vx[i]), vy = simd::load16(&c.vy[i]), vz = simd::load16(&c.vz[i]);
    const F4 age = simd::load16(&c.age[i]), travelled = simd::load16(&c.travelled[i]);
    const F4 nx = x + vx * step, ny = y + vy * step, nz = z + vz * step;
    const F4 dx = nx - x, dy = ny - y, dz = nz - z;
    const F4 new_age = age + step;
    const F4 new_travelled = travelled + simd::sqrt((dx * dx + dy * dy) + dz * dz);
    const int flies = grid.clear({x, y, z}, {nx, ny, nz}) &
                      simd::bits((new_age < life) & (new_travelled < reach));
    const simd::I4 m = simd::mask(flies);
    simd::store16(&c.prev_x[i], x);
    simd::store16(&c.prev_y[i], y);
    simd::store16(&c.prev_z[i], z);
    simd::store16(&c.x[i], simd::select(m, nx, x));
    simd::store16(&c.y[i], simd::select(m, ny, y));
    simd::store16(&c.z[i], simd::select(m, nz, z));
    simd::store16(&c.age[i], simd::select(m, new_age, age));
    simd::store16(&c.travelled[i], simd::select(m, new_travelled, travelled));
    for (int k = 0; k < 4; ++k) {
      listed[count] = static_cast<int>(i) + k;
      count += !((flies >> k) & 1);
    }
  }
  return count;
}

struct FirstPass {
  std::unique_ptr<World> world;
  Columns columns;
  std::vector<int> listed;
};

FirstPass& first_pass_for(std::size_t live) {
  static FirstPass f;
  if (!f.world || f.world->bullets.pool.capacity() != live) {
    f.world.reset();
    WorldConfig cfg;
    cfg.pools[kBullets].capacity = live;
    cfg.full_visual_cap = live;
    f.world = std::make_unique<World>(cfg);
    for (std::size_t i = 0; i < live; ++i)
      f.world->bullets.pool.acquire();
    f.listed.assign(live, 0);
  }
  return f;
}

void bm_first_pass(benchmark::State& state, bool columns, std::size_t live) {
  FirstPass& f = first_pass_for(live);
  World& world = *f.world;
  const std::vector<Bullet>& placed = placements(world);
  const std::size_t sets = std::min<std::size_t>(10, placed.size() / live);
  const std::shared_ptr<const ClearanceGrid> held = lab::FastBulletKernel(world).clearance();
  const ClearanceGrid& grid = *held;
  const ClearanceGrid::Batch batch(grid);
  const float lifetime = world.config.bullet_lifetime, range = world.config.bullet_range;
  std::size_t set = 0;
  const auto place = [&] {  // untimed: the next set of placements, in either layout
    const Bullet* from = placed.data() + (set++ % sets) * live;
    if (columns) {
      f.columns.assign(from, live);
    } else {
      world.bullets.pool.for_each_active([&](int, Bullet& b) { b = *from++; });
    }
  };
  const auto pass = [&]() -> std::size_t {
    if (columns)
      return first_pass_columns(f.columns, live, kDt, batch, lifetime, range, f.listed.data());
    std::size_t count = 0;
    lab::for_each_active_by_four(
        world.bullets.pool,
        [&](const int(&slots)[4], Bullet* const(&b)[4]) {
          const int flew = fly_clear4(b, kDt, batch, lifetime, range);
          for (int k = 0; k < 4; ++k) {
            f.listed[count] = slots[k];
            count += !((flew >> k) & 1);
          }
        },
        [&](int slot, Bullet& b) {
          f.listed[count] = slot;
          count += !fly_clear(b, kDt, grid, lifetime, range);
        });
    return count;
  };
  // Both layouts must give the same answers: the count listed from the first set, here
  // against the one-bullet-at-a-time fly_clear() over the placements themselves.
  std::vector<Bullet> check(placed.begin(), placed.begin() + static_cast<long>(live));
  std::size_t expected = 0;
  for (Bullet& b : check)
    expected += !fly_clear(b, kDt, grid, lifetime, range);
  place();
  if (pass() != expected) {
    state.SkipWithError("the first pass listed a different number of bullets");
    return;
  }
  const double overhead = timer_overhead();
  for (auto _ : state) {
    place();
    const double start = thread_seconds();
    const std::size_t listed = pass();
    state.SetIterationTime(std::max(0.0, thread_seconds() - start - overhead));
    benchmark::DoNotOptimize(listed);
    benchmark::ClobberMemory();
  }
  state.counters["bullets"] = static_cast<double>(live);
  state.counters["listed_frac"] = static_cast<double>(expected) / static_cast<double>(live);
}

}  // namespace

void register_first_pass_benchmarks(const std::size_t* sizes, std::size_t count) {
  char name[64];
  for (std::size_t i = 0; i < count; ++i) {
    for (const bool columns : {false, true}) {
      std::snprintf(name, sizeof name, "pass1/%s/%zu", columns ? "columns" : "objects", sizes[i]);
      benchmark::RegisterBenchmark(name, bm_first_pass, columns, sizes[i])
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond)
          ->MinTime(0.1);
    }
  }
}

}  // namespace flatline::tick_bench
