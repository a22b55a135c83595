#version 330 core
// Lighting as three.js's games_fps sets it: a hemisphere light (sky above, ground below)
// plus a directional sun whose shadow map is sampled with PCF, then exponential fog
// toward the horizon's colour and gamma-correct output (lit in linear, written as sRGB).

in vec3 v_normal;
in vec3 v_world;
in vec4 v_color;
in vec2 v_uv;
in vec4 v_light;

uniform vec3 u_sun_dir;  // the direction the light travels
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;  // the hemisphere light: from above...
uniform vec3 u_ground_color;  // ...and from below
uniform vec3 u_eye;
uniform vec3 u_fog_color;
uniform float u_fog_density;
uniform vec4 u_base_color;  // the material's, linear
uniform float u_emissive;   // 0 lit, 1 glows
uniform sampler2D u_texture;  // sRGB: sampling returns linear colour
uniform sampler2DShadow u_shadow_map;

out vec4 frag_color;

// Linear light to the screen's gamma (2.2) as one square root and a correction: within
// 2.4/255 of pow(c, 1/2.2) on [0, 1], and a software rasteriser runs pow many times slower.
vec3 gamma_encode(vec3 c) {
  c = min(c, vec3(1.0));  // the screen saturates at 1 (and the fit holds on [0, 1])
  return 1.154 * sqrt(c) - 0.154 * c;
}

// Percentage-closer filtering: the shadow sampler compares the point's depth with the four
// nearest texels and blends the answers (linear filtering on a depth texture), so a
// shadow's edge is a ramp, not stairs. (Four such lookups looked softer and cost 3 ms
// more a frame on llvmpipe: docs/performance.md.)
float sunlight(vec4 light_clip) {
  vec3 p = light_clip.xyz / light_clip.w * 0.5 + 0.5;
  if (p.z >= 1.0 || any(lessThan(p.xy, vec2(0.0))) || any(greaterThan(p.xy, vec2(1.0))))
    return 1.0;  // outside the shadow map: lit
  return texture(u_shadow_map, vec3(p.xy, p.z - 0.0005));
}

void main() {
  vec4 albedo = texture(u_texture, v_uv) * u_base_color * v_color;
  vec3 n = normalize(v_normal);
  vec3 hemisphere = mix(u_ground_color, u_sky_color, 0.5 + 0.5 * n.y);
  float sun = max(dot(n, -u_sun_dir), 0.0);
  if (sun > 0.0) sun *= sunlight(v_light);
  vec3 lit = albedo.rgb * (hemisphere + u_sun_color * sun);
  vec3 color = mix(lit, albedo.rgb * 1.5, u_emissive);
  float depth = length(v_world - u_eye) * u_fog_density;
  color = mix(color, u_fog_color, 1.0 - exp(-depth * depth));
  frag_color = vec4(gamma_encode(color), albedo.a);
}
