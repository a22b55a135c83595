#version 330 core
// A gradient from the horizon to the zenith, the ground colour below, and the sun's glow.

in vec2 v_ndc;

uniform mat4 u_inverse_view_proj;
uniform vec3 u_eye;
uniform vec3 u_sun_dir;
uniform vec3 u_zenith_color;  // linear
uniform vec3 u_fog_color;     // the horizon
uniform vec3 u_ground_color;

out vec4 frag_color;

void main() {
  vec4 far = u_inverse_view_proj * vec4(v_ndc, 1.0, 1.0);
  vec3 ray = normalize(far.xyz / far.w - u_eye);
  float up = ray.y;
  vec3 color = up > 0.0 ? mix(u_fog_color, u_zenith_color, pow(up, 0.6))
                        : mix(u_fog_color, u_ground_color, min(1.0, -up * 4.0));
  float sun = max(dot(ray, -u_sun_dir), 0.0);
  color += vec3(1.0, 0.9, 0.7) * (pow(sun, 900.0) * 4.0 + pow(sun, 12.0) * 0.25);
  frag_color = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
}
