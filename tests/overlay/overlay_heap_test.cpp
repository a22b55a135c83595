// Tests for the overlay's Heap section (src/overlay/overlay_heap.cpp), headless: ImGui
// allocates from its own arena, not the game's heap; once anything allocated after warm-up
// the plot shows the climbing total; screenshots, malloc and the arena each have a line.
#include <gtest/gtest.h>
#include <imgui.h>

#include <memory>
#include <string>

#include "diag/heap_counter.hpp"
#include "drawn_text.hpp"
#include "overlay/overlay.hpp"
#include "overlay_rig.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {
namespace {

class HeapSection : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    info.warmed_up = true;
    settings.view.panels[kPanelHeap] = true;  // the Heap panel's window, beside the strip
  }

  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      overlay.begin_frame(kDelta, kWidth, kHeight);
      overlay.build(*world, collect_stats(*world), render, info, settings, requests);
      overlay.end_frame();
    }
  }
};

TEST_F(HeapSection, GivesImGuiItsOwnArenaNotTheHeap) {
  const ArenaStats before = overlay.arena_stats();
  EXPECT_GT(before.capacity, 0u);
  EXPECT_GT(before.in_use, 0u);  // the context and its font atlas live there
  const heap::Mark mark;
  void* block = ImGui::MemAlloc(100);
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(overlay.arena_stats().allocations, before.allocations + 1);
  EXPECT_GT(overlay.arena_stats().in_use, before.in_use);
  ImGui::MemFree(block);
  EXPECT_EQ(overlay.arena_stats().in_use, before.in_use);
  EXPECT_EQ(overlay.arena_stats().fallbacks, 0u);
}

// Pooling off: most frames allocate nothing, the total climbs. The plot then shows the total.
TEST_F(HeapSection, PlotsTheTotalSinceWarmUpOnceAnythingAllocated) {
  frames(10);
  EXPECT_NE(drawn_text().find("heap allocs/frame 0"), std::string::npos);
  EXPECT_EQ(drawn_text().find("heap allocs since warm-up"), std::string::npos);
  for (int i = 0; i < 5; ++i) {
    info.heap_frame.allocations = i % 2 == 0 ? 100 : 0;
    info.heap_since_warmup.allocations = 1000 + 50u * static_cast<unsigned>(i);
    frames(1);
  }
  info.heap_since_warmup.allocations = 1200;
  frames(1);
  const std::string text = drawn_text();
  EXPECT_NE(text.find("heap allocs since warm-up 1200"), std::string::npos) << text;
  EXPECT_NE(text.find("last second: 1200"), std::string::npos) << "0 before warm-up";
}

TEST_F(HeapSection, ShowsScreenshotsMallocAndTheArenaOnLinesOfTheirOwn) {
  info.heap_screenshots.allocations = 6;
  info.heap_since_warmup.malloc_calls = 4321;
  frames(3);
  const std::string text = drawn_text();
  EXPECT_NE(text.find("screenshots (apart): 6 allocations"), std::string::npos) << text;
  EXPECT_NE(text.find("since warm-up: 0 allocations"), std::string::npos) << text;
  if (heap::malloc_counted()) {
    EXPECT_NE(text.find("4321 since warm-up"), std::string::npos) << text;
  } else {
    EXPECT_NE(text.find("malloc calls: not counted"), std::string::npos) << text;
  }
  EXPECT_NE(text.find("ImGui arena:"), std::string::npos) << text;
}

}  // namespace
}  // namespace flatline::overlay
