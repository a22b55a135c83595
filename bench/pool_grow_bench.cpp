// What growing costs: a Grow pool made with one object, acquired until it holds N live
// objects. Amortised O(1) growth makes the time per object flat in N: growing to 200,000
// costs about 8x growing to 25,000, not 64x (chunks double and the bookkeeping grows
// geometrically, so each object's bookkeeping is copied O(1) times on average).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "pool/pool.hpp"

namespace {

struct Particle {
  float pos[3] = {};
  std::uint32_t id = 0;
};

void quiet(const char*) {}  // one log line per growth: not what this measures

void grow_from_one(benchmark::State& state) {
  const auto target = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    flatline::Pool<Particle> pool([] { return Particle{}; }, 1, [](Particle& p) { p = {}; },
                                  flatline::OverflowPolicy::Grow);
    pool.set_log(&quiet);
    for (std::size_t i = 0; i < target; ++i)
      benchmark::DoNotOptimize(pool.acquire());
    if (pool.active_count() != target) state.SkipWithError("the pool did not grow to N live");
    state.counters["growths"] = static_cast<double>(pool.stats().grown);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * target));
}
BENCHMARK(grow_from_one)->Arg(25'000)->Arg(200'000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
