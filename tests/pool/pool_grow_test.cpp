// Tests for src/pool/pool.hpp, part 7: growth is amortised O(1). Each grown chunk is twice
// the one before and the bookkeeping at least doubles, so growing to n objects takes
// O(log n) growths and O(log n) allocations, and no object ever moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Spark {
  float pos[3] = {};
  int id = 0;
};

Pool<Spark> make_sparks(std::size_t capacity) {
  return Pool<Spark>([] { return Spark{}; }, capacity, [](Spark& s) { s = Spark{}; },
                     OverflowPolicy::Grow);
}
void quiet(const char*) {}

// The capacity after each of the first `growths` growths.
std::vector<std::size_t> capacities(Pool<Spark>& pool, int growths) {
  std::vector<std::size_t> seen{pool.capacity()};
  while (static_cast<int>(seen.size()) <= growths) {
    pool.acquire();
    if (pool.capacity() != seen.back()) seen.push_back(pool.capacity());
  }
  return seen;
}

TEST(PoolGrow, EachChunkIsTwiceTheOneBefore) {
  Pool<Spark> big = make_sparks(100);
  big.set_log(&quiet);
  EXPECT_EQ(capacities(big, 4), (std::vector<std::size_t>{100, 200, 400, 800, 1600}));
  Pool<Spark> one = make_sparks(1);  // the first grown chunk has at least 16 objects
  one.set_log(&quiet);
  EXPECT_EQ(capacities(one, 4), (std::vector<std::size_t>{1, 17, 49, 113, 241}));
  Pool<Spark> none = make_sparks(0);  // its first growth makes the load chunk
  none.set_log(&quiet);
  EXPECT_EQ(capacities(none, 4), (std::vector<std::size_t>{0, 16, 32, 64, 128}));
}

TEST(PoolGrow, GrowingToNTakesLogNGrowthsAndLogNAllocations) {
  constexpr std::size_t kTarget = 200'000;
  Pool<Spark> pool = make_sparks(1);
  pool.set_log(&quiet);
  heap::Mark mark;
  for (std::size_t i = 0; i < kTarget; ++i)
    ASSERT_EQ(pool.acquire(), static_cast<int>(i)) << "slots are vended in order";
  const std::size_t allocations = mark.since().allocations;
  const auto log2_n = static_cast<std::size_t>(std::bit_width(kTarget));  // 18
  // 1 -> 17 -> 49 -> ... -> 262,129: 14 growths.
  EXPECT_LE(pool.stats().grown, log2_n) << "capacity at least doubles each growth";
  // Per growth: the chunk, the slot table, the free stack, the live list, the vacant stack
  // and (debug builds) the poison flags: at most 6 allocations, however large the pool.
  EXPECT_LE(allocations, 6 * pool.stats().grown) << "over " << pool.stats().grown << " growths";
  EXPECT_EQ(pool.allocations(), pool.capacity());
}

TEST(PoolGrow, ObjectsInEveryChunkAreDistinctAndStayPut) {
  Pool<Spark> pool = make_sparks(3);
  pool.set_log(&quiet);
  std::vector<const Spark*> addresses;
  for (int i = 0; i < 5000; ++i) {
    const int slot = pool.acquire();
    ASSERT_EQ(slot, i);
    pool[slot].id = slot;
    addresses.push_back(&pool[slot]);
  }
  while (pool.stats().grown < 12)  // more growths past 5000 objects (9 reach 8179)
    pool.acquire();
  for (int slot = 0; slot < 5000; ++slot) {
    ASSERT_EQ(&pool[slot], addresses[static_cast<std::size_t>(slot)]) << "slot " << slot;
    ASSERT_EQ(pool[slot].id, slot);
  }
  std::sort(addresses.begin(), addresses.end());
  EXPECT_EQ(std::adjacent_find(addresses.begin(), addresses.end()), addresses.end());
}

}  // namespace
}  // namespace flatline
