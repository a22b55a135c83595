// Tests for src/pool/pool.hpp, part 3: object and slot lifetimes. Generational
// handles catch stale and foreign use, forget/trim/destroy end objects exactly once,
// a throwing factory changes nothing, and for_each_active walks only live slots.
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"
#include "tracked.hpp"

namespace flatline {
namespace {

using test::FlakyFactory;
using test::reset_tracked;
using test::Tracked;
using test::TrackedPool;
void quiet(const char*) {}

TEST(PoolHandles, ResolveToTheirObjectWhileLive) {
  Pool<int> pool([] { return 0; }, 4, [](int& i) { i = 0; });
  const Handle handle = pool.acquire_handle();
  ASSERT_FALSE(handle.is_null());
  EXPECT_EQ(handle.pool, pool.id());
  EXPECT_TRUE(pool.alive(handle));
  EXPECT_EQ(pool.get(handle), &pool[static_cast<int>(handle.index)]);
  const Pool<int>& view = pool;
  EXPECT_EQ(view.get(handle), &view[static_cast<int>(handle.index)]);
  EXPECT_EQ(pool.handle_of(static_cast<int>(handle.index)), handle);
}

TEST(PoolHandles, StaleHandleResolvesToNothingEvenAfterItsSlotIsReVended) {
  Pool<int> pool([] { return 0; }, 1, [](int& i) { i = 0; });
  const Handle old = pool.acquire_handle();
  pool.release(old);
  EXPECT_FALSE(pool.alive(old));
  EXPECT_EQ(pool.get(old), nullptr);
  const Handle fresh = pool.acquire_handle();
  ASSERT_EQ(fresh.index, old.index);
  EXPECT_NE(fresh.generation, old.generation);
  EXPECT_FALSE(pool.alive(old));
  EXPECT_EQ(pool.get(old), nullptr);
  EXPECT_TRUE(pool.alive(fresh));
}

TEST(PoolHandles, HandleOfANonLiveSlotIsNull) {
  Pool<int> pool([] { return 0; }, 2, [](int& i) { i = 0; });
  EXPECT_TRUE(pool.handle_of(0).is_null());
  EXPECT_TRUE(pool.handle_of(-1).is_null());
  EXPECT_TRUE(pool.handle_of(2).is_null());
  EXPECT_FALSE(pool.alive(Handle{}));
  EXPECT_EQ(pool.get(Handle{}), nullptr);
}

TEST(PoolHandles, HandleFromAnotherPoolIsForeignCountedAndIgnored) {
  Pool<int> a([] { return 0; }, 2, [](int& i) { i = 0; });
  Pool<int> b([] { return 0; }, 2, [](int& i) { i = 0; });
  ASSERT_NE(a.id(), b.id());
  const Handle from_a = a.acquire_handle();
  const int in_b = b.acquire();
  ASSERT_EQ(static_cast<int>(from_a.index), in_b) << "same slot number in both pools";
  EXPECT_FALSE(b.alive(from_a));
  EXPECT_EQ(b.get(from_a), nullptr);
  b.release(from_a);
  EXPECT_EQ(b.stats().foreign_releases, 1u);
  EXPECT_TRUE(b.is_active(in_b));
  EXPECT_TRUE(a.alive(from_a));
}

TEST(PoolHandles, OutOfRangeReleasesAreCountedForeign) {
  Pool<int> pool([] { return 0; }, 3, [](int& i) { i = 0; });
  pool.acquire();
  pool.release(-1);
  pool.release(3);
  pool.release(Handle{3, 1, pool.id()});
  EXPECT_EQ(pool.stats().foreign_releases, 3u);
  EXPECT_EQ(pool.stats().double_releases, 0u);
  EXPECT_EQ(pool.active_count(), 1u);
}

TEST(PoolHandles, ReleasingTheNullHandleIsIgnoredAndNotCountedAsMisuse) {
  Pool<int> pool([] { return 0; }, 1, [](int& i) { i = 0; });
  const int slot = pool.acquire();
  pool.release(Handle{});
  EXPECT_EQ(pool.stats().misuse(), 0u) << "like delete nullptr";
  EXPECT_EQ(pool.stats().released, 0u);
  EXPECT_TRUE(pool.is_active(slot));
  const Handle dropped = pool.acquire_handle();  // the pool is full: Drop hands out null
  ASSERT_TRUE(dropped.is_null());
  pool.release(dropped);  // giving "nothing" back is not misuse either
  EXPECT_EQ(pool.stats().misuse(), 0u);
  EXPECT_EQ(pool.stats().dropped, 1u);
  EXPECT_EQ(pool.active_count(), 1u);
}

TEST(PoolHandles, DoubleReleaseThroughAHandleIsCountedDouble) {
  Pool<int> pool([] { return 0; }, 2, [](int& i) { i = 0; });
  const Handle handle = pool.acquire_handle();
  pool.release(handle);
  pool.release(handle);
  const PoolStats stats = pool.stats();
  EXPECT_EQ(stats.released, 1u);
  EXPECT_EQ(stats.double_releases, 1u);
  EXPECT_EQ(stats.stale_releases, 0u);
  EXPECT_EQ(pool.idle_count(), 2u);
}

TEST(PoolHandles, StaleReleaseDoesNotReleaseTheNewOwnersObject) {
  Pool<int> pool([] { return 0; }, 1, [](int& i) { i = 0; });
  const Handle old = pool.acquire_handle();
  pool.release(old);
  const Handle fresh = pool.acquire_handle();
  pool[static_cast<int>(fresh.index)] = 42;
  pool.release(old);
  EXPECT_EQ(pool.stats().stale_releases, 1u);
  EXPECT_EQ(pool.stats().released, 1u);
  EXPECT_TRUE(pool.alive(fresh));
  EXPECT_EQ(*pool.get(fresh), 42);
}

TEST(PoolGenerations, StartAtOneAndWrapBackToOneNotZeroAfterFifteenReusesWithFourBits) {
  Pool<int, 4> pool([] { return 0; }, 1, [](int& i) { i = 0; });
  const Handle first = pool.acquire_handle();
  EXPECT_EQ(first.generation, 1u);
  std::vector<std::uint32_t> generations{first.generation};
  Handle handle = first;
  for (int reuse = 1; reuse <= 15; ++reuse) {
    pool.release(handle);
    handle = pool.acquire_handle();
    EXPECT_NE(handle.generation, 0u) << "reuse " << reuse;
    EXPECT_LT(handle.generation, 16u) << "reuse " << reuse;
    generations.push_back(handle.generation);
  }
  EXPECT_EQ(handle.generation, 1u) << "15 live values: 1..15, then 1 again";
  for (std::size_t i = 1; i < 15; ++i) {
    EXPECT_NE(generations[i], generations[0]) << i;
  }
}

TEST(PoolGenerations, AHandleHeldAcrossAFullWrapMatchesAgainByDesignButOnlyWhileItsSlotIsLive) {
  Pool<int, 4> pool([] { return 0; }, 1, [](int& i) { i = 0; });
  const Handle held = pool.acquire_handle();
  pool.release(held);
  for (int reuse = 1; reuse < 15; ++reuse) {
    const Handle current = pool.acquire_handle();
    EXPECT_FALSE(pool.alive(held)) << "reuse " << reuse;
    pool.release(current);
  }
  ASSERT_EQ(pool.generation(static_cast<int>(held.index)), held.generation);
  EXPECT_FALSE(pool.alive(held)) << "same generation, but the slot is free";
  EXPECT_EQ(pool.get(held), nullptr);
  pool.release(held);
  EXPECT_EQ(pool.stats().double_releases, 1u);
  pool.acquire();
  EXPECT_TRUE(pool.alive(held)) << "2^bits - 1 reuses later the generation matches again";
}

TEST(PoolForget, TakesALiveObjectOutOfPlayDestroyingItWithoutReset) {
  Tracked::clear();
  int resets = 0;
  auto reset = [&resets](Tracked& t) {
    ++resets;
    t.value = 0;
  };
  TrackedPool pool([] { return Tracked{}; }, 3, reset);
  const Handle handle = pool.acquire_handle();
  const int other = pool.acquire();
  const int alive_before = Tracked::alive();
  pool.forget(static_cast<int>(handle.index));
  EXPECT_EQ(Tracked::alive(), alive_before - 1) << "the object was destroyed";
  EXPECT_EQ(resets, 0) << "a lost object is not reset";
  EXPECT_EQ(pool.active_count(), 1u);
  EXPECT_EQ(pool.idle_count(), 1u) << "the slot does not go back to idle";
  EXPECT_FALSE(pool.is_active(static_cast<int>(handle.index)));
  EXPECT_FALSE(pool.alive(handle));
  EXPECT_TRUE(pool.is_active(other));
  EXPECT_EQ(pool.stats().forgotten, 1u);
  EXPECT_EQ(pool.capacity(), 3u);
}

TEST(PoolForget, IgnoresSlotsAndHandlesThatAreNotLive) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 2, reset_tracked);
  const Handle handle = pool.acquire_handle();
  pool.release(handle);
  const int alive_before = Tracked::alive();
  pool.forget(static_cast<int>(handle.index));  // idle
  pool.forget(handle);                          // stale
  pool.forget(-1);
  pool.forget(2);
  pool.forget(Handle{});
  EXPECT_EQ(Tracked::alive(), alive_before);
  EXPECT_EQ(pool.stats().forgotten, 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
  EXPECT_EQ(pool.idle_count(), 2u);
}

TEST(PoolForget, ThroughAHandleWorksAndTheSlotIsReMadeWhenNeeded) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 1, reset_tracked);
  const Handle handle = pool.acquire_handle();
  pool.forget(handle);
  EXPECT_EQ(pool.stats().forgotten, 1u);
  const std::size_t allocations = pool.allocations();
  const int constructed = Tracked::constructed;
  EXPECT_EQ(pool.acquire(), static_cast<int>(handle.index));
  EXPECT_EQ(pool.allocations(), allocations + 1);
  EXPECT_GT(Tracked::constructed, constructed) << "the factory made a new object";
  pool.release(handle);
  EXPECT_EQ(pool.stats().stale_releases, 1u) << "the forgotten handle stays stale";
  EXPECT_TRUE(pool.is_active(static_cast<int>(handle.index))) << "and releases nothing";
}

