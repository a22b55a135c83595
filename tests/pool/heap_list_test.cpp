#include "pool/heap_list.hpp"

#include <gtest/gtest.h>

#include "diag/heap_counter.hpp"

namespace flatline {
namespace {

struct Thing {
  int value = 0;
};

TEST(HeapList, EverySpawnIsAHeapAllocation) {
  HeapList<Thing> list;
  for (int i = 0; i < 8; ++i)  // let the scene list's own storage grow first
    list.despawn(list.spawn());
  const heap::Counts before = heap::totals();
  Thing* a = list.spawn();
  Thing* b = list.spawn();
  const heap::Counts after = heap::totals();
  EXPECT_GE(after.allocations - before.allocations, 2u);  // one `new` per object, at least
  EXPECT_NE(a, b);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_EQ(list.news(), 10u);
}

TEST(HeapList, DespawnRemovesOnlyThatObjectAndDeletesIt) {
  HeapList<Thing> list;
  Thing* a = list.spawn();
  Thing* b = list.spawn();
  Thing* c = list.spawn();
  a->value = 1, b->value = 2, c->value = 3;
  list.despawn(b);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_TRUE(list.contains(a));
  EXPECT_FALSE(list.contains(b));
  EXPECT_TRUE(list.contains(c));
  EXPECT_EQ(list.deletes(), 1u);
  int sum = 0;
  list.for_each([&](const Thing& t) { sum += t.value; });
  EXPECT_EQ(sum, 4);
}

TEST(HeapList, ForEachMayDespawnTheObjectItIsGiven) {
  HeapList<Thing> list;
  for (int i = 0; i < 10; ++i)
    list.spawn()->value = i;
  int visited = 0;
  list.for_each([&](Thing& t) {
    ++visited;
    if (t.value % 2 == 0) list.despawn(&t);
  });
  EXPECT_EQ(visited, 10);
  EXPECT_EQ(list.size(), 5u);
  list.for_each([](const Thing& t) { EXPECT_EQ(t.value % 2, 1); });
}

TEST(HeapList, RemembersItsPeakAndFreesEverythingItStillHolds) {
  HeapList<Thing> list;
  Thing* a = list.spawn();
  list.spawn();
  list.spawn();
  list.despawn(a);
  EXPECT_EQ(list.peak(), 3u);
  list.clear();
  EXPECT_EQ(list.size(), 0u);
  EXPECT_EQ(list.deletes(), list.news());  // LeakSanitizer checks the rest at exit
}

}  // namespace
}  // namespace flatline
