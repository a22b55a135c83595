// Tests for src/pool/handle.hpp: the null handle, equality, pool ids and the
// generation wraparound rule (skip 0, wrap at 2^bits).
#include "pool/handle.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <thread>
#include <vector>

namespace flatline {
namespace {

TEST(Handle, DefaultConstructedHandleIsNullAndNamesNoGeneration) {
  const Handle handle;
  EXPECT_TRUE(handle.is_null());
  EXPECT_EQ(handle.index, Handle::kNullIndex);
  EXPECT_EQ(handle.generation, 0u);
  EXPECT_EQ(handle.pool, 0u);
}

TEST(Handle, HandleWithARealIndexIsNotNull) {
  const Handle handle{0, 1, 1};
  EXPECT_FALSE(handle.is_null());
}

TEST(Handle, EqualityComparesIndexGenerationAndPool) {
  const Handle a{3, 7, 2};
  EXPECT_EQ(a, (Handle{3, 7, 2}));
  EXPECT_NE(a, (Handle{4, 7, 2}));
  EXPECT_NE(a, (Handle{3, 8, 2}));
  EXPECT_NE(a, (Handle{3, 7, 9}));
  EXPECT_EQ(Handle{}, Handle{});
}

TEST(NextPoolId, NeverReturnsZeroAndNeverRepeats) {
  std::set<std::uint32_t> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t id = next_pool_id();
    EXPECT_NE(id, 0u);
    EXPECT_TRUE(seen.insert(id).second) << "id " << id << " handed out twice";
  }
}

TEST(NextPoolId, IdsTakenFromSeveralThreadsAreDistinct) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 500;
  std::vector<std::vector<std::uint32_t>> ids(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&ids, t] {
      for (int i = 0; i < kPerThread; ++i) {
        ids[t].push_back(next_pool_id());
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  std::set<std::uint32_t> all;
  for (const auto& list : ids) {
    all.insert(list.begin(), list.end());
  }
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kThreads * kPerThread));
  EXPECT_EQ(all.count(0u), 0u);
}

TEST(NextGeneration, CountsUpByOne) {
  EXPECT_EQ(next_generation<32>(1), 2u);
  EXPECT_EQ(next_generation<32>(41), 42u);
  EXPECT_EQ(next_generation<4>(7), 8u);
}

TEST(NextGeneration, SkipsZeroWhenStartingFromZero) {
  EXPECT_EQ(next_generation<8>(0), 1u);
}

TEST(NextGeneration, ReachesTheLargestValueBeforeWrapping) {
  EXPECT_EQ(next_generation<32>(0xFFFFFFFEu), 0xFFFFFFFFu);  // the add-with-carry path
  EXPECT_EQ(next_generation<4>(14), 15u);
  static_assert(next_generation<32>(0xFFFFFFFEu) == 0xFFFFFFFFu);
}

TEST(NextGeneration, WrapsFromTheLargestValueBackToOneNotZero) {
  EXPECT_EQ(next_generation<4>(15), 1u);
  EXPECT_EQ(next_generation<2>(3), 1u);
  EXPECT_EQ(next_generation<16>(0xFFFFu), 1u);
  EXPECT_EQ(next_generation<32>(0xFFFFFFFFu), 1u);
}

TEST(NextGeneration, WrapsAtTwoToTheBitsAfterVisitingEveryNonZeroValueOnce) {
  constexpr unsigned kBits = 5;
  constexpr std::uint32_t kPeriod = (1u << kBits) - 1u;  // 31 live values: 1..31
  std::set<std::uint32_t> seen;
  std::uint32_t generation = 1;
  for (std::uint32_t i = 0; i < kPeriod; ++i) {
    EXPECT_NE(generation, 0u);
    EXPECT_LT(generation, 1u << kBits);
    EXPECT_TRUE(seen.insert(generation).second);
    generation = next_generation<kBits>(generation);
  }
  EXPECT_EQ(generation, 1u) << "back to the start after 2^bits - 1 steps";
  EXPECT_EQ(seen.size(), kPeriod);
}

TEST(NextGeneration, IsUsableAtCompileTime) {
  static_assert(next_generation<4>(15) == 1u);
  static_assert(next_generation<32>(1) == 2u);
  SUCCEED();
}

}  // namespace
}  // namespace flatline
