// Anti-aliasing: what the player can pick, and what a machine gets when they have not
// (--aa auto). FXAA is one full-screen pass that costs a GPU a fraction of a millisecond;
// on a software rasteriser (Mesa's llvmpipe, the usual OpenGL under Xvfb) its nine texture
// reads a pixel cost more than the rest of the frame, so auto leaves it off there.
#pragma once

#include <string_view>

#include "settings/settings.hpp"

namespace flatline::render {

using Antialiasing = ::flatline::Antialiasing;  // a choice the settings hold

// True for a renderer that rasterises on the CPU, judged from its GL_RENDERER string:
// Mesa's llvmpipe and softpipe, Google's SwiftShader, Windows' basic render driver.
bool is_software_rasteriser(std::string_view gl_renderer);

// --aa auto: FXAA on a GPU, off on a software rasteriser.
Antialiasing auto_antialiasing(std::string_view gl_renderer);

// "off", "fxaa", "msaa2", "msaa4" or "msaa8": the --aa spelling, also the stats file's.
const char* antialiasing_name(Antialiasing aa, int msaa_samples);

}  // namespace flatline::render
