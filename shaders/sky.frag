#version 330 core
// A gradient from the horizon to the zenith, the ground colour below, and the sun's glow.
// The horizon is the fog's colour, as it comes out of mesh.frag's fog: there the fog is mixed
// in after tone mapping (as three.js orders its chunks), so a wall at the fog's far end is
// exactly the colour of the sky behind it, and the sky is never tone mapped.

noperspective in vec3 v_ray;  // toward this pixel (sky.vert)

uniform vec3 u_sun_dir;
uniform vec3 u_zenith_color;  // linear
uniform vec3 u_fog_color;     // the horizon
uniform vec3 u_ground_color;

out vec4 frag_color;

// Linear light to the screen's gamma (2.2) as one square root and a correction: within
// 2.4/255 of pow(c, 1/2.2) on [0, 1], and a software rasteriser runs pow many times slower.
vec3 gamma_encode(vec3 c) {
  c = min(c, vec3(1.0));  // the screen saturates at 1 (and the fit holds on [0, 1])
  return 1.154 * sqrt(c) - 0.154 * c;
}

void main() {
  vec3 ray = normalize(v_ray);
  float up = ray.y;
  vec3 color = up > 0.0 ? mix(u_fog_color, u_zenith_color, sqrt(up))
                        : mix(u_fog_color, u_ground_color, min(1.0, -up * 4.0));
  // The sun: a wide halo falling off exponentially with the angle from it, and a disc, the
  // same curve to the 64th power (six squarings: far cheaper than a second exp2 on a CPU).
  float sun = max(dot(ray, -u_sun_dir), 0.0);
  float halo = exp2((sun - 1.0) * 17.0);
  float disc = halo * halo;
  disc *= disc;
  disc *= disc;
  disc *= disc;
  disc *= disc;
  disc *= disc;
  color += vec3(1.0, 0.9, 0.7) * (disc * 4.0 + halo * 0.25);
  frag_color = vec4(gamma_encode(color), 1.0);
}
