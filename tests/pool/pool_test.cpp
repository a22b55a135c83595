// Tests for src/pool/pool.hpp, part 1: the core contract. acquire/release are O(1)
// index moves on a LIFO free stack, reset runs in release, misuse is counted and
// ignored, and play allocates nothing.
#include "pool/pool.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <type_traits>
#include <utility>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool_stats_expect.hpp"

namespace flatline {
namespace {

struct Bullet {
  float x = 0.0f;
  float y = 0.0f;
  int ttl = 0;
  bool visible = false;
};

Pool<Bullet> make_bullets(std::size_t capacity, OverflowPolicy policy = OverflowPolicy::Drop) {
  return Pool<Bullet>([] { return Bullet{}; }, capacity, [](Bullet& b) { b = Bullet{}; }, policy);
}

TEST(PoolCycles, ThousandAcquireReleaseCyclesKeepAllocationsAtCapacity) {
  constexpr std::size_t kCapacity = 32;
  Pool<Bullet> pool = make_bullets(kCapacity);
  ASSERT_EQ(pool.allocations(), kCapacity);
  int slots[kCapacity];
  for (int cycle = 0; cycle < 1000; ++cycle) {
    const int burst = 1 + cycle % static_cast<int>(kCapacity);
    for (int i = 0; i < burst; ++i) {
      slots[i] = pool.acquire();
      ASSERT_GE(slots[i], 0) << "cycle " << cycle;
    }
    for (int i = burst - 1; i >= 0; i -= 2) {
      pool.release(slots[i]);  // odd order on purpose
    }
    for (int i = burst - 2; i >= 0; i -= 2) {
      pool.release(slots[i]);
    }
  }
  EXPECT_EQ(pool.allocations(), kCapacity);
  EXPECT_EQ(pool.capacity(), kCapacity);
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.idle_count(), kCapacity);
  EXPECT_EQ(pool.peak_active(), kCapacity);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolExhaustion, AcquireReturnsMinusOneOnceEverySlotIsLiveUnderDrop) {
  Pool<Bullet> pool = make_bullets(8);
  std::set<int> live;
  for (int i = 0; i < 8; ++i) {
    const int slot = pool.acquire();
    ASSERT_GE(slot, 0);
    ASSERT_LT(slot, 8);
    live.insert(slot);
  }
  EXPECT_EQ(live.size(), 8u) << "every acquire returned a different slot";
  EXPECT_EQ(pool.acquire(), -1);
  EXPECT_EQ(pool.acquire(), -1);
  EXPECT_EQ(pool.stats().dropped, 2u);
  EXPECT_EQ(pool.active_count(), 8u);
  EXPECT_EQ(pool.allocations(), 8u) << "Drop never makes objects";
}

TEST(PoolExhaustion, ReleasingOneSlotMakesTheNextAcquireSucceed) {
  Pool<Bullet> pool = make_bullets(2);
  const int a = pool.acquire();
  pool.acquire();
  ASSERT_EQ(pool.acquire(), -1);
  pool.release(a);
  EXPECT_EQ(pool.acquire(), a);
}

TEST(PoolDoubleRelease, IsIgnoredAndCounted) {
  Pool<Bullet> pool = make_bullets(4);
  const int slot = pool.acquire();
  pool.release(slot);
  pool.release(slot);
  const PoolStats stats = pool.stats();
  EXPECT_EQ(stats.released, 1u);
  EXPECT_EQ(stats.double_releases, 1u);
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.idle_count(), 4u) << "the slot is on the free stack once";
}

TEST(PoolDoubleRelease, DoesNotHandTheSameSlotToTwoAcquirers) {
  Pool<Bullet> pool = make_bullets(4);
  const int slot = pool.acquire();
  pool.release(slot);
  pool.release(slot);
  const int first = pool.acquire();
  const int second = pool.acquire();
  EXPECT_NE(first, second);
  EXPECT_TRUE(pool.is_active(first));
  EXPECT_TRUE(pool.is_active(second));
  EXPECT_EQ(pool.active_count(), 2u);
}

