// The renderer's shader programs and the uniforms it sets in each, looked up (and
// checked) once at load.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "render/gl_object.hpp"

namespace flatline::render {

struct MeshProgram {  // lit meshes: mesh.vert + mesh.frag
  gl::Program program;
  GLint view_proj = -1, light_view_proj = -1, sun_dir = -1, sun_color = -1, sky_color = -1,
        ground_color = -1, fog_color = -1, fog_range = -1, base_color = -1, emissive = -1,
        texture = -1, shadow_map = -1, shadow_texel = -1, tone_mapping = -1;
};

// mesh.frag is compiled once per number of shadow map lookups a pixel makes (its
// SHADOW_LOOKUPS: 0 with shadows off, 1, or 4 for soft shadows), as three.js compiles a
// program per shadow map type. A uniform `if` would do in one program on a GPU, but a
// software rasteriser runs both sides of every `if`: each pixel would pay for all five.
inline constexpr int kMeshVariants = 3;
inline constexpr int kShadowLookups[kMeshVariants] = {0, 1, 4};
inline std::size_t mesh_variant(bool shadows, bool soft_shadows) {
  return !shadows ? 0 : soft_shadows ? 2 : 1;
}

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
  std::array<MeshProgram, kMeshVariants> mesh;  // by mesh_variant()
  ShadowProgram shadow;
  GlowProgram glow;
  SkyProgram sky;
  FxaaProgram fxaa;
};

// Compiles and links them all from `dir`; false with `error` naming the file (and line).
bool load_programs(const std::string& dir, Programs& programs, std::string& error);

}  // namespace flatline::render
