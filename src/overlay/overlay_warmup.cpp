// Load-time warm-up: everything the overlay will ever allocate is made before play, like a
// pool's objects. Table draw channels are sized by one oversized table; then frames never
// shown open every panel, alone and all together, scroll each through, and open the menus
// (warm_up).
#include <cstring>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

// ImGui's tables draw each column into a buffer of its own (a draw channel), kept from frame
// to frame, out of reach of keep_headroom(). So they are sized at load, like a pool: one frame,
// never shown, draws a table wider and taller than any the panel has, every cell a long line.
// Each channel then holds more than a real frame asks of it, and none grows in play.
constexpr int kWarmColumns = 12;     // the panel's widest table has 10
constexpr int kWarmCellChars = 600;  // 2400 vertices a cell: above any column of the panel

}  // namespace

void warm_table_channels(ImGuiIO& io) {
  static char line[kWarmCellChars + 1];
  std::memset(line, 'W', kWarmCellChars);
  io.DisplaySize = ImVec2(1280.0f, 720.0f);  // the real size comes with the first real frame
  io.DeltaTime = 1.0f / 60.0f;
  io.AddInputCharacter('W');  // the typed-characters queue, made before the first key press
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("##warm", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs);
  // A frozen header row doubles the channels, as the slot inspector's table does.
  if (ImGui::BeginTable("##warm", kWarmColumns, ImGuiTableFlags_ScrollY, ImVec2(0.0f, 600.0f))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (int row = 0; row < 2; ++row) {
      ImGui::TableNextRow();
      for (int column = 0; column < kWarmColumns; ++column) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(line, line + kWarmCellChars);
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
  ImGui::Render();  // its draw data is dropped: nothing is drawn
}

// Frames enough to scroll a panel from top to bottom and to show each pool's slots.
constexpr int kWarmScrollSteps = 6;

void Overlay::warm_up(const World& world, const render::RenderStats& render, Settings settings) {
  if (!initialised_) return;
  const WorldStats stats = collect_stats(world);
  const FrameInfo frame;
  Requests requests;  // pressed by nobody, dropped
  auto warm_frame = [&] {
    begin_frame(1.0f / 60.0f, width_ > 0 ? width_ : 1280, height_ > 0 ? height_ : 720);
    build(world, stats, render, frame, settings, requests);
    end_frame();
  };
  auto scroll_through = [&] {
    for (int i = 0; i <= kWarmScrollSteps; ++i) {
      scroll_panel(static_cast<float>(i) / kWarmScrollSteps);  // applies next frame
      warm_frame();
    }
  };
  settings.view.mode = OverlayMode::Compact;  // the strip, and each panel alone beside it
  for (int p = 0; p < kPanelCount; ++p) {
    settings.view.panels = {};
    settings.view.panels[static_cast<std::size_t>(p)] = true;
    warm_frame();
    scroll_through();
  }
  settings.view.mode = OverlayMode::Full;  // every panel at once, tiled
  warm_frame();
  scroll_through();
  for (int pool = 0; pool < kPoolCount; ++pool) {  // each pool's slots, top and bottom
    settings.view.inspect_pool = pool;
    scroll_slots(1.0f);
    warm_frame();
    warm_frame();
  }
  for (int menu = 0; menu < 2; ++menu) {  // the menu bar's menus, open then closed
    open_menu(menu);
    warm_frame();
    warm_frame();
    open_menu(-1);
    warm_frame();
  }
  scroll_slots(0.0f);
  scroll_panel(0.0f);
  warm_frame();
  warm_frame();
  placed_for_ = OverlayMode::Off;  // the first real frame places the panels it shows
}

}  // namespace flatline::overlay
