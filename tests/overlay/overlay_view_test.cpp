// Tests for the overlay's views (src/overlay/overlay_windows.cpp, overlay_compact.cpp): the
// compact strip's share of a 1280x720 frame, full mode's windows, the keys and the menus.
// Headless like overlay_test.cpp; the windows are read from ImGui's window list.
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "drawn_text.hpp"
#include "overlay/overlay_math.hpp"
#include "overlay_rig.hpp"
#include "shown_windows.hpp"
#include "sim/stats.hpp"

namespace flatline::overlay {
namespace {

constexpr float kFrameArea = static_cast<float>(kWidth) * static_cast<float>(kHeight);

class OverlayViews : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    voices.name = "voices";
    voices.stats.capacity = 32;
    info.voices = &voices;  // the sound's row too: the strip at its tallest
    info.warmed_up = true;
  }

  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      overlay.begin_frame(kDelta, kWidth, kHeight);
      overlay.build(*world, collect_stats(*world), render, info, settings, requests);
      overlay.end_frame();
    }
  }

  // A key's presses counted by the platform for one frame (FrameInfo::function_presses),
  // then a frame with none: as a tap shorter than a frame arrives.
  void press(int key, int times = 1) {
    info.function_presses[static_cast<std::size_t>(key - GLFW_KEY_F1)] = times;
    frames(1);
    info.function_presses = {};
    frames(1);
  }

  PoolReport voices;
};

// Vertices of this colour (alpha ignored) in the frame's draw data.
int vertices_of_colour(std::uint32_t packed) {
  const ImDrawData& data = *ImGui::GetDrawData();
  int count = 0;
  for (int l = 0; l < data.CmdListsCount; ++l)
    for (const ImDrawVert& v : data.CmdLists[l]->VtxBuffer)
      count += (v.col & 0x00FFFFFFu) == (packed & 0x00FFFFFFu);
  return count;
}

float shown_area() {
  float area = 0.0f;
  for (const ShownWindow& w : shown_windows())
    area += w.area();  // a sum: overlaps counted twice, an upper bound
  return area;
}

TEST_F(OverlayViews, ByDefaultTheCompactStripCoversAtMostATenthOfA1280x720Frame) {
  ASSERT_EQ(settings.view.mode, OverlayMode::Compact);
  frames(3);
  const auto shown = shown_windows();
  const ShownWindow* strip = find_shown(shown, kCompactTitle);
  ASSERT_NE(strip, nullptr);
  ASSERT_NE(find_shown(shown, "##MainMenuBar"), nullptr);
  EXPECT_EQ(shown.size(), 2u) << "the strip and the menu bar, no panel";
  const float share = shown_area() / kFrameArea;
  std::printf("compact view: strip %.0fx%.0f, with the menu bar %.1f%% of 1280x720\n",
              static_cast<double>(strip->size.x), static_cast<double>(strip->size.y),
              static_cast<double>(share) * 100.0);
  EXPECT_LE(share, 0.10f);  // the brief allows 20%: aim well under
  EXPECT_GT(strip->area(), 0.02f * kFrameArea) << "a strip too small to hold its rows";
  const std::string text = drawn_text();
  EXPECT_NE(text.find("voices"), std::string::npos);
  EXPECT_NE(text.find("ms"), std::string::npos);
  EXPECT_NE(text.find("draws"), std::string::npos);
}

TEST_F(OverlayViews, TheStripShowsHeapAllocationsInRedWhenThereAreAny) {
  frames(2);
  const int red_before = vertices_of_colour(kColorRed);
  info.heap_frame.allocations = 3;
  frames(1);
  EXPECT_GT(vertices_of_colour(kColorRed), red_before);
}

TEST_F(OverlayViews, FullModeShowsEveryPanelInsideTheFrameAndNoStrip) {
  settings.view.mode = OverlayMode::Full;
  frames(3);
  const auto shown = shown_windows();
  EXPECT_EQ(find_shown(shown, kCompactTitle), nullptr);
  for (const char* title : kPanelTitles) {
    const ShownWindow* w = find_shown(shown, title);
    ASSERT_NE(w, nullptr) << title;
    EXPECT_GE(w->pos.y, 18.0f) << title << " under the menu bar";
    EXPECT_LE(w->pos.x + w->size.x, kWidth + 1.0f) << title;
    EXPECT_LE(w->pos.y + w->size.y, kHeight + 1.0f) << title;
    EXPECT_GE(w->size.x, 260.0f) << title << " too narrow to read";
  }
}

