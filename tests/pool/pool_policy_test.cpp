// Tests for src/pool/pool.hpp, part 2: what acquire() does when no object is idle.
// Drop refuses and counts, RecycleOldest takes back the earliest-acquired live object,
// Grow makes a new chunk (logged, counted, and never moving a live object).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Decal {
  int id = 0;
  float fade = 0.0f;
};

Pool<Decal> make_decals(std::size_t capacity, OverflowPolicy policy) {
  return Pool<Decal>([] { return Decal{}; }, capacity, [](Decal& d) { d = Decal{}; }, policy);
}

// Pool::LogFn is a plain function pointer, so the captured lines live in a global.
std::vector<std::string>& log_lines() {
  static std::vector<std::string> lines;
  return lines;
}
void capture_log(const char* line) {
  log_lines().emplace_back(line);
}

// The reference for acquisition order: live slots, earliest-acquired first.
struct AcquisitionOrder {
  std::deque<int> live;
  void acquired(int slot) { live.push_back(slot); }
  void ended(int slot) { live.erase(std::find(live.begin(), live.end(), slot)); }
};

// Acquires until the pool has no idle object left; returns the slots in order.
std::vector<int> fill(Pool<Decal>& pool) {
  std::vector<int> slots;
  while (pool.idle_count() > 0) {
    slots.push_back(pool.acquire());
  }
  return slots;
}

TEST(PoolDrop, CountsEveryRefusedAcquireAndChangesNothingElse) {
  Pool<Decal> pool = make_decals(3, OverflowPolicy::Drop);
  fill(pool);
  const PoolStats before = pool.stats();
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(pool.acquire(), -1);
  }
  const PoolStats after = pool.stats();
  EXPECT_EQ(after.dropped, before.dropped + 5);
  EXPECT_EQ(after.acquired, before.acquired);
  EXPECT_EQ(after.active, before.active);
  EXPECT_EQ(after.capacity, before.capacity);
  EXPECT_EQ(after.allocations, before.allocations);
}

TEST(PoolRecycleOldest, ReturnsTheEarliestAcquiredLiveSlot) {
  Pool<Decal> pool = make_decals(4, OverflowPolicy::RecycleOldest);
  fill(pool);  // slots 0, 1, 2, 3 in that order
  pool.release(0);
  pool.release(1);
  const int third = pool.acquire();  // LIFO: slot 1, then slot 0
  const int fourth = pool.acquire();
  ASSERT_EQ(pool.idle_count(), 0u);
  // Acquisition order is now 2, 3, third, fourth: the oldest is slot 2, not slot 0.
  EXPECT_EQ(pool.oldest_active(), 2);
  EXPECT_EQ(pool.acquire(), 2);
  EXPECT_EQ(pool.acquire(), 3);
  EXPECT_EQ(pool.acquire(), third);
  EXPECT_EQ(pool.acquire(), fourth);
  EXPECT_EQ(pool.acquire(), 2) << "a recycled slot becomes the newest";
  EXPECT_EQ(pool.stats().recycled, 5u);
  EXPECT_EQ(pool.stats().dropped, 0u);
}

TEST(PoolRecycleOldest, TakesTheNextOldestOnceTheOldestWasReleased) {
  Pool<Decal> pool = make_decals(3, OverflowPolicy::RecycleOldest);
  const std::vector<int> slots = fill(pool);
  pool.release(slots[0]);
  const int refill = pool.acquire();
  EXPECT_EQ(refill, slots[0]) << "an idle slot is used before anything is recycled";
  EXPECT_EQ(pool.stats().recycled, 0u);
  EXPECT_EQ(pool.acquire(), slots[1]);
  EXPECT_EQ(pool.stats().recycled, 1u);
}

TEST(PoolRecycleOldest, ResetsTheRecycledObjectAndMakesItsOldHandleStale) {
  Pool<Decal> pool = make_decals(2, OverflowPolicy::RecycleOldest);
  const Handle oldest = pool.acquire_handle();
  pool.get(oldest)->id = 77;
  pool.get(oldest)->fade = 0.5f;
  const int other = pool.acquire();
  pool[other].id = 88;
  const std::uint32_t generation_before = pool.generation(static_cast<int>(oldest.index));

  const int recycled = pool.acquire();
  ASSERT_EQ(recycled, static_cast<int>(oldest.index));
  EXPECT_EQ(pool[recycled].id, 0);
  EXPECT_EQ(pool[recycled].fade, 0.0f);
  EXPECT_NE(pool.generation(recycled), generation_before);
  EXPECT_FALSE(pool.alive(oldest));
  EXPECT_EQ(pool.get(oldest), nullptr);
  EXPECT_TRUE(pool.alive(pool.handle_of(recycled)));
  EXPECT_EQ(pool[other].id, 88) << "the other live object is untouched";

  const PoolStats stats = pool.stats();
  EXPECT_EQ(stats.recycled, 1u);
  EXPECT_EQ(stats.acquired, 3u);
  EXPECT_EQ(stats.released, 0u) << "a recycle is not a release";
  EXPECT_EQ(stats.active, 2u);
  EXPECT_EQ(stats.allocations, 2u);

  pool.release(oldest);  // the old owner gives back what it no longer owns
  EXPECT_TRUE(pool.is_active(recycled));
  EXPECT_EQ(pool.stats().stale_releases, 1u);
}