TEST(PoolDoubleRelease, OfASlotThatWasNeverAcquiredIsCountedToo) {
  Pool<Bullet> pool = make_bullets(4);
  pool.release(3);
  EXPECT_EQ(pool.stats().double_releases, 1u);
  EXPECT_EQ(pool.idle_count(), 4u);
}

TEST(PoolOrder, FreshPoolHandsOutSlotsFromZeroUpwards) {
  Pool<Bullet> pool = make_bullets(5);
  for (int expected = 0; expected < 5; ++expected) {
    EXPECT_EQ(pool.acquire(), expected);
  }
}

TEST(PoolOrder, FreeStackIsLastInFirstOut) {
  Pool<Bullet> pool = make_bullets(6);
  for (int i = 0; i < 6; ++i) {
    pool.acquire();
  }
  pool.release(4);
  pool.release(1);
  pool.release(3);
  EXPECT_EQ(pool.acquire(), 3);
  EXPECT_EQ(pool.acquire(), 1);
  EXPECT_EQ(pool.acquire(), 4);
  EXPECT_EQ(pool.acquire(), -1);
}

TEST(PoolIsActive, TracksAcquireAndReleaseAndRejectsOutOfRangeSlots) {
  Pool<Bullet> pool = make_bullets(3);
  EXPECT_FALSE(pool.is_active(0));
  const int slot = pool.acquire();
  EXPECT_TRUE(pool.is_active(slot));
  EXPECT_FALSE(pool.is_active(slot + 1));
  pool.release(slot);
  EXPECT_FALSE(pool.is_active(slot));
  EXPECT_FALSE(pool.is_active(-1));
  EXPECT_FALSE(pool.is_active(3));
  EXPECT_FALSE(pool.is_active(INT_MAX));
  EXPECT_FALSE(pool.is_active(INT_MIN));
}

TEST(PoolIndexing, NonConstAndConstAccessSeeTheSameObject) {
  Pool<Bullet> pool = make_bullets(4);
  const int slot = pool.acquire();
  pool[slot].x = 3.5f;
  pool[slot].ttl = 90;
  const Pool<Bullet>& view = pool;
  EXPECT_EQ(&view[slot], &pool[slot]);
  EXPECT_EQ(view[slot].x, 3.5f);
  EXPECT_EQ(view[slot].ttl, 90);
  const int other = pool.acquire();
  EXPECT_NE(&pool[other], &pool[slot]);
  EXPECT_EQ(pool[other].ttl, 0);
}

TEST(PoolCounts, PeakActiveIsAHighWaterMarkThatReleaseDoesNotLower) {
  Pool<Bullet> pool = make_bullets(10);
  EXPECT_EQ(pool.capacity(), 10u);
  EXPECT_EQ(pool.peak_active(), 0u);
  const int a = pool.acquire();
  const int b = pool.acquire();
  const int c = pool.acquire();
  EXPECT_EQ(pool.active_count(), 3u);
  EXPECT_EQ(pool.peak_active(), 3u);
  pool.release(a);
  pool.release(b);
  EXPECT_EQ(pool.active_count(), 1u);
  EXPECT_EQ(pool.peak_active(), 3u);
  pool.acquire();
  EXPECT_EQ(pool.peak_active(), 3u);
  pool.release(c);
  EXPECT_EQ(pool.capacity(), 10u);
  const PoolStats stats = pool.stats();
  EXPECT_EQ(stats.acquired, 4u);
  EXPECT_EQ(stats.released, 3u);
  EXPECT_EQ(stats.active, 1u);
  EXPECT_EQ(stats.idle, 9u);
  EXPECT_EQ(stats.capacity, 10u);
}

// Not trivially copyable, so debug poisoning leaves it alone and what release left
// behind can be read directly.
struct Homing {
  std::shared_ptr<int> target;  // a stale reference would keep the target alive
  int damage = 0;
};

