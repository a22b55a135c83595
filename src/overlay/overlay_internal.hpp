// Shared by overlay.cpp (frames, HUD) and overlay_panel.cpp (the panel's sections).
#pragma once

#include <array>

#include <imgui.h>

#include "overlay/overlay.hpp"
#include "overlay/overlay_math.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {

// Every table of the panel: columns as wide as their content, striped rows.
inline constexpr ImGuiTableFlags kTableFlags =
    ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;

using History5s = Ring<kHistorySamples>;

// Every plot's samples, in fixed-size arrays made once in init: recording a
// frame writes into them and never allocates.
struct Overlay::History {
  History5s frame_ms;
  History5s heap_allocations;                          // process-wide, per frame
  std::array<History5s, kPoolCount> pool_allocations;  // per pool, objects ever made
};

}  // namespace flatline::overlay
