#version 330 core
// Lighting as three.js's games_fps sets it: a hemisphere light (sky above, ground below)
// plus a directional sun whose shadow map is sampled with PCF, ACES filmic tone mapping,
// then linear fog toward the horizon's colour and gamma-correct output (lit in linear,
// written as sRGB). The light's colour and angle come per vertex (mesh.vert); per pixel:
// texture, shadow, tone, fog.

in vec2 v_uv;
in vec3 v_light;
in vec3 v_ambient;
in vec3 v_sun;
in float v_alpha;

uniform vec3 u_fog_color;
uniform vec2 u_fog_range;  // linear fog: none nearer than x metres, all of it from y
uniform vec4 u_base_color;  // the material's, linear
uniform sampler2D u_texture;  // sRGB: sampling returns linear colour
// SHADOW_LOOKUPS, defined by the loader: 0 (shadows off), 1, or 4 (soft shadows), one
// program each (programs.hpp says why). A uniform a variant does not read is compiled out.
uniform sampler2DShadow u_shadow_map;  // beyond its edges: depth 1, lit (a border colour)
uniform float u_shadow_texel;  // one texel of the shadow map, in its coordinates
uniform bool u_tone_mapping;   // ACES filmic (aces_filmic), or a plain clamp

out vec4 frag_color;

// Linear light to the screen's gamma (2.2) as one square root and a correction: within
// 2.4/255 of pow(c, 1/2.2) on [0, 1], and a software rasteriser runs pow many times slower.
vec3 gamma_encode(vec3 c) {
  c = min(c, vec3(1.0));  // the screen saturates at 1 (and the fit holds on [0, 1])
  return 1.154 * sqrt(c) - 0.154 * c;
}

// ACES filmic tone mapping as three.js's ACESFilmicToneMapping computes it: Stephen Hill's
// fit of the ACES reference and output transforms (selfshadow/ltc_code, ltc_blit.fs), with
// three.js's exposure of 1 / 0.6. Highlights roll off instead of clipping; colours saturate.
vec3 aces_filmic(vec3 color) {
  const mat3 to_aces = mat3(vec3(0.59719, 0.07600, 0.02840), vec3(0.35458, 0.90834, 0.13383),
                            vec3(0.04823, 0.01566, 0.83777));
  const mat3 from_aces = mat3(vec3(1.60475, -0.10208, -0.00327),
                              vec3(-0.53108, 1.10813, -0.07276),
                              vec3(-0.07367, -0.00605, 1.07602));
  vec3 v = to_aces * (color * (1.0 / 0.6));
  vec3 a = v * (v + 0.0245786) - 0.000090537;
  vec3 b = v * (0.983729 * v + 0.4329510) + 0.238081;
  return clamp(from_aces * (a / b), 0.0, 1.0);
}

// Percentage-closer filtering: the shadow sampler compares the point's depth with the four
// nearest texels and blends the answers (linear filtering on a depth texture), so an edge is
// a ramp one texel wide. Soft: four such lookups on a rotated square of about three texels,
// averaged, so the ramp is about four texels wide.
float sunlight() {
  vec3 at = vec3(v_light.xy, min(v_light.z, 1.0) - 0.0005);
#if SHADOW_LOOKUPS == 0
  return 1.0;
#elif SHADOW_LOOKUPS == 1
  return texture(u_shadow_map, at);
#else
  vec2 a = vec2(0.6, 1.4) * u_shadow_texel;  // the square's corners, turned by about 23°
  vec2 b = vec2(1.4, -0.6) * u_shadow_texel;
  return 0.25 * (texture(u_shadow_map, vec3(at.xy + a, at.z)) +
                 texture(u_shadow_map, vec3(at.xy - a, at.z)) +
                 texture(u_shadow_map, vec3(at.xy + b, at.z)) +
                 texture(u_shadow_map, vec3(at.xy - b, at.z)));
#endif
}

void main() {
  vec4 albedo = texture(u_texture, v_uv) * u_base_color;
  vec3 color = albedo.rgb * (v_ambient + v_sun * sunlight());
  if (u_tone_mapping) color = aces_filmic(color);
  // Linear fog by the depth along the view (three.js's Fog), after the tone mapping as in
  // three.js, so the fog's colour is the sky's horizon exactly (sky.frag). 1 / gl_FragCoord.w
  // is the clip w, the depth in front of the eye, free at every pixel.
  float fog = clamp((1.0 / gl_FragCoord.w - u_fog_range.x) / (u_fog_range.y - u_fog_range.x),
                    0.0, 1.0);
  color = mix(color, u_fog_color, fog);
  frag_color = vec4(gamma_encode(color), albedo.a * v_alpha);
}
