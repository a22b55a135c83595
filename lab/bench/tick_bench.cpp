// The bullet tick at scale, against the hardware's limit, in one run:
//   bound/copy/N, bound/triad/N  STREAM-style kernels over buffers the size of N bullets'
//       state plus instance records (N * (sizeof(Bullet) + sizeof(Instance)) bytes). Their
//       bytes/s turn into the least time a tick can take: it must read each bullet's state,
//       write it back and write its instance record (2 * 52 + 64 bytes per bullet).
//   tick/fast/N/CAP    the lab's fast kernel (lab/kernel/fast_kernel.hpp) and its bullet
//       streaks four at a time (lab/render/bullet_streaks.hpp), N live in a pool of CAP.
//   tick/update, tick/scene   the two halves alone: where the time goes.
//   pass1/objects, pass1/columns   the first pass alone, from the pool's objects and from
//       columns (tick_first_pass.cpp): what a structure of arrays in the pool would buy.
//   tick/scalar        the game's own code, side by side: update_bullets (src/sim/bullets.cpp:
//       every bullet asks the brute-force first-hit query) + build_scene. tick/fast's
//       counter query_frac is the share of bullets the grid could not prove clear.
// What a timed iteration is: one tick of the live bullets. Bullets are placed once (random,
// in the arena's air, flying 300 m/s, each checked to hit nothing within the tick), and
// before every iteration, outside the timing, every live bullet is put back where it was
// placed (one of up to 10 sets of N, in turn); so every iteration integrates and sweeps N
// bullets and none retires (checked: the run fails if the live count changes). Worlds are
// built once per capacity. The clock's own cost (a system call, ~1.2 us here) is measured
// and taken off every timed tick: at 10^3 bullets it would add over 1 ns per bullet.
// scripts/bench_scale.sh runs this, pinned, and writes docs/lab/perf/tick_scaling.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <memory>
#include <random>
#include <vector>

#include <glm/geometric.hpp>

#include "lab/kernel/fast_kernel.hpp"
#include "lab/render/bullet_streaks.hpp"
#include "render/scene.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"
#include "tick_bench.hpp"

namespace {

using namespace flatline;
using namespace flatline::tick_bench;

constexpr float kAlpha = 0.5f;
constexpr std::size_t kMaxLive = 1'000'000;
// The least traffic of one bullet's tick: read its state, write it back, write its instance.
constexpr std::size_t kFootprint = sizeof(Bullet) + sizeof(render::Instance);
constexpr std::size_t kTickBytes = 2 * sizeof(Bullet) + sizeof(render::Instance);

// ---- the bound. Free functions with restrict parameters: GCC 12 vectorises these (-O3
// in Release); it would not trust __restrict on local pointers inside one big function.
[[gnu::noinline]] void copy_kernel(const float* __restrict src, float* __restrict dst,
                                   std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    dst[i] = src[i];
}
[[gnu::noinline]] void triad_kernel(float* __restrict a, const float* __restrict b,
                                    const float* __restrict c, float s, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];  // no FMA: -ffp-contract=off stays on, as in the game
}

// `arrays` 2: copy, 3: triad; either way the arrays together are the tick's footprint.
void bm_bound(benchmark::State& state, std::size_t live, std::size_t arrays) {
  const std::size_t n = live * kFootprint / sizeof(float) / arrays;
  // Made once and kept: freeing and re-mapping 100+ MB between runs left the tick runs
  // interleaved with these ~1.6x slower for the rest of their run on this VM.
  static std::vector<float> a, b, c;
  if (a.size() < n) {
    a.assign(n, 0.0f);
    b.assign(n, 1.0f);
    c.assign(n, 2.0f);
  }
  for (auto _ : state) {
    if (arrays == 2)
      copy_kernel(b.data(), a.data(), n);
    else
      triad_kernel(a.data(), b.data(), c.data(), 0.5f, n);
    benchmark::ClobberMemory();
  }
  const std::size_t bytes = arrays * n * sizeof(float);  // read + written per pass
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["bullets"] = static_cast<double>(live);
  state.counters["bytes"] = static_cast<double>(bytes);
}

