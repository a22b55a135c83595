// "Break it on purpose": the panel's teaching switches, and the slot inspector.
// Each switch turns one part of the pattern off; the label says what to watch.
// It writes settings and requests only: the frame loop applies them (src/app/apply_settings.cpp).
#include <algorithm>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

// Beside its switch, wrapped at the window's edge; under it when too little room is left
// beside it (a slider in a narrow window: full mode's tile).
void hint(const char* text) {
  constexpr float kRoomForAHint = 120.0f;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right - ImGui::GetItemRectMax().x >= kRoomForAHint) ImGui::SameLine();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", text);
  ImGui::PopTextWrapPos();
}

// What a slot holds: a live or lingering object, an idle one (made, on the free stack), or
// none: vacant (its object trimmed or forgotten, re-made on demand) or never made (no
// warm-up: the slots past those made so far).
enum class SlotShows { Live, Lingering, Idle, Vacant, NeverMade };

template <class T>
SlotShows slot_shows(const WorldPool<T>& pool, int slot) {
  if (static_cast<std::size_t>(slot) >= pool.capacity()) return SlotShows::NeverMade;
  if (pool.is_vacant(slot)) return SlotShows::Vacant;
  if (!pool.is_active(slot)) return SlotShows::Idle;
  return pool[slot].life.stage == LifeStage::Lingering ? SlotShows::Lingering : SlotShows::Live;
}

void state_cell(SlotShows shows) {
  switch (shows) {
    case SlotShows::Live:
      ImGui::TextColored(ImVec4(0.4f, 1.0f, 0.4f, 1.0f), "live");
      break;
    case SlotShows::Lingering:
      ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "lingering");
      break;
    case SlotShows::Idle:
      ImGui::TextDisabled("idle");
      break;
    case SlotShows::Vacant:  // the slot stays; its object is gone until demand re-makes it
      ImGui::TextColored(ImVec4(0.55f, 0.65f, 1.0f, 1.0f), "vacant");
      break;
    case SlotShows::NeverMade:
      ImGui::TextColored(ImVec4(0.55f, 0.65f, 1.0f, 0.6f), "never made");
      break;
  }
}

// A ring (RecycleOldest): a live slot's place in the order the pool takes them back, 1 the
// oldest, which goes next once the pool is full (then it reads "next"). Counted per row shown, so
// only up to a few thousand live objects.
constexpr std::size_t kMostRanked = 4096;

template <class T>
void ring_cell(const WorldPool<T>& pool, int slot, bool live) {
  if (!live || pool.active_count() > kMostRanked) return ImGui::TextDisabled("-");
  std::size_t place = 1;
  pool.for_each_active([&](int other, const T&) { place += pool.born(other) < pool.born(slot); });
  const bool next_out = place == 1 && pool.active_count() == pool.capacity();
  if (next_out)
    ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.2f, 1.0f), "next");  // place 1, the pool full
  else
    ImGui::Text("%zu", place);
}

// One row per slot, up to the size the pool was given (`rows`): its stage (live, lingering:
// fading out before release, idle, vacant or never made), its generation (how many lives
// it has begun and ended), the object's age, where an idle slot sits on the free stack, and
// for a ring its place in the order of recycling.
template <class T>
void slot_rows(const WorldPool<T>& pool, std::size_t rows, bool ring) {
  ImGuiListClipper clipper;  // only the visible rows are built: 10^6 slots cost the same
  clipper.Begin(static_cast<int>(std::max(rows, pool.capacity())));
  while (clipper.Step()) {
    for (int slot = clipper.DisplayStart; slot < clipper.DisplayEnd; ++slot) {
      const SlotShows shows = slot_shows(pool, slot);
      const bool live = shows == SlotShows::Live || shows == SlotShows::Lingering;
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", slot);
      ImGui::TableNextColumn();
      state_cell(shows);
      ImGui::TableNextColumn();
      if (shows == SlotShows::NeverMade)
        ImGui::TextDisabled("-");
      else
        ImGui::Text("%u", pool.generation(slot));
      ImGui::TableNextColumn();
      if (live)
        ImGui::Text("%.2f s", static_cast<double>(pool[slot].age));
      else
        ImGui::TextDisabled("-");
      ImGui::TableNextColumn();
      const int depth = pool.free_depth(slot);  // 0: the next acquire() takes it
      if (depth >= 0)
        ImGui::Text("%d", depth);
      else
        ImGui::TextDisabled("-");
      if (!ring) continue;
      ImGui::TableNextColumn();
      ring_cell(pool, slot, live);
    }
  }
}

// The cheap fallback: how many flying bullets are drawn in full and how many only as a
// tracer, and the cap between them. Past the cap a bullet is still fired (a fallback costs
// less than a refusal), just drawn the cheap way.
void fallback_lines(const WorldStats& stats, SimSettings& sim) {
  ImGui::SliderInt("full-visual cap", &sim.full_visual_cap, kMinFullVisualCapSlider,
                   kMaxFullVisualCapSlider, "%d", kClamp);
  hint("bullets drawn in full; past it, a tracer");
  ImGui::TextWrapped("  flying now: %zu drawn in full, %zu as tracers (the fallback)",
                     stats.bullets_drawn_full, stats.bullets_drawn_as_tracers);
}

// Above a ring's slots: which slot the next acquire takes back, or how far from full it is.
void ring_line(const World& world, int pool) {
  visit_pool(world, pool, [](const auto& p) {
    const int next = p.oldest_active();
    if (p.active_count() == p.capacity() && next >= 0)
      ImGui::TextWrapped("ring full: the next one takes back slot %d, the oldest", next);
    else
      ImGui::TextWrapped("ring: %zu of %zu live; when full, the oldest goes first",
                         p.active_count(), p.capacity());
  });
}

}  // namespace

