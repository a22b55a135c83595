// Tests for src/overlay/overlay.hpp: the overlay runs headless (no window, no
// GL: ImGui's font atlas is built on the CPU and its draw data is inspected),
// fed by a real World under autofire. It must allocate nothing per frame after
// warm-up, show every pool, draw nothing when off, and never draw the HUD (src/hud/ does:
// tests/hud/). Its arithmetic (bar colour, Little's law, plots) is in overlay_math_test.cpp.
#include "overlay/overlay.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include "diag/heap_counter.hpp"
#include "drawn_text.hpp"
#include "overlay_rig.hpp"
#include "sim/autopilot.hpp"
#include "sim/stats.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {
namespace {

constexpr int kWarmupFrames = 10;

// A frame loop in miniature: a world ticked once per frame under autofire, and a
// headless overlay drawing it.
class OverlayFrames : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    render.draw_calls = 8;
    render.instances.fill(100);
    info.frame_ms = 16.7f;
    info.ticks = 1;
    info.warmed_up = true;
  }

  void tick_world() { step(*world, autofire_input(world->tick, 60.0), kDelta); }

  // One overlay frame, as the game's loop runs it.
  void overlay_frame() {
    const WorldStats stats = collect_stats(*world);
    overlay.begin_frame(kDelta, kWidth, kHeight);
    overlay.build(*world, stats, render, info, settings, requests);
    overlay.end_frame();
  }

  // A burst of hits, as a scatter shot into a target makes: damage numbers in view.
  void spawn_damage_numbers(int count) {
    const glm::vec3 eye = eye_position(world->player);
    const glm::vec3 forward = look_direction(world->player);
    for (int i = 0; i < count; ++i) {
      const glm::vec3 offset(0.3f * static_cast<float>(i % 8 - 4), 0.3f * static_cast<float>(i / 8),
                             0);
      spawn_damage_number(*world, eye + forward * 8.0f + offset, 8.0f * static_cast<float>(i + 1));
    }
  }

  // One frame that also scrolls a panel's window to its end: a second Begin() of the same
  // window appends to it, and SetScrollY applies from the next frame.
  void scroll_to_end(int panel) {
    tick_world();
    overlay.begin_frame(kDelta, kWidth, kHeight);
    overlay.build(*world, collect_stats(*world), render, info, settings, requests);
    ImGui::Begin(kPanelTitles[static_cast<std::size_t>(panel)]);
    ImGui::SetScrollY(ImGui::GetScrollMaxY());
    ImGui::End();
    overlay.end_frame();
  }

  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      tick_world();
      overlay_frame();
    }
  }
};

// Whether the last frame drew the panel: a draw list with vertices besides the background's.
bool panel_is_active() {
  const ImDrawData& data = *ImGui::GetDrawData();
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList* list = data.CmdLists[i];
    if (list != ImGui::GetBackgroundDrawList() && list->VtxBuffer.Size > 0) return true;
  }
  return false;
}

int total_vertices() {
  return ImGui::GetDrawData()->TotalVtxCount;
}
// The background list: the HUD's canvas (src/hud/), under every window. The overlay leaves it
// alone.
int background_vertices() {
  return ImGui::GetBackgroundDrawList()->VtxBuffer.Size;
}

TEST_F(OverlayFrames, MakesNoHeapAllocationsPerFrameAfterWarmUp) {
  frames(kWarmupFrames);
  std::uint64_t allocations = 0;
  std::size_t most_damage_numbers = 0, most_bullets = 0;
  for (int i = 0; i < 300; ++i) {
    // The world is not under test here: only the overlay's frame is measured.
    tick_world();
    if (i % 45 == 0) spawn_damage_numbers(12 + i / 10);  // bursts of 12..38 numbers
    const heap::Mark mark;
    overlay_frame();
    allocations += mark.since().allocations;
    most_damage_numbers = std::max(most_damage_numbers, world->damage_numbers.pool.active_count());
    most_bullets = std::max(most_bullets, world->bullets.pool.active_count());
  }
  EXPECT_EQ(allocations, 0u);
  // The run exercised what changes from frame to frame: the pools' counts, growing.
  EXPECT_GT(most_damage_numbers, 30u);
  EXPECT_GT(most_bullets, 9u);
}

TEST_F(OverlayFrames, TheLessonsAndTheSlotInspectorAllocateNothingAfterWarmUp) {
  settings.view.panels[kPanelLessons] = true;
  settings.view.panels[kPanelSlots] = true;
  frames(kWarmupFrames);
  const heap::Mark mark;
  for (int i = 0; i < 120; ++i) {
    tick_world();
    settings.view.inspect_pool = (i / 20) % kPoolCount;  // every pool's slots in turn
    overlay_frame();
  }
  EXPECT_EQ(mark.since().allocations, 0u);
  scroll_to_end(kPanelLessons);
  frames(2);
  const std::string text = drawn_text();
  EXPECT_NE(text.find("Double release"), std::string::npos);
  EXPECT_NE(text.find("free-stack depth"), std::string::npos);
  EXPECT_TRUE(settings.view.panels[kPanelSlots]);  // the windows stayed open
}

TEST_F(OverlayFrames, HidingAndShowingThePanelAllocatesNothingAfterWarmUp) {
  frames(kWarmupFrames);
  settings.view.mode = OverlayMode::Full;
  frames(kWarmupFrames);
  settings.view.mode = OverlayMode::Off;
  frames(kWarmupFrames);
  const heap::Mark mark;
  for (int i = 0; i < 90; ++i) {
    settings.view.mode = static_cast<OverlayMode>((i / 10) % 3);  // F1 pressed every 10 frames
    frames(1);
  }
  EXPECT_EQ(mark.since().allocations, 0u);
}