TEST(PoolTrim, DestroysIdleObjectsBeyondKeepAndLeavesLiveOnesAlone) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 10, reset_tracked);
  std::vector<int> live;
  for (int i = 0; i < 3; ++i) {
    live.push_back(pool.acquire());
    pool[live.back()].value = 100 + i;
  }
  const int alive_before = Tracked::alive();
  EXPECT_EQ(pool.trim(2), 5u);
  EXPECT_EQ(Tracked::alive(), alive_before - 5);
  EXPECT_EQ(pool.idle_count(), 2u);
  EXPECT_EQ(pool.active_count(), 3u);
  EXPECT_EQ(pool.capacity(), 10u) << "slots stay; only their objects go";
  EXPECT_EQ(pool.stats().trimmed, 5u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(pool.is_active(live[i]));
    EXPECT_EQ(pool[live[i]].value, 100 + i);
  }
  EXPECT_EQ(pool.trim(2), 0u);
  EXPECT_EQ(pool.trim(50), 0u);
}

TEST(PoolTrim, TrimmedSlotsAreReMadeByTheFactoryOnDemand) {
  Tracked::clear();
  int calls = 0;
  TrackedPool pool(FlakyFactory{&calls, 0}, 4, reset_tracked);
  const int made_at_load = calls;
  EXPECT_EQ(pool.trim(0), 4u);
  EXPECT_EQ(Tracked::alive(), 0);
  const int slot = pool.acquire();
  EXPECT_GE(slot, 0);
  EXPECT_LT(slot, 4);
  EXPECT_EQ(calls, made_at_load + 1);
  EXPECT_EQ(pool.allocations(), 5u);
  EXPECT_EQ(Tracked::alive(), 1);
  EXPECT_EQ(pool.capacity(), 4u);
}

