// Tests for src/pool/pool.hpp's debug poisoning (built with FLATLINE_POOL_POISON=1
// whatever the build type). A released object is filled with 0xDB; the next acquire
// of that slot checks the pattern, so a write through a released object is caught,
// and a field that reset forgets shows 0xDB instead of last life's value.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>
#include <type_traits>

#include "pool/pool.hpp"

#if !FLATLINE_POOL_POISON
#error "pool_poison_test must be built with FLATLINE_POOL_POISON=1"
#endif

namespace flatline {
namespace {

constexpr unsigned char kPoisonByte = 0xDB;

struct Spark {
  int ttl = 0;
  float x = 0.0f;
  int color = 0;  // the reset below forgets this field on purpose
};
static_assert(std::is_trivially_copyable_v<Spark>);

void reset_spark(Spark& s) {
  s = Spark{};
}
void reset_forgetting_color(Spark& s) {
  s.ttl = 0;
  s.x = 0.0f;
}

bool all_bytes_are(const void* p, std::size_t size, unsigned char value) {
  const auto* bytes = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < size; ++i) {
    if (bytes[i] != value) return false;
  }
  return true;
}

// The poison check resets the object again on acquire: a reset that calls back into its own
// pool is refused there too, as in release, instead of recursing until the stack runs out.
TEST(PoolPoison, TheResetOfThePoisonCheckIsGuardedAgainstReentry) {
  Pool<Spark>* self = nullptr;
  int got = 0;
  Pool<Spark> pool([] { return Spark{}; }, 2,
                   [&](Spark& s) {
                     s = Spark{};
                     got = self->acquire();
                   });
  self = &pool;
  const int slot = pool.acquire();
  pool.release(slot);  // reset (refused: one reentrant call), then poisoned
  ASSERT_EQ(pool.stats().reentrant_calls, 1u);
  EXPECT_EQ(pool.acquire(), slot);  // poisoned: checked and reset again, the guard up
  EXPECT_EQ(got, -1);
  EXPECT_EQ(pool.stats().reentrant_calls, 2u);
  EXPECT_EQ(pool.active_count(), 1u);
}

TEST(PoolPoison, FillsAReleasedObjectWithThePoisonByte) {
  Pool<Spark> pool([] { return Spark{}; }, 2, reset_spark);
  const int slot = pool.acquire();
  pool[slot].ttl = 30;
  pool.release(slot);
  EXPECT_TRUE(all_bytes_are(&pool[slot], sizeof(Spark), kPoisonByte));
}

TEST(PoolPoison, AWriteThroughAReleasedObjectIsCaughtOnTheNextAcquireOfThatSlot) {
  Pool<Spark> pool([] { return Spark{}; }, 4, reset_spark);
  pool.set_name("sparks");
  const int slot = pool.acquire();
  Spark& kept = pool[slot];  // a reference kept past release: the bug being caught
  pool.release(slot);
  kept.ttl = 5;
  EXPECT_EQ(pool.stats().poison_violations, 0u) << "caught at acquire, not at the write";

  testing::internal::CaptureStderr();
  const int again = pool.acquire();
  const std::string err = testing::internal::GetCapturedStderr();
  ASSERT_EQ(again, slot);
  EXPECT_EQ(pool.stats().poison_violations, 1u);
  EXPECT_NE(err.find("sparks"), std::string::npos) << err;
  EXPECT_NE(err.find("written after release"), std::string::npos) << err;
  EXPECT_EQ(pool[again].ttl, 0) << "the object is vended in its reset state anyway";
}

TEST(PoolPoison, OnlyTheSlotThatWasWrittenIsReported) {
  Pool<Spark> pool([] { return Spark{}; }, 4, reset_spark);
  const int written = pool.acquire();
  const int clean = pool.acquire();
  pool.release(written);
  pool.release(clean);  // on top of the free stack: vended first
  pool[written].x = 1.0f;
  EXPECT_EQ(pool.acquire(), clean);
  EXPECT_EQ(pool.stats().poison_violations, 0u);
  EXPECT_EQ(pool.acquire(), written);
  EXPECT_EQ(pool.stats().poison_violations, 1u);
}

TEST(PoolPoison, CleanCyclesReportNoViolation) {
  Pool<Spark> pool([] { return Spark{}; }, 8, reset_spark);
  constexpr int kCycles = 1000;
  for (int cycle = 0; cycle < kCycles; ++cycle) {
    const int a = pool.acquire();
    const int b = pool.acquire();
    pool[a].ttl = cycle;
    pool[b].color = cycle;
    pool.release(b);
    pool.release(a);
  }
  EXPECT_EQ(pool.stats().poison_violations, 0u);
  EXPECT_EQ(pool.stats().released, 2u * kCycles);
}

TEST(PoolPoison, AFieldTheResetForgetsShowsThePoisonPatternAfterReacquire) {
  Pool<Spark> pool([] { return Spark{}; }, 2, reset_forgetting_color);
  const int slot = pool.acquire();
  pool[slot].ttl = 12;
  pool[slot].x = 4.5f;
  pool[slot].color = 7;
  pool.release(slot);
  ASSERT_EQ(pool.acquire(), slot);
  const Spark& spark = pool[slot];
  EXPECT_TRUE(all_bytes_are(&spark.color, sizeof spark.color, kPoisonByte))
      << "last life's color (7) would hide the bug; 0xDB shows it";
  EXPECT_EQ(spark.ttl, 0) << "fields the reset sets are clean";
  EXPECT_EQ(spark.x, 0.0f);
  EXPECT_EQ(pool.stats().poison_violations, 0u);
}

TEST(PoolPoison, ObjectsFreshFromTheFactoryAreVendedAsMade) {
  Pool<Spark> pool([] { return Spark{99, 1.0f, 3}; }, 2, reset_spark);
  const int slot = pool.acquire();
  EXPECT_EQ(pool[slot].ttl, 99);
  EXPECT_EQ(pool[slot].color, 3);
  EXPECT_EQ(pool.stats().poison_violations, 0u);
}

TEST(PoolPoison, ARecycledObjectIsResetNotPoisoned) {
  Pool<Spark> pool([] { return Spark{}; }, 1, reset_spark, OverflowPolicy::RecycleOldest);
  const int slot = pool.acquire();
  pool[slot].ttl = 8;
  ASSERT_EQ(pool.acquire(), slot);
  EXPECT_EQ(pool[slot].ttl, 0);
  EXPECT_FALSE(all_bytes_are(&pool[slot], sizeof(Spark), kPoisonByte));
  EXPECT_EQ(pool.stats().poison_violations, 0u);
}

TEST(PoolPoison, ATrimmedAndReMadeSlotIsNotReported) {
  Pool<Spark> pool([] { return Spark{}; }, 1, reset_spark);
  pool.release(pool.acquire());
  ASSERT_EQ(pool.trim(0), 1u);
  const int slot = pool.acquire();
  ASSERT_GE(slot, 0);
  EXPECT_EQ(pool.stats().poison_violations, 0u);
  EXPECT_EQ(pool[slot].ttl, 0);
}

// A user-provided copy makes it not trivially copyable: memset would be undefined.
struct Named {
  int ttl = 0;
  int color = 0;
  Named() = default;
  Named(const Named& other) : ttl(other.ttl), color(other.color) {}
  Named& operator=(const Named&) = default;
};
static_assert(!std::is_trivially_copyable_v<Named>);

TEST(PoolPoison, LeavesNonTriviallyCopyableObjectsAlone) {
  Pool<Named> pool([] { return Named{}; }, 2, [](Named& n) { n.ttl = 0; });  // forgets color
  const int slot = pool.acquire();
  pool[slot].color = 7;
  pool.release(slot);
  EXPECT_FALSE(all_bytes_are(&pool[slot], sizeof(Named), kPoisonByte));
  pool[slot].ttl = 5;  // a write after release goes unseen
  ASSERT_EQ(pool.acquire(), slot);
  EXPECT_EQ(pool.stats().poison_violations, 0u);
  EXPECT_EQ(pool[slot].color, 7) << "unpoisoned: last life's value is still there";
  EXPECT_EQ(pool[slot].ttl, 5) << "and no second reset ran on acquire";
}

TEST(PoolPoison, TurningItOffResetsThePoisonedIdleObjectsAndStopsPoisoning) {
  Pool<Spark> pool([] { return Spark{}; }, 4, reset_spark);
  EXPECT_TRUE(pool.poisoning());
  const int a = pool.acquire();
  const int b = pool.acquire();
  pool[a].ttl = 7;
  pool.release(a);
  ASSERT_TRUE(all_bytes_are(&pool[a], sizeof(Spark), kPoisonByte));
  pool.set_poisoning(false);  // the game is about to turn its reset off: no poison may stay
  EXPECT_FALSE(pool.poisoning());
  EXPECT_EQ(pool[a].ttl, 0) << "reset now, while reset still works";
  EXPECT_EQ(pool[a].color, 0);
  pool[b].ttl = 3;
  pool.release(b);
  EXPECT_EQ(pool[b].ttl, 0) << "released and reset, not poisoned";
  EXPECT_EQ(pool.stats().poison_violations, 0u);
  pool.set_poisoning(true);
  const int c = pool.acquire();
  pool.release(c);
  EXPECT_TRUE(all_bytes_are(&pool[c], sizeof(Spark), kPoisonByte)) << "back on";
}

}  // namespace
}  // namespace flatline
