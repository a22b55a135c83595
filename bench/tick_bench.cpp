// The bullet tick at scale, against the hardware's limit, in one run:
//   bound/copy/N, bound/triad/N  STREAM-style kernels over buffers the size of N bullets'
//       state plus instance records (N * (sizeof(Bullet) + sizeof(Instance)) bytes). Their
//       bytes/s turn into the least time a tick can take: it must read each bullet's state,
//       write it back and write its instance record (2 * 52 + 64 bytes per bullet).
//   tick/game/N/CAP    the game's code: update_bullets + build_scene, N live in a pool of CAP.
//   tick/update, tick/scene   the two halves alone: where the time goes.
//   tick/clearance     update_bullets with the ClearanceGrid (core/bullet_clearance) in front
//       of the first-hit query, + build_scene: the change, kept here as a copy since
//       update_bullets (tick/game) adopted it (before: tick/game ran the exact query for
//       every bullet, about 3x slower at 10^4-10^5 live). A segment proven clear
//       asks nothing; the rest test only the obstacles near their cell. Its counter
//       exact_frac is the share of bullets that needed a query at all.
// What a timed iteration is: one tick of the live bullets. Bullets are placed once (random,
// in the arena's air, flying 300 m/s, each checked to hit nothing within the tick), and
// before every iteration, outside the timing, every live bullet is put back where it was
// placed (one of up to 10 sets of N, in turn); so every iteration integrates and sweeps N
// bullets and none retires (checked: the run fails if the live count changes). Worlds are
// built once per capacity.
// Before any clearance run, the clearance tick is checked against update_bullets, bit for
// bit (state hash every tick), on 20k bullets of which most hit walls, floor and targets.
// scripts/bench_scale.sh runs this, pinned, and writes docs/perf/tick_scaling.md.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <random>
#include <vector>

#include <glm/geometric.hpp>

#include "core/bullet_clearance.hpp"
#include "core/systems.hpp"
#include "core/world.hpp"
#include "render/scene.hpp"

namespace {

using namespace flatline;

// The timed part is measured in this thread's CPU time, not wall time: four engineers
// share two cores here, and wall time would count the slices another process ran in.
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

constexpr float kDt = 1.0f / 60.0f;
constexpr float kAlpha = 0.5f;
// ClearanceGrid cells: flat (bullets fly mostly level; the floor, cover and targets are
// low), 31 x 15 x 31 over the arena.
const glm::vec3 kCellSize{2.0f, 0.5f, 2.0f};
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
  std::vector<float> a(n, 0.0f), b(n, 1.0f), c(n, 2.0f);
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

// ---- the fast-path tick, kept beside the game's (which adopted it) and checked against it:
// update_bullets (weapons.cpp) with its first-hit query behind the ClearanceGrid. Apart from that
// it is update_bullets as it is with pooling on and swept collision; check_clearance_tick() below
// proves the two agree. This is weapons.cpp's first_hit (file-local there): the StaticGrid over the
// arena, then every target.
BulletHit exact_first_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1, float r) {
  BulletHit best;
  if (const auto hit = world.arena.grid.first_hit(p0, p1, r))
    best = {hit->hit.t, hit->hit.normal, -1, true};
  for (int i = 0; i < kTargetCount; ++i) {
    const Target& target = world.targets[static_cast<std::size_t>(i)];
    if (target.broken) continue;
    const auto hit = segment_vs_aabb(p0, p1, target.box().grown(r));
    if (hit && hit->t < best.t) best = {hit->t, hit->normal, i, true};
  }
  return best;
}

