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
      overlay.build(*world, collect_stats(*world), render, info, settings, requests);
      overlay.end_frame();
    }
  }

  void tour_all() {
    while (tour.step(overlay, settings, requests))
      frames(kFramesPerStep);
  }

  OverlayTour tour;
};

TEST_F(OverlayTourFrames, TakesEveryStepAndEndsWhereItStarted) {
  const Settings start = settings;
  frames(2);
  tour_all();
  EXPECT_GE(OverlayTour::step_count(), 10);
  EXPECT_EQ(tour.steps_done(), OverlayTour::step_count());
  EXPECT_FALSE(tour.step(overlay, settings, requests)) << "a finished tour does nothing more";
  EXPECT_EQ(settings.render.instancing, start.render.instancing);
  EXPECT_EQ(settings.time.interpolate, start.time.interpolate);
  EXPECT_EQ(settings.sim.pooling, start.sim.pooling);
  EXPECT_EQ(settings.sim.reset_on_release, start.sim.reset_on_release);
  EXPECT_EQ(settings.sim.swept_collision, start.sim.swept_collision);
  EXPECT_EQ(settings.time.paused, start.time.paused);
  EXPECT_EQ(settings.view.mode, start.view.mode);
  EXPECT_EQ(settings.view.panels, start.view.panels);
  EXPECT_FLOAT_EQ(settings.render.fov_degrees, start.render.fov_degrees);
  EXPECT_FLOAT_EQ(settings.view.mouse_sensitivity, start.view.mouse_sensitivity);
  EXPECT_EQ(settings.view.fullscreen, start.view.fullscreen);
  EXPECT_EQ(settings.sim.policy, start.sim.policy);
  EXPECT_FLOAT_EQ(settings.sim.bullet_speed, start.sim.bullet_speed);
  EXPECT_FLOAT_EQ(settings.time.time_scale, start.time.time_scale);
  EXPECT_DOUBLE_EQ(settings.time.tick_hz, start.time.tick_hz);
  EXPECT_FLOAT_EQ(settings.sim.rifle_rate, start.sim.rifle_rate);
  // The buttons were pressed (the frame loop applies them; no loop here).
  EXPECT_EQ(requests.double_releases, 1);
  EXPECT_EQ(requests.stale_releases, 1);
  EXPECT_TRUE(requests.seeker);
}

// The windows the tour shows: each panel alone beside the strip, all of them at once (full
// mode), and a menu of the menu bar.
TEST_F(OverlayTourFrames, ShowsEveryPanelAloneAndAllAtOnceAndOpensTheMenus) {
  std::set<std::string> alone, seen;
  std::size_t most_panels = 0;
  while (tour.step(overlay, settings, requests)) {
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
  overlay.warm_up(*world, render, settings);
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
