// pool_bench's pools from lab/pool/: the tuned pool (tuned_pool.hpp) and the rungs of the
// ladder (pool_features.hpp) below flatline::Pool. See pool_bench.cpp.
#include "lab/pool/pool_features.hpp"
#include "lab/pool/tuned_pool.hpp"
#include "pool_bench_patterns.hpp"

namespace pool_bench {
namespace {

using TunedBulletPool = flatline::lab::TunedPool<Bullet, 32, ResetBullet>;

class Tuned {  // the lab's tuned pool by slot index
 public:
  using Id = int;
  FORCE_INLINE Id acquire() { return pool_.acquire(); }
  FORCE_INLINE Bullet& object(Id id) { return pool_[id]; }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }
  bool healthy() const { return pool_.stats().dropped == 0 && pool_.stats().misuse() == 0; }

 private:
  TunedBulletPool pool_{[] { return Bullet{}; }, kCapacity, kResetLambda};
};

// A rung of the ladder (lab/pool/pool_features.hpp) at the benchmarks' capacity.
template <template <class, class> class Stage>
class FeatureStage : public Stage<Bullet, ResetBullet> {
 public:
  FeatureStage() : Stage<Bullet, ResetBullet>(kCapacity) {}
};

}  // namespace

void register_lab() {
  register_all<Tuned>("lab TunedPool");
}

void register_ladder() {
  register_all<FeatureStage<pool_features::Textbook>>("textbook", "features/");
  register_all<FeatureStage<pool_features::Generations>>("+ generations", "features/");
  register_all<FeatureStage<pool_features::MisuseChecks>>("+ misuse checks", "features/");
  register_all<FeatureStage<pool_features::LiveWalk>>("+ O(live) walk", "features/");
  register_all<FeatureStage<pool_features::AcquisitionOrder>>("+ acquisition order", "features/");
  register_all<FeatureStage<pool_features::ReentryGuard>>("+ re-entrancy guard", "features/");
  register_all<FeatureStage<pool_features::Poisoning>>("+ poisoning", "features/");
  register_all<Tuned>("lab TunedPool", "features/");  // the same promises as flatline::Pool
}

}  // namespace pool_bench
