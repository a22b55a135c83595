// The panel's sections: pools, Little's law, frame (the heap is in overlay_heap.cpp, the
// controls in overlay_controls.cpp). Each reads stats and writes only settings and requests.
// Numbers are printed at a fixed width: columns line up and a string's length does not change as a
// count gains digits.
#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"
#include "render/scene.hpp"  // gpu_bytes_of_pool: each pool's instance buffer

namespace flatline::overlay {
namespace {

void column(const char* label, bool stretch = false) {
  ImGui::TableSetupColumn(label, stretch ? ImGuiTableColumnFlags_WidthStretch : 0);
}

// A count that should stay zero: red when it is not.
void zero_or_red(std::size_t v) {
  if (v == 0) {
    ImGui::Text("%6zu", v);
  } else {
    ImGui::TextColored(color(kColorRed), "%6zu", v);
  }
}

// The fill bar: active vs capacity, peak_active marked by a white tick;
// amber from 85% of capacity, red at capacity.
void fill_bar(std::size_t active, std::size_t capacity, std::size_t peak) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, 60.0f);
  const float height = ImGui::GetTextLineHeight();
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b(a.x + width, a.y + height);
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.AddRectFilled(a, b, IM_COL32(45, 45, 55, 255));
  const float fill = a.x + width * bar_fraction(active, capacity);
  draw.AddRectFilled(a, ImVec2(fill, b.y), bar_color(active, capacity));
  const float peak_x = a.x + width * bar_fraction(peak, capacity);  // the peak_active marker
  draw.AddLine(ImVec2(peak_x, a.y - 1.0f), ImVec2(peak_x, b.y + 1.0f), IM_COL32_WHITE, 2.0f);
  ImGui::Dummy(ImVec2(width, height));
}

// Bytes as KiB, one decimal: a pool's memory, next to its counts.
void kib(std::size_t bytes) {
  ImGui::Text("%8.1f", static_cast<double>(bytes) / 1024.0);
}

}  // namespace

// One row of the counters table.
void pool_row(const PoolReport& r) {
  const PoolStats& s = r.stats;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(r.name);
  ImGui::TableNextColumn();
  ImGui::Text("%6zu", s.capacity);
  ImGui::TableNextColumn();
  ImGui::Text("%6zu", s.active);
  ImGui::TableNextColumn();
  ImGui::Text("%6zu", s.allocations);  // flat after load: the pool never makes more
  ImGui::TableNextColumn();
  ImGui::Text("%6zu", s.peak_active);
  ImGui::TableNextColumn();
  ImGui::Text("%7zu", s.dropped);
  ImGui::TableNextColumn();
  ImGui::Text("%7zu", s.recycled);  // voices: stolen from a quieter, older sound
  ImGui::TableNextColumn();
  zero_or_red(s.grown);  // growth allocates: the pool was sized too small
  ImGui::TableNextColumn();
  zero_or_red(s.misuse());  // double, foreign or stale releases, re-entrant calls
  ImGui::TableNextColumn();
  fill_bar(s.active, s.capacity, s.peak_active);
}