// Returns how many bullets needed a first-hit query.
std::size_t update_bullets_clearance(World& world, const ClearanceGrid& clearance, float dt) {
  const WorldConfig& cfg = world.config;
  std::size_t exact = 0;
  world.bullets.for_each_active([&](int slot, Bullet& b) {
    b.prev_pos = b.pos;
    const glm::vec3 next = b.pos + b.vel * dt;
    // The change: most segments are provably clear (both ends in one free box) and ask nothing.
    BulletHit hit;
    if (!clearance.clear(b.pos, next)) {
      // The rest ask only the few obstacles near them (every one, if the segment is long).
      const ClearanceGrid::Candidates near = clearance.candidates(b.pos, next);
      hit = near.valid ? first_hit_near(world, near, b.pos, next, cfg.bullet_radius)
                       : exact_first_hit(world, b.pos, next, cfg.bullet_radius);
      ++exact;
    }
    b.age += dt;
    if (hit.any) {
      const glm::vec3 point = b.pos + (next - b.pos) * hit.t;
      const glm::vec3 dir = glm::normalize(b.vel);
      b.pos = point;
      ++world.bullet_hits;
      if (hit.target >= 0) {
        Target& t = world.targets[static_cast<std::size_t>(hit.target)];
        t.health -= b.damage;
        t.hit_flash = 0.12f;
        spawn_damage_number(world, point + hit.normal * 0.1f, b.damage);
        if (t.health <= 0.0f) {
          t.broken = true;
          t.respawn_timer = 3.0f;
          ++world.score;
        }
      }
      spawn_impact(world, point, hit.normal, dir, hit.target < 0);
    } else {
      b.travelled += glm::length(next - b.pos);
      b.pos = next;
      if (b.age < cfg.bullet_lifetime && b.travelled < cfg.bullet_range) return;
    }
    if (b.full_visual) --world.full_visual_live;
    retire_slot(world.bullets, world.meters[kBullets], slot, b.age);
  });
  return exact;
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
        exact_first_hit(world, b.pos, b.pos + b.vel * kDt, world.config.bullet_radius).any)
      continue;
    out.push_back(b);
  }
  return out;
}

const std::vector<Bullet>& placements(const World& world) {
  static const std::vector<Bullet> placed = place_bullets(world, kMaxLive, true, 6);
  return placed;
}

void fill(World& world, const std::vector<Bullet>& bullets) {
  std::vector<int> live;
  world.bullets.for_each_active([&](int slot, Bullet&) { live.push_back(slot); });
  for (int slot : live)
    world.bullets.release(slot);
  for (const Bullet& b : bullets) {
    const int slot = world.bullets.acquire();
    if (slot < 0) {
      std::fprintf(stderr, "tick_bench: the bullet pool refused a bullet\n");
      std::abort();
    }
    world.bullets[slot] = b;
  }
  world.full_visual_live = bullets.size();
}

// ---- the check: bit-for-bit the same world, tick after tick, hits included.
bool check_clearance_tick() {
  WorldConfig cfg;
  cfg.bullet_capacity = 20'000;
  cfg.full_visual_cap = cfg.bullet_capacity;
  World exact(cfg), fast(cfg);
  const ClearanceGrid clearance(bullet_obstacles(fast), kCellSize);
  const std::vector<Bullet> bullets = place_bullets(exact, cfg.bullet_capacity, false, 7);
  fill(exact, bullets);
  fill(fast, bullets);
  std::size_t exact_queries = 0;
  for (int tick = 0; tick < 90; ++tick) {
    update_targets(exact, kDt);
    update_targets(fast, kDt);
    update_bullets(exact, kDt);
    exact_queries += update_bullets_clearance(fast, clearance, kDt);
    update_effects(exact, kDt);
    update_effects(fast, kDt);
    if (state_hash(exact) != state_hash(fast) || exact.bullet_hits != fast.bullet_hits) {
      std::fprintf(stderr, "tick_bench: clearance tick differs from update_bullets at tick %d\n",
                   tick);
      return false;
    }
  }
  std::fprintf(stderr,
               "tick_bench: clearance tick == update_bullets for 90 ticks (%llu hits, "
               "%zu exact queries of %zu)\n",
               static_cast<unsigned long long>(exact.bullet_hits), exact_queries,
               static_cast<std::size_t>(90) * cfg.bullet_capacity);
  return exact.bullet_hits > 0;
}

