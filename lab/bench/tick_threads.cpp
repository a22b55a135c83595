// The parallel tick against the bandwidth bound, on 1 and on 2 threads, in the same run as
// tick_bench.cpp's other benchmarks:
//   threads/bound/T/N   a STREAM triad over the footprint of N bullets (their state and
//                       instance records), split over T threads: the memory bandwidth T
//                       cores get together.
//   threads/update/T/N  the fast kernel's update (lab/kernel/fast_kernel.hpp) on a team of T
//                       threads, N live bullets placed as in tick/* (clear for a tick).
// Wall-clock time (the threads' CPU times do not add up to a tick): on a machine shared with
// other processes it counts their slices too, so scripts/bench_threads.sh records the load
// average beside every table. The counter cpu_ns is the work beside it: the process's CPU
// time (every thread's) per bullet, which another process's slices do not inflate.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <memory>
#include <vector>

#include "lab/kernel/fast_kernel.hpp"
#include "lab/kernel/worker_team.hpp"
#include "render/scene.hpp"
#include "tick_bench.hpp"

namespace flatline::tick_bench {
namespace {

constexpr std::size_t kFootprint = sizeof(Bullet) + sizeof(render::Instance);

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double wall_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

[[gnu::noinline]] void triad_part(float* __restrict a, const float* __restrict b,
                                  const float* __restrict c, float s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

void bm_bound_threads(benchmark::State& state, int threads, std::size_t live) {
  const std::size_t n = live * kFootprint / sizeof(float) / 3;
  static std::vector<float> a, b, c;  // kept: re-mapping 100+ MB between runs slows the VM
  if (a.size() < n) {
    a.assign(n, 0.0f);
    b.assign(n, 1.0f);
    c.assign(n, 2.0f);
  }
  lab::WorkerTeam team(threads);
  const std::size_t part = (n / static_cast<std::size_t>(threads) + 15) / 16 * 16;
  auto job = [&](int j) {
    const std::size_t begin = std::min(n, static_cast<std::size_t>(j) * part);
    triad_part(a.data() + begin, b.data() + begin, c.data() + begin, 0.5f,
               std::min(n, begin + part) - begin);
  };
  for (auto _ : state) {
    const double start = wall_seconds();
    team.run(threads, job);
    state.SetIterationTime(wall_seconds() - start);
    benchmark::ClobberMemory();
  }
  const std::size_t bytes = 3 * n * sizeof(float);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["bullets"] = static_cast<double>(live);
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["threads"] = threads;
}

struct ThreadsFixture {
  std::unique_ptr<World> world;
  std::unique_ptr<BulletKernel> kernel[2];  // 1 and 2 threads
  std::size_t live = 0;
};

void bm_update_threads(benchmark::State& state, int threads, std::size_t live) {
  static ThreadsFixture f;
  if (!f.world) {
    WorldConfig cfg;
    cfg.pools[kBullets].capacity = 1'000'000;
    f.world = std::make_unique<World>(cfg);
    f.kernel[0] = lab::make_fast_kernel(*f.world, 1);
    f.kernel[1] = lab::make_fast_kernel(*f.world, 2);
  }
  World& world = *f.world;
  const std::vector<Bullet>& placed = placements(world);
  if (f.live != live) {
    std::vector<int> slots;
    world.bullets.pool.for_each_active([&](int slot, Bullet&) { slots.push_back(slot); });
    for (int slot : slots)
      world.bullets.pool.release(slot);
    for (std::size_t i = 0; i < live; ++i)
      world.bullets.pool[world.bullets.pool.acquire()] = placed[i];
    f.live = live;
  }
  BulletKernel& kernel = *f.kernel[threads - 1];
  const std::size_t sets = std::min<std::size_t>(10, placed.size() / live);
  std::size_t iteration = 0;
  const auto place = [&] {  // untimed: the live bullets are put back where they were placed
    std::size_t k = (iteration++ % sets) * live;
    world.bullets.pool.for_each_active([&](int, Bullet& b) { b = placed[k++]; });
  };
  for (int warm = 0; warm < 2; ++warm) {
    place();
    kernel.update_bullets(world, kDt);
  }
  double cpu = 0.0;
  for (auto _ : state) {
    place();
    const double start = wall_seconds(), cpu_start = process_cpu_seconds();
    kernel.update_bullets(world, kDt);
    cpu += process_cpu_seconds() - cpu_start;
    state.SetIterationTime(wall_seconds() - start);
    if (world.bullets.pool.active_count() != live) {
      state.SkipWithError("a bullet retired during the tick: the placement is broken");
      break;
    }
  }
  state.counters["bullets"] = static_cast<double>(live);
  state.counters["threads"] = threads;
  state.counters["cpu_ns"] =
      cpu * 1e9 / static_cast<double>(live) / static_cast<double>(state.iterations());
}

}  // namespace

void register_thread_benchmarks(const std::size_t* sizes, std::size_t count) {
  char name[96];
  for (int threads = 1; threads <= 2; ++threads)
    for (std::size_t i = 0; i < count; ++i) {
      std::snprintf(name, sizeof name, "threads/bound/%d/%zu", threads, sizes[i]);
      benchmark::RegisterBenchmark(name, bm_bound_threads, threads, sizes[i])
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond)
          ->MinTime(0.1);
      std::snprintf(name, sizeof name, "threads/update/%d/%zu", threads, sizes[i]);
      benchmark::RegisterBenchmark(name, bm_update_threads, threads, sizes[i])
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond)
          ->MinTime(0.1);
    }
}

}  // namespace flatline::tick_bench
