#version 330 core
// One mesh, drawn once per instance: every pooled object of a kind is an instance in one
// buffer, and one glDrawElementsInstanced draws them all. The level's own meshes come
// through here too, as a single instance at the origin (constant instance attributes).
// Also the shadow pass's vertex shader: the same positions, seen from the sun.
//
// The light each vertex receives is worked out here, once per vertex, not per pixel: the
// hemisphere light and the sun's angle depend only on the normal, which is the same across
// a flat face (the level, the targets, the gun are boxes). Only the shadow, the texture and
// the fog change from pixel to pixel (mesh.frag).

layout(location = ATTR_POSITION) in vec3 a_position;  // per vertex
layout(location = ATTR_NORMAL) in vec3 a_normal;
layout(location = ATTR_UV) in vec2 a_uv;
layout(location = ATTR_INSTANCE_POSITION) in vec4 i_position;  // per instance (divisor 1)
layout(location = ATTR_INSTANCE_SCALE) in vec4 i_scale;        // size along its own axes
layout(location = ATTR_INSTANCE_FORWARD) in vec4 i_forward;    // its local +z; w: roll
layout(location = ATTR_INSTANCE_COLOR) in vec4 i_color;        // sRGB, a: opacity

uniform mat4 u_view_proj;
uniform mat4 u_light_view_proj;  // the sun's shadow map (an orthographic projection)
uniform vec3 u_sun_dir;          // the direction the light travels
uniform vec3 u_sun_color;
uniform vec3 u_sky_color;     // the hemisphere light: from above...
uniform vec3 u_ground_color;  // ...and from below
uniform float u_emissive;     // 0 lit, 1 glows

out vec2 v_uv;
out vec3 v_light;    // this point in the shadow map: x, y its texel, z its depth from the sun
out vec3 v_ambient;  // the instance's colour times the hemisphere light (or its glow)
out vec3 v_sun;      // the instance's colour times the sunlight, if nothing shadows it
out float v_alpha;

void main() {
  vec3 z = normalize(i_forward.xyz);
  vec3 up = abs(z.y) > 0.99 ? vec3(1.0, 0.0, 0.0) : vec3(0.0, 1.0, 0.0);
  vec3 x = normalize(cross(up, z));
  vec3 y = cross(z, x);
  float c = cos(i_forward.w);
  float s = sin(i_forward.w);
  vec3 xr = c * x + s * y;  // roll about z: spinning shell casings
  vec3 yr = -s * x + c * y;
  vec3 local = a_position * i_scale.xyz;
  vec3 world = i_position.xyz + xr * local.x + yr * local.y + z * local.z;
  vec3 n = a_normal / max(i_scale.xyz, vec3(1e-4));
  n = normalize(xr * n.x + yr * n.y + z * n.z);
  vec3 color = pow(i_color.rgb, vec3(2.2));  // authored in sRGB, lit in linear
  vec3 hemisphere = mix(u_ground_color, u_sky_color, 0.5 + 0.5 * n.y);
  v_ambient = color * mix(hemisphere, vec3(1.5), u_emissive);
  v_sun = color * u_sun_color * (max(dot(n, -u_sun_dir), 0.0) * (1.0 - u_emissive));
  v_alpha = i_color.a;
  v_uv = a_uv;
  // Normal offset: look the shadow up a few cm off the surface, so it does not shadow itself.
  v_light = (u_light_view_proj * vec4(world + n * 0.05, 1.0)).xyz * 0.5 + 0.5;
  gl_Position = u_view_proj * vec4(world, 1.0);
}