// ---- the tick benchmarks. One world per capacity, kept while runs share it.
struct Fixture {
  std::unique_ptr<World> world;
  std::unique_ptr<ClearanceGrid> clearance;
  render::SceneInstances scene;
  std::size_t live = 0;
};

Fixture& fixture_for(std::size_t capacity, std::size_t live) {
  static Fixture f;
  if (!f.world || f.world->bullets.capacity() != capacity) {
    f.world.reset();  // first: two 10^6 worlds need not coexist
    WorldConfig cfg;
    cfg.bullet_capacity = capacity;
    cfg.full_visual_cap = capacity;
    f.world = std::make_unique<World>(cfg);
    if (!f.clearance)  // the arena and the targets' reach are the same in every world
      f.clearance = std::make_unique<ClearanceGrid>(bullet_obstacles(*f.world), kCellSize);
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

enum class Part { kGame, kUpdate, kScene, kClearance };

void bm_tick(benchmark::State& state, Part part, std::size_t live, std::size_t capacity) {
  static const bool clearance_ok = check_clearance_tick();
  if (part == Part::kClearance && !clearance_ok) {
    state.SkipWithError("the clearance tick does not match update_bullets");
    return;
  }
  Fixture& f = fixture_for(capacity, live);
  World& world = *f.world;
  const std::vector<Bullet>& placed = placements(world);
  // Up to 10 different sets of N bullets, in turn: replaying one small set every iteration
  // would let the branch predictor learn it (10^3 bullets looked 2x cheaper than 10^4).
  const std::size_t sets = std::min<std::size_t>(10, placed.size() / live);
  std::size_t exact = 0, iteration = 0;
  for (auto _ : state) {
    std::size_t k = (iteration++ % sets) * live;  // untimed: the live bullets are re-placed
    world.bullets.for_each_active([&](int, Bullet& b) { b = placed[k++]; });
    const double start = thread_seconds();
    if (part == Part::kGame || part == Part::kUpdate) update_bullets(world, kDt);
    if (part == Part::kClearance) exact += update_bullets_clearance(world, *f.clearance, kDt);
    if (part != Part::kUpdate) render::build_scene(world, kAlpha, f.scene);
    const double took = thread_seconds() - start;
    benchmark::DoNotOptimize(f.scene.count.data());
    benchmark::ClobberMemory();
    state.SetIterationTime(took);
    if (world.bullets.active_count() != live) {
      state.SkipWithError("a bullet retired during the tick: the placement is broken");
      break;
    }
  }
  state.counters["bullets"] = static_cast<double>(live);
  if (part == Part::kClearance && state.iterations() > 0)
    state.counters["exact_frac"] =
        static_cast<double>(exact) / static_cast<double>(state.iterations() * live);
}

}  // namespace

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
  const std::pair<Part, const char*> parts[] = {{Part::kGame, "game"},
                                                {Part::kUpdate, "update"},
                                                {Part::kScene, "scene"},
                                                {Part::kClearance, "clearance"}};
  // (live, capacity): capacity >= live, and 10^3 live in a 10^6 pool (cost follows live).
  const std::pair<std::size_t, std::size_t> shapes[] = {{1'000, 1'000},
                                                        {10'000, 10'000},
                                                        {100'000, 100'000},
                                                        {1'000, 1'000'000},
                                                        {1'000'000, 1'000'000}};
  for (const auto& [live, capacity] : shapes)
    for (const auto& [part, part_name] : parts) {
      std::snprintf(name, sizeof name, "tick/%s/%zu/%zu", part_name, live, capacity);
      benchmark::RegisterBenchmark(name, bm_tick, part, live, capacity)
          ->UseManualTime()
          ->Unit(benchmark::kMicrosecond)
          ->MinTime(0.1);
    }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