TEST(PoolReset, RunsInReleaseSoAFreeObjectHoldsNoStaleReference) {
  int resets = 0;
  Pool<Homing> pool([] { return Homing{}; }, 4,
                    [&resets](Homing& h) {
                      ++resets;
                      h.target.reset();
                      h.damage = 0;
                    });
  auto target = std::make_shared<int>(7);
  const int slot = pool.acquire();
  pool[slot].target = target;
  pool[slot].damage = 25;
  ASSERT_EQ(target.use_count(), 2);
  EXPECT_EQ(resets, 0) << "acquire does not reset";

  pool.release(slot);
  EXPECT_EQ(resets, 1);
  EXPECT_EQ(target.use_count(), 1) << "the free object let go of its target at release";
  EXPECT_EQ(pool[slot].target, nullptr);
  EXPECT_EQ(pool[slot].damage, 0);

  EXPECT_EQ(pool.acquire(), slot);
  EXPECT_EQ(resets, 1) << "reset runs once per release, not again in acquire";
}

TEST(PoolReset, DoesNotRunForIgnoredReleases) {
  int resets = 0;
  Pool<Homing> pool([] { return Homing{}; }, 2, [&resets](Homing&) { ++resets; });
  const int slot = pool.acquire();
  pool.release(slot);
  pool.release(slot);
  pool.release(-1);
  pool.release(2);
  EXPECT_EQ(resets, 1);
}

TEST(PoolAllocations, AcquireReleaseCyclesAllocateNothing) {
  Pool<Bullet> pool = make_bullets(64);
  int slots[64];
  constexpr int kCycles = 1000;
  std::size_t releases = 0;
  const heap::Mark mark;
  for (int cycle = 0; cycle < kCycles; ++cycle) {
    const int burst = 1 + cycle % 64;
    for (int i = 0; i < burst; ++i) {
      slots[i] = pool.acquire();
    }
    for (int i = 0; i < burst; ++i) {
      pool.release(slots[i]);
    }
    releases += static_cast<std::size_t>(burst);
    pool.release(slots[0]);  // misuse is counted, not logged to a string
    pool.release(-5);
  }
  const heap::Counts counts = mark.since();
  EXPECT_EQ(counts.allocations, 0u);
  EXPECT_EQ(counts.deallocations, 0u);
  EXPECT_EQ(pool.stats().released, releases) << "the loop really ran";
  EXPECT_EQ(pool.stats().double_releases, static_cast<std::size_t>(kCycles));
  EXPECT_EQ(pool.stats().foreign_releases, static_cast<std::size_t>(kCycles));
}

TEST(PoolAllocations, HandlesLeasesAndIterationAllocateNothing) {
  Pool<Bullet> pool = make_bullets(16, OverflowPolicy::RecycleOldest);
  float sum = 0.0f;
  const heap::Mark mark;
  for (int cycle = 0; cycle < 1000; ++cycle) {
    const Handle handle = pool.acquire_handle();
    if (Bullet* bullet = pool.get(handle)) bullet->x = static_cast<float>(cycle);
    {
      auto lease = pool.lease();
      lease->y = 1.0f;
    }
    const int extra = pool.acquire();
    pool.for_each_active([&sum](int, Bullet& b) { sum += b.x; });
    if (cycle % 3 == 0) pool.release(extra);
    pool.release(handle);
  }
  const heap::Counts counts = mark.since();
  EXPECT_EQ(counts.allocations, 0u);
  EXPECT_EQ(counts.deallocations, 0u);
  EXPECT_GT(pool.stats().recycled, 0u) << "RecycleOldest was exercised too";
  EXPECT_GT(sum, 0.0f);
}

// The recommended form for hot pools: the reset's own type, so release inlines it.
// It must behave exactly as the std::function form: same slots, same counts, same order.
struct ResetBullet {
  void operator()(Bullet& b) const { b = Bullet{}; }
};
using InlineBullets = InlinePool<Bullet, ResetBullet>;
static_assert(std::is_same_v<InlineBullets, Pool<Bullet, 32, ResetBullet>>);
static_assert(std::is_same_v<Pool<Bullet>::Reset, std::function<void(Bullet&)>>,
              "Pool<T> keeps the std::function reset: existing callers are unchanged");

