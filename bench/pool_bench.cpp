// What a pool buys: ns per acquire+release pair of one 40-byte Bullet, for flatline::Pool
// (Drop policy, every check on, in the recommended form for hot pools: its reset's own type,
// so release inlines it; also as Pool<T> with the default std::function reset, through
// handles, and under RecycleOldest, which adds the acquisition log) against a bare index
// free list (the textbook pool, the baseline), new/delete, make_unique, boost::object_pool,
// plf::colony and std::pmr::unsynchronized_pool_resource, in the three patterns of
// pool_bench_patterns.hpp, every implementation in one run. Every implementation does the
// same work on the object: reset (pools, in release) or value-initialise (allocators, in
// construction), plus one field written after acquire.
//   pair/NAME, burst/NAME, churn/NAME    scripts/bench_pool.sh: ratios to the free list;
//   features/PATTERN/STAGE               scripts/bench_pool_features.sh: what each of the
//                                        pool's guarantees costs (pool_features.hpp).
#include <benchmark/benchmark.h>
#include <plf_colony.h>
#include <boost/pool/object_pool.hpp>

#include <cstdio>
#include <memory>
#include <memory_resource>
#include <new>
#include <string>

#include "pool/pool.hpp"
#include "pool_bench_patterns.hpp"
#include "pool_features.hpp"
#include "pool_features_checks.hpp"

namespace pool_bench {
namespace {

using InlineBulletPool = flatline::InlinePool<Bullet, ResetBullet>;
using FunctionBulletPool = flatline::Pool<Bullet>;  // Reset = std::function<void(Bullet&)>

// --- The implementations, behind one small interface: acquire, object, release.

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

// The textbook pool: items, an active flag per item, a stack of free indices; release
// guards a double release and resets inline. The baseline.
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

// A stage of pool_features.hpp at the benchmarks' capacity.
template <template <class, class> class Stage>
class FeatureStage : public Stage<Bullet, ResetBullet> {
 public:
  FeatureStage() : Stage<Bullet, ResetBullet>(kCapacity) {}
};

}  // namespace
}  // namespace pool_bench

int main(int argc, char** argv) {
  using namespace pool_bench;
  std::string failure;
  if (!pool_features::stages_do_their_jobs(&failure)) {  // a stage that fails prices nothing
    std::fprintf(stderr, "pool_bench: a feature stage does not do its job: %s\n", failure.c_str());
    return 1;
  }
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
  // The guarantees one at a time (pool_features.hpp), then the pool that has them all.
  register_all<FeatureStage<pool_features::Bare>>("bare", "features/");
  register_all<FeatureStage<pool_features::Generations>>("+ generations", "features/");
  register_all<FeatureStage<pool_features::MisuseChecks>>("+ misuse checks", "features/");
  register_all<FeatureStage<pool_features::LiveWalk>>("+ O(live) walk", "features/");
  register_all<FeatureStage<pool_features::AcquisitionOrder>>("+ acquisition order", "features/");
  register_all<FeatureStage<pool_features::ReentryGuard>>("+ re-entrancy guard", "features/");
  register_all<FeatureStage<pool_features::Poisoning>>("+ poisoning", "features/");
  register_all<ShippedPool<InlineBulletPool>>("flatline::Pool", "features/");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
