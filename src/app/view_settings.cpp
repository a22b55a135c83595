#include "app/view_settings.hpp"

#include <algorithm>

namespace flatline::app {

void apply_view_options(const Options& options, overlay::Tunables& t) {
  const int panel = overlay::panel_named(options.overlay);
  t.panels = {};
  if (panel >= 0) {
    t.mode = overlay::OverlayMode::Compact;  // the strip, and the panel beside it
    t.panels[static_cast<std::size_t>(panel)] = true;
  } else if (options.overlay == "off") {
    t.mode = overlay::OverlayMode::Off;
  } else if (options.overlay == "full") {
    t.mode = overlay::OverlayMode::Full;
  } else {
    t.mode = overlay::OverlayMode::Compact;
  }
  if (options.fov > 0.0) t.fov_degrees = static_cast<float>(options.fov);
  if (options.sensitivity > 0.0) t.mouse_sensitivity = static_cast<float>(options.sensitivity);
  t.fullscreen = options.fullscreen;
}

void apply_antialiasing_option(const Options& options, std::string_view gl_renderer,
                               overlay::Tunables& t) {
  t.software_rasteriser = render::is_software_rasteriser(gl_renderer);
  t.msaa_samples = options.msaa > 0 ? options.msaa : 4;
  if (options.aa_auto)
    t.antialiasing = render::auto_antialiasing(gl_renderer);
  else if (options.msaa > 0)
    t.antialiasing = render::Antialiasing::kMsaa;
  else
    t.antialiasing = options.fxaa ? render::Antialiasing::kFxaa : render::Antialiasing::kOff;
}

render::Camera frame_camera(const World& world, float alpha, int width, int height,
                            const overlay::Tunables& t) {
  const float aspect = static_cast<float>(width) / static_cast<float>(std::max(height, 1));
  return render::make_camera(world, alpha, aspect, t.fov_degrees);
}

bool hud_shown(const overlay::Tunables& t) {
  return t.mode != overlay::OverlayMode::Full;
}

void apply_render_settings(const overlay::Tunables& t, render::RenderSettings& settings) {
  settings.instancing = t.instancing;
  settings.fov_degrees = t.fov_degrees;
  settings.antialiasing = t.antialiasing;
  settings.msaa_samples = t.msaa_samples;
}

std::string open_panels_json(const overlay::Tunables& t) {
  std::string json = "[";
  const char* comma = "";
  for (int p = 0; p < overlay::kPanelCount; ++p) {
    if (!t.panels[static_cast<std::size_t>(p)]) continue;
    json += comma;
    json += '"';
    json += overlay::kPanelNames[static_cast<std::size_t>(p)];
    json += '"';
    comma = ", ";
  }
  return json + "]";
}

}  // namespace flatline::app
