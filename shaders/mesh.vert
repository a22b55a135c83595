#version 330 core
// One mesh, drawn once per instance: every pooled object of a kind is an instance in one
// buffer, and one glDrawElementsInstanced draws them all. The level's own meshes come
// through here too, as a single instance at the origin (constant instance attributes).
// Also the shadow pass's vertex shader: the same positions, seen from the sun.

layout(location = ATTR_POSITION) in vec3 a_position;  // per vertex
layout(location = ATTR_NORMAL) in vec3 a_normal;
layout(location = ATTR_UV) in vec2 a_uv;
layout(location = ATTR_INSTANCE_POSITION) in vec4 i_position;  // per instance (divisor 1)
layout(location = ATTR_INSTANCE_SCALE) in vec4 i_scale;        // size along its own axes
layout(location = ATTR_INSTANCE_FORWARD) in vec4 i_forward;    // its local +z; w: roll
layout(location = ATTR_INSTANCE_COLOR) in vec4 i_color;        // sRGB, a: opacity

uniform mat4 u_view_proj;
uniform mat4 u_light_view_proj;  // the sun's shadow map

out vec3 v_normal;
out vec3 v_world;
out vec4 v_color;
out vec2 v_uv;
out vec4 v_light;  // this point in the shadow map's clip space

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
  v_world = i_position.xyz + xr * local.x + yr * local.y + z * local.z;
  vec3 n = a_normal / max(i_scale.xyz, vec3(1e-4));
  v_normal = normalize(xr * n.x + yr * n.y + z * n.z);
  v_color = vec4(pow(i_color.rgb, vec3(2.2)), i_color.a);  // authored in sRGB, lit in linear
  v_uv = a_uv;
  // Normal offset: look the shadow up a few cm off the surface, so it does not shadow itself.
  v_light = u_light_view_proj * vec4(v_world + v_normal * 0.05, 1.0);
  gl_Position = u_view_proj * vec4(v_world, 1.0);
}