// Full mode at 1280x720 keeps every control in view, in the busiest state (switches off, so
// the lessons panel's red lines show too): each button, slider and combo label is drawn
// whole (ImGui draws no glyph outside its window), and the pools table's + button on every
// pool's row. Panels that only show figures may scroll.
TEST_F(OverlayViews, FullModeKeepsEveryControlInViewAt1280x720) {
  settings.view.mode = OverlayMode::Full;
  world->config.pooling = false;
  world->config.reset_on_release = false;
  world->config.clear_on_reuse = false;
  world->config.swept_collision = false;
  frames(3);
  const std::string text = drawn_text();
  for (const char* control : {"Apply sizes (new round)",
                              "Pause (P)",
                              "Step (N)",
                              "Screenshot (F12)",
                              "time scale",
                              "tick rate",
                              "rifle fire rate",
                              "instancing",
                              "interpolation",
                              "Stall 0.5 s",
                              "max frame (clamp)",
                              "pooling",
                              "reset on release",
                              "clear on reuse",
                              "swept collision",
                              "bullet speed",
                              "full-visual cap",
                              "Double release",
                              "Stale handle release",
                              "Seeker on next shot",
                              "mouse sensitivity",
                              "field of view",
                              "fullscreen",
                              "anti-aliasing",
                              "Defaults (1080p monitor)"})
    EXPECT_NE(text.find(control), std::string::npos) << control << " cut or out of view";
  int plus_buttons = 0;  // a pool's capacity steps up: one per row of the pools' settings
  for (const char c : text)
    plus_buttons += c == '+';
  EXPECT_EQ(plus_buttons, kPoolCount) << text;
}

TEST_F(OverlayViews, F1CyclesOffCompactFullAndF2ToF9ToggleThePanels) {
  frames(1);
  press(GLFW_KEY_F1);
  EXPECT_EQ(settings.view.mode, OverlayMode::Full);
  press(GLFW_KEY_F1);
  EXPECT_EQ(settings.view.mode, OverlayMode::Off);
  EXPECT_TRUE(shown_windows().empty());
  press(GLFW_KEY_F1);
  EXPECT_EQ(settings.view.mode, OverlayMode::Compact);
  for (int p = 0; p < kPanelCount; ++p) {
    press(GLFW_KEY_F2 + p);
    EXPECT_TRUE(settings.view.panels[static_cast<std::size_t>(p)]) << kPanelNames[p];
    EXPECT_NE(find_shown(shown_windows(), kPanelTitles[p]), nullptr) << kPanelTitles[p];
    press(GLFW_KEY_F2 + p);
    EXPECT_FALSE(settings.view.panels[static_cast<std::size_t>(p)]) << kPanelNames[p];
  }
}

// F1..F9 are presses the platform counted, not ImGui's polled key state: a tap that began
// and ended between two frames still counts, and two taps in one frame count twice.
TEST_F(OverlayViews, EveryCountedFunctionKeyPressIsApplied) {
  frames(1);
  ASSERT_EQ(settings.view.mode, OverlayMode::Compact);
  ASSERT_FALSE(ImGui::GetIO().KeysDown[GLFW_KEY_F1]) << "no key is held: only counted";
  press(GLFW_KEY_F1, 2);  // compact -> full -> off
  EXPECT_EQ(settings.view.mode, OverlayMode::Off);
  press(GLFW_KEY_F1, 1);
  EXPECT_EQ(settings.view.mode, OverlayMode::Compact);
  press(GLFW_KEY_F9, 2);  // settings: opened and closed again within one frame
  EXPECT_FALSE(settings.view.panels[kPanelSettings]);
  press(GLFW_KEY_F9, 1);
  EXPECT_TRUE(settings.view.panels[kPanelSettings]);
}

// While ImGui has the keyboard (typing a pool's capacity), F1..F9 are the field's.
TEST_F(OverlayViews, KeysAreLeftAloneWhileImGuiHasTheKeyboard) {
  frames(1);
  overlay.begin_frame(kDelta, kWidth, kHeight);
  ImGui::CaptureKeyboardFromApp(true);  // as a focused text field does, from the next frame
  overlay.build(*world, collect_stats(*world), render, info, settings, requests);
  overlay.end_frame();
  info.function_presses[0] = 1;  // F1
  info.function_presses[1] = 1;  // F2
  frames(1);
  EXPECT_TRUE(ImGui::GetIO().WantCaptureKeyboard);
  EXPECT_EQ(settings.view.mode, OverlayMode::Compact);
  EXPECT_FALSE(settings.view.panels[kPanelPools]);
}

TEST_F(OverlayViews, TheMenuBarsMenusOpenAndClose) {
  frames(2);
  overlay.open_menu(1);
  frames(2);
  EXPECT_NE(drawn_text().find("Slot inspector F8"), std::string::npos);  // no panel is open:
  EXPECT_NE(drawn_text().find("Settings F9"), std::string::npos);        // the menu's items
  overlay.open_menu(-1);
  frames(2);
  EXPECT_EQ(drawn_text().find("Slot inspector"), std::string::npos);
  overlay.open_menu(0);
  frames(2);
  EXPECT_NE(drawn_text().find("full"), std::string::npos);
}

}  // namespace
}  // namespace flatline::overlay
