// Tests for the compact strip's telling (src/overlay/overlay_compact.cpp,
// overlay_switches.cpp) and the lessons panel's fallback and slot lines
// (overlay_lessons.cpp): every switch not as the game ships has a red line, a pool with
// nothing made yet is not drawn full, each pool's whole name, the first shot's line, the
// cheap fallback's counts, vacant and never-made slots. Headless, read from the draw data.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "drawn_text.hpp"
#include "overlay_rig.hpp"
#include "shown_windows.hpp"
#include "sim/autopilot.hpp"
#include "sim/stats.hpp"

namespace flatline::overlay {
namespace {

class OverlayStrip : public OverlayRig {
 protected:
  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      overlay.begin_frame(kDelta, kWidth, kHeight);
      overlay.build(*world, collect_stats(*world), render, info, settings, requests);
      overlay.end_frame();
    }
  }
  bool shows(const std::string& text) { return drawn_text().find(text) != std::string::npos; }
};

int red_vertices() {
  const ImDrawData& data = *ImGui::GetDrawData();
  int count = 0;
  for (int l = 0; l < data.CmdListsCount; ++l)
    for (const ImDrawVert& v : data.CmdLists[l]->VtxBuffer)
      count += (v.col & 0x00FFFFFFu) == (kColorRed & 0x00FFFFFFu);
  return count;
}

struct SwitchCase {
  const char* banner;
  void (*turn)(Settings&, World&);
};

TEST_F(OverlayStrip, EverySwitchNotAsShippedHasItsOwnLine) {
  const SwitchCase cases[] = {
      {"POOLING OFF", [](Settings&, World& w) { w.config.pooling = false; }},
      {"RESET OFF", [](Settings&, World& w) { w.config.reset_on_release = false; }},
      {"CLEAR ON REUSE OFF", [](Settings&, World& w) { w.config.clear_on_reuse = false; }},
      {"DISCRETE COLLISION", [](Settings&, World& w) { w.config.swept_collision = false; }},
      {"NO WARM-UP", [](Settings& s, World&) { s.sim.prewarm_pools = false; }},
      {"INSTANCING OFF", [](Settings& s, World&) { s.render.instancing = false; }},
      {"INSTANCE RING OFF", [](Settings& s, World&) { s.render.instance_ring = false; }},
      {"SHADOWS OFF", [](Settings& s, World&) { s.render.shadows = false; }},
      {"INTERPOLATION OFF", [](Settings& s, World&) { s.time.interpolate = false; }},
      {"TICK RATE 30 Hz", [](Settings& s, World&) { s.time.tick_hz = 30.0; }},
      {"TIME SCALE x0.50", [](Settings& s, World&) { s.time.time_scale = 0.5f; }},
      {"FULL-VISUAL CAP 8", [](Settings& s, World&) { s.sim.full_visual_cap = 8; }},
      {"sparks: grow",
       [](Settings&, World& w) { set_pool_policy(w, kSparks, OverflowPolicy::Grow); }},
      {"tracers: drop, 32 slots", [](Settings& s, World&) { s.sim.capacity[kTracers] = 32; }},
  };
  frames(2);
  for (const SwitchCase& c : cases)
    ASSERT_FALSE(shows(c.banner)) << c.banner << " as shipped";
  for (const SwitchCase& c : cases) {
    world = std::make_unique<World>(WorldConfig{});  // a fresh world and settings
    settings = Settings{};
    read_pools(*world, settings.sim);
    c.turn(settings, *world);
    frames(2);
    EXPECT_TRUE(shows(c.banner)) << c.banner << "\n" << drawn_text();
  }
}