TEST_F(OverlayFrames, ShowsEveryPoolByNameWhenThePoolsPanelIsShown) {
  settings.view.panels[kPanelPools] = true;
  settings.view.panels[kPanelLittle] = true;
  frames(kWarmupFrames);
  tick_world();
  overlay_frame();
  const std::string text = drawn_text();
  EXPECT_TRUE(panel_is_active());
  EXPECT_GT(ImGui::GetDrawData()->CmdListsCount, 1);  // the strip and each panel: a list each
  for (const char* name : kPoolNames)
    EXPECT_NE(text.find(name), std::string::npos) << name;
  EXPECT_NE(text.find("Apply sizes (new round)"), std::string::npos);
  EXPECT_NE(text.find("Little's law"), std::string::npos);
}

TEST_F(OverlayFrames, DrawsNothingWhenTheOverlayIsOff) {
  frames(kWarmupFrames);
  EXPECT_GT(total_vertices(), 0);
  settings.view.mode = OverlayMode::Off;
  tick_world();
  overlay_frame();
  EXPECT_FALSE(panel_is_active());
  EXPECT_EQ(total_vertices(), 0);  // not even a crosshair: the HUD is not the overlay's
}

// Damage numbers in view, a hit, a score: whatever the mode, the overlay draws none of the
// HUD (tests/hud/ draws it with no overlay at all).
TEST_F(OverlayFrames, NeverDrawsTheHud) {
  spawn_damage_numbers(12);
  world->score = 3;
  world->target_hits = 14;
  for (const OverlayMode mode : {OverlayMode::Compact, OverlayMode::Full, OverlayMode::Off}) {
    settings.view.mode = mode;
    tick_world();
    overlay_frame();
    EXPECT_EQ(background_vertices(), 0) << mode_name(mode);
    EXPECT_EQ(drawn_text().find("SCORE"), std::string::npos) << mode_name(mode);
  }
}

TEST_F(OverlayFrames, ReportsMouseCaptureOnlyOverThePanel) {
  frames(2);
  EXPECT_FALSE(overlay.wants_mouse());             // no mouse at all: nothing to capture
  ImGui::GetIO().MousePos = ImVec2(40.0f, 40.0f);  // inside the compact strip (top left)
  frames(2);
  EXPECT_TRUE(overlay.wants_mouse());
  ImGui::GetIO().MousePos = ImVec2(kWidth - 10.0f, kHeight - 10.0f);
  frames(2);
  EXPECT_FALSE(overlay.wants_mouse());
}

// The panel starts from the pools the World was made with: their sizes and policies.
TEST(OverlaySettings, ThePoolsSettingsMirrorTheWorldsPools) {
  WorldConfig config;
  config.pools[kBullets].capacity = 100;
  config.pools[kBullets].policy = OverflowPolicy::Grow;
  config.pools[kDecals].capacity = 77;
  const auto world = std::make_unique<World>(config);
  SimSettings sim;
  read_pools(*world, sim);
  for_each_kind(*world, [&](const auto& kind) {
    EXPECT_EQ(sim.policy[kind.id], kind.pool.policy()) << kind.name();
    EXPECT_EQ(static_cast<std::size_t>(sim.capacity[kind.id]), kind.pool.capacity()) << kind.name();
  });
  EXPECT_EQ(sim.policy[kBullets], OverflowPolicy::Grow);
  EXPECT_EQ(sim.capacity[kBullets], 100);
  EXPECT_EQ(sim.capacity[kDecals], 77);
  EXPECT_FALSE(Requests{}.new_round);
}

TEST(OverlayLifetime, IgnoresFramesBeforeInit) {
  const auto world = std::make_unique<World>(WorldConfig{});
  Overlay overlay;
  Settings settings;
  Requests requests;
  overlay.begin_frame(kDelta, kWidth, kHeight);
  overlay.build(*world, collect_stats(*world), render::RenderStats{}, FrameInfo{}, settings,
                requests);
  overlay.end_frame();
  EXPECT_FALSE(overlay.wants_mouse());
  EXPECT_EQ(ImGui::GetCurrentContext(), nullptr);
}

TEST(OverlayLifetime, DestroysItsImGuiContext) {
  {
    Overlay overlay;
    std::string error;
    ASSERT_TRUE(overlay.init(nullptr, error)) << error;
    EXPECT_NE(ImGui::GetCurrentContext(), nullptr);
    EXPECT_EQ(ImGui::GetIO().IniFilename, nullptr);
  }
  EXPECT_EQ(ImGui::GetCurrentContext(), nullptr);
}

// The HUD's font goes into the overlay's atlas through init's hook, after the panel's, which
// stays ImGui's default.
TEST(OverlayLifetime, AddsTheFontsItIsGivenAfterThePanelsOwn) {
  Overlay overlay;
  std::string error;
  ImFont* added = nullptr;
  const auto add_fonts = [&](ImFontAtlas& atlas) {
    ImFontConfig config;
    config.SizePixels = 26.0f;
    added = atlas.AddFontDefault(&config);
  };
  ASSERT_TRUE(overlay.init(nullptr, error, add_fonts)) << error;
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  ASSERT_EQ(atlas.Fonts.Size, 2);
  EXPECT_EQ(atlas.Fonts[1], added);
  EXPECT_FLOAT_EQ(atlas.Fonts[0]->FontSize, 13.0f);  // the panel's: ImGui's default
  EXPECT_FLOAT_EQ(added->FontSize, 26.0f);
  EXPECT_TRUE(atlas.IsBuilt());
}

}  // namespace
}  // namespace flatline::overlay