void Overlay::pool_table(const WorldStats& stats, const render::RenderStats& render,
                         const FrameInfo& frame, SimSettings& sim, Requests& requests) {
  if (ImGui::BeginTable("pool_counters", 10, kTableFlags)) {
    column("pool");
    column("capacity");
    column("active");
    column("allocs");
    column("peak");
    column("dropped");
    column("recycled");
    column("grown");
    column("misuse");
    column("fill, peak", true);
    ImGui::TableHeadersRow();
    for (const PoolReport& r : stats.pools)
      pool_row(r);
    if (frame.voices != nullptr) pool_row(*frame.voices);  // the mixer's voices (audio/)
    ImGui::EndTable();
  }

  // The overflow policy: what acquire() does when the pool is full.
  static const char* const kPolicyNames[] = {to_string(OverflowPolicy::Drop),
                                             to_string(OverflowPolicy::RecycleOldest),
                                             to_string(OverflowPolicy::Grow)};
  // Beside the capacity, what it costs in memory.
  if (ImGui::BeginTable("pool_settings", 5, kTableFlags)) {
    column("pool");
    column("when full");
    column("requested capacity");
    column("CPU KiB");  // objects and bookkeeping (Pool::memory_bytes)
    column("GPU KiB");  // the instance buffer the renderer sized to the pool's capacity
    ImGui::TableHeadersRow();
    for (int i = 0; i < kPoolCount; ++i) {
      const auto slot = static_cast<std::size_t>(i);
      ImGui::PushID(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();  // the name level with the combo beside it
      ImGui::TextUnformatted(stats.pools[slot].name);
      ImGui::TableNextColumn();
      int policy = static_cast<int>(sim.policy[slot]);
      ImGui::SetNextItemWidth(140.0f);
      if (ImGui::Combo("##policy", &policy, kPolicyNames, IM_ARRAYSIZE(kPolicyNames))) {
        sim.policy[slot] = static_cast<OverflowPolicy>(policy);
      }
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(140.0f);
      // InputInt has no clamp flag: a size typed or stepped is held in range after the call.
      if (ImGui::InputInt("##capacity", &sim.capacity[slot], 16, 256))
        sim.capacity[slot] = std::clamp(sim.capacity[slot], kMinCapacityInput, kMaxCapacityInput);
      ImGui::TableNextColumn();
      kib(stats.pools[slot].cpu_bytes);
      ImGui::TableNextColumn();
      kib(render::gpu_bytes_of_pool(render, i));  // damage numbers: text, no buffer
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  // New sizes apply at a safe point: the next round re-creates the pools.
  if (ImGui::Button("Apply sizes (new round)")) requests.new_round = true;
  ImGui::SameLine();
  ImGui::TextDisabled("policies apply at once");
}

void Overlay::little_section(const WorldStats& stats) {
  ImGui::TextWrapped(
      "Little's law sizes a pool: N = lambda * L * k. lambda = spawn requests per second "
      "(refused ones count: they are demand), L = mean lifetime in seconds, k = headroom "
      "for bursts. N above capacity means the pool runs dry.");
  if (ImGui::BeginTable("little", 9, kTableFlags)) {
    column("pool");
    column("lambda/s");
    column("L s");
    column("k");
    column("N");
    column("run N");
    column("capacity");
    column("peak");
    column("sizing", true);
    ImGui::TableHeadersRow();
    for (const PoolReport& r : stats.pools) {
      const double n = recommended_size(r.spawn_rate, r.mean_lifetime, r.little_k);
      const Sizing verdict = sizing(n, r.stats, r.policy);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.name);
      ImGui::TableNextColumn();
      ImGui::Text("%7.1f", r.spawn_rate);
      ImGui::TableNextColumn();
      ImGui::Text("%5.2f", r.mean_lifetime);
      ImGui::TableNextColumn();
      ImGui::Text("%4.2f", r.little_k);
      ImGui::TableNextColumn();
      ImGui::Text("%6.0f", n);
      ImGui::TableNextColumn();
      ImGui::Text("%6.0f", r.recommended);
      ImGui::TableNextColumn();
      ImGui::Text("%6zu", r.stats.capacity);
      ImGui::TableNextColumn();
      ImGui::Text("%6zu", r.stats.peak_active);
      ImGui::TableNextColumn();
      const bool small = verdict == Sizing::TooSmall;
      char text[64];  // on the stack: no allocation per frame
      sizing_text(n, r.stats, r.policy, text, sizeof text);  // and the figure behind it
      ImGui::PushStyleColor(ImGuiCol_Text, color(small ? kColorAmber : kColorNormal));
      ImGui::TextWrapped("%s", text);  // a recycling pool's N wraps within the cell
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
}

void Overlay::frame_section(const render::RenderStats& render, const FrameInfo& frame) {
  const History& h = *history_;
  char caption[48];
  std::snprintf(caption, sizeof caption, "frame %6.2f ms", static_cast<double>(frame.frame_ms));
  ImGui::PlotLines("##frame_ms", h.frame_ms.data(), History5s::size(), h.frame_ms.offset(), caption,
                   0.0f, plot_top(h.frame_ms, 33.4f), ImVec2(fill_width(), 60.0f));
  ImGui::Text("ticks this frame %2d   tick rate %5.0f Hz   dropped time %8.3f s", frame.ticks,
              frame.tick_hz, frame.dropped_seconds);
  ImGui::Text("draw calls %4d   upload %10zu bytes", render.draw_calls, render.upload_bytes);
  ImGui::TextUnformatted("buffer reallocations after load:");
  ImGui::SameLine();
  const bool clean = render.buffer_reallocations == 0;  // nonzero: a pool outgrew its buffer
  ImGui::TextColored(color(clean ? kColorNormal : kColorRed), "%6llu",
                     ull(render.buffer_reallocations));
  if (ImGui::BeginTable("instances", 3, kTableFlags)) {
    column("kind");
    column("instances");
    column("draw calls");
    ImGui::TableHeadersRow();
    for (int k = 0; k < render::kKindCount; ++k) {
      const auto kind = static_cast<std::size_t>(k);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(render::kKindNames[kind]);
      ImGui::TableNextColumn();
      ImGui::Text("%8zu", render.instances[kind]);
      ImGui::TableNextColumn();
      ImGui::Text("%3d", render.draw_calls_per_kind[kind]);
    }
    ImGui::EndTable();
  }
}

}  // namespace flatline::overlay