// --no-warmup: pools hold no object until first demand. The strip says so, and a pool of 0
// made is drawn empty, not full and red at 0/0.
TEST_F(OverlayStrip, NoWarmUpIsToldAndItsEmptyPoolsAreNotDrawnFull) {
  settings.sim.prewarm_pools = false;  // the banner in both worlds: only the bars differ
  frames(2);
  const int red_warmed = red_vertices();  // every pool made at load, none full
  WorldConfig cold;
  cold.prewarm_pools = false;
  world = std::make_unique<World>(cold);
  ASSERT_EQ(pool_stats(*world, kTracers).capacity, 0u);
  frames(2);
  EXPECT_TRUE(shows("NO WARM-UP"));
  EXPECT_EQ(red_vertices(), red_warmed) << "an empty pool drawn red (full at 0/0)";
}

TEST_F(OverlayStrip, ShowsEachPoolsWholeNameAndSaysItsLastColumnCountsObjectsMade) {
  frames(2);
  EXPECT_TRUE(shows("damage_numbers"));
  EXPECT_TRUE(shows("made"));
  EXPECT_FALSE(shows("allocs\n")) << "the column's old name, read as capacity";
}

// The panels go right of the strip however wide it is drawn: with every banner on, too.
TEST_F(OverlayStrip, APanelIsPlacedBesideTheStripWhateverItsWidth) {
  world->config.pooling = false;
  world->config.clear_on_reuse = false;
  settings.sim.full_visual_cap = 12345;
  settings.view.panels[kPanelPools] = true;
  frames(3);
  const auto shown = shown_windows();
  const ShownWindow* strip = find_shown(shown, kCompactTitle);
  const ShownWindow* panel = find_shown(shown, kPanelTitles[kPanelPools]);
  ASSERT_NE(strip, nullptr);
  ASSERT_NE(panel, nullptr);
  EXPECT_GE(panel->pos.x, strip->pos.x + strip->size.x);
  EXPECT_LE(panel->pos.x + panel->size.x, kWidth + 1.0f);
}

// The first shot's frame: its heap allocations on the strip (0 when the pools were warmed).
TEST_F(OverlayStrip, TellsTheFirstShotsFrameAndWhatItAllocated) {
  frames(2);
  EXPECT_FALSE(shows("first shot"));
  world->shots_fired = 1;
  info.heap_frame.allocations = 37;
  frames(1);
  info.heap_frame.allocations = 0;
  frames(1);
  EXPECT_TRUE(shows("first shot: 37 heap allocs")) << drawn_text();
}

// The cheap fallback: past the full-visual cap, bullets fly and are drawn as tracers.
TEST_F(OverlayStrip, TheLessonsPanelCountsBulletsDrawnInFullAndAsTracers) {
  WorldConfig config;
  config.full_visual_cap = 2;
  world = std::make_unique<World>(config);
  for (int i = 0; i < 40; ++i)
    step(*world, autofire_input(world->tick, 60.0), kDelta);
  const WorldStats stats = collect_stats(*world);
  ASSERT_EQ(stats.bullets_drawn_full, 2u);
  ASSERT_GT(stats.bullets_drawn_as_tracers, 0u);
  settings.view.panels[kPanelLessons] = true;
  frames(3);
  const std::string line =
      "2 drawn in full, " + std::to_string(stats.bullets_drawn_as_tracers) + " as tracers";
  EXPECT_TRUE(shows(line)) << drawn_text();
  EXPECT_TRUE(shows("full-visual cap"));
}

// The slot inspector tells a slot with no object from an idle one: vacant (trimmed) and,
// with no warm-up, never made.
TEST_F(OverlayStrip, TheSlotInspectorShowsVacantAndNeverMadeSlotsApart) {
  settings.view.panels[kPanelSlots] = true;
  settings.view.inspect_pool = kDecals;
  frames(3);
  EXPECT_TRUE(shows("idle"));
  EXPECT_FALSE(shows("vacant"));
  world->decals.pool.trim(0);  // every idle object destroyed: slots stay, empty
  frames(2);
  EXPECT_TRUE(shows("vacant")) << drawn_text();
  WorldConfig cold;
  cold.prewarm_pools = false;
  world = std::make_unique<World>(cold);
  frames(2);
  EXPECT_TRUE(shows("never made")) << drawn_text();
}

}  // namespace
}  // namespace flatline::overlay
