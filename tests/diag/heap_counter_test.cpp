// Tests for src/diag/heap_counter.hpp: every replaceable form of operator new and
// delete is counted, a Mark measures since it was set, and the counts are per
// process: another thread's allocations show up too.
#include "diag/heap_counter.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <new>
#include <thread>
#include <vector>

namespace flatline::heap {
namespace {

struct alignas(64) Wide {
  unsigned char bytes[64];
};

bool is_aligned(const void* p, std::size_t alignment) {
  return reinterpret_cast<std::uintptr_t>(p) % alignment == 0;
}

// Stores through volatile pointers so the compiler cannot elide a new/delete pair.
TEST(HeapCounter, CountsNewAndDelete) {
  const Mark mark;
  int* volatile p = new int(5);
  EXPECT_EQ(mark.since().allocations, 1u);
  EXPECT_EQ(mark.since().deallocations, 0u);
  EXPECT_GE(mark.since().bytes, sizeof(int));
  delete p;
  EXPECT_EQ(mark.since().allocations, 1u);
  EXPECT_EQ(mark.since().deallocations, 1u);
}

TEST(HeapCounter, CountsArrayNewAndDelete) {
  const Mark mark;
  char* volatile p = new char[100];
  EXPECT_EQ(mark.since().allocations, 1u);
  EXPECT_GE(mark.since().bytes, 100u);
  delete[] p;
  EXPECT_EQ(mark.since().deallocations, 1u);
}

TEST(HeapCounter, CountsTheBytesRequested) {
  const Mark mark;
  void* volatile p = ::operator new(1000);
  void* volatile q = ::operator new(24);
  EXPECT_EQ(mark.since().bytes, 1024u);
  ::operator delete(p);
  ::operator delete(q);
  EXPECT_EQ(mark.since().bytes, 1024u) << "bytes counts requests, not what is held";
}

TEST(HeapCounter, CountsOverAlignedNewAndHonoursTheAlignment) {
  const Mark mark;
  Wide* volatile one = new Wide;
  Wide* volatile many = new Wide[3];
  EXPECT_TRUE(is_aligned(one, alignof(Wide)));
  EXPECT_TRUE(is_aligned(many, alignof(Wide)));
  EXPECT_EQ(mark.since().allocations, 2u);
  EXPECT_GE(mark.since().bytes, 4 * sizeof(Wide));
  delete one;
  delete[] many;
  EXPECT_EQ(mark.since().deallocations, 2u);
}

TEST(HeapCounter, CountsNothrowNewInEveryForm) {
  const Mark mark;
  int* volatile a = new (std::nothrow) int(1);
  int* volatile b = new (std::nothrow) int[4];
  Wide* volatile c = new (std::nothrow) Wide;
  Wide* volatile d = new (std::nothrow) Wide[2];
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_NE(c, nullptr);
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(is_aligned(c, alignof(Wide)));
  EXPECT_TRUE(is_aligned(d, alignof(Wide)));
  EXPECT_EQ(mark.since().allocations, 4u);
  delete a;
  delete[] b;
  delete c;
  delete[] d;
  EXPECT_EQ(mark.since().deallocations, 4u);
}

TEST(HeapCounter, CountsAZeroByteRequestAsAnAllocation) {
  const Mark mark;
  void* volatile p = ::operator new(0);
  EXPECT_NE(p, nullptr);
  EXPECT_EQ(mark.since().allocations, 1u);
  ::operator delete(p);
  EXPECT_EQ(mark.since().deallocations, 1u);
}

TEST(HeapCounter, DoesNotCountDeletingNull) {
  const Mark mark;
  ::operator delete(nullptr);
  ::operator delete[](nullptr);
  EXPECT_EQ(mark.since().deallocations, 0u);
}

TEST(HeapCounter, CountsStandardLibraryAllocations) {
  const Mark mark;
  std::vector<int> numbers;
  numbers.reserve(64);
  EXPECT_EQ(mark.since().allocations, 1u);
  EXPECT_GE(mark.since().bytes, 64 * sizeof(int));
}

TEST(HeapMark, MeasuresOnlyWhatHappenedSinceItWasSet) {
  const Mark outer;
  int* volatile first = new int(1);
  const Mark inner;
  int* volatile second = new int(2);
  EXPECT_EQ(outer.since().allocations, 2u);
  EXPECT_EQ(inner.since().allocations, 1u);
  delete first;
  delete second;
  EXPECT_EQ(outer.since().deallocations, 2u);
  EXPECT_EQ(inner.since().deallocations, 2u);
}

TEST(HeapMark, ResetStartsCountingAgain) {
  Mark mark;
  int* volatile p = new int(1);
  ASSERT_EQ(mark.since().allocations, 1u);
  mark.reset();
  EXPECT_EQ(mark.since().allocations, 0u);
  delete p;
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(mark.since().deallocations, 1u);
}

TEST(HeapCounter, CountsAreProcessWideSoAnotherThreadsAllocationsShow) {
  constexpr std::size_t kBlock = 4096;
  const Mark main_mark;
  Counts seen_by_thread;
  std::thread worker([&seen_by_thread] {
    const Mark thread_mark;
    for (int i = 0; i < 3; ++i) {
      ::operator delete(::operator new(kBlock));
    }
    seen_by_thread = thread_mark.since();
  });
  worker.join();
  EXPECT_GE(seen_by_thread.allocations, 3u);
  EXPECT_GE(seen_by_thread.bytes, 3 * kBlock);
  const Counts seen_by_main = main_mark.since();
  EXPECT_GE(seen_by_main.allocations, seen_by_thread.allocations);
  EXPECT_GE(seen_by_main.bytes, 3 * kBlock) << "the main thread sees the worker's allocations";
}

TEST(HeapCounter, LosesNoCountWhenThreadsAllocateAtOnce) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 20000;
  const Mark mark;
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([] {
      for (int i = 0; i < kPerThread; ++i) {
        ::operator delete(::operator new(16));
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  const Counts counts = mark.since();
  EXPECT_GE(counts.allocations, static_cast<std::uint64_t>(kThreads) * kPerThread);
  EXPECT_GE(counts.deallocations, static_cast<std::uint64_t>(kThreads) * kPerThread);
}

}  // namespace
}  // namespace flatline::heap
