// Tests for src/pool/textbook_pool.hpp, the pool a learner reads first: the objects are made
// once, exhaustion returns -1, a second release is ignored. Recycle-oldest is not in the
// textbook pool (it would need acquisition order, the ladder's fifth rung): the last test
// holds flatline::Pool (pool.hpp) to it instead.
#include "pool/textbook_pool.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Spark {
  float x = 0.0f;
  int ttl = 0;
};
struct ResetSpark {
  void operator()(Spark& spark) const { spark = Spark{}; }
};
using SparkPool = TextbookPool<Spark, ResetSpark>;

TEST(TextbookPool, ThousandAcquireReleaseCyclesKeepAllocationsAtCapacity) {
  int made = 0;
  SparkPool pool(
      [&made] {
        ++made;
        return Spark{};
      },
      8);
  ASSERT_EQ(made, 8);
  const heap::Mark mark;
  for (int cycle = 0; cycle < 1000; ++cycle) {
    int slots[8];
    const int burst = 1 + cycle % 8;
    for (int i = 0; i < burst; ++i)
      slots[i] = pool.acquire();
    for (int i = 0; i < burst; ++i) {
      ASSERT_GE(slots[i], 0);
      pool[slots[i]].ttl = cycle;
    }
    for (int i = burst - 1; i >= 0; i -= 2)
      pool.release(slots[i]);  // odd order on purpose
    for (int i = burst - 2; i >= 0; i -= 2)
      pool.release(slots[i]);
  }
  EXPECT_EQ(made, 8) << "every object was made once, at construction";
  EXPECT_EQ(mark.since().allocations, 0u) << "and play allocated nothing";
}

TEST(TextbookPool, ExhaustionReturnsMinusOne) {
  SparkPool pool([] { return Spark{}; }, 3);
  EXPECT_EQ(pool.acquire(), 0);
  EXPECT_EQ(pool.acquire(), 1);
  EXPECT_EQ(pool.acquire(), 2);
  EXPECT_EQ(pool.acquire(), -1);
  EXPECT_EQ(pool.acquire(), -1) << "still empty: nothing was pushed";
  pool.release(1);
  EXPECT_EQ(pool.acquire(), 1) << "the slot released last comes back first";
}

TEST(TextbookPool, ADoubleReleaseIsIgnored) {
  SparkPool pool([] { return Spark{}; }, 3);
  const int a = pool.acquire();
  pool[a].ttl = 9;
  pool.release(a);
  pool.release(a);  // without the active flag this would push `a` twice
  const int x = pool.acquire();
  const int y = pool.acquire();
  const int z = pool.acquire();
  EXPECT_EQ(x, a);
  EXPECT_EQ(pool[x].ttl, 0) << "reset in release";
  EXPECT_NE(x, y);
  EXPECT_NE(x, z);
  EXPECT_NE(y, z);
  EXPECT_EQ(pool.acquire(), -1) << "three slots, three owners";
}

// The textbook pool keeps no acquisition order; pool.hpp does (a list through its live slots).
TEST(TextbookPool, RecycleOldestReturnsTheEarliestAcquiredSlotInPoolHpp) {
  InlinePool<Spark, ResetSpark> pool([] { return Spark{}; }, 3, ResetSpark{},
                                     OverflowPolicy::RecycleOldest);
  const int a = pool.acquire();
  const int b = pool.acquire();
  const int c = pool.acquire();
  pool.release(b);
  EXPECT_EQ(pool.acquire(), b);  // b's slot again: now the newest
  pool[a].ttl = 5;
  EXPECT_EQ(pool.acquire(), a) << "full: the earliest-acquired live slot is recycled";
  EXPECT_EQ(pool[a].ttl, 0) << "reset before its new life";
  EXPECT_EQ(pool.acquire(), c);
  EXPECT_EQ(pool.acquire(), b);
  EXPECT_EQ(pool.stats().recycled, 3u);
  EXPECT_EQ(pool.allocations(), 3u);
}

}  // namespace
}  // namespace flatline