// ---- placement. `hits` says whether the bullets must be clear of everything for a tick.
std::vector<Bullet> place_bullets(const World& world, std::size_t count, bool clear_for_a_tick,
                                  unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> xz(-29.5f, 29.5f), y(0.3f, 5.5f), turn(0.0f, 6.2831853f),
      pitch(-0.25f, 0.25f), age(0.0f, 1.0f);
  std::vector<Bullet> out;
  out.reserve(count);
  while (out.size() < count) {
    Bullet b;
    b.pos = b.prev_pos = {xz(rng), y(rng), xz(rng)};
    const float yaw = turn(rng), p = pitch(rng);
    b.vel = glm::vec3(std::sin(yaw) * std::cos(p), std::sin(p), std::cos(yaw) * std::cos(p)) *
            world.config.rifle_speed;
    b.age = age(rng);
    b.travelled = b.age * world.config.rifle_speed;
    b.damage = world.config.rifle_damage;
    b.full_visual = true;  // every bullet writes its instance record
    if (clear_for_a_tick &&
        first_hit(world, b.pos, b.pos + b.vel * kDt, world.config.bullet_radius).any)
      continue;
    out.push_back(b);
  }
  return out;
}

void fill(World& world, const std::vector<Bullet>& bullets) {
  std::vector<int> live;
  world.bullets.pool.for_each_active([&](int slot, Bullet&) { live.push_back(slot); });
  for (int slot : live)
    world.bullets.pool.release(slot);
  for (const Bullet& b : bullets) {
    const int slot = world.bullets.pool.acquire();
    if (slot < 0) {
      std::fprintf(stderr, "tick_bench: the bullet pool refused a bullet\n");
      std::abort();
    }
    world.bullets.pool[slot] = b;
  }
  world.full_visual_live = bullets.size();
}

// ---- the tick benchmarks. One world per capacity, kept while runs share it.
struct Fixture {
  std::unique_ptr<World> world;
  render::SceneInstances scene;
  std::size_t live = 0;
};

Fixture& fixture_for(std::size_t capacity, std::size_t live) {
  static Fixture f;
  if (!f.world || f.world->bullets.pool.capacity() != capacity) {
    f.world.reset();  // first: two 10^6 worlds need not coexist
    WorldConfig cfg;
    cfg.pools[kBullets].capacity = capacity;
    cfg.full_visual_cap = capacity;
    f.world = std::make_unique<World>(cfg);
    f.world->bullet_kernel = lab::make_fast_kernel(*f.world);
    f.scene.reserve_for(*f.world);
    f.live = 0;
  }
  if (f.live != live) {
    const std::vector<Bullet>& all = placements(*f.world);
    fill(*f.world, std::vector<Bullet>(all.begin(), all.begin() + static_cast<long>(live)));
    f.live = live;
  }
  return f;
}

enum class Part { kFast, kUpdate, kScene, kScalar };

// One tick of the bullets, by the lab's kernel and streaks or by the game's own code.
void tick_part(World& world, Part part, render::SceneInstances& scene) {
  if (part == Part::kScalar) {
    update_bullets(world, kDt);
    render::build_scene(world, kAlpha, scene);
    return;
  }
  if (part != Part::kScene) world.bullet_kernel->update_bullets(world, kDt);
  if (part != Part::kUpdate) lab::write_bullet_streaks(world, kAlpha, scene);
}

