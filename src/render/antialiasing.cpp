#include "render/antialiasing.hpp"

#include <array>

namespace flatline::render {

bool is_software_rasteriser(std::string_view gl_renderer) {
  constexpr std::array<std::string_view, 5> kSoftware = {
      "llvmpipe", "softpipe", "SwiftShader", "Microsoft Basic Render", "Software Rasterizer"};
  for (std::string_view name : kSoftware)
    if (gl_renderer.find(name) != std::string_view::npos) return true;
  return false;
}

Antialiasing auto_antialiasing(std::string_view gl_renderer) {
  return is_software_rasteriser(gl_renderer) ? Antialiasing::kOff : Antialiasing::kFxaa;
}

const char* antialiasing_name(Antialiasing aa, int msaa_samples) {
  if (aa == Antialiasing::kFxaa) return "fxaa";
  if (aa != Antialiasing::kMsaa) return "off";
  if (msaa_samples <= 2) return "msaa2";
  return msaa_samples <= 4 ? "msaa4" : "msaa8";
}

}  // namespace flatline::render
