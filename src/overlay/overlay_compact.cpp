// The compact strip, in the style of stats.js: a small corner window that stays out of the
// game's way and still shows the proof. Frame time (and its plot, the first shot's frame
// marked), draw calls, heap allocations this frame (red when not zero), a red line for each
// switch that is not as the game ships (overlay_switches.cpp), and per pool its whole name, a
// small bar of active vs capacity with the peak marked, then active / peak / objects made.
#include <cstdio>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

constexpr float kBarWidth = 64.0f;
constexpr float kPlotWidth = 320.0f;  // as wide as a pool's line
constexpr float kPlotHeight = 22.0f;
constexpr ImGuiWindowFlags kStripFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
    ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;

// A bar a few pixels high: active vs capacity, coloured like the pools panel's, with the
// peak_active tick in white. A pool with no object made yet (no warm-up) is not full: its
// bar is an empty grey one, and its objects come on first demand.
void small_bar(const PoolStats& s) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const ImVec2 a(cursor.x, cursor.y + line * 0.25f);
  const ImVec2 b(a.x + kBarWidth, a.y + line * 0.5f);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.AddRectFilled(a, b, IM_COL32(45, 45, 55, 255));
  if (!none_made_yet(s)) {
    const float fill = a.x + kBarWidth * bar_fraction(s.active, s.capacity);
    draw.AddRectFilled(a, ImVec2(fill, b.y), bar_color(s.active, s.capacity));
    const float peak = a.x + kBarWidth * bar_fraction(s.peak_active, s.capacity);
    draw.AddLine(ImVec2(peak, a.y - 1.0f), ImVec2(peak, b.y + 1.0f), IM_COL32_WHITE, 1.5f);
  }
  ImGui::Dummy(ImVec2(kBarWidth, line));
}

// One pool: its whole name, its bar, then active, peak and the objects it has made (flat
// after load: allocations, not capacity; the bar is against capacity).
void pool_line(const PoolReport& r) {
  ImGui::Text("%-14s", r.name);
  ImGui::SameLine();
  small_bar(r.stats);
  ImGui::SameLine();
  ImGui::Text("%6zu %5zu %5zu", r.stats.active, r.stats.peak_active, r.stats.allocations);
}

// The first shot's frame, marked on the frame-time plot just drawn (while it is in view).
void mark_first_shot(int frames_ago) {
  if (frames_ago < 0 || frames_ago >= History5s::size()) return;
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 lo(ImGui::GetItemRectMin().x + pad.x, ImGui::GetItemRectMin().y + pad.y);
  const ImVec2 hi(ImGui::GetItemRectMax().x - pad.x, ImGui::GetItemRectMax().y - pad.y);
  const float along = 1.0f - static_cast<float>(frames_ago) / (History5s::size() - 1);
  const float x = lo.x + (hi.x - lo.x) * along;
  ImGui::GetWindowDrawList()->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), kColorAmber, 2.0f);
}

}  // namespace

void Overlay::compact_strip(const Inputs& in) {
  const FrameInfo& frame = in.frame;
  ImGui::SetNextWindowPos(ImVec2(6.0f, menu_height_ + 6.0f));
  ImGui::SetNextWindowBgAlpha(0.88f);  // as the panels: the numbers read on a bright sky
  if (ImGui::Begin(kCompactTitle, nullptr, kStripFlags)) {
    strip_right_ = ImGui::GetWindowPos().x + ImGui::GetWindowSize().x;  // panels go beside it
    const History& h = *history_;
    char caption[48];  // on the stack: no allocation per frame
    std::snprintf(caption, sizeof caption, "%5.1f ms  %3d draws",
                  static_cast<double>(frame.frame_ms), in.render.draw_calls);
    ImGui::PlotLines("##strip_ms", h.frame_ms.data(), History5s::size(), h.frame_ms.offset(),
                     caption, 0.0f, plot_top(h.frame_ms, 33.4f), ImVec2(kPlotWidth, kPlotHeight));
    mark_first_shot(first_shot_.frames_ago);
    ImGui::TextUnformatted("heap allocs this frame");
    ImGui::SameLine();
    const std::uint64_t allocs = frame.warmed_up ? frame.heap_frame.allocations : 0;
    ImGui::TextColored(color(allocs == 0 ? kColorNormal : kColorRed), "%6llu", ull(allocs));
    first_shot_line(first_shot_);
    switch_banners(in.stats, in.settings);
    ImGui::TextDisabled("pool           fill, peak    active  peak  made");
    // The pools' lines packed tight: eight pools and the voices stay a corner of the frame.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
    for (const PoolReport& r : in.stats.pools)
      pool_line(r);
    if (frame.voices != nullptr) pool_line(*frame.voices);  // the mixer's voices (audio/)
    ImGui::PopStyleVar();
  }
  ImGui::End();
}

}  // namespace flatline::overlay
