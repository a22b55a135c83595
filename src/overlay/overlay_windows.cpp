// The overlay's windows: the main menu bar, the keys, and one window per teaching panel.
// Compact mode shows the panels a person opened beside the strip, each placed whole in view;
// full mode shows them all, tiled over the frame so each is readable.
#include <algorithm>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

constexpr std::array<const char*, kPanelCount> kPanelKeys = {"F2", "F3", "F4", "F5",
                                                             "F6", "F7", "F8", "F9"};
constexpr const char* kMenus[] = {"Overlay", "Panels"};

// Full mode's tiles, as fractions of the frame below the menu bar. The panels with controls
// (pools, controls, break it, settings) get room for every control at 1280x720; the panels
// that only show figures (heap, frame, Little's law, slots) take the rest and scroll.
struct Tile {
  float x, y, w, h;
};
constexpr std::array<Tile, kPanelCount> kFullTiles = {{
    {0.000f, 0.00f, 0.500f, 0.62f},  // pools: eight, a row each in two tables
    {0.000f, 0.62f, 0.500f, 0.16f},  // heap
    {0.500f, 0.64f, 0.255f, 0.36f},  // frame
    {0.000f, 0.78f, 0.250f, 0.22f},  // Little's law
    {0.500f, 0.00f, 0.255f, 0.64f},  // controls
    {0.755f, 0.00f, 0.245f, 0.66f},  // lessons
    {0.250f, 0.78f, 0.250f, 0.22f},  // slots
    {0.755f, 0.66f, 0.245f, 0.34f},  // settings
}};

// Compact mode: each panel at a size that shows it whole, right of the strip (as wide as its
// rows are: the x is read from the strip each frame). A second panel opened is placed a step
// down and right of the first, and so on.
constexpr float kStripGap = 6.0f;
constexpr float kBesideStripUntilDrawn = 360.0f;  // before the strip's first frame has a size
constexpr float kCascade = 26.0f;
constexpr const char* kLongestLabel = "mouse sensitivity_";  // a control's, and a space
struct Size {
  float w, h;
};
constexpr std::array<Size, kPanelCount> kAloneSize = {{
    {690.0f, 440.0f},  // pools: eight, a row each in two tables
    {760.0f, 280.0f},  // heap
    {520.0f, 330.0f},  // frame
    {690.0f, 270.0f},  // Little's law
    {470.0f, 440.0f},  // controls
    {720.0f, 300.0f},  // lessons
    {420.0f, 270.0f},  // slots
    {470.0f, 170.0f},  // settings
}};

// F2..F9, or a click in the Panels menu: in compact mode a panel opens or closes; from the
// other modes it opens beside the strip.
void toggle_panel(ViewSettings& t, int panel) {
  bool& open = t.panels[static_cast<std::size_t>(panel)];
  if (t.mode != OverlayMode::Compact) {
    t.mode = OverlayMode::Compact;
    open = true;
  } else {
    open = !open;
  }
}

}  // namespace

// F1..F9 as counted presses (FrameInfo::function_presses), each press applied once.
void Overlay::read_keys(ViewSettings& t, const FrameInfo& frame) {
  // Typing into a field (a pool's capacity): the keys are the field's, not the overlay's.
  if (ImGui::GetIO().WantCaptureKeyboard) return;
  for (int n = 0; n < frame.function_presses[0]; ++n)
    t.mode = next_mode(t.mode);          // F1
  for (int p = 0; p < kPanelCount; ++p)  // F2..F9 in a row
    for (int n = 0; n < frame.function_presses[static_cast<std::size_t>(p) + 1]; ++n)
      toggle_panel(t, p);
}

void Overlay::menu_bar(ViewSettings& t) {
  if (!ImGui::BeginMainMenuBar()) return;
  menu_height_ = ImGui::GetWindowSize().y;
  if (menu_request_ >= 0) ImGui::OpenPopup(kMenus[menu_request_]);  // as a click would
  const bool close = menu_request_ == kCloseMenus;
  menu_request_ = kNoMenuRequest;
  if (ImGui::BeginMenu(kMenus[0])) {
    for (const OverlayMode m : {OverlayMode::Off, OverlayMode::Compact, OverlayMode::Full})
      if (ImGui::MenuItem(mode_name(m), "F1", t.mode == m)) t.mode = m;
    if (close) ImGui::CloseCurrentPopup();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(kMenus[1])) {
    for (int p = 0; p < kPanelCount; ++p) {
      const bool shown = t.mode == OverlayMode::Full || t.panels[static_cast<std::size_t>(p)];
      if (ImGui::MenuItem(kPanelTitles[static_cast<std::size_t>(p)],
                          kPanelKeys[static_cast<std::size_t>(p)], shown))
        toggle_panel(t, p);
    }
    if (close) ImGui::CloseCurrentPopup();
    ImGui::EndMenu();
  }
  ImGui::TextDisabled("F1 compact / full / off   F2-F9 panels   Tab frees the cursor");
  ImGui::EndMainMenuBar();
}

