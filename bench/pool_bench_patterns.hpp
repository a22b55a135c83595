// The three patterns every implementation in pool_bench runs, and the object they run on:
//   pair   acquire, write, release the same object, repeated;
//   burst  1000 acquires, then 1000 releases in a fixed random order;
//   churn  10k live objects; release a random one and acquire a new one in its place.
// An implementation is a default-constructible class with `Id`, `acquire()`, `object(id)`
// and `release(id&)`; `healthy()`, if it has one, says whether it did the work measured.
// Random orders are made once, outside the timed loops, and shared by all.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

namespace pool_bench {

struct Bullet {
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  float age = 0.0f;
  float damage = 0.0f;
  std::uint32_t owner = 0;
  std::uint32_t flags = 0;
};
static_assert(sizeof(Bullet) == 40);

inline constexpr std::size_t kCapacity = 16384;  // every fixed pool: room for the 10k churn set
inline constexpr std::size_t kBurst = 1000;
inline constexpr std::size_t kChurnLive = 10000;
inline constexpr std::size_t kChurnSteps = 1 << 16;  // the random victim sequence, cycled

// The same reset everywhere: pools run it in release, allocators get it from value-init.
inline void reset_bullet(Bullet& bullet) {
  bullet = Bullet{};
}
// What game code passes to a pool: a lambda. Its own type (a captureless lambda is
// default-constructible) lets a pool inline it.
inline constexpr auto kResetLambda = [](Bullet& bullet) { reset_bullet(bullet); };
using ResetBullet = std::remove_const_t<decltype(kResetLambda)>;
// The caller's first write after acquire: every implementation must yield a usable object.
inline void spawn(Bullet& bullet) {
  bullet.damage = 10.0f;
}

// The wrappers are forced inline, all alike, so each pattern measures the implementation's
// own calls as game code makes them, not whether GCC happened to inline a wrapper.
#define FORCE_INLINE [[gnu::always_inline]] inline

inline const std::vector<int>& burst_order() {  // a permutation of 0..kBurst-1
  static const std::vector<int> order = [] {
    std::vector<int> v(kBurst);
    std::iota(v.begin(), v.end(), 0);
    std::mt19937 rng(1234);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
  }();
  return order;
}

inline const std::vector<int>& churn_victims() {  // which live object each churn step replaces
  static const std::vector<int> victims = [] {
    std::vector<int> v(kChurnSteps);
    std::mt19937 rng(5678);
    std::uniform_int_distribution<int> pick(0, static_cast<int>(kChurnLive) - 1);
    for (int& k : v)
      k = pick(rng);
    return v;
  }();
  return victims;
}

// The reported figure: per_pair, the CPU time of one acquire+release pair (the JSON has seconds).
template <class Impl>
void report_pairs(benchmark::State& state, const Impl& impl, std::size_t pairs_per_iteration) {
  if constexpr (requires { impl.healthy(); }) {
    if (!impl.healthy()) state.SkipWithError("the pool dropped an acquire or counted a misuse");
  }
  const auto pairs = static_cast<double>(pairs_per_iteration);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(pairs_per_iteration));
  state.counters["per_pair"] = benchmark::Counter(
      pairs, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Impl>
void bm_pair(benchmark::State& state) {
  auto owner = std::make_unique<Impl>();  // on the heap, like a pool inside World
  Impl& impl = *owner;
  for (auto _ : state) {
    typename Impl::Id id = impl.acquire();
    spawn(impl.object(id));
    // as_const: GCC 12 with Google Benchmark 1.7.1 miscompiles DoNotOptimize on a non-const
    // object of 8 bytes or less at -O2.
    benchmark::DoNotOptimize(std::as_const(id));
    impl.release(id);
  }
  report_pairs(state, impl, 1);
}

template <class Impl>
void bm_burst(benchmark::State& state) {
  auto owner = std::make_unique<Impl>();
  Impl& impl = *owner;
  const std::vector<int>& order = burst_order();
  std::vector<typename Impl::Id> ids(kBurst);
  for (auto _ : state) {
    for (auto& id : ids) {
      id = impl.acquire();
      spawn(impl.object(id));
    }
    benchmark::DoNotOptimize(std::as_const(ids.front()));
    for (const int k : order)
      impl.release(ids[k]);
    benchmark::ClobberMemory();
  }
  report_pairs(state, impl, kBurst);
}

template <class Impl>
void bm_churn(benchmark::State& state) {
  auto owner = std::make_unique<Impl>();
  Impl& impl = *owner;
  std::vector<typename Impl::Id> live(kChurnLive);
  for (auto& id : live)
    id = impl.acquire();  // the steady state, built outside the timing
  const std::vector<int>& victims = churn_victims();
  std::size_t step = 0;
  for (auto _ : state) {
    typename Impl::Id& id = live[victims[step++ & (kChurnSteps - 1)]];
    impl.release(id);
    id = impl.acquire();
    spawn(impl.object(id));
    benchmark::DoNotOptimize(std::as_const(id));
  }
  for (auto& id : live)
    impl.release(id);
  report_pairs(state, impl, 1);
}

// Registers pair/NAME, burst/NAME and churn/NAME, each after `prefix` ("" or "features/").
// FLATLINE_BENCH_ITERATIONS=N fixes every benchmark's iteration count (no calibration
// rounds), so instruction counts are exact: run callgrind at two N and divide the
// difference (scripts/bench_pool.sh --instructions does this).
template <class Impl>
void register_all(const std::string& name, const std::string& prefix = "") {
  const char* fixed = std::getenv("FLATLINE_BENCH_ITERATIONS");
  const long long iterations = fixed != nullptr ? std::atoll(fixed) : 0;
  for (auto* b : {benchmark::RegisterBenchmark((prefix + "pair/" + name).c_str(), bm_pair<Impl>),
                  benchmark::RegisterBenchmark((prefix + "burst/" + name).c_str(), bm_burst<Impl>),
                  benchmark::RegisterBenchmark((prefix + "churn/" + name).c_str(), bm_churn<Impl>)})
    if (iterations > 0) b->Iterations(iterations);
}

// Each file of pool_bench registers its own family (see pool_bench.cpp).
void register_pools();       // pool_bench_pools.cpp: the textbook pool, flatline::Pool
void register_ladder_top();  // pool_bench_pools.cpp: flatline::Pool as the ladder's top
void register_lab();         // pool_bench_lab.cpp: the tuned pool
void register_ladder();      // pool_bench_lab.cpp: the ladder's rungs below flatline::Pool

}  // namespace pool_bench
