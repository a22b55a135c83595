#include "app/view_settings.hpp"

#include <algorithm>

#include "overlay/overlay_view.hpp"

namespace flatline::app {

void apply_antialiasing_option(const Options& options, std::string_view gl_renderer,
                               RenderSettings& r) {
  r.software_rasteriser = render::is_software_rasteriser(gl_renderer);
  // Soft shadows cost a software rasteriser four texture lookups a pixel for one: auto leaves
  // them off there, as it does FXAA (docs/rendering.md).
  r.soft_shadows = options.soft_shadows || (!options.no_soft_shadows && !r.software_rasteriser);
  r.msaa_samples = options.msaa > 0 ? options.msaa : 4;
  if (options.aa_auto)
    r.antialiasing = render::auto_antialiasing(gl_renderer);
  else if (options.msaa > 0)
    r.antialiasing = Antialiasing::kMsaa;
  else
    r.antialiasing = options.fxaa ? Antialiasing::kFxaa : Antialiasing::kOff;
}

render::Camera frame_camera(const World& world, float alpha, int width, int height,
                            const RenderSettings& r) {
  const float aspect = static_cast<float>(width) / static_cast<float>(std::max(height, 1));
  return render::make_camera(world, alpha, aspect, r.fov_degrees);
}

bool hud_shown(const ViewSettings& view) {
  return view.mode != OverlayMode::Full;
}

std::string open_panels_json(const ViewSettings& view) {
  std::string json = "[";
  const char* comma = "";
  for (int p = 0; p < kPanelCount; ++p) {
    if (!view.panels[static_cast<std::size_t>(p)]) continue;
    json += comma;
    json += '"';
    json += overlay::kPanelNames[static_cast<std::size_t>(p)];
    json += '"';
    comma = ", ";
  }
  return json + "]";
}

}  // namespace flatline::app