// Where a panel's window goes: on a change of mode, or of the strip's width, every shown
// panel is placed again (full: its tile; compact: beside the strip); otherwise where it first
// appears, then where the person moves it.
void Overlay::place_panel(int panel, OverlayMode mode, int order) {
  const auto p = static_cast<std::size_t>(panel);
  const float beside = beside_strip();
  const bool moved =
      placed_for_ != mode || (mode == OverlayMode::Compact && beside != placed_beside_);
  const ImGuiCond cond = moved ? ImGuiCond_Always : ImGuiCond_Appearing;
  const float top = menu_height_;
  const float w = static_cast<float>(width_), h = static_cast<float>(height_) - top;
  if (mode == OverlayMode::Full) {
    const Tile& tile = kFullTiles[p];
    ImGui::SetNextWindowPos(ImVec2(tile.x * w, top + tile.y * h), cond);
    ImGui::SetNextWindowSize(ImVec2(tile.w * w, tile.h * h), cond);
    return;
  }
  const float step = kCascade * static_cast<float>(order);
  const ImVec2 at(beside + step, top + 6.0f + step);
  ImGui::SetNextWindowPos(at, cond);
  ImGui::SetNextWindowSize(ImVec2(std::min(kAloneSize[p].w, w - at.x),
                                  std::min(kAloneSize[p].h, static_cast<float>(height_) - at.y)),
                           cond);
}

void Overlay::panel_windows(const Inputs& in) {
  ViewSettings& t = in.settings.view;
  const OverlayMode mode = t.mode;
  int order = 0;
  for (int p = 0; p < kPanelCount; ++p) {
    bool& open = t.panels[static_cast<std::size_t>(p)];
    if (mode != OverlayMode::Full && !open) continue;
    place_panel(p, mode, order++);
    ImGui::SetNextWindowBgAlpha(0.88f);
    // Full mode shows every panel: no close button there (F1 leaves it).
    if (ImGui::Begin(kPanelTitles[static_cast<std::size_t>(p)],
                     mode == OverlayMode::Full ? nullptr : &open)) {
      if (panel_scroll_ >= 0.0f) ImGui::SetScrollY(panel_scroll_ * ImGui::GetScrollMaxY());
      // Sliders and combos leave room for their labels, so a narrow tile shows them whole.
      ImGui::PushItemWidth(-ImGui::CalcTextSize(kLongestLabel).x);
      panel_body(p, in);
      ImGui::PopItemWidth();
    }
    ImGui::End();
  }
  panel_scroll_ = -1.0f;
  placed_for_ = mode;
  placed_beside_ = beside_strip();
}

// The x right of the compact strip, as wide as the strip was drawn this frame.
float Overlay::beside_strip() const {
  return strip_right_ > 0.0f ? strip_right_ + kStripGap : kBesideStripUntilDrawn;
}

void Overlay::panel_body(int panel, const Inputs& in) {
  switch (panel) {
    case kPanelPools:
      pool_table(in.stats, in.render, in.frame, in.settings.sim, in.requests);
      break;
    case kPanelHeap:
      heap_section(in.stats, in.frame);
      break;
    case kPanelFrame:
      frame_section(in.render, in.frame);
      break;
    case kPanelLittle:
      little_section(in.stats);
      break;
    case kPanelControls:
      controls_section(in.settings, in.requests);
      break;
    case kPanelLessons:
      lessons_section(in.world, in.stats, in.settings, in.requests);
      broken_banner(in.stats, in.frame);  // which part is switched off, and its cost
      break;
    case kPanelSlots:
      slot_inspector(in.world, in.settings.view);
      break;
    default:
      settings_section(in.settings);
      break;
  }
}

}  // namespace flatline::overlay
