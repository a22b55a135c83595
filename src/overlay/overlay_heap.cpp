// The panel's Heap section: the proof of "no allocation per frame", and what it does not
// cover. The game's heap (every operator new of the process) per frame and since warm-up,
// plotted; screenshots apart; the C allocator's calls (the GL driver's and the X libraries'
// too); and ImGui's own arena, which keeps the panel's work off the game's heap.
#include <cstdio>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

constexpr int kSecondOfFrames = 60;  // "last second" at 60 frames per second

double kib(std::size_t bytes) {
  return static_cast<double>(bytes) / 1024.0;
}

// A count that should read 0 after warm-up: red when it does not.
void count_or_red(const char* format, std::uint64_t v) {
  ImGui::TextColored(color(v == 0 ? kColorNormal : kColorRed), format, ull(v));
}

}  // namespace

void Overlay::heap_section(const WorldStats& stats, const FrameInfo& frame) {
  const History& h = *history_;
  ImGui::TextUnformatted("heap allocations this frame:");
  ImGui::SameLine();
  count_or_red("%6llu", frame.heap_frame.allocations);
  ImGui::SameLine();
  ImGui::TextDisabled(frame.warmed_up ? "(should read 0)" : "(warming up)");
  // Most frames of a naive game allocate nothing (no shot this frame): the last second and
  // the total since warm-up show what one frame hides.
  ImGui::SameLine();
  const float last_second = h.heap_since_warmup.latest() - h.heap_since_warmup.ago(kSecondOfFrames);
  count_or_red("  last second: %llu", static_cast<std::uint64_t>(last_second));
  const heap::Counts& total = frame.heap_since_warmup;
  ImGui::PushStyleColor(ImGuiCol_Text, color(total.allocations == 0 ? kColorNormal : kColorRed));
  ImGui::Text("since warm-up: %8llu allocations %8llu frees %10llu bytes", ull(total.allocations),
              ull(total.deallocations), ull(total.bytes));
  ImGui::PopStyleColor();
  memory_lines(frame);

  // Heap allocations beside each pool's allocations: both flat in steady state. Once anything
  // has allocated since warm-up, the heap plot is that total, scaled from its lowest to its
  // highest sample in view, so a climb fills it (per frame, most samples of pooling off are 0).
  if (ImGui::BeginTable("heap_plots", 2, ImGuiTableFlags_SizingStretchSame)) {
    const float row = ImGui::GetFrameHeight();
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    const ImVec2 size(fill_width(), static_cast<float>(kPoolCount) * (row + spacing) - spacing);
    ImGui::TableNextColumn();
    char caption[48];
    if (total.allocations > 0) {
      const History5s& ring = h.heap_since_warmup;
      const PlotRange range = climb_range(ring.min(), ring.max());
      std::snprintf(caption, sizeof caption, "heap allocs since warm-up %.0f",
                    static_cast<double>(ring.latest()));
      ImGui::PushStyleColor(ImGuiCol_PlotLines, color(kColorRed));
      ImGui::PlotLines("##heap", ring.data(), History5s::size(), ring.offset(), caption, range.low,
                       range.high, ImVec2(fill_width(), size.y));
      ImGui::PopStyleColor();
    } else {
      const History5s& ring = h.heap_allocations;
      std::snprintf(caption, sizeof caption, "heap allocs/frame %.0f",
                    static_cast<double>(ring.latest()));
      const float top = plot_top(ring, 1.0f);  // zero a fifth of the way up: a visible line
      ImGui::PlotLines("##heap", ring.data(), History5s::size(), ring.offset(), caption,
                       -0.25f * top, top, ImVec2(fill_width(), size.y));
    }
    ImGui::TableNextColumn();
    // Each pool's plot is one row, its name and count as the label on the right.
    const float label_width =
        ImGui::CalcTextSize("damage_numbers 000000").x + ImGui::GetStyle().ItemInnerSpacing.x;
    for (int i = 0; i < kPoolCount; ++i) {
      const History5s& ring = h.pool_allocations[static_cast<std::size_t>(i)];
      std::snprintf(caption, sizeof caption, "%-14s %6.0f##allocs",
                    stats.pools[static_cast<std::size_t>(i)].name,
                    static_cast<double>(ring.latest()));
      ImGui::PushID(i);
      ImGui::PlotLines(caption, ring.data(), History5s::size(), ring.offset(), nullptr, 0.0f,
                       plot_top(ring, 1.0f), ImVec2(fill_width() - label_width, row));
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
}

// What the heap line leaves out, each on its own line.
void Overlay::memory_lines(const FrameInfo& frame) {
  ImGui::TextDisabled("screenshots (apart):  %8llu allocations",
                      ull(frame.heap_screenshots.allocations));
  ImGui::TextDisabled("window resizes (apart): %6llu allocations (the GL driver)",
                      ull(frame.heap_resizes.allocations));
  // malloc: every library of the process. Headless it reads 0 after warm-up; in a window,
  // the GL driver and the X libraries malloc every frame, our code does not.
  if (heap::malloc_counted()) {
    ImGui::Text("malloc calls, whole process: %6llu this frame %10llu since warm-up",
                ull(frame.heap_frame.malloc_calls), ull(frame.heap_since_warmup.malloc_calls));
    ImGui::SameLine();
    ImGui::TextDisabled("(GL driver, X)");
  } else {
#ifdef __EMSCRIPTEN__  // the browser's own allocations (WebGL, the page) are out of reach
    ImGui::TextDisabled("malloc calls: not counted in the browser (its allocator is not ours)");
#else
    ImGui::TextDisabled("malloc calls: not counted (sanitized build: ASan owns malloc)");
#endif
  }
  // ImGui's own memory: the panel's allocations land here, not on the game's heap.
  const ArenaStats& a = arena_stats();
  ImGui::Text("ImGui arena: %7.1f KiB in use, high water %7.1f of %7.0f KiB, heap fallbacks",
              kib(a.in_use), kib(a.high_water), kib(a.capacity));
  ImGui::SameLine();
  count_or_red("%llu", a.fallbacks);
}

}  // namespace flatline::overlay
