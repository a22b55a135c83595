// What a pool buys: ns per acquire+release pair of one 40-byte Bullet, for flatline::Pool
// (Drop policy, every check on, in the recommended form for hot pools: its reset's own type,
// so release inlines it; also as Pool<T> with the default std::function reset, through
// handles, and under RecycleOldest, which adds the acquisition log) against a bare index
// free list (the seed's
// pool, the baseline), new/delete, make_unique, boost::object_pool, plf::colony and
// std::pmr::unsynchronized_pool_resource. Three patterns, every implementation in one run:
//   pair   acquire, write, release the same object, repeated;
//   burst  1000 acquires, then 1000 releases in a fixed random order;
//   churn  10k live objects; release a random one and acquire a new one in its place.
// Every implementation does the same work on the object: reset (pools, in release) or
// value-initialise (allocators, in construction), plus one field written after acquire.
// Random orders are made once, outside the timed loops, and shared by all.
// scripts/bench_pool.sh runs this and prints the ratios to the free list.
#include <benchmark/benchmark.h>
#include <plf_colony.h>
#include <boost/pool/object_pool.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <memory_resource>
#include <new>
#include <numeric>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "pool/pool.hpp"

namespace {

struct Bullet {
  glm::vec3 position{0.0f};
  glm::vec3 velocity{0.0f};
  float age = 0.0f;
  float damage = 0.0f;
  std::uint32_t owner = 0;
  std::uint32_t flags = 0;
};
static_assert(sizeof(Bullet) == 40);

constexpr std::size_t kCapacity = 16384;  // every fixed pool: room for the 10k churn set
constexpr std::size_t kBurst = 1000;
constexpr std::size_t kChurnLive = 10000;
constexpr std::size_t kChurnSteps = 1 << 16;  // the random victim sequence, cycled

// The same reset everywhere: pools run it in release, allocators get it from value-init.
void reset_bullet(Bullet& bullet) {
  bullet = Bullet{};
}
// What game code passes to flatline::Pool: a lambda. Pool<Bullet> holds it in a
// std::function (an indirect call per release); InlinePool<Bullet, decltype(lambda)>, the
// recommended form for hot pools, calls it inline. The bench measures both.
constexpr auto kResetLambda = [](Bullet& bullet) { reset_bullet(bullet); };
using InlineBulletPool = flatline::InlinePool<Bullet, std::remove_const_t<decltype(kResetLambda)>>;
using FunctionBulletPool = flatline::Pool<Bullet>;  // Reset = std::function<void(Bullet&)>
// The caller's first write after acquire: every implementation must yield a usable object.
void spawn(Bullet& bullet) {
  bullet.damage = 10.0f;
}

// --- The implementations, behind one small interface: acquire, object, release.
// The wrappers are forced inline, all alike, so each pattern measures the implementation's
// own calls as game code makes them, not whether GCC happened to inline a wrapper.
#define FORCE_INLINE [[gnu::always_inline]] inline

template <class PoolType>
class ShippedPool {  // flatline::Pool by slot index
 public:
  using Id = int;
  FORCE_INLINE Id acquire() { return pool_.acquire(); }
  FORCE_INLINE Bullet& object(Id id) { return pool_[id]; }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }
  bool healthy() const { return pool_.stats().dropped == 0 && pool_.stats().misuse() == 0; }

 private:
  PoolType pool_{[] { return Bullet{}; }, kCapacity, kResetLambda};
};

template <class PoolType>
class ShippedPoolHandles {  // flatline::Pool through generational handles
 public:
  using Id = flatline::Handle;
  FORCE_INLINE Id acquire() { return pool_.acquire_handle(); }
  FORCE_INLINE Bullet& object(Id id) { return *pool_.get(id); }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }
  bool healthy() const { return pool_.stats().dropped == 0 && pool_.stats().misuse() == 0; }

 private:
  PoolType pool_{[] { return Bullet{}; }, kCapacity, kResetLambda};
};

template <class PoolType>
class ShippedPoolRecycle {  // flatline::Pool under RecycleOldest: it keeps the acquisition log
 public:
  using Id = int;
  FORCE_INLINE Id acquire() { return pool_.acquire(); }
  FORCE_INLINE Bullet& object(Id id) { return pool_[id]; }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }
  bool healthy() const { return pool_.stats().recycled == 0 && pool_.stats().misuse() == 0; }

 private:
  PoolType pool_{[] { return Bullet{}; }, kCapacity, kResetLambda,
                 flatline::OverflowPolicy::RecycleOldest};
};

// The seed's TypeScript Pool<T> translated as-is: items, an active flag per item, a stack
// of free indices; release guards a double release and resets inline. The baseline.
class BareFreeList {
 public:
  using Id = int;
  BareFreeList() : items_(kCapacity), active_(kCapacity, 0), free_(kCapacity) {
    for (std::size_t i = 0; i < kCapacity; ++i)
      free_[i] = static_cast<int>(kCapacity - 1 - i);
    free_top_ = kCapacity;
  }
  FORCE_INLINE Id acquire() {
    if (free_top_ == 0) return -1;
    const int i = free_[--free_top_];
    active_[i] = 1;
    return i;
  }
  FORCE_INLINE Bullet& object(Id id) { return items_[id]; }
  FORCE_INLINE void release(Id& id) {
    if (!active_[id]) return;
    active_[id] = 0;
    reset_bullet(items_[id]);
    free_[free_top_++] = id;
  }

