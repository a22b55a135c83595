#include "render/programs.hpp"

#include <utility>

#include "render/shader.hpp"

namespace flatline::render {
namespace {

gl::Program load(const std::string& dir, const char* vertex, const char* fragment,
                 std::string& error, std::string defines = {}) {
  return load_program({dir + "/" + vertex, dir + "/" + fragment, std::move(defines)}, error);
}

// One variant of the lit program: the uniforms every variant sets, then those that only
// its shadow lookups keep (in the others they are compiled out, so not active).
bool load_mesh(const std::string& dir, int lookups, MeshProgram& p, std::string& error) {
  const std::string define = "SHADOW_LOOKUPS " + std::to_string(lookups);
  p.program = load(dir, "mesh.vert", "mesh.frag", error, "#define " + define + "\n");
  const std::string name = "mesh (" + define + ")";
  if (!p.program || !find_uniforms(p.program, name,
                                   {{"u_view_proj", &p.view_proj},
                                    {"u_sun_dir", &p.sun_dir},
                                    {"u_sun_color", &p.sun_color},
                                    {"u_sky_color", &p.sky_color},
                                    {"u_ground_color", &p.ground_color},
                                    {"u_fog_color", &p.fog_color},
                                    {"u_fog_range", &p.fog_range},
                                    {"u_base_color", &p.base_color},
                                    {"u_emissive", &p.emissive},
                                    {"u_texture", &p.texture},
                                    {"u_tone_mapping", &p.tone_mapping}},
                                   error))
    return false;
  if (lookups == 0) return true;  // no map read: glUniform* at location -1 does nothing
  if (!find_uniforms(p.program, name,
                     {{"u_light_view_proj", &p.light_view_proj}, {"u_shadow_map", &p.shadow_map}},
                     error))
    return false;
  return lookups == 1 ||
         find_uniforms(p.program, name, {{"u_shadow_texel", &p.shadow_texel}}, error);
}

}  // namespace

bool load_programs(const std::string& dir, Programs& programs, std::string& error) {
  for (int v = 0; v < kMeshVariants; ++v)
    if (!load_mesh(dir, kShadowLookups[v], programs.mesh[static_cast<std::size_t>(v)], error))
      return false;
  ShadowProgram& shadow = programs.shadow;
  shadow.program = load(dir, "mesh.vert", "shadow.frag", error);
  if (!shadow.program ||
      !find_uniforms(shadow.program, "shadow", {{"u_view_proj", &shadow.view_proj}}, error))
    return false;
  GlowProgram& glow = programs.glow;
  glow.program = load(dir, "glow.vert", "glow.frag", error);
  if (!glow.program ||
      !find_uniforms(glow.program, "glow", {{"u_view_proj", &glow.view_proj}, {"u_eye", &glow.eye}},
                     error))
    return false;
  FxaaProgram& fxaa = programs.fxaa;
  fxaa.program = load(dir, "fullscreen.vert", "fxaa.frag", error);
  if (!fxaa.program || !find_uniforms(fxaa.program, "fxaa", {{"u_scene", &fxaa.scene}}, error))
    return false;
  SkyProgram& sky = programs.sky;
  sky.program = load(dir, "sky.vert", "sky.frag", error);
  return sky.program && find_uniforms(sky.program, "sky",
                                      {{"u_inverse_view_proj", &sky.inverse_view_proj},
                                       {"u_eye", &sky.eye},
                                       {"u_sun_dir", &sky.sun_dir},
                                       {"u_zenith_color", &sky.zenith_color},
                                       {"u_fog_color", &sky.fog_color},
                                       {"u_ground_color", &sky.ground_color}},
                                      error);
}

}  // namespace flatline::render