TEST(PoolInlineReset, BehavesExactlyLikeTheStdFunctionResetUnderRandomOperations) {
  for (const OverflowPolicy policy :
       {OverflowPolicy::Drop, OverflowPolicy::RecycleOldest, OverflowPolicy::Grow}) {
    Pool<Bullet> plain = make_bullets(8, policy);
    InlineBullets fast([] { return Bullet{}; }, 8, ResetBullet{}, policy);
    std::mt19937 rng(42);
    for (int step = 0; step < 20000; ++step) {
      const int op = static_cast<int>(rng() % 10);
      const int slot = static_cast<int>(rng() % 40) - 4;  // some out of range, some negative
      if (op < 5) {
        const int a = plain.acquire();
        ASSERT_EQ(fast.acquire(), a) << "step " << step;
        if (a >= 0) plain[a].ttl = fast[a].ttl = step;
      } else if (op < 9) {
        plain.release(slot);
        fast.release(slot);
      } else if (step % 97 == 0) {
        ASSERT_EQ(plain.trim(2), fast.trim(2));
      } else {
        plain.forget(slot);
        fast.forget(slot);
      }
      ASSERT_EQ(fast.active_count(), plain.active_count()) << "step " << step;
      ASSERT_EQ(fast.peak_active(), plain.peak_active()) << "step " << step;
      ASSERT_EQ(fast.oldest_active(), plain.oldest_active()) << "step " << step;
    }
    const PoolStats a = plain.stats();
    expect_same_stats(fast.stats(), a);
    EXPECT_GT(a.released, 0u);
    EXPECT_GT(a.misuse(), 0u) << "the misuse paths ran too";
  }
}

TEST(PoolInlineReset, ResetToDefaultPutsEveryFieldBackInRelease) {
  InlinePool<Bullet, ResetToDefault<Bullet>> pool([] { return Bullet{}; }, 2,
                                                  ResetToDefault<Bullet>{});
  const int slot = pool.acquire();
  pool[slot] = Bullet{1.0f, 2.0f, 3, true};
  pool.release(slot);
  pool.release(slot);
  EXPECT_EQ(pool.stats().double_releases, 1u);
  ASSERT_EQ(pool.acquire(), slot);
  EXPECT_EQ(pool[slot].ttl, 0);
  EXPECT_FALSE(pool[slot].visible);
}

TEST(PoolInlineReset, AStatefulResetFunctorIsKeptAndCalled) {
  struct CountingReset {
    int* calls;
    void operator()(Bullet& b) const {
      ++*calls;
      b = Bullet{};
    }
  };
  int calls = 0;
  InlinePool<Bullet, CountingReset> pool([] { return Bullet{}; }, 4, CountingReset{&calls});
  const int a = pool.acquire();
  pool.release(a);
  pool.release(a);   // ignored: no reset
  pool.release(99);  // foreign: no reset
  EXPECT_EQ(calls, 1);
}

// Past the first chunk (after growth) release takes the out-of-line path: the same checks.
TEST(PoolRelease, OfAGrownSlotResetsItAndADoubleReleaseOfItIsStillCaught) {
  Pool<Bullet> pool = make_bullets(2, OverflowPolicy::Grow);
  pool.set_log(nullptr);
  std::vector<int> slots;
  for (int i = 0; i < 5; ++i)
    slots.push_back(pool.acquire());
  ASSERT_GT(pool.capacity(), 2u);
  const int grown = slots.back();
  ASSERT_GE(grown, 2);
  pool[grown].ttl = 9;
  pool.release(grown);
  EXPECT_FALSE(pool.is_active(grown));
  pool.release(grown);
  pool.release(static_cast<int>(pool.capacity()));
  pool.release(-1);
  EXPECT_EQ(pool.stats().double_releases, 1u);
  EXPECT_EQ(pool.stats().foreign_releases, 2u);
  ASSERT_EQ(pool.acquire(), grown) << "LIFO across chunks too";
  EXPECT_EQ(pool[grown].ttl, 0) << "reset in release (debug builds: poisoned, then reset)";
}

}  // namespace
}  // namespace flatline