TEST(PoolRecycleOldest, FollowsAcquisitionOrderOverManyCyclesOfRandomReleases) {
  // Capacity 8: the acquisition log holds 2 x 8 + 16 entries, so it is compacted
  // every few dozen acquires; 20'000 operations compact it hundreds of times.
  Pool<Decal> pool = make_decals(8, OverflowPolicy::RecycleOldest);
  AcquisitionOrder order;
  std::mt19937 rng(2024);
  std::size_t recycles = 0;
  for (int step = 0; step < 20'000; ++step) {
    if (!order.live.empty() && rng() % 3 == 0) {
      const int slot = order.live[rng() % order.live.size()];  // any live slot, any order
      pool.release(slot);
      order.ended(slot);
      continue;
    }
    const bool full = pool.idle_count() == 0;
    const int expected = full ? order.live.front() : -1;
    ASSERT_EQ(pool.oldest_active(), order.live.empty() ? -1 : order.live.front()) << step;
    const int slot = pool.acquire();
    ASSERT_GE(slot, 0);
    if (full) {
      ASSERT_EQ(slot, expected) << "step " << step << ": not the earliest-acquired live slot";
      order.ended(slot);
      ++recycles;
    }
    order.acquired(slot);
  }
  EXPECT_GT(recycles, 1000u);
  EXPECT_EQ(pool.stats().recycled, recycles);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolRecycleOldest, TakesALongLivedObjectFirstAfterLongChurnAroundIt) {
  Pool<Decal> pool = make_decals(16, OverflowPolicy::RecycleOldest);
  const Handle elder = pool.acquire_handle();
  pool.get(elder)->id = 7;
  for (int cycle = 0; cycle < 10'000; ++cycle) {  // ~300 compactions of the log around it
    const int a = pool.acquire();
    const int b = pool.acquire();
    pool.release(cycle % 2 == 0 ? a : b);
    pool.release(cycle % 2 == 0 ? b : a);
  }
  EXPECT_EQ(pool.oldest_active(), static_cast<int>(elder.index));
  std::vector<int> rest;
  while (pool.idle_count() > 0) {
    rest.push_back(pool.acquire());
  }
  EXPECT_EQ(pool.acquire(), static_cast<int>(elder.index)) << "the oldest is recycled first";
  EXPECT_FALSE(pool.alive(elder));
  for (const int slot : rest) {
    EXPECT_EQ(pool.acquire(), slot) << "then the others, in the order they were acquired";
  }
  EXPECT_EQ(pool.stats().recycled, 16u);
}

TEST(PoolRecycleOldest, SwitchedOnAtRuntimeStillKnowsTheAcquisitionOrder) {
  Pool<Decal> pool = make_decals(6, OverflowPolicy::Drop);
  AcquisitionOrder order;
  for (int i = 0; i < 6; ++i) {
    order.acquired(pool.acquire());
  }
  for (const int slot : {4, 0, 2}) {
    pool.release(slot);
    order.ended(slot);
  }
  for (int i = 0; i < 2; ++i) {
    order.acquired(pool.acquire());
  }
  pool.release(3);
  order.ended(3);
  ASSERT_EQ(pool.oldest_active(), order.live.front()) << "exact under Drop too (a scan)";
  pool.set_policy(OverflowPolicy::RecycleOldest);  // fills the log from the live slots' stamps
  while (pool.idle_count() > 0) {
    order.acquired(pool.acquire());
  }
  for (int i = 0; i < 12; ++i) {
    const int expected = order.live.front();
    ASSERT_EQ(pool.oldest_active(), expected);
    ASSERT_EQ(pool.acquire(), expected) << "recycle " << i;
    order.ended(expected);
    order.acquired(expected);
  }
}

TEST(PoolOldestActive, IsTheEarliestAcquiredLiveSlotUnderEveryPolicy) {
  for (const OverflowPolicy policy :
       {OverflowPolicy::Drop, OverflowPolicy::RecycleOldest, OverflowPolicy::Grow}) {
    Pool<Decal> pool = make_decals(5, policy);
    EXPECT_EQ(pool.oldest_active(), -1);
    for (int i = 0; i < 4; ++i) {
      pool.acquire();
    }
    pool.release(0);
    EXPECT_EQ(pool.oldest_active(), 1) << to_string(policy);
    pool.release(1);
    const int again = pool.acquire();  // slot 1 again: now the newest
    EXPECT_EQ(again, 1);
    EXPECT_EQ(pool.oldest_active(), 2) << to_string(policy);
    pool.release(2);
    pool.release(3);
    EXPECT_EQ(pool.oldest_active(), 1) << to_string(policy);
  }
}

