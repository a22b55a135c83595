// The settings panel: how the game is seen and steered. Mouse sensitivity scales the
// platform's radians per pixel of mouse look; the field of view reaches the renderer's
// projection and the HUD's (damage numbers project with the same camera); fullscreen puts
// the window on the primary monitor at its current video mode; anti-aliasing picks how the
// scene's edges are smoothed, its cost visible in the frame time at once, as are tone
// mapping, soft shadows and fog; the controls card shows at start. It writes
// settings only: the frame loop applies them (src/app/apply_settings.cpp).
#include <cmath>

#include <imgui.h>

#include "overlay/overlay_internal.hpp"

namespace flatline::overlay {
namespace {

constexpr float kRadiansPerDegree = 0.017453292f;

// The horizontal field of view a vertical one gives at this aspect ratio.
float horizontal_fov(float vertical_degrees, float aspect) {
  const float half = std::tan(vertical_degrees * kRadiansPerDegree * 0.5f);
  return 2.0f * std::atan(half * aspect) / kRadiansPerDegree;
}

// The anti-aliasing choices, as the combo lists them: off, FXAA, then MSAA x2, x4, x8.
constexpr const char* kAntialiasingItems[] = {"off", "FXAA", "MSAA x2", "MSAA x4", "MSAA x8"};
constexpr int kMsaaSamples[] = {2, 4, 8};

int antialiasing_item(const RenderSettings& t) {
  if (t.antialiasing == render::Antialiasing::kOff) return 0;
  if (t.antialiasing == render::Antialiasing::kFxaa) return 1;
  return t.msaa_samples <= 2 ? 2 : t.msaa_samples <= 4 ? 3 : 4;
}

void antialiasing_combo(RenderSettings& t) {
  int item = antialiasing_item(t);
  if (!ImGui::Combo("anti-aliasing", &item, kAntialiasingItems, IM_ARRAYSIZE(kAntialiasingItems)))
    return;
  t.antialiasing = item == 0   ? render::Antialiasing::kOff
                   : item == 1 ? render::Antialiasing::kFxaa
                               : render::Antialiasing::kMsaa;
  if (item >= 2) t.msaa_samples = kMsaaSamples[item - 2];
}

}  // namespace

void Overlay::settings_section(Settings& settings) {
  ViewSettings& view = settings.view;
  RenderSettings& render = settings.render;
  ImGui::SliderFloat("mouse sensitivity", &view.mouse_sensitivity, kMinSensitivity, kMaxSensitivity,
                     "%.2fx", ImGuiSliderFlags_Logarithmic | kClamp);
  ImGui::SliderFloat("field of view", &render.fov_degrees, kMinFovDegrees, kMaxFovDegrees,
                     "%.0f deg vertical", kClamp);
  const float aspect =
      height_ > 0 ? static_cast<float>(width_) / static_cast<float>(height_) : 1.0f;
  ImGui::TextDisabled("  %.0f deg across at this window's shape",
                      static_cast<double>(horizontal_fov(render.fov_degrees, aspect)));
  ImGui::Checkbox("fullscreen", &view.fullscreen);
  ImGui::SameLine();
  ImGui::TextDisabled("primary monitor, its current video mode");
  antialiasing_combo(render);
  ImGui::TextDisabled(render.software_rasteriser ? "  auto picks off here: a CPU rasteriser"
                                                 : "  auto picks FXAA here: a GPU");
  // The picture's parts (docs/rendering.md), each priced by scripts/frame_cost.sh.
  ImGui::Checkbox("tone mapping", &render.tone_mapping);
  ImGui::SameLine();
  ImGui::Checkbox("soft shadows", &render.soft_shadows);
  ImGui::SameLine();
  ImGui::Checkbox("fog", &render.fog);
  ImGui::Checkbox("controls card", &view.controls_card);
  if (ImGui::Button("Defaults (1080p monitor)")) {
    view.mouse_sensitivity = ViewSettings{}.mouse_sensitivity;
    render.fov_degrees = RenderSettings{}.fov_degrees;
  }
}

}  // namespace flatline::overlay
