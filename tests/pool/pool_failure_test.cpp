// Tests for src/pool/pool.hpp, part 4: failure and degenerate cases. A throwing
// factory or reset changes no count and leaks nothing, a pool of capacity 0 behaves
// by its policy, and a pool can be neither copied nor moved (handles and leases point at it).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"
#include "pool_stats_expect.hpp"
#include "tracked.hpp"

namespace flatline {
namespace {

using test::FlakyFactory;
using test::reset_tracked;
using test::Tracked;
using test::TrackedPool;

int log_calls = 0;
void count_log(const char*) {
  ++log_calls;
}

static_assert(!std::is_copy_constructible_v<TrackedPool>);
static_assert(!std::is_copy_assignable_v<TrackedPool>);
static_assert(!std::is_move_constructible_v<TrackedPool>, "handles and leases point at it");
static_assert(!std::is_move_assignable_v<TrackedPool>);

TEST(PoolFactoryThrows, InTheConstructorPropagatesAndLeaksNothing) {
  Tracked::clear();
  int calls = 0;
  bool threw = false;
  const heap::Mark mark;
  try {
    TrackedPool pool(FlakyFactory{&calls, 5}, 10, reset_tracked);
  } catch (const std::runtime_error&) {
    threw = true;
  }
  const heap::Counts counts = mark.since();
  EXPECT_TRUE(threw);
  EXPECT_EQ(calls, 5) << "construction stopped at the failing call";
  EXPECT_GT(Tracked::constructed, 0);
  EXPECT_EQ(Tracked::alive(), 0) << "the objects made before the throw were destroyed";
  EXPECT_EQ(counts.allocations, counts.deallocations) << "and their memory freed";
}

TEST(PoolFactoryThrows, UnderGrowAcquireThrowsAndLeavesEveryCountUnchanged) {
  Tracked::clear();
  log_calls = 0;
  int calls = 0;
  TrackedPool pool(FlakyFactory{&calls, 4 + 3}, 4, reset_tracked, OverflowPolicy::Grow);
  pool.set_log(&count_log);
  for (int i = 0; i < 4; ++i) {
    pool.acquire();
  }
  const PoolStats before = pool.stats();
  const int alive_before = Tracked::alive();

  EXPECT_THROW(pool.acquire(), std::runtime_error);  // fails on the 3rd object of the chunk
  expect_same_stats(pool.stats(), before);
  EXPECT_EQ(pool.capacity(), before.capacity);
  EXPECT_EQ(Tracked::alive(), alive_before) << "the half-made chunk was destroyed";
  EXPECT_EQ(log_calls, 0) << "no growth happened, so none was logged";

  pool.release(0);  // the pool still works: idle objects are vended
  EXPECT_EQ(pool.acquire(), 0);
  const int grown_slot = pool.acquire();  // and growth succeeds once the factory does
  EXPECT_EQ(grown_slot, 4);
  EXPECT_EQ(pool.stats().grown, 1u);
  EXPECT_EQ(pool.allocations(), pool.capacity());
  EXPECT_EQ(log_calls, 1);
}

TEST(PoolFactoryThrows, WhenReMakingATrimmedSlotLeavesEveryCountUnchanged) {
  Tracked::clear();
  int calls = 0;
  TrackedPool pool(FlakyFactory{&calls, 3 + 1}, 3, reset_tracked);
  EXPECT_EQ(pool.trim(1), 2u);
  pool.acquire();  // the one idle object
  const PoolStats before = pool.stats();
  const int alive_before = Tracked::alive();

  EXPECT_THROW(pool.acquire(), std::runtime_error);
  expect_same_stats(pool.stats(), before);
  EXPECT_EQ(Tracked::alive(), alive_before);

  const int slot = pool.acquire();  // the factory works again: the slot is re-made
  EXPECT_GE(slot, 0);
  EXPECT_EQ(pool.allocations(), before.allocations + 1);
  EXPECT_EQ(pool.active_count(), 2u);
}

// A reset that throws for objects whose value is negative.
void picky_reset(Tracked& t) {
  if (t.value < 0) throw std::runtime_error("reset failed");
  t.value = 0;
}

TEST(PoolResetThrows, OnReleaseLeavesTheSlotLiveAndEveryCountUnchanged) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 3, picky_reset);
  const Handle handle = pool.acquire_handle();
  const int slot = static_cast<int>(handle.index);
  const int other = pool.acquire();
  pool[slot].value = -1;
  const PoolStats before = pool.stats();
  const std::uint32_t generation = pool.generation(slot);

  EXPECT_THROW(pool.release(slot), std::runtime_error);
  expect_same_stats(pool.stats(), before);
  EXPECT_TRUE(pool.is_active(slot)) << "still live: its owner still has it";
  EXPECT_TRUE(pool.alive(handle));
  EXPECT_EQ(pool.generation(slot), generation);
  EXPECT_THROW(pool.release(handle), std::runtime_error);  // through a handle: the same
  expect_same_stats(pool.stats(), before);
  EXPECT_TRUE(pool.alive(handle));

