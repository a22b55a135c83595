// One pooled kind's storage, made at load as the WorldConfig sizes it (world_config.hpp): its
// pool, the heap list that stands in for it while pooling is off, and its meter. The list of
// the kinds is pooled_kinds.hpp; World holds one PooledKind per kind (world.hpp).
#pragma once

#include "pool/heap_list.hpp"
#include "pool/pool.hpp"
#include "pool/pool_meter.hpp"
#include "sim/effect_life.hpp"
#include "sim/pooled_kinds.hpp"
#include "sim/world_config.hpp"

namespace flatline {

// The world's reset, as a type so that release() inlines it (InlinePool, pool.hpp): put
// every field back, unless the no-reset lesson has turned it off.
template <class T>
struct ResetUnlessTaught {
  const bool* on;  // WorldConfig::reset_on_release of the world that owns the pool
  void operator()(T& object) const {
    if (*on) restore_authored(object);  // every field, not just the ones spawn sets
  }
};
template <class T>
using WorldPool = InlinePool<T, ResetUnlessTaught<T>>;

// One pooled kind: its pool (the pattern), the heap list that stands in for the pool while
// pooling is off (the anti-pattern, heap_list.hpp), and the meter that measures its λ and L
// either way. A spawn, an update or a reader names the kind (world.sparks), one thing.
template <class T>
struct PooledKind {
  // Made at load, as the config sizes it (PoolSizing): the factory makes every object now
  // or, with warm-up off, none yet and each at first demand up to the same capacity. The
  // reset puts every field back in release, so a free object never holds last life's
  // state, unless the no-reset lesson has turned it off (ResetUnlessTaught).
  PooledKind(PoolId kind, const WorldConfig& config)
      : id(kind),
        pool([] { return T{}; }, config.prewarm_pools ? config.pools[kind].capacity : 0,
             ResetUnlessTaught<T>{&config.reset_on_release}, config.pools[kind].policy) {
    pool.set_name(kKinds[kind].name);
    if (!config.prewarm_pools) pool.make_on_demand_up_to(config.pools[kind].capacity);
  }
  PooledKind(const PooledKind&) = delete;  // its pool stays where it was made
  PooledKind& operator=(const PooledKind&) = delete;

  const char* name() const { return kKinds[id].name; }

  PoolId id;
  WorldPool<T> pool;
  HeapList<T> heap;  // empty unless config.pooling is off
  PoolMeter meter;   // measured λ (spawns, dropped ones too) and L (lifetimes)
};

// Every live object of one kind, pooled or (pooling off) on the heap: what readers such as
// the renderer walk. fn(const T&).
template <class T, class Fn>
void for_each_live(const PooledKind<T>& kind, Fn&& fn) {
  kind.pool.for_each_active([&](int, const T& object) { fn(object); });
  kind.heap.for_each(fn);
}

}  // namespace flatline
