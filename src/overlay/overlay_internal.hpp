// Shared by overlay.cpp (frames), overlay_warmup.cpp, the windows and the panels.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <imgui.h>

#include "overlay/overlay.hpp"
#include "overlay/overlay_math.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {

// Every table of the panel: columns as wide as their content, striped rows.
inline constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;

using History5s = Ring<kHistorySamples>;

// Every slider's flags: a value typed into it (Ctrl+click takes any number, -1 or 1e999) is
// held within the slider's range. Without it ImGui 1.86 keeps what was typed.
inline constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

inline ImVec4 color(std::uint32_t packed) {
  return ImGui::ColorConvertU32ToFloat4(packed);
}

inline unsigned long long ull(std::uint64_t v) {
  return static_cast<unsigned long long>(v);
}

// PlotLines in 1.86 takes its width literally (no -FLT_MIN "fill"): pass the room left.
inline float fill_width() {
  return ImGui::GetContentRegionAvail().x;
}

// The next button on this line if it fits the window, else on the next line: every button
// stays in view in a narrow window (full mode's tiles).
inline void same_line_if_room(const char* next_label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float next = ImGui::CalcTextSize(next_label).x + style.FramePadding.x * 2.0f;
  const float right = ImGui::GetItemRectMax().x + style.ItemSpacing.x + next;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

// A flat line reads best mid-plot: scale from 0 to twice the largest sample.
inline float plot_top(const History5s& ring, float at_least) {
  return std::max(ring.max() * 2.0f, at_least);
}

// Every plot's samples, in fixed-size arrays made once in init: recording a
// frame writes into them and never allocates.
struct Overlay::History {
  History5s frame_ms;
  History5s heap_allocations;   // process-wide, per frame; 0 until warmed up (no load spike)
  History5s heap_since_warmup;  // process-wide, allocations since warm-up: climbs if any
  std::array<History5s, kPoolCount> pool_allocations;  // per pool, objects ever made
};

// What build() was given, handed to each window.
struct Overlay::Inputs {
  const World& world;
  const WorldStats& stats;
  const render::RenderStats& render;
  const FrameInfo& frame;
  Settings& settings;
  Requests& requests;
};

// The compact strip's red lines, one for each switch not as the game ships, and the first
// shot's line (overlay_switches.cpp).
void switch_banners(const WorldStats& stats, const Settings& settings);
void first_shot_line(const FirstShot& first_shot);

// One frame, never shown, that sizes every table's draw channels (overlay_warmup.cpp).
void warm_table_channels(ImGuiIO& io);

}  // namespace flatline::overlay
