// The renderer's shader programs and the uniforms it sets in each, looked up (and
// checked) once at load.
#pragma once

#include <string>

#include "render/gl_object.hpp"

namespace flatline::render {

struct MeshProgram {  // lit meshes: mesh.vert + mesh.frag
  gl::Program program;
  GLint view_proj = -1, light_view_proj = -1, sun_dir = -1, sun_color = -1, sky_color = -1,
        ground_color = -1, fog_color = -1, fog_range = -1, base_color = -1, emissive = -1,
        texture = -1, shadow_map = -1, shadow_texel = -1, soft_shadows = -1, tone_mapping = -1;
};
struct ShadowProgram {  // depth from the sun: mesh.vert + shadow.frag
  gl::Program program;
  GLint view_proj = -1;
};
struct GlowProgram {  // camera-facing additive quads: glow.vert + glow.frag
  gl::Program program;
  GLint view_proj = -1, eye = -1;
};
struct SkyProgram {  // the sky behind everything: sky.vert + sky.frag
  gl::Program program;
  GLint inverse_view_proj = -1, eye = -1, sun_dir = -1, zenith_color = -1, fog_color = -1,
        ground_color = -1;
};

struct FxaaProgram {  // the anti-aliasing pass: fullscreen.vert + fxaa.frag
  gl::Program program;
  GLint scene = -1;
};

struct Programs {
  MeshProgram mesh;
  ShadowProgram shadow;
  GlowProgram glow;
  SkyProgram sky;
  FxaaProgram fxaa;
};

// Compiles and links them all from `dir`; false with `error` naming the file (and line).
bool load_programs(const std::string& dir, Programs& programs, std::string& error);

}  // namespace flatline::render