void bm_tick(benchmark::State& state, Part part, std::size_t live, std::size_t capacity) {
  Fixture& f = fixture_for(capacity, live);
  World& world = *f.world;
  const std::vector<Bullet>& placed = placements(world);
  // Up to 10 different sets of N bullets, in turn: replaying one small set every iteration
  // would let the branch predictor learn it (10^3 bullets looked 2x cheaper than 10^4).
  const std::size_t sets = std::min<std::size_t>(10, placed.size() / live);
  const auto& kernel = static_cast<const lab::FastBulletKernel&>(*world.bullet_kernel);
  const std::shared_ptr<const ClearanceGrid>& grid = kernel.clearance();
  const double overhead = timer_overhead();
  std::size_t iteration = 0;
  const auto place = [&] {  // untimed: the live bullets are re-placed
    std::size_t k = (iteration++ % sets) * live;
    world.bullets.pool.for_each_active([&](int, Bullet& b) { b = placed[k++]; });
  };
  // The steady state, as in a game that ticks 60 times a second: two untimed ticks first,
  // so that the other sizes' runs (interleaved with this one) have left no cold caches.
  for (int warm = 0; warm < 2; ++warm) {
    place();
    tick_part(world, part, f.scene);
  }
  for (auto _ : state) {
    place();
    const double start = thread_seconds();
    tick_part(world, part, f.scene);
    const double took = std::max(0.0, thread_seconds() - start - overhead);
    benchmark::DoNotOptimize(f.scene.count.data());
    benchmark::ClobberMemory();
    state.SetIterationTime(took);
    if (world.bullets.pool.active_count() != live) {
      state.SkipWithError("a bullet retired during the tick: the placement is broken");
      break;
    }
  }
  state.counters["bullets"] = static_cast<double>(live);
  state.counters["timer_us"] = overhead * 1e6;  // taken off every iteration
  if (part == Part::kFast && grid) {  // untimed: how many segments the grid cannot prove clear
    std::size_t queries = 0;
    for (std::size_t i = 0; i < live; ++i)
      queries += !grid->clear(placed[i].pos, placed[i].pos + placed[i].vel * kDt);
    state.counters["query_frac"] = static_cast<double>(queries) / static_cast<double>(live);
  }
}

}  // namespace

namespace flatline::tick_bench {

// The timed part is measured in this thread's CPU time, not wall time: four engineers
// share two cores here, and wall time would count the slices another process ran in.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Reading the thread's CPU clock is a system call here (about 1.3 us on this VM, against a
// 10^3-bullet tick of tens of us): each benchmark measures that cost once, as the median of
// many empty intervals, and takes it off every timed tick.
double timer_overhead() {
  std::vector<double> empty(201);
  for (double& e : empty) {
    const double start = thread_seconds();
    e = thread_seconds() - start;
  }
  std::nth_element(empty.begin(), empty.begin() + 100, empty.end());
  return empty[100];
}

const std::vector<Bullet>& placements(const World& world) {
  static const std::vector<Bullet> placed = place_bullets(world, kMaxLive, true, 6);
  return placed;
}

}  // namespace flatline::tick_bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const std::size_t sizes[] = {1'000, 10'000, 100'000, 1'000'000};
  // Names via snprintf: GCC 12 gives a false -Wrestrict on std::string's operator+ at -O3.
  char name[96];
  for (std::size_t n : sizes) {
    std::snprintf(name, sizeof name, "bound/copy/%zu", n);
    benchmark::RegisterBenchmark(name, bm_bound, n, std::size_t{2});
    std::snprintf(name, sizeof name, "bound/triad/%zu", n);
    benchmark::RegisterBenchmark(name, bm_bound, n, std::size_t{3});
  }
  const std::pair<Part, const char*> parts[] = {{Part::kFast, "fast"},
                                                {Part::kUpdate, "update"},
                                                {Part::kScene, "scene"},
                                                {Part::kScalar, "scalar"}};
  // (live, capacity): capacity >= live, and 10^3 live in a 10^6 pool (cost follows live).
  // 128 in 128: the game's own bullet pool, full (its default capacity).
  const std::pair<std::size_t, std::size_t> shapes[] = {{128, 128},         {1'000, 1'000},
                                                        {10'000, 10'000},   {100'000, 100'000},
                                                        {1'000, 1'000'000}, {1'000'000, 1'000'000}};
  for (const auto& [live, capacity] : shapes)
    for (const auto& [part, part_name] : parts) {
      std::snprintf(name, sizeof name, "tick/%s/%zu/%zu", part_name, live, capacity);
      benchmark::RegisterBenchmark(name, bm_tick, part, live, capacity)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond)
          ->MinTime(0.1);
    }
  register_first_pass_benchmarks(sizes, std::size(sizes));  // tick_first_pass.cpp
  register_thread_benchmarks(sizes, std::size(sizes));      // tick_threads.cpp
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
