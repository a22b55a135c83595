// Tests for src/pool/pool_sites.hpp: strict pools log each refused release once, with the
// pool, the misuse and the caller's file:line; acquires note their caller and tick for the
// leak report; off, nothing is logged or noted; on, play allocates nothing. And rewarm
// (pool_lifecycle.hpp): vacant slots made again, idle.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "diag/heap_counter.hpp"
#include "pool/pool.hpp"

namespace flatline {
namespace {

std::vector<std::string>& lines() {
  static std::vector<std::string> logged;
  return logged;
}
void keep(const char* line) {
  lines().emplace_back(line);
}

// A pool whose log lines are kept, named "bullets".
struct Logged {
  Logged() {
    lines().clear();
    pool.set_name("bullets");
    pool.set_log(&keep);
  }
  Pool<int> pool{[] { return 0; }, 4, [](int& i) { i = 0; }};
};

bool names_this_file(const std::string& line, int at) {
  return line.find("tests/pool/pool_sites_test.cpp:" + std::to_string(at)) != std::string::npos;
}

TEST(StrictPools, ADoubleReleaseIsOneLineNamingPoolKindAndCaller) {
  Logged l;
  l.pool.set_strict(true);
  const int slot = l.pool.acquire();
  l.pool.release(slot);
  const int line = __LINE__ + 1;
  l.pool.release(slot);
  ASSERT_EQ(lines().size(), 1u);
  EXPECT_NE(lines()[0].find("double release"), std::string::npos) << lines()[0];
  EXPECT_NE(lines()[0].find("'bullets'"), std::string::npos) << lines()[0];
  EXPECT_TRUE(names_this_file(lines()[0], line)) << lines()[0];
  EXPECT_EQ(lines()[0].find('\n'), std::string::npos);
  EXPECT_EQ(l.pool.stats().double_releases, 1u);  // still counted
}

TEST(StrictPools, ForeignAndStaleReleasesNameTheirCallers) {
  Logged l;
  l.pool.set_strict(true);
  Pool<int> other([] { return 0; }, 1, [](int& i) { i = 0; });
  const Handle foreign = other.acquire_handle();
  int line = __LINE__ + 1;
  l.pool.release(foreign);
  ASSERT_EQ(lines().size(), 1u);
  EXPECT_NE(lines()[0].find("foreign release"), std::string::npos) << lines()[0];
  EXPECT_TRUE(names_this_file(lines()[0], line)) << lines()[0];

  const Handle old = l.pool.acquire_handle();
  l.pool.release(old);
  const int acquired_line = __LINE__ + 1;
  const int reused = l.pool.acquire();  // the same slot, a new life
  ASSERT_EQ(reused, static_cast<int>(old.index));
  line = __LINE__ + 1;
  l.pool.release(old);
  ASSERT_EQ(lines().size(), 2u);
  EXPECT_NE(lines()[1].find("stale release"), std::string::npos) << lines()[1];
  EXPECT_TRUE(names_this_file(lines()[1], line)) << lines()[1];
  // and who holds the slot now: the new life's acquirer
  EXPECT_TRUE(names_this_file(lines()[1], acquired_line)) << lines()[1];
  EXPECT_TRUE(l.pool.is_active(reused));  // the new owner keeps its object
}

TEST(StrictPools, OffMisuseIsCountedNotLoggedAndNothingIsNoted) {
  Logged l;
  const int slot = l.pool.acquire();
  l.pool.release(slot);
  l.pool.release(slot);
  l.pool.release(99);
  EXPECT_TRUE(lines().empty());
  EXPECT_EQ(l.pool.stats().misuse(), 2u);
  EXPECT_EQ(l.pool.acquired_at(l.pool.acquire()), nullptr);
}

TEST(StrictPools, AcquiresNoteTheirCallerAndTick) {
  Logged l;
  std::uint64_t tick = 7;
  l.pool.set_clock(&tick);
  l.pool.set_noting(true);  // the leak report's noting, without strict logging
  const int line = __LINE__ + 1;
  const int slot = l.pool.acquire();
  tick = 30;
  const AcquireSite* site = l.pool.acquired_at(slot);
  ASSERT_NE(site, nullptr);
  EXPECT_STREQ(project_path(site->file), "tests/pool/pool_sites_test.cpp");
  EXPECT_EQ(site->line, static_cast<std::uint32_t>(line));
  EXPECT_EQ(l.pool.now() - site->tick, 23u);  // its age in ticks
  l.pool.release(slot);
  EXPECT_EQ(l.pool.acquired_at(slot), nullptr);  // idle: no acquirer
  l.pool.release(slot);
  EXPECT_TRUE(lines().empty());  // noting alone logs nothing
}

TEST(StrictPools, NoteAndLogWithoutAllocating) {
  Logged l;
  l.pool.set_strict(true);
  lines().reserve(8);
  heap::Mark mark;
  for (int i = 0; i < 100; ++i) {
    const int slot = l.pool.acquire();
    l.pool.release(slot);
  }
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_GT(l.pool.memory_bytes(), Pool<int>([] { return 0; }, 4, [](int&) {}).memory_bytes());
}

TEST(StrictPools, GrowthKeepsAnEntryForEverySlot) {
  Pool<int> pool([] { return 0; }, 1, [](int& i) { i = 0; }, OverflowPolicy::Grow);
  pool.set_log(nullptr);
  pool.set_strict(true);
  std::vector<int> slots;
  for (int i = 0; i < 9; ++i)
    slots.push_back(pool.acquire());
  for (const int slot : slots)
    EXPECT_NE(pool.acquired_at(slot), nullptr) << slot;
}

TEST(ProjectPath, StartsAtTheProjectsFolder) {
  EXPECT_STREQ(project_path("/home/me/flatline/src/sim/lessons.cpp"), "src/sim/lessons.cpp");
  EXPECT_STREQ(project_path("/a/src/b/tests/c.cpp"), "tests/c.cpp");
  EXPECT_STREQ(project_path("x.cpp"), "x.cpp");
}

TEST(PoolRewarm, RemakesTrimmedSlotsIdleWithoutTheHeap) {
  Pool<int> pool([] { return 5; }, 8, [](int& i) { i = 5; });
  const int live = pool.acquire();
  EXPECT_EQ(pool.trim(0), 7u);
  EXPECT_EQ(pool.vacant_count(), 7u);
  const std::size_t made_before = pool.allocations();
  heap::Mark mark;
  EXPECT_EQ(pool.rewarm(3), 3u);
  EXPECT_EQ(pool.rewarm(100), 4u);  // only as many as are vacant
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(pool.idle_count(), 7u);
  EXPECT_EQ(pool.vacant_count(), 0u);
  EXPECT_EQ(pool.allocations(), made_before + 7);
  EXPECT_TRUE(pool.is_active(live));
  for (int i = 0; i < 7; ++i) {  // every re-made object is vended as made
    const int slot = pool.acquire();
    ASSERT_GE(slot, 0);
    EXPECT_EQ(pool[slot], 5);
  }
  EXPECT_EQ(pool.acquire(), -1);  // Drop: full again, nothing vacant left
}

}  // namespace
}  // namespace flatline