TEST(PoolGrow, MakesANewChunkAndLogsOncePerGrowth) {
  log_lines().clear();
  Pool<Decal> pool = make_decals(4, OverflowPolicy::Grow);
  pool.set_name("decals");
  pool.set_log(&capture_log);
  fill(pool);
  EXPECT_TRUE(log_lines().empty());

  const int slot = pool.acquire();
  EXPECT_EQ(slot, 4) << "the first new slot follows the old ones";
  const std::size_t grown_capacity = pool.capacity();
  EXPECT_GT(grown_capacity, 5u) << "growth makes a chunk, not one object";
  EXPECT_EQ(pool.allocations(), grown_capacity);
  EXPECT_EQ(pool.stats().grown, 1u);
  ASSERT_EQ(log_lines().size(), 1u);
  EXPECT_NE(log_lines()[0].find("decals"), std::string::npos) << log_lines()[0];
  EXPECT_NE(log_lines()[0].find("grew"), std::string::npos) << log_lines()[0];

  fill(pool);  // uses the rest of the chunk: no more growth, no more log lines
  EXPECT_EQ(pool.capacity(), grown_capacity);
  EXPECT_EQ(log_lines().size(), 1u);

  pool.acquire();
  EXPECT_GT(pool.capacity(), grown_capacity);
  EXPECT_EQ(pool.allocations(), pool.capacity());
  EXPECT_EQ(pool.stats().grown, 2u);
  EXPECT_EQ(log_lines().size(), 2u);
  EXPECT_EQ(pool.stats().dropped, 0u);
  EXPECT_EQ(pool.active_count(), grown_capacity + 1);
}

TEST(PoolGrow, AllocatesOnlyWhenItGrows) {
  Pool<Decal> pool = make_decals(4, OverflowPolicy::Grow);
  pool.set_log(&capture_log);
  fill(pool);
  heap::Mark mark;
  pool.acquire();
  EXPECT_GT(mark.since().allocations, 0u) << "growth makes objects: it allocates";
  mark.reset();
  pool.release(pool.acquire());
  EXPECT_EQ(mark.since().allocations, 0u) << "once grown, play is allocation-free again";
}

TEST(PoolGrow, NeverMovesALiveObject) {
  Pool<Decal> pool = make_decals(2, OverflowPolicy::Grow);
  pool.set_log(&capture_log);
  struct Seen {
    int slot;
    const Decal* address;
  };
  std::vector<Seen> seen;
  for (int growth = 0; growth < 6; ++growth) {
    const std::size_t capacity = pool.capacity();
    while (pool.capacity() == capacity) {  // fill the pool, then force one growth
      const int slot = pool.acquire();
      ASSERT_GE(slot, 0);
      pool[slot].id = 1000 + slot;
      seen.push_back({slot, &pool[slot]});
    }
  }
  EXPECT_EQ(pool.stats().grown, 6u);
  for (const Seen& s : seen) {
    EXPECT_EQ(&pool[s.slot], s.address) << "slot " << s.slot << " moved";
    EXPECT_EQ(s.address->id, 1000 + s.slot) << "slot " << s.slot << " lost its content";
  }
}

TEST(PoolGrow, WorksWithManyGrowthsAndKeepsEverySlotDistinct) {
  Pool<Decal> pool = make_decals(1, OverflowPolicy::Grow);
  pool.set_log(&capture_log);
  std::vector<const Decal*> addresses;
  for (int i = 0; i < 200; ++i) {
    const int slot = pool.acquire();
    ASSERT_EQ(slot, i);
    addresses.push_back(&pool[slot]);
  }
  for (std::size_t i = 1; i < addresses.size(); ++i) {
    EXPECT_NE(addresses[i], addresses[i - 1]);
  }
  EXPECT_EQ(pool.allocations(), pool.capacity());
  EXPECT_GE(pool.capacity(), 200u);
}

TEST(PoolPolicy, CanBeSwitchedAtRuntime) {
  Pool<Decal> pool = make_decals(2, OverflowPolicy::Drop);
  pool.set_log(&capture_log);
  EXPECT_EQ(pool.policy(), OverflowPolicy::Drop);
  const std::vector<int> slots = fill(pool);
  EXPECT_EQ(pool.acquire(), -1);

  pool.set_policy(OverflowPolicy::RecycleOldest);
  EXPECT_EQ(pool.policy(), OverflowPolicy::RecycleOldest);
  EXPECT_EQ(pool.acquire(), slots[0]);
  EXPECT_EQ(pool.capacity(), 2u);

  pool.set_policy(OverflowPolicy::Grow);
  EXPECT_EQ(pool.acquire(), 2);
  EXPECT_GT(pool.capacity(), 2u);

  pool.set_policy(OverflowPolicy::Drop);
  fill(pool);
  EXPECT_EQ(pool.acquire(), -1);
  const PoolStats stats = pool.stats();
  EXPECT_EQ(stats.dropped, 2u);
  EXPECT_EQ(stats.recycled, 1u);
  EXPECT_EQ(stats.grown, 1u);
}

TEST(PoolPolicy, HasReadableNames) {
  EXPECT_STREQ(to_string(OverflowPolicy::Drop), "drop");
  EXPECT_STREQ(to_string(OverflowPolicy::RecycleOldest), "recycle-oldest");
  EXPECT_STREQ(to_string(OverflowPolicy::Grow), "grow");
}

}  // namespace
}  // namespace flatline
