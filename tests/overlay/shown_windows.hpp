// The ImGui windows the last frame showed, with their rectangles (ImGui's internals: the
// window list). Read after Overlay::end_frame().
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <string>
#include <vector>

namespace flatline::overlay {

struct ShownWindow {
  std::string name;
  ImVec2 pos, size;
  float area() const { return size.x * size.y; }
};

// Top-level windows drawn this frame (child windows are inside their parent's rectangle;
// ImGui's implicit "Debug" window is never drawn).
inline std::vector<ShownWindow> shown_windows() {
  std::vector<ShownWindow> shown;
  for (const ImGuiWindow* w : GImGui->Windows) {
    if (!w->Active || w->Hidden || (w->Flags & ImGuiWindowFlags_ChildWindow) != 0) continue;
    if (std::string(w->Name).rfind("Debug##", 0) == 0) continue;
    shown.push_back({w->Name, w->Pos, w->Size});
  }
  return shown;
}

inline const ShownWindow* find_shown(const std::vector<ShownWindow>& shown,
                                     const std::string& name) {
  for (const ShownWindow& w : shown)
    if (w.name == name) return &w;
  return nullptr;
}

}  // namespace flatline::overlay
