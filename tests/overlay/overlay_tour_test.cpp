// Tests for src/overlay/overlay_tour.hpp, and the warm-up it relies on: headless (no GL),
// a real World under autofire. The tour takes every step and ends where it started; after
// Overlay::warm_up, touring every panel allocates nothing on the heap and does not grow
// ImGui's arena, and without the warm-up it does grow it (what the warm-up is for).
#include "overlay/overlay_tour.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

#include "diag/heap_counter.hpp"
#include "overlay_rig.hpp"
#include "shown_windows.hpp"
#include "sim/autopilot.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {
namespace {

constexpr int kFramesPerStep = 4;

class OverlayTourFrames : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    render.draw_calls = 8;
    info.warmed_up = true;
  }

  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      step(*world, autofire_input(world->tick, 60.0), kDelta);
      overlay.begin_frame(kDelta, kWidth, kHeight);
      overlay.build(*world, collect_stats(*world), render, info, tunables);
      overlay.end_frame();
    }
  }

  void tour_all() {
    while (tour.step(overlay, tunables))
      frames(kFramesPerStep);
  }

  OverlayTour tour;
};

TEST_F(OverlayTourFrames, TakesEveryStepAndEndsWhereItStarted) {
  const Tunables start = tunables;
  frames(2);
  tour_all();
  EXPECT_GE(OverlayTour::step_count(), 10);
  EXPECT_EQ(tour.steps_done(), OverlayTour::step_count());
  EXPECT_FALSE(tour.step(overlay, tunables)) << "a finished tour does nothing more";
  EXPECT_EQ(tunables.instancing, start.instancing);
  EXPECT_EQ(tunables.interpolate, start.interpolate);
  EXPECT_EQ(tunables.pooling, start.pooling);
  EXPECT_EQ(tunables.reset_on_release, start.reset_on_release);
  EXPECT_EQ(tunables.swept_collision, start.swept_collision);
  EXPECT_EQ(tunables.paused, start.paused);
  EXPECT_EQ(tunables.mode, start.mode);
  EXPECT_EQ(tunables.panels, start.panels);
  EXPECT_FLOAT_EQ(tunables.fov_degrees, start.fov_degrees);
  EXPECT_FLOAT_EQ(tunables.mouse_sensitivity, start.mouse_sensitivity);
  EXPECT_EQ(tunables.fullscreen, start.fullscreen);
  EXPECT_EQ(tunables.policy, start.policy);
  EXPECT_FLOAT_EQ(tunables.bullet_speed, start.bullet_speed);
  EXPECT_FLOAT_EQ(tunables.time_scale, start.time_scale);
  EXPECT_DOUBLE_EQ(tunables.tick_hz, start.tick_hz);
  EXPECT_FLOAT_EQ(tunables.rifle_rate, start.rifle_rate);
  // The buttons were pressed (the frame loop applies them; no loop here).
  EXPECT_EQ(tunables.double_release_requests, 1);
  EXPECT_EQ(tunables.stale_release_requests, 1);
  EXPECT_TRUE(tunables.seeker_requested);
}

// The windows the tour shows: each panel alone beside the strip, all of them at once (full
// mode), and a menu of the menu bar.
TEST_F(OverlayTourFrames, ShowsEveryPanelAloneAndAllAtOnceAndOpensTheMenus) {
  std::set<std::string> alone, seen;
  std::size_t most_panels = 0;
  while (tour.step(overlay, tunables)) {
    frames(kFramesPerStep);
    std::size_t panels = 0;
    std::string last_panel;
    for (const ShownWindow& w : shown_windows()) {
      seen.insert(w.name);
      for (const char* title : kPanelTitles)
        if (w.name == title) {
          ++panels;
          last_panel = title;
        }
    }
    if (panels == 1) alone.insert(last_panel);
    most_panels = std::max(most_panels, panels);
  }
  for (const char* title : kPanelTitles)
    EXPECT_EQ(alone.count(title), 1u) << title << " never shown alone";
  EXPECT_EQ(most_panels, static_cast<std::size_t>(kPanelCount)) << "full mode never shown";
  EXPECT_EQ(seen.count("##Menu_00"), 1u) << "no menu opened";  // ImGui 1.86's menu popup
  EXPECT_EQ(seen.count(kCompactTitle), 1u);
}

TEST_F(OverlayTourFrames, AfterTheWarmUpTouringEveryPanelAllocatesNothing) {
  overlay.warm_up(*world, render, tunables);
  frames(10);
  const std::size_t high_water = overlay.arena_stats().high_water;
  const heap::Mark mark;
  tour_all();
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(mark.since().malloc_calls, 0u);
  EXPECT_EQ(overlay.arena_stats().fallbacks, 0u);
  // The warm-up made (nearly) all of ImGui's memory: a draw list may still double once when
  // its text grows a little (the sanitized build's heap lines differ), inside the arena.
  EXPECT_LE(overlay.arena_stats().high_water, high_water + 64 * 1024) << "the warm-up made it";
}

TEST_F(OverlayTourFrames, WithoutTheWarmUpTheTourGrowsImGuisArena) {
  frames(10);
  const std::size_t high_water = overlay.arena_stats().high_water;
  const heap::Mark mark;
  tour_all();
  EXPECT_GT(overlay.arena_stats().high_water, high_water);
  EXPECT_EQ(mark.since().allocations, 0u) << "in the arena, still not on the game's heap";
}

}  // namespace
}  // namespace flatline::overlay
