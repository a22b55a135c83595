// Tests for src/overlay/imgui_arena.hpp: ImGui's own memory. Blocks come from the block
// reserved at load, a freed block is reused by the next request of its size, memory is
// aligned like malloc's, and a request the block cannot serve falls back to the heap,
// counted, instead of failing.
#include "overlay/imgui_arena.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "diag/heap_counter.hpp"

namespace flatline::overlay {
namespace {

bool aligned16(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

TEST(ImGuiArena, ServesFromItsBlockWithoutTouchingTheHeap) {
  Arena arena(1 << 20);
  const heap::Mark mark;
  void* a = arena.allocate(100);
  void* b = arena.allocate(5000);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(mark.since().malloc_calls, 0u);
  EXPECT_TRUE(aligned16(a));
  EXPECT_TRUE(aligned16(b));
  std::memset(a, 0xAB, 100);  // the blocks do not overlap
  std::memset(b, 0xCD, 5000);
  EXPECT_EQ(static_cast<unsigned char*>(a)[99], 0xAB);
  EXPECT_EQ(arena.stats().allocations, 2u);
  EXPECT_GE(arena.stats().in_use, 5100u);
  arena.free(a);
  arena.free(b);
  EXPECT_EQ(arena.stats().in_use, 0u);
  EXPECT_EQ(arena.stats().fallbacks, 0u);
}

TEST(ImGuiArena, ReusesAFreedBlockSoTheHighWaterMarkStaysPut) {
  Arena arena(1 << 20);
  void* first = arena.allocate(300);
  arena.free(first);
  const std::size_t high = arena.stats().high_water;
  for (int i = 0; i < 1000; ++i) {  // a vector grown and freed every frame, as ImGui does
    void* p = arena.allocate(260 + static_cast<std::size_t>(i % 40));  // one size class
    EXPECT_EQ(p, first);
    arena.free(p);
  }
  EXPECT_EQ(arena.stats().high_water, high);
}

TEST(ImGuiArena, FallsBackToTheHeapWhenFullAndCountsIt) {
  Arena arena(4096);
  std::vector<void*> blocks;
  for (int i = 0; i < 4; ++i)
    blocks.push_back(arena.allocate(1000));  // 1024-byte blocks with their headers: 4 fit
  EXPECT_EQ(arena.stats().fallbacks, 0u);
  EXPECT_EQ(arena.stats().high_water, 4096u);
  const heap::Mark mark;
  void* extra = arena.allocate(1000);
  void* huge = arena.allocate(1 << 20);  // larger than the whole block
  ASSERT_NE(extra, nullptr);
  ASSERT_NE(huge, nullptr);
  std::memset(huge, 0, 1 << 20);
  EXPECT_EQ(arena.stats().fallbacks, 2u);
  EXPECT_EQ(mark.since().allocations, 2u) << "a fallback is a game heap allocation, seen";
  arena.free(extra);
  arena.free(huge);
  EXPECT_EQ(mark.since().deallocations, 2u);
  for (void* p : blocks)
    arena.free(p);
  EXPECT_EQ(arena.stats().in_use, 0u);
  arena.free(nullptr);  // like free(NULL)
}

}  // namespace
}  // namespace flatline::overlay