  pool[slot].value = 5;  // the owner fixes its object; now it can go back
  pool.release(handle);
  EXPECT_FALSE(pool.alive(handle));
  EXPECT_EQ(pool.stats().released, 1u);
  EXPECT_TRUE(pool.is_active(other));
  EXPECT_EQ(pool.acquire(), slot) << "and it is vended again, reset";
  EXPECT_EQ(pool[slot].value, 0);
}

TEST(PoolResetThrows, OnRecycleLeavesTheOldOwnerItsObjectAndEveryCountUnchanged) {
  Tracked::clear();
  TrackedPool pool([] { return Tracked{}; }, 2, picky_reset, OverflowPolicy::RecycleOldest);
  const Handle oldest = pool.acquire_handle();
  pool.acquire();
  pool.get(oldest)->value = -1;
  const PoolStats before = pool.stats();

  EXPECT_THROW(pool.acquire(), std::runtime_error);
  expect_same_stats(pool.stats(), before);
  EXPECT_TRUE(pool.alive(oldest));
  EXPECT_EQ(pool.oldest_active(), static_cast<int>(oldest.index)) << "still the oldest";

  pool.get(oldest)->value = 1;
  EXPECT_EQ(pool.acquire(), static_cast<int>(oldest.index));
  EXPECT_FALSE(pool.alive(oldest));
  EXPECT_EQ(pool.stats().recycled, 1u);
}

TEST(PoolCapacityZero, DropsEveryAcquireUnderDrop) {
  TrackedPool pool([] { return Tracked{}; }, 0, reset_tracked);
  EXPECT_EQ(pool.capacity(), 0u);
  EXPECT_EQ(pool.allocations(), 0u);
  EXPECT_EQ(pool.acquire(), -1);
  EXPECT_FALSE(pool.lease());
  EXPECT_EQ(pool.stats().dropped, 2u);
  EXPECT_EQ(pool.trim(0), 0u);
  int calls = 0;
  pool.for_each_active([&calls](int, Tracked&) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(PoolCapacityZero, HasNothingToRecycleUnderRecycleOldest) {
  TrackedPool pool([] { return Tracked{}; }, 0, reset_tracked, OverflowPolicy::RecycleOldest);
  EXPECT_EQ(pool.acquire(), -1);
  EXPECT_EQ(pool.stats().dropped, 1u);
  EXPECT_EQ(pool.stats().recycled, 0u);
}

TEST(PoolCapacityZero, WorksUnderGrow) {
  Tracked::clear();
  log_calls = 0;
  {
    TrackedPool pool([] { return Tracked{}; }, 0, reset_tracked, OverflowPolicy::Grow);
    pool.set_log(&count_log);
    const int first = pool.acquire();
    EXPECT_EQ(first, 0);
    EXPECT_GT(pool.capacity(), 0u);
    EXPECT_EQ(pool.allocations(), pool.capacity());
    EXPECT_EQ(log_calls, 1);
    const int second = pool.acquire();
    EXPECT_EQ(second, 1);
    pool.release(first);
    EXPECT_EQ(pool.acquire(), first);
    EXPECT_EQ(Tracked::alive(), static_cast<int>(pool.capacity()));
  }
  EXPECT_EQ(Tracked::alive(), 0);
}

TEST(PoolEdgeCases, ReleasingEverySlotTwiceInARowCountsEachSecondReleaseAndCorruptsNothing) {
  constexpr int kCapacity = 1000;
  Pool<std::uint32_t> pool([] { return 0u; }, kCapacity, [](std::uint32_t& v) { v = 0; });
  for (int i = 0; i < kCapacity; ++i)
    ASSERT_EQ(pool.acquire(), i);
  for (int i = 0; i < kCapacity; ++i) {
    pool.release(i);
    pool.release(i);
  }
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.stats().double_releases, static_cast<std::size_t>(kCapacity));
  // Every slot went back on the free stack once: the pool still hands out each slot once.
  std::vector<char> seen(kCapacity, 0);
  for (int i = 0; i < kCapacity; ++i) {
    const int slot = pool.acquire();
    ASSERT_GE(slot, 0);
    ASSERT_EQ(seen[static_cast<std::size_t>(slot)], 0) << "slot " << slot << " handed out twice";
    seen[static_cast<std::size_t>(slot)] = 1;
  }
  EXPECT_EQ(pool.acquire(), -1);
}

TEST(PoolEdgeCases, APoolOfTenMillionFillsAndEmptiesWithoutAllocating) {
  constexpr std::size_t kCapacity = 10'000'000;
  Pool<std::uint32_t> pool([] { return 7u; }, kCapacity, [](std::uint32_t& v) { v = 7; });
  EXPECT_EQ(pool.capacity(), kCapacity);
  EXPECT_EQ(pool.allocations(), kCapacity);
  const heap::Mark mark;
  for (std::size_t i = 0; i < kCapacity; ++i)
    pool[pool.acquire()] = 1;
  EXPECT_EQ(pool.active_count(), kCapacity);
  EXPECT_EQ(pool.acquire(), -1);
  for (std::size_t i = 0; i < kCapacity; ++i)
    pool.release(static_cast<int>(i));
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.peak_active(), kCapacity);
  const int again = pool.acquire();  // comes back reset (debug builds poison it in between)
  EXPECT_EQ(pool[again], 7u);
}

}  // namespace
}  // namespace flatline
