// What a pool buys: ns per acquire+release pair of one 40-byte Bullet, for flatline::Pool
// (Drop policy, every check on, in the recommended form for hot pools: its reset's own type,
// so release inlines it; also as Pool<T> with the default std::function reset, through
// handles, and under RecycleOldest) against the textbook pool (src/pool/textbook_pool.hpp,
// the baseline), the tuned pool of lab/pool/tuned_pool.hpp, new/delete, make_unique,
// boost::object_pool, plf::colony and std::pmr::unsynchronized_pool_resource, in the three
// patterns of pool_bench_patterns.hpp, every implementation in one run. Every implementation
// does the same work on the object: reset (pools, in release) or value-initialise
// (allocators, in construction), plus one field written after acquire.
// Each family is compiled in its own file, as game code is: one pool's inlining does not
// use up another's (GCC limits how much a translation unit may grow by inlining):
//   pool_bench.cpp        the allocators and pool libraries, and main();
//   pool_bench_pools.cpp  the textbook pool and flatline::Pool (src/pool/);
//   pool_bench_lab.cpp    the tuned pool and the ladder (lab/pool/).
//   pair/NAME, burst/NAME, churn/NAME    scripts/bench_pool.sh: ratios to the textbook pool;
//   features/PATTERN/STAGE               scripts/bench_pool_features.sh: what each of the
//                                        pool's guarantees costs (the ladder,
//                                        lab/pool/pool_features.hpp).
#include <benchmark/benchmark.h>
#include <plf_colony.h>
#include <boost/pool/object_pool.hpp>

#include <cstdio>
#include <memory>
#include <memory_resource>
#include <new>
#include <string>

#include "lab/pool/pool_features_checks.hpp"
#include "pool_bench_patterns.hpp"

namespace pool_bench {
namespace {

// --- The implementations, behind one small interface: acquire, object, release.

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

}  // namespace
}  // namespace pool_bench

int main(int argc, char** argv) {
  using namespace pool_bench;
  std::string failure;
  if (!pool_features::stages_do_their_jobs(&failure)) {  // a rung that fails prices nothing
    std::fprintf(stderr, "pool_bench: a rung of the ladder does not do its job: %s\n",
                 failure.c_str());
    return 1;
  }
  register_pools();  // pool_bench_pools.cpp
  register_lab();    // pool_bench_lab.cpp
  register_all<NewDelete>("new/delete");
  register_all<MakeUnique>("make_unique");
  register_all<BoostObjectPool>("boost::object_pool");
  register_all<PlfColony>("plf::colony");
  register_all<PmrPool>("pmr pool");
  // The guarantees one at a time (the ladder), then the pool that has them all.
  register_ladder();      // pool_bench_lab.cpp
  register_ladder_top();  // pool_bench_pools.cpp
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
