// Tests for src/pool/pool.hpp, part 9: a reset callback that calls back into its own pool.
// Each call is refused and counted as reentrant_calls (misuse), in every build, and the
// pool stays whole: no recursion, no slot with two owners, counts that add up.
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <stdexcept>

#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Obj {
  int value = 0;
};

// A pool whose reset runs `on_reset` (set after construction, as it needs the pool).
struct Fixture {
  std::function<void(Pool<Obj>&, Obj&)> on_reset;
  Pool<Obj> pool;
  Fixture(std::size_t capacity, OverflowPolicy policy)
      : pool([] { return Obj{}; }, capacity,
             [this](Obj& o) {
               if (on_reset) on_reset(pool, o);
               o = Obj{};
             },
             policy) {}
};

// acquired == released + recycled + forgotten + destroyed + active.
void expect_lives_add_up(const Pool<Obj>& pool) {
  const PoolStats s = pool.stats();
  EXPECT_EQ(s.acquired, s.released + s.recycled + s.forgotten + s.destroyed + s.active);
  EXPECT_EQ(s.active + s.idle, s.capacity);
}

TEST(PoolReentry, AResetThatReleasesItsOwnSlotIsRefusedNotRecursed) {
  Fixture f(4, OverflowPolicy::Drop);
  int own = -1;
  f.on_reset = [&](Pool<Obj>& p, Obj&) { p.release(own); };
  own = f.pool.acquire();
  f.pool.release(own);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 1u);
  EXPECT_EQ(f.pool.stats().misuse(), 1u);
  EXPECT_FALSE(f.pool.is_active(own));
  EXPECT_EQ(f.pool.stats().released, 1u);
  expect_lives_add_up(f.pool);
}

TEST(PoolReentry, AResetThatDestroysThePoolLeavesItWhole) {
  Fixture f(4, OverflowPolicy::Drop);
  f.on_reset = [](Pool<Obj>& p, Obj&) {
    p.destroy();
    p.trim(0);
    p.forget(0);
    p.set_policy(OverflowPolicy::Grow);
  };
  const int a = f.pool.acquire();
  const int b = f.pool.acquire();
  f.pool.release(a);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 4u);
  EXPECT_EQ(f.pool.policy(), OverflowPolicy::Drop);
  EXPECT_TRUE(f.pool.is_active(b));
  EXPECT_EQ(f.pool.active_count(), 1u);
  EXPECT_EQ(f.pool.stats().destroyed, 0u);
  expect_lives_add_up(f.pool);
}

TEST(PoolReentry, AResetThatAcquiresOnAFullRecyclingPoolHandsNoSlotTwice) {
  Fixture f(4, OverflowPolicy::RecycleOldest);
  int refused = 0;
  f.on_reset = [&](Pool<Obj>& p, Obj&) { refused += p.acquire() == -1; };
  std::set<int> owners;
  for (int i = 0; i < 4; ++i)
    owners.insert(f.pool.acquire());
  const int recycled = f.pool.acquire();  // full: the oldest is reset for its new life
  EXPECT_EQ(refused, 1);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 1u);
  EXPECT_EQ(owners.size(), 4u);
  EXPECT_TRUE(owners.count(recycled));
  EXPECT_EQ(f.pool.active_count(), 4u);
  EXPECT_EQ(f.pool.stats().recycled, 1u);
  expect_lives_add_up(f.pool);
}

TEST(PoolReentry, AnAcquireFromResetIsRefusedEvenWithIdleSlots) {
  Fixture f(8, OverflowPolicy::Drop);
  int got = 0;
  f.on_reset = [&](Pool<Obj>& p, Obj&) { got = p.acquire(); };
  f.pool.release(f.pool.acquire());
  EXPECT_EQ(got, -1);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 1u);
  EXPECT_EQ(f.pool.active_count(), 0u);
  expect_lives_add_up(f.pool);
}

TEST(PoolReentry, AThrowingResetLeavesTheGuardDown) {
  Fixture f(4, OverflowPolicy::Drop);
  f.on_reset = [](Pool<Obj>&, Obj&) { throw std::runtime_error("reset failed"); };
  const int slot = f.pool.acquire();
  EXPECT_THROW(f.pool.release(slot), std::runtime_error);
  EXPECT_TRUE(f.pool.is_active(slot));  // a throwing reset changes nothing
  f.on_reset = nullptr;
  f.pool.release(slot);  // the guard is down again: an ordinary release
  EXPECT_GE(f.pool.acquire(), 0);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 0u);
  expect_lives_add_up(f.pool);
}

TEST(PoolReentry, AResetMayUseAnotherPool) {
  Pool<Obj> other([] { return Obj{}; }, 4, [](Obj& o) { o = Obj{}; });
  Fixture f(4, OverflowPolicy::Drop);
  int got = -1;
  f.on_reset = [&](Pool<Obj>&, Obj&) { got = other.acquire(); };
  f.pool.release(f.pool.acquire());
  EXPECT_GE(got, 0);
  EXPECT_EQ(f.pool.stats().reentrant_calls, 0u);
  EXPECT_EQ(other.stats().reentrant_calls, 0u);
}

}  // namespace
}  // namespace flatline