 private:
  std::vector<Bullet> items_;
  std::vector<std::uint8_t> active_;
  std::vector<int> free_;
  std::size_t free_top_ = 0;
};

class NewDelete {
 public:
  using Id = Bullet*;
  FORCE_INLINE Id acquire() { return new Bullet{}; }
  FORCE_INLINE Bullet& object(Id id) { return *id; }
  FORCE_INLINE void release(Id& id) { delete id; }
};

class MakeUnique {
 public:
  using Id = std::unique_ptr<Bullet>;
  FORCE_INLINE Id acquire() { return std::make_unique<Bullet>(); }
  FORCE_INLINE Bullet& object(const Id& id) { return *id; }
  FORCE_INLINE void release(Id& id) { id.reset(); }
};

class BoostObjectPool {
 public:
  using Id = Bullet*;
  FORCE_INLINE Id acquire() { return pool_.construct(); }  // malloc + value-initialise
  FORCE_INLINE Bullet& object(Id id) { return *id; }
  FORCE_INLINE void release(Id& id) {
    pool_.destroy(id);
  }  // destructor + ordered free: O(free chunks)

 private:
  boost::object_pool<Bullet> pool_;
};

class PlfColony {
 public:
  using Id = plf::colony<Bullet>::iterator;
  FORCE_INLINE Id acquire() { return colony_.insert(Bullet{}); }
  FORCE_INLINE Bullet& object(Id id) { return *id; }
  FORCE_INLINE void release(Id& id) { colony_.erase(id); }

 private:
  plf::colony<Bullet> colony_;
};

class PmrPool {
 public:
  using Id = Bullet*;
  FORCE_INLINE Id acquire() {
    return ::new (resource_.allocate(sizeof(Bullet), alignof(Bullet))) Bullet{};
  }
  FORCE_INLINE Bullet& object(Id id) { return *id; }
  FORCE_INLINE void release(Id& id) {
    id->~Bullet();
    resource_.deallocate(id, sizeof(Bullet), alignof(Bullet));
  }

 private:
  std::pmr::unsynchronized_pool_resource resource_;
};

// --- Shared random orders, the same for every implementation.

const std::vector<int>& burst_order() {  // a permutation of 0..kBurst-1
  static const std::vector<int> order = [] {
    std::vector<int> v(kBurst);
    std::iota(v.begin(), v.end(), 0);
    std::mt19937 rng(1234);
    std::shuffle(v.begin(), v.end(), rng);
    return v;
  }();
  return order;
}

const std::vector<int>& churn_victims() {  // which live object each churn step replaces
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
// A flatline::Pool that dropped an acquire or counted a misuse did not do the work measured.
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

// --- The three patterns.

template <class Impl>
void bm_pair(benchmark::State& state) {
  auto owner = std::make_unique<Impl>();  // on the heap, like a pool inside World
  Impl& impl = *owner;
  for (auto _ : state) {
    typename Impl::Id id = impl.acquire();
    spawn(impl.object(id));
    benchmark::DoNotOptimize(std::as_const(id));  // as_const: see the GCC 12 note in platform.md
    impl.release(id);
  }
  report_pairs(state, impl, 1);
}

template <class Impl>
void bm_burst(benchmark::State& state) {
  auto owner = std::make_unique<Impl>();  // on the heap, like a pool inside World
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
  auto owner = std::make_unique<Impl>();  // on the heap, like a pool inside World
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

// FLATLINE_BENCH_ITERATIONS=N fixes every benchmark's iteration count (no calibration
// rounds), so instruction counts are exact: run callgrind at two N and divide the
// difference (scripts/bench_pool.sh --instructions does this).
template <class Impl>
void register_all(const char* name) {
  const char* fixed = std::getenv("FLATLINE_BENCH_ITERATIONS");
  const long long iterations = fixed != nullptr ? std::atoll(fixed) : 0;
  for (auto* b :
       {benchmark::RegisterBenchmark((std::string("pair/") + name).c_str(), bm_pair<Impl>),
        benchmark::RegisterBenchmark((std::string("burst/") + name).c_str(), bm_burst<Impl>),
        benchmark::RegisterBenchmark((std::string("churn/") + name).c_str(), bm_churn<Impl>)})
    if (iterations > 0) b->Iterations(iterations);
}

}  // namespace

int main(int argc, char** argv) {
  register_all<ShippedPool<InlineBulletPool>>("flatline::Pool");
  register_all<ShippedPool<FunctionBulletPool>>("flatline::Pool (std::function reset)");
  register_all<ShippedPoolHandles<InlineBulletPool>>("flatline::Pool (handles)");
  register_all<ShippedPoolRecycle<InlineBulletPool>>("flatline::Pool (recycle-oldest)");
  register_all<BareFreeList>("bare free list");
  register_all<NewDelete>("new/delete");
  register_all<MakeUnique>("make_unique");
  register_all<BoostObjectPool>("boost::object_pool");
  register_all<PlfColony>("plf::colony");
  register_all<PmrPool>("pmr pool");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
