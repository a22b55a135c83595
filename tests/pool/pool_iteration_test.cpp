// Tests for src/pool/pool.hpp, part 5: for_each_active. It visits every live slot
// exactly once (in the slot table's dense order, not acquisition order), costs
// O(live) rather than O(capacity), and lets the body release or forget the slot it is given,
// or one it was given before.
#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <vector>

#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Bullet {
  float x = 0.0f;
  int ttl = 0;
};

Pool<Bullet> make_bullets(std::size_t capacity) {
  return Pool<Bullet>([] { return Bullet{}; }, capacity, [](Bullet& b) { b = Bullet{}; });
}

// Every slot acquired, then every `step`-th released: the dense order is no longer slot order.
void fill_and_shuffle(Pool<Bullet>& pool, int step) {
  const auto n = static_cast<int>(pool.capacity());
  for (int i = 0; i < n; ++i)
    pool.acquire();
  for (int i = 0; i < n; i += step)
    pool.release(i);
}

std::vector<int> visit(Pool<Bullet>& pool) {
  std::vector<int> slots;
  pool.for_each_active([&](int slot, Bullet& b) {
    EXPECT_EQ(&b, &pool[slot]);
    slots.push_back(slot);
  });
  return slots;
}
std::multiset<int> as_set(const std::vector<int>& slots) {
  return {slots.begin(), slots.end()};
}

TEST(PoolForEachActive, VisitsExactlyTheLiveSlotsEachOnce) {
  Pool<Bullet> pool = make_bullets(8);
  for (int i = 0; i < 6; ++i) {
    pool[pool.acquire()].ttl = 10 * i;
  }
  pool.release(1);
  pool.release(3);
  const int again = pool.acquire();  // LIFO: slot 3, the last released
  pool[again].ttl = 99;
  EXPECT_EQ(as_set(visit(pool)), (std::multiset<int>{0, 2, 4, 5, again}));
  const Pool<Bullet>& view = pool;
  std::multiset<int> ttls;
  view.for_each_active([&ttls](int, const Bullet& b) { ttls.insert(b.ttl); });
  EXPECT_EQ(ttls, (std::multiset<int>{0, 20, 40, 50, 99}));

  pool.release(again);
  pool.release(0);
  const int last = pool.acquire();
  EXPECT_EQ(as_set(visit(pool)), (std::multiset<int>{2, 4, 5, last}));
}

TEST(PoolForEachActive, VisitsTheDenseOrderFromItsEnd) {
  Pool<Bullet> pool = make_bullets(5);
  for (int i = 0; i < 5; ++i) {
    pool.acquire();
  }
  EXPECT_EQ(visit(pool), (std::vector<int>{4, 3, 2, 1, 0})) << "no release yet: newest first";
  pool.release(1);  // the last live slot (4) fills its place in the dense order
  EXPECT_EQ(visit(pool), (std::vector<int>{3, 2, 4, 0}));
}

TEST(PoolForEachActive, CostsTheNumberOfLiveSlotsNotTheCapacity) {
  constexpr std::size_t kCapacity = 1'000'000;
  Pool<int> pool([] { return 0; }, kCapacity, [](int& i) { i = 0; });
  pool.acquire();
  const int middle = pool.acquire();
  pool.acquire();
  pool.release(middle);
  pool.acquire();
  int calls = 0;
  pool.for_each_active([&calls](int, int&) { ++calls; });
  EXPECT_EQ(calls, 3);
  const Pool<int>& view = pool;
  calls = 0;
  view.for_each_active([&calls](int, const int&) { ++calls; });
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(pool.capacity(), kCapacity);
}

TEST(PoolForEachActive, AllowsReleasingTheCurrentSlotInsideTheBody) {
  Pool<Bullet> pool = make_bullets(10);
  for (int i = 0; i < 10; ++i) {
    pool.acquire();
  }
  std::vector<int> visited;
  pool.for_each_active([&](int slot, Bullet&) {
    visited.push_back(slot);
    if (slot % 2 == 0) pool.release(slot);
  });
  EXPECT_EQ(as_set(visited), (std::multiset<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})) << "each once";
  EXPECT_EQ(pool.active_count(), 5u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
  EXPECT_EQ(as_set(visit(pool)), (std::multiset<int>{1, 3, 5, 7, 9}));
}

TEST(PoolForEachActive, ReleasingEverySlotInsideTheBodyVisitsEachOnceAndEmptiesThePool) {
  Pool<Bullet> pool = make_bullets(64);
  fill_and_shuffle(pool, 3);
  const std::size_t live = pool.active_count();
  std::vector<int> visited;
  pool.for_each_active([&](int slot, Bullet&) {
    visited.push_back(slot);
    pool.release(slot);
  });
  EXPECT_EQ(visited.size(), live);
  EXPECT_EQ(std::set<int>(visited.begin(), visited.end()).size(), live) << "no slot twice";
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

// What update_bullets does: it resolves the bullets it listed so far, every few hundred,
// while the walk goes on, releasing slots it was given earlier.
TEST(PoolForEachActive, AllowsReleasingSlotsVisitedEarlierInsideTheBody) {
  Pool<Bullet> pool = make_bullets(64);
  fill_and_shuffle(pool, 5);
  const std::size_t live = pool.active_count();
  std::vector<int> visited, held;
  pool.for_each_active([&](int slot, Bullet&) {
    visited.push_back(slot);
    held.push_back(slot);
    if (held.size() == 3) {  // release the last three visited, the current one among them
      for (int s : held)
        pool.release(s);
      held.clear();
    }
  });
  EXPECT_EQ(visited.size(), live);
  EXPECT_EQ(std::set<int>(visited.begin(), visited.end()).size(), live) << "no slot twice";
  EXPECT_EQ(pool.active_count(), held.size());
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolForEachActive, AllowsForgettingTheCurrentSlotInsideTheBody) {
  Pool<Bullet> pool = make_bullets(6);
  for (int i = 0; i < 6; ++i) {
    pool.acquire();
  }
  std::vector<int> visited;
  pool.for_each_active([&](int slot, Bullet&) {
    visited.push_back(slot);
    if (slot < 3) pool.forget(slot);
  });
  EXPECT_EQ(as_set(visited), (std::multiset<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(as_set(visit(pool)), (std::multiset<int>{3, 4, 5}));
  EXPECT_EQ(pool.stats().forgotten, 3u);
}

TEST(PoolForEachActive, DoesNotVisitObjectsAcquiredDuringTheWalk) {
  Pool<Bullet> pool = make_bullets(8);
  for (int i = 0; i < 3; ++i) {
    pool.acquire();
  }
  std::vector<int> visited;
  pool.for_each_active([&](int slot, Bullet&) {
    visited.push_back(slot);
    pool.acquire();  // lands past the part of the live run still to walk
  });
  EXPECT_EQ(as_set(visited), (std::multiset<int>{0, 1, 2}));
  EXPECT_EQ(pool.active_count(), 6u);
}

TEST(PoolForEachActive, StopsWhenTheBodyDestroysThePool) {
  Pool<Bullet> pool = make_bullets(4);
  for (int i = 0; i < 4; ++i) {
    pool.acquire();
  }
  int calls = 0;
  pool.for_each_active([&](int, Bullet&) {
    ++calls;
    pool.destroy();
  });
  EXPECT_EQ(calls, 1) << "no destroyed object is visited";
}

TEST(PoolForEachActive, VisitsNothingInAnIdlePool) {
  Pool<Bullet> pool = make_bullets(4);
  pool.release(pool.acquire());
  int calls = 0;
  pool.for_each_active([&calls](int, Bullet&) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace flatline