void Overlay::lessons_section(const World& world, const WorldStats& stats, Settings& settings,
                              Requests& requests) {
  SimSettings& sim = settings.sim;
  ImGui::Checkbox("pooling", &sim.pooling);
  hint(sim.pooling ? "every object made at load" : "watch Heap: allocations every frame");
  if (!stats.pooling)
    ImGui::TextWrapped("  on the heap now: %zu objects, %llu new'd so far", stats.heap_live,
                       static_cast<unsigned long long>(stats.heap_news));

  ImGui::Checkbox("reset on release", &sim.reset_on_release);
  hint(sim.reset_on_release ? "a free object holds no state"
                            : "reused sparks die at once, casings hang at the barrel");

  ImGui::Checkbox("clear on reuse", &sim.clear_on_reuse);
  hint(sim.clear_on_reuse ? "a reused effect starts with no trail"
                          : "tracers draw a line from their last life");

  ImGui::Checkbox("swept collision", &sim.swept_collision);
  hint(sim.swept_collision ? "a bullet is a segment per tick"
                           : "only end points: shoot the blue thin wall");
  ImGui::SliderFloat("bullet speed", &sim.bullet_speed, kMinBulletSpeedSlider,
                     kMaxBulletSpeedSlider, "%.0f m/s", ImGuiSliderFlags_Logarithmic | kClamp);
  hint("rifle; pellets in proportion");
  ImGui::TextWrapped("  %.2f m per tick against a 5 cm wall; hits missed (tunnelled): %llu",
                     static_cast<double>(sim.bullet_speed) / settings.time.tick_hz,
                     static_cast<unsigned long long>(stats.tunnelled));

  fallback_lines(stats, sim);

  ImGui::Separator();
  ImGui::TextWrapped("Misuse on demand (counted in the pools table's misuse column):");
  if (ImGui::Button("Double release")) ++requests.double_releases;
  same_line_if_room("Stale handle release");
  if (ImGui::Button("Stale handle release")) ++requests.stale_releases;
  same_line_if_room("Seeker on next shot");
  if (ImGui::Button("Seeker on next shot")) requests.seeker = true;
  const PoolStats& bullets = stats.pools[kBullets].stats;
  ImGui::TextWrapped("  bullets: %zu double, %zu stale releases caught", bullets.double_releases,
                     bullets.stale_releases);
  const Seeker& seeker = world.seeker;
  ImGui::TextWrapped("  seeker: %s; stale handles refused %llu, wrong bullets not chased %llu",
                     seeker.armed     ? "armed"
                     : !seeker.active ? "idle"
                     : seeker.lost    ? "lost its bullet, stopped"
                                      : "following its bullet",
                     static_cast<unsigned long long>(seeker.refused),
                     static_cast<unsigned long long>(seeker.wrong_chases));
  ImGui::TextDisabled("Warm-up is a load-time switch: restart with --no-warmup.");
}

// Red lines under the panel's controls while a teaching switch is off, with what it costs.
void Overlay::broken_banner(const WorldStats& stats, const FrameInfo& frame) {
  const ImVec4 red(1.0f, 0.35f, 0.3f, 1.0f);
  if (!stats.pooling)
    ImGui::TextColored(red, "POOLING OFF: %llu objects new'd, %llu heap allocations since warm-up",
                       static_cast<unsigned long long>(stats.heap_news),
                       static_cast<unsigned long long>(frame.heap_since_warmup.allocations));
  if (!stats.reset_on_release)
    ImGui::TextColored(red, "RESET OFF: reused objects keep last life's age, timers and flags");
  if (!stats.clear_on_reuse)
    ImGui::TextColored(red, "CLEAR ON REUSE OFF: reused tracers start with last life's trail");
  if (!stats.swept_collision)
    ImGui::TextColored(red, "DISCRETE COLLISION: %llu hits missed (tunnelled)",
                       static_cast<unsigned long long>(stats.tunnelled));
}

void Overlay::slot_inspector(const World& world, ViewSettings& view) {
  ImGui::Combo("pool", &view.inspect_pool, kPoolNames.data(), kPoolCount);
  constexpr ImGuiTableFlags kFlags = kTableFlags | ImGuiTableFlags_ScrollY;
  // As tall as the window leaves (a small tile in full mode), the rows scrolling inside it.
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = std::clamp(ImGui::GetContentRegionAvail().y, line * 5.0f, line * 14.0f);
  const auto chosen = static_cast<std::size_t>(view.inspect_pool);
  bool ring = false;  // a RecycleOldest pool: its slots' order of recycling too
  visit_pool(world, view.inspect_pool,
             [&](const auto& p) { ring = p.policy() == OverflowPolicy::RecycleOldest; });
  if (ring) ring_line(world, view.inspect_pool);
  if (!ImGui::BeginTable("slots", ring ? 6 : 5, kFlags, ImVec2(0.0f, height))) return;
  if (slots_scroll_ >= 0.0f) ImGui::SetScrollY(slots_scroll_ * ImGui::GetScrollMaxY());
  slots_scroll_ = -1.0f;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("slot");
  ImGui::TableSetupColumn("state");
  ImGui::TableSetupColumn("generation");
  ImGui::TableSetupColumn("age");
  ImGui::TableSetupColumn("free-stack depth");
  if (ring) ImGui::TableSetupColumn("ring");
  ImGui::TableHeadersRow();
  // Rows up to the size the pool was given: with no warm-up, the slots not made yet too.
  const std::size_t rows = world.config.pools[chosen].capacity;
  visit_pool(world, view.inspect_pool, [&](const auto& pool) { slot_rows(pool, rows, ring); });
  ImGui::EndTable();
}

}  // namespace flatline::overlay
