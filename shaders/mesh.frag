#version 330 core
// Simple lighting: a sun, a sky ambient, a 1 m grid on the arena, distance fog.
// Emissive kinds (bullets, tracers, sparks, the muzzle flash) skip the lighting.

in vec3 v_normal;
in vec3 v_world;
in vec4 v_color;

uniform vec3 u_sun_dir;    // direction the light travels
uniform vec3 u_eye;
uniform float u_emissive;  // 0 lit, 1 glows
uniform float u_grid;      // 1 draws the 1 m grid lines
uniform vec3 u_fog_color;

out vec4 frag_color;

void main() {
  vec3 n = normalize(v_normal);
  float sun = max(dot(n, -u_sun_dir), 0.0);
  float sky = 0.5 + 0.5 * n.y;
  vec3 lit = v_color.rgb * (0.25 + 0.2 * sky + 0.75 * sun);
  if (u_grid > 0.5) {
    vec3 cell = abs(fract(v_world + 0.5) - 0.5);  // distance to the nearest 1 m line per axis
    vec3 on = step(cell, vec3(0.02)) * (1.0 - abs(n));
    lit *= 1.0 - 0.25 * clamp(on.x + on.y + on.z, 0.0, 1.0);
  }
  vec3 color = mix(lit, v_color.rgb, u_emissive);
  float fog = clamp((length(v_world - u_eye) - 40.0) / 160.0, 0.0, 1.0);
  frag_color = vec4(mix(color, u_fog_color, fog * (1.0 - u_emissive * 0.5)), v_color.a);
}
