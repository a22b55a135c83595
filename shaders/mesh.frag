#version 330 core
// Lighting as three.js's games_fps sets it: a hemisphere light (sky above, ground below)
// plus a directional sun whose shadow map is sampled with PCF, then exponential fog
// toward the horizon's colour and gamma-correct output (lit in linear, written as sRGB).
// The light's colour and angle come per vertex (mesh.vert); per pixel: texture, shadow, fog.

in vec2 v_uv;
in vec3 v_light;
in vec3 v_ambient;
in vec3 v_sun;
in float v_alpha;

uniform vec3 u_fog_color;
uniform float u_fog_density;
uniform vec4 u_base_color;  // the material's, linear
uniform sampler2D u_texture;  // sRGB: sampling returns linear colour
uniform sampler2DShadow u_shadow_map;  // beyond its edges: depth 1, lit (a border colour)

out vec4 frag_color;

// Linear light to the screen's gamma (2.2) as one square root and a correction: within
// 2.4/255 of pow(c, 1/2.2) on [0, 1], and a software rasteriser runs pow many times slower.
vec3 gamma_encode(vec3 c) {
  c = min(c, vec3(1.0));  // the screen saturates at 1 (and the fit holds on [0, 1])
  return 1.154 * sqrt(c) - 0.154 * c;
}

void main() {
  vec4 albedo = texture(u_texture, v_uv) * u_base_color;
  // Percentage-closer filtering: the shadow sampler compares the point's depth with the
  // four nearest texels and blends the answers (linear filtering on a depth texture), so a
  // shadow's edge is a ramp, not stairs. (Four such lookups looked softer and cost 3 ms
  // more a frame on llvmpipe: docs/performance.md.)
  float sunlit = texture(u_shadow_map, vec3(v_light.xy, min(v_light.z, 1.0) - 0.0005));
  vec3 color = albedo.rgb * (v_ambient + v_sun * sunlit);
  // Fog by the distance along the view (three.js's FogExp2): 1 / gl_FragCoord.w is the
  // clip w, the depth in front of the eye, free at every pixel.
  float depth = u_fog_density / gl_FragCoord.w;
  color = mix(color, u_fog_color, 1.0 - exp(-depth * depth));
  frag_color = vec4(gamma_encode(color), albedo.a * v_alpha);
}
