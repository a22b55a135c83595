// pool_bench's pools from src/pool/: the textbook pool (the baseline) and flatline::Pool, in
// the recommended form for hot pools (its reset's own type, so release inlines it), with the
// default std::function reset, through handles, and under RecycleOldest. See pool_bench.cpp.
#include "pool/pool.hpp"
#include "pool/textbook_pool.hpp"
#include "pool_bench_patterns.hpp"

namespace pool_bench {
namespace {

using InlineBulletPool = flatline::InlinePool<Bullet, ResetBullet>;
using FunctionBulletPool = flatline::Pool<Bullet>;  // Reset = std::function<void(Bullet&)>

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

// flatline::Pool with strict pools on (src/pool/pool_sites.hpp): every acquire notes its
// caller and tick; the release path is the same code with or without (misuse is what logs).
template <class PoolType>
class ShippedPoolStrict {
 public:
  using Id = int;
  ShippedPoolStrict() { pool_.set_strict(true); }
  FORCE_INLINE Id acquire() { return pool_.acquire(); }
  FORCE_INLINE Bullet& object(Id id) { return pool_[id]; }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }
  bool healthy() const { return pool_.stats().dropped == 0 && pool_.stats().misuse() == 0; }

 private:
  PoolType pool_{[] { return Bullet{}; }, kCapacity, kResetLambda};
};

// The textbook pool (src/pool/textbook_pool.hpp): the objects, an active flag each, a stack
// of free indices; release ignores a double release and resets inline. The baseline.
class Textbook {
 public:
  using Id = int;
  FORCE_INLINE Id acquire() { return pool_.acquire(); }
  FORCE_INLINE Bullet& object(Id id) { return pool_[id]; }
  FORCE_INLINE void release(Id& id) { pool_.release(id); }

 private:
  flatline::TextbookPool<Bullet, ResetBullet> pool_{[] { return Bullet{}; },
                                                    static_cast<int>(kCapacity)};
};

}  // namespace

void register_pools() {
  register_all<ShippedPool<InlineBulletPool>>("flatline::Pool");
  register_all<ShippedPool<FunctionBulletPool>>("flatline::Pool (std::function reset)");
  register_all<ShippedPoolHandles<InlineBulletPool>>("flatline::Pool (handles)");
  register_all<ShippedPoolRecycle<InlineBulletPool>>("flatline::Pool (recycle-oldest)");
  register_all<ShippedPoolStrict<InlineBulletPool>>("flatline::Pool (strict pools)");
  register_all<Textbook>("textbook pool");
}

// The ladder's top rung: the pool that has every guarantee.
void register_ladder_top() {
  register_all<ShippedPool<InlineBulletPool>>("flatline::Pool", "features/");
}

}  // namespace pool_bench
