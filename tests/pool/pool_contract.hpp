// The pool contract, as typed test suites any pool can be run through:
//   PoolCoreContract  what every pool promises, the textbook one included: every object
//                     made once, -1 when exhausted, the slot released last vended first,
//                     reset in release, a second release ignored, no allocation in play;
//   PoolFullContract  what the game relies on besides (flatline::Pool and lab pools):
//                     generations, misuse counted, the overflow policies, the O(live) walk,
//                     reentry refused, and the exact order in which slots are vended and
//                     walked (the game's replays depend on it).
// A Kind names the pool (`Pool`) and makes one: `make(capacity, factory, policy)`.
// pool_contract_test.cpp runs it over src/pool; lab/tests/ over the lab's pools.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool_stats.hpp"

namespace flatline::contract {

struct Probe {
  int value = 0;
  int other = 0;
};
struct ResetProbe {
  void operator()(Probe& probe) const { probe = Probe{}; }
};
// Counts the objects made: the factory is the only way a pool makes one.
struct CountingFactory {
  int* made;
  Probe operator()() const {
    ++*made;
    return Probe{};
  }
};

template <class Kind>
class PoolCoreContract : public ::testing::Test {};
TYPED_TEST_SUITE_P(PoolCoreContract);

TYPED_TEST_P(PoolCoreContract, MakesEveryObjectOnceAndNoneInPlay) {
  int made = 0;
  auto pool = TypeParam::make(16, CountingFactory{&made});
  ASSERT_EQ(made, 16);
  const heap::Mark mark;
  for (int cycle = 0; cycle < 1000; ++cycle) {
    const int a = pool->acquire();
    const int b = pool->acquire();
    ASSERT_GE(a, 0);
    ASSERT_GE(b, 0);
    pool->release(cycle % 2 == 0 ? a : b);
    pool->release(cycle % 2 == 0 ? b : a);
  }
  EXPECT_EQ(made, 16) << "1000 acquire/release cycles made no object";
  EXPECT_EQ(mark.since().allocations, 0u) << "nor allocated anything";
}

TYPED_TEST_P(PoolCoreContract, VendsSlotsInOrderThenRefusesWhenExhausted) {
  int made = 0;
  auto pool = TypeParam::make(4, CountingFactory{&made});
  for (int expected = 0; expected < 4; ++expected)
    EXPECT_EQ(pool->acquire(), expected) << "a fresh pool vends 0, 1, 2, ...";
  EXPECT_EQ(pool->acquire(), -1);
  EXPECT_EQ(pool->acquire(), -1);
  pool->release(2);
  EXPECT_EQ(pool->acquire(), 2) << "the slot released last is vended first";
  EXPECT_EQ(made, 4);
}

TYPED_TEST_P(PoolCoreContract, ResetsInReleaseAndIgnoresASecondRelease) {
  int made = 0;
  auto pool = TypeParam::make(4, CountingFactory{&made});
  const int a = pool->acquire();
  (*pool)[a].value = 7;
  pool->release(a);
  pool->release(a);  // a double release: must not push the slot twice
  const int x = pool->acquire();
  const int y = pool->acquire();
  EXPECT_EQ(x, a);
  EXPECT_NE(x, y) << "one slot vended to two owners";
  EXPECT_EQ((*pool)[x].value, 0) << "reset ran in release";
}

REGISTER_TYPED_TEST_SUITE_P(PoolCoreContract, MakesEveryObjectOnceAndNoneInPlay,
                            VendsSlotsInOrderThenRefusesWhenExhausted,
                            ResetsInReleaseAndIgnoresASecondRelease);

template <class Kind>
class PoolFullContract : public ::testing::Test {};
TYPED_TEST_SUITE_P(PoolFullContract);

TYPED_TEST_P(PoolFullContract, HandlesGoStaleAndMisuseIsCountedAndIgnored) {
  int made = 0;
  auto pool = TypeParam::make(4, CountingFactory{&made});
  auto other = TypeParam::make(4, CountingFactory{&made});
  const auto handle = pool->acquire_handle();
  ASSERT_TRUE(pool->alive(handle));
  pool->release(handle);
  EXPECT_FALSE(pool->alive(handle));
  EXPECT_EQ(pool->get(handle), nullptr);
  const int again = pool->acquire();  // the same slot, a new life
  ASSERT_EQ(again, static_cast<int>(handle.index));
  pool->release(handle);                   // stale: the slot lives again, for another owner
  pool->release(again);                    // fine
  pool->release(again);                    // double
  pool->release(-1);                       // foreign
  pool->release(4);                        // foreign
  other->release(pool->acquire_handle());  // another pool's handle: foreign there
  const PoolStats s = pool->stats();
  EXPECT_EQ(s.stale_releases, 1u);
  EXPECT_EQ(s.double_releases, 1u);
  EXPECT_EQ(s.foreign_releases, 2u);
  EXPECT_EQ(other->stats().foreign_releases, 1u);
  EXPECT_EQ(s.acquired, s.released + s.active);
}

TYPED_TEST_P(PoolFullContract, RecycleOldestTakesTheEarliestAcquiredSlot) {
  int made = 0;
  auto pool = TypeParam::make(3, CountingFactory{&made}, OverflowPolicy::RecycleOldest);
  const int a = pool->acquire();
  const int b = pool->acquire();
  const int c = pool->acquire();
  pool->release(a);
  const int d = pool->acquire();  // a's slot again, now the newest
  ASSERT_EQ(d, a);
  EXPECT_EQ(pool->oldest_active(), b);
  EXPECT_EQ(pool->acquire(), b) << "full: the earliest-acquired live object is recycled";
  EXPECT_EQ(pool->acquire(), c);
  EXPECT_EQ(pool->acquire(), d);
  EXPECT_EQ(pool->stats().recycled, 3u);
  EXPECT_EQ(made, 3);
}

TYPED_TEST_P(PoolFullContract, DropRefusesAndGrowMakesMore) {
  int made = 0;
  auto dropping = TypeParam::make(2, CountingFactory{&made});
  dropping->acquire();
  dropping->acquire();
  EXPECT_EQ(dropping->acquire(), -1);
  EXPECT_EQ(dropping->stats().dropped, 1u);
  auto growing = TypeParam::make(2, CountingFactory{&made}, OverflowPolicy::Grow);
  growing->set_log(nullptr);
  growing->acquire();
  Probe& first = (*growing)[growing->acquire()];
  first.value = 5;
  EXPECT_EQ(growing->acquire(), 2) << "the new chunk's first slot";
  EXPECT_EQ(growing->stats().grown, 1u);
  EXPECT_GT(growing->capacity(), 2u);
  EXPECT_EQ(first.value, 5) << "live objects never move when the pool grows";
}

// A reset that calls back into its own pool: refused and counted, whatever the pool.
TYPED_TEST_P(PoolFullContract, ReentryFromResetIsRefused) {
  int made = 0;
  typename TypeParam::Pool* self = nullptr;
  int got = 0;
  bool call_back = true;
  auto pool = TypeParam::make(4, CountingFactory{&made}, OverflowPolicy::Drop, [&](Probe& p) {
    p = Probe{};
    if (!call_back) return;
    got = self->acquire();
    self->release(1);
  });
  self = pool.get();
  const int a = pool->acquire();
  pool->acquire();
  pool->release(a);
  call_back = false;
  EXPECT_EQ(got, -1);
  EXPECT_EQ(pool->stats().reentrant_calls, 2u);
  EXPECT_EQ(pool->active_count(), 1u);
  EXPECT_EQ(pool->acquire(), a) << "released once, and the guard is down again";
}

// Switching poisoning off runs the poison check, and so the reset, over every poisoned idle
// object: from inside a reset it would reset again from within itself, without end.
TYPED_TEST_P(PoolFullContract, PoisoningSwitchFromResetIsRefused) {
  int made = 0;
  typename TypeParam::Pool* self = nullptr;
  bool call_back = false;
  auto pool = TypeParam::make(4, CountingFactory{&made}, OverflowPolicy::Drop, [&](Probe& p) {
    p = Probe{};
    if (call_back) self->set_poisoning(false);
  });
  self = pool.get();
  const bool poisoning = pool->poisoning();
  const int a = pool->acquire();
  const int b = pool->acquire();
  pool->release(a);  // idle, and poisoned where the build poisons
  call_back = true;
  pool->release(b);
  call_back = false;
  EXPECT_EQ(pool->stats().reentrant_calls, 1u);
  EXPECT_EQ(pool->poisoning(), poisoning) << "refused: the switch did not move";
  EXPECT_EQ(pool->acquire(), b);
  EXPECT_EQ(pool->acquire(), a);
  EXPECT_EQ(pool->stats().poison_violations, 0u);
}

// The order slots are vended in and live objects walked, against a model of the free stack
// (a vector, its top at the back) and the live list (swap-remove): what the game's replays
// depend on, so every pool the game could use must keep it exactly.
TYPED_TEST_P(PoolFullContract, VendsAndWalksInTheModelsOrder) {
  int made = 0;
  auto pool = TypeParam::make(64, CountingFactory{&made});
  std::vector<int> free_stack;
  for (int slot = 63; slot >= 0; --slot)
    free_stack.push_back(slot);
  std::vector<int> live;
  std::mt19937 rng(7);
  for (int step = 0; step < 5000; ++step) {
    if (!free_stack.empty() && (live.empty() || rng() % 5 < 3)) {
      const int slot = pool->acquire();
      ASSERT_EQ(slot, free_stack.back()) << "step " << step;
      free_stack.pop_back();
      live.push_back(slot);
    } else {
      const std::size_t i = rng() % live.size();
      const int slot = live[i];
      pool->release(slot);
      live[i] = live.back();  // swap-remove
      live.pop_back();
      free_stack.push_back(slot);
    }
    std::vector<int> walked;
    pool->for_each_active([&](int slot, Probe&) { walked.push_back(slot); });
    ASSERT_EQ(walked, std::vector<int>(live.rbegin(), live.rend())) << "step " << step;
    for (std::size_t depth = 0; depth < free_stack.size(); ++depth)
      ASSERT_EQ(pool->free_depth(free_stack[free_stack.size() - 1 - depth]),
                static_cast<int>(depth));
  }
}

TYPED_TEST_P(PoolFullContract, ForgetTrimAndDestroyEndEveryObjectOnce) {
  int made = 0;
  auto pool = TypeParam::make(8, CountingFactory{&made});
  std::vector<int> slots;
  for (int i = 0; i < 6; ++i)
    slots.push_back(pool->acquire());
  pool->forget(slots[0]);
  pool->release(slots[1]);
  EXPECT_EQ(pool->trim(1), 2u) << "three idle, one kept";
  pool->destroy();
  const PoolStats s = pool->stats();
  EXPECT_EQ(s.forgotten, 1u);
  EXPECT_EQ(s.trimmed, 2u + 1u);
  EXPECT_EQ(s.destroyed, 4u);
  EXPECT_EQ(s.acquired, s.released + s.recycled + s.forgotten + s.destroyed + s.active);
  EXPECT_EQ(pool->active_count() + pool->idle_count(), 0u);
  EXPECT_GE(pool->acquire(), 0) << "a vacant slot is re-made on demand";
  EXPECT_EQ(made, 8 + 1);
}

REGISTER_TYPED_TEST_SUITE_P(PoolFullContract, HandlesGoStaleAndMisuseIsCountedAndIgnored,
                            RecycleOldestTakesTheEarliestAcquiredSlot, DropRefusesAndGrowMakesMore,
                            ReentryFromResetIsRefused, PoisoningSwitchFromResetIsRefused,
                            VendsAndWalksInTheModelsOrder, ForgetTrimAndDestroyEndEveryObjectOnce);

// A Kind for pools with flatline::Pool's constructor: (factory, capacity, reset, policy).
template <class P>
struct PoolKind {
  using Pool = P;
  static std::unique_ptr<P> make(std::size_t capacity, CountingFactory factory,
                                 OverflowPolicy policy = OverflowPolicy::Drop,
                                 std::function<void(Probe&)> reset = ResetProbe{}) {
    return std::make_unique<P>(factory, capacity, std::move(reset), policy);
  }
};

}  // namespace flatline::contract
