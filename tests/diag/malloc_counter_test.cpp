// Tests for src/diag/malloc_counter.c: every form of the C allocator is counted, for the
// whole process, and operator new shows up as a malloc too. Under AddressSanitizer the
// counter is off (ASan owns malloc), and says so.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <thread>

#include "diag/heap_counter.hpp"

namespace flatline::heap {
namespace {

// Called through volatile pointers: the compiler may otherwise elide a malloc/free pair.
void* (*volatile g_malloc)(std::size_t) = std::malloc;
void* (*volatile g_calloc)(std::size_t, std::size_t) = std::calloc;
void* (*volatile g_realloc)(void*, std::size_t) = std::realloc;
void* (*volatile g_aligned_alloc)(std::size_t, std::size_t) = std::aligned_alloc;
void (*volatile g_free)(void*) = std::free;

class MallocCounter : public ::testing::Test {
 protected:
  void SetUp() override {
#if defined(__SANITIZE_ADDRESS__)
    // src/diag/malloc_counter.c defines no malloc under the same macro: ASan interposes the
    // C allocator itself, so there is nothing of ours to count. Release and Debug run these.
    GTEST_SKIP() << "built with AddressSanitizer (__SANITIZE_ADDRESS__): no malloc counter";
#endif
    ASSERT_TRUE(malloc_counted()) << "an unsanitized build must count malloc";
  }
};

TEST_F(MallocCounter, CountsMallocAndFree) {
  const Mark mark;
  void* p = g_malloc(40);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(mark.since().malloc_calls, 1u);
  EXPECT_EQ(mark.since().free_calls, 0u);
  g_free(p);
  EXPECT_EQ(mark.since().free_calls, 1u);
  EXPECT_EQ(mark.since().allocations, 0u) << "malloc is not operator new";
}

TEST_F(MallocCounter, CountsCallocReallocAndTheAlignedForms) {
  const Mark mark;
  void* a = g_calloc(4, 8);
  void* b = g_realloc(a, 4096);
  void* c = g_aligned_alloc(64, 128);
  void* d = nullptr;
  ASSERT_EQ(posix_memalign(&d, 128, 256), 0);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(c) % 64, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d) % 128, 0u);
  EXPECT_EQ(mark.since().malloc_calls, 4u);
  g_free(b);
  g_free(c);
  g_free(d);
  g_free(nullptr);  // free(NULL) does nothing, and is not counted
  EXPECT_EQ(mark.since().free_calls, 3u);
}

TEST_F(MallocCounter, SeesOperatorNewAsAMallocToo) {
  const Mark mark;
  int* volatile p = new int(3);
  delete p;
  EXPECT_EQ(mark.since().allocations, 1u);
  EXPECT_EQ(mark.since().malloc_calls, 1u);
  EXPECT_EQ(mark.since().free_calls, 1u);
}

TEST_F(MallocCounter, CountsAnotherThreadsMallocs) {
  std::thread worker;  // made before the mark: starting a thread allocates its stack
  const Mark mark;
  worker = std::thread([] {
    for (int i = 0; i < 100; ++i)
      g_free(g_malloc(16));
  });
  worker.join();
  EXPECT_GE(mark.since().malloc_calls, 100u);
  EXPECT_GE(mark.since().free_calls, 100u);
}

TEST(MallocCounterBuild, IsOnExactlyWhenNotSanitized) {
#if defined(__SANITIZE_ADDRESS__)
  EXPECT_FALSE(malloc_counted());
  EXPECT_EQ(totals().malloc_calls, 0u);
#else
  EXPECT_TRUE(malloc_counted());
  EXPECT_GT(totals().malloc_calls, 0u) << "the process has malloc'd before main()";
#endif
}

}  // namespace
}  // namespace flatline::heap
