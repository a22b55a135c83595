// Every switch told on screen: while any teaching switch, render switch or timestep setting
// is not as the game ships, the compact strip shows it as one short red line, so a
// screenshot or a glance says what is being shown (pooling off, no warm-up, discrete
// collision...). The lessons panel says more about each.
#include <cstdio>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

void banner(const char* text) {
  ImGui::TextColored(color(kColorRed), "%s", text);
}

// A pool's size or policy given on the command line or in the pools panel, not the list's.
void pool_banners(const WorldStats& stats, const SimSettings& sim) {
  for (std::size_t i = 0; i < kPoolCount; ++i) {
    const PoolSizing& shipped = kKinds[i].sizing;
    const bool policy = stats.pools[i].policy != shipped.policy;
    // With no warm-up a pool's size reads as what it has made so far: not a choice.
    const bool size = sim.prewarm_pools && sim.capacity[i] > 0 &&
                      static_cast<std::size_t>(sim.capacity[i]) != shipped.capacity;
    if (!policy && !size) continue;
    ImGui::TextColored(color(kColorRed), "%s: %s, %d slots", kKinds[i].name,
                       to_string(stats.pools[i].policy), sim.capacity[i]);
  }
}

}  // namespace

void switch_banners(const WorldStats& stats, const Settings& settings) {
  const Settings defaults;  // plain data: no allocation (a WorldConfig would copy a level)
  if (!stats.pooling) banner("POOLING OFF: new/delete per object");
  if (!settings.sim.prewarm_pools) banner("NO WARM-UP: pools made on first demand");
  if (!stats.reset_on_release) banner("RESET OFF: reuse keeps last life");
  if (!stats.clear_on_reuse) banner("CLEAR ON REUSE OFF: old trails");
  if (!stats.swept_collision) banner("DISCRETE COLLISION: bullets tunnel");
  if (settings.sim.full_visual_cap != defaults.sim.full_visual_cap)
    ImGui::TextColored(color(kColorRed), "FULL-VISUAL CAP %d (ships %d)",
                       settings.sim.full_visual_cap, defaults.sim.full_visual_cap);
  pool_banners(stats, settings.sim);
  const RenderSettings& render = settings.render;
  if (!render.instancing) banner("INSTANCING OFF: a draw call per object");
  if (!render.instance_ring) banner("INSTANCE RING OFF");
  if (!render.shadows) banner("SHADOWS OFF");
  const TimeSettings& time = settings.time;
  if (!time.interpolate) banner("INTERPOLATION OFF: moves on ticks");
  if (time.tick_hz != defaults.time.tick_hz)
    ImGui::TextColored(color(kColorRed), "TICK RATE %.0f Hz", time.tick_hz);
  if (time.time_scale != defaults.time.time_scale)
    ImGui::TextColored(color(kColorRed), "TIME SCALE x%.2f", static_cast<double>(time.time_scale));
}

// The frame the first shot was fired, and what it allocated: 0 when the pools were warmed
// at load; with --no-warmup, the objects made on that first demand. Shown while its mark is
// on the plot, or for as long as it allocated.
void first_shot_line(const FirstShot& first_shot) {
  if (first_shot.frames_ago == FirstShot::kNotYet) return;
  const bool allocated = first_shot.allocations > 0;
  if (!allocated && first_shot.frames_ago >= kHistorySamples) return;
  ImGui::TextColored(color(allocated ? kColorRed : kColorAmber), "| first shot: %llu heap allocs",
                     ull(first_shot.allocations));
}

}  // namespace flatline::overlay