TEST(PoolDestroy, DestroysEveryIdleAndLiveObjectAndStalesEveryHandle) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 6, reset_tracked);
  const Handle a = pool.acquire_handle();
  const Handle b = pool.acquire_handle();
  ASSERT_EQ(Tracked::alive(), 6);
  pool.destroy();
  EXPECT_EQ(Tracked::alive(), 0);
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.idle_count(), 0u);
  EXPECT_FALSE(pool.alive(a));
  EXPECT_FALSE(pool.alive(b));
  pool.destroy();  // a second destroy finds nothing to destroy
  EXPECT_EQ(Tracked::alive(), 0);
}

TEST(PoolDestroy, CountsTheLiveObjectsItDestroyedAndEveryLifeEndsOneWay) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 8, reset_tracked);
  for (int i = 0; i < 5; ++i) {
    pool.acquire();
  }
  pool.release(1);
  pool.forget(2);
  pool.destroy();  // 3 live and 4 idle objects go
  PoolStats stats = pool.stats();
  EXPECT_EQ(stats.destroyed, 3u);
  EXPECT_EQ(stats.trimmed, 4u) << "idle objects destroyed count as trimmed";
  EXPECT_EQ(stats.released, 1u);
  EXPECT_EQ(stats.forgotten, 1u);
  EXPECT_EQ(stats.acquired,
            stats.released + stats.recycled + stats.forgotten + stats.destroyed + stats.active);
  pool.acquire();  // re-made by the factory
  pool.destroy();
  stats = pool.stats();
  EXPECT_EQ(stats.destroyed, 4u);
  EXPECT_EQ(stats.acquired, 6u);
  EXPECT_EQ(stats.released, 1u) << "a destroyed object was not released";
  EXPECT_EQ(Tracked::alive(), 0);
}

TEST(PoolDestroy, DestructorDestroysEveryObjectExactlyOnceWhateverHappened) {
  Tracked::clear();
  {
    TrackedPool pool([] { return Tracked{}; }, 4, reset_tracked, OverflowPolicy::Grow);
    pool.set_log(&quiet);
    std::vector<int> slots;
    for (int i = 0; i < 7; ++i) {
      slots.push_back(pool.acquire());  // grows once
    }
    pool.release(slots[0]);
    pool.forget(slots[1]);
    pool.trim(3);
    pool.set_policy(OverflowPolicy::RecycleOldest);
    for (int i = 0; i < 30; ++i) {
      pool.acquire();  // re-makes, then recycles
    }
    ASSERT_GT(Tracked::alive(), 0);
  }
  EXPECT_GT(Tracked::constructed, 0);
  EXPECT_EQ(Tracked::destroyed, Tracked::constructed);
}

TEST(PoolDestroy, DestroyThenDestructorDoesNotDestroyTwice) {
  Tracked::clear();
  {
    TrackedPool pool([] { return Tracked{}; }, 5, reset_tracked);
    pool.acquire();
    pool.destroy();
    pool.acquire();  // a destroyed pool re-makes objects on demand
    EXPECT_EQ(Tracked::alive(), 1);
  }
  EXPECT_EQ(Tracked::destroyed, Tracked::constructed);
}

}  // namespace
}  // namespace flatline
