#include "render/programs.hpp"

#include "render/shader.hpp"

namespace flatline::render {
namespace {

gl::Program load(const std::string& dir, const char* vertex, const char* fragment,
                 std::string& error) {
  return load_program({dir + "/" + vertex, dir + "/" + fragment}, error);
}

bool load_mesh(const std::string& dir, MeshProgram& p, std::string& error) {
  p.program = load(dir, "mesh.vert", "mesh.frag", error);
  return p.program && find_uniforms(p.program, "mesh",
                                    {{"u_view_proj", &p.view_proj},
                                     {"u_light_view_proj", &p.light_view_proj},
                                     {"u_sun_dir", &p.sun_dir},
                                     {"u_sun_color", &p.sun_color},
                                     {"u_sky_color", &p.sky_color},
                                     {"u_ground_color", &p.ground_color},
                                     {"u_fog_color", &p.fog_color},
                                     {"u_fog_range", &p.fog_range},
                                     {"u_base_color", &p.base_color},
                                     {"u_emissive", &p.emissive},
                                     {"u_texture", &p.texture},
                                     {"u_shadow_map", &p.shadow_map},
                                     {"u_shadow_texel", &p.shadow_texel},
                                     {"u_soft_shadows", &p.soft_shadows},
                                     {"u_tone_mapping", &p.tone_mapping}},
                                    error);
}

}  // namespace

bool load_programs(const std::string& dir, Programs& programs, std::string& error) {
  if (!load_mesh(dir, programs.mesh, error)) return false;
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
