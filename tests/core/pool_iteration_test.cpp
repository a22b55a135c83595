// Tests for src/core/pool.hpp, part 5: for_each_active. It walks the live slots in
// acquisition order, costs O(live) rather than O(capacity), and lets the body release
// the slot it is given.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "core/pool.hpp"

namespace flatline {
namespace {

struct Bullet {
  float x = 0.0f;
  int ttl = 0;
};

Pool<Bullet> make_bullets(std::size_t capacity) {
  return Pool<Bullet>([] { return Bullet{}; }, capacity, [](Bullet& b) { b = Bullet{}; });
}

TEST(PoolForEachActive, VisitsExactlyTheLiveSlotsInAcquisitionOrder) {
  Pool<Bullet> pool = make_bullets(8);
  for (int i = 0; i < 6; ++i) {
    pool[pool.acquire()].ttl = 10 * i;
  }
  pool.release(1);
  pool.release(3);
  const int again = pool.acquire();  // the newest, whatever its index
  pool[again].ttl = 99;
  std::vector<int> visited;
  pool.for_each_active([&](int slot, Bullet& b) {
    EXPECT_EQ(&b, &pool[slot]);
    visited.push_back(slot);
  });
  EXPECT_EQ(visited, (std::vector<int>{0, 2, 4, 5, again}));
  const Pool<Bullet>& view = pool;
  std::vector<int> ttls;
  view.for_each_active([&ttls](int, const Bullet& b) { ttls.push_back(b.ttl); });
  EXPECT_EQ(ttls, (std::vector<int>{0, 20, 40, 50, 99}));

  pool.release(again);  // the newest leaves: the next acquire is appended after slot 5
  pool.release(0);      // and so does the oldest
  const int last = pool.acquire();
  visited.clear();
  pool.for_each_active([&visited](int slot, Bullet&) { visited.push_back(slot); });
  EXPECT_EQ(visited, (std::vector<int>{2, 4, 5, last}));
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
  EXPECT_EQ(visited.size(), 10u);
  EXPECT_EQ(pool.active_count(), 5u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
  std::vector<int> remaining;
  pool.for_each_active([&remaining](int slot, Bullet&) { remaining.push_back(slot); });
  EXPECT_EQ(remaining, (std::vector<int>{1, 3, 5, 7, 9}));
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
