#version 330 core
// One unit cube, drawn once per instance: every pooled object of a kind is an
// instance in one buffer, and one glDrawArraysInstanced draws them all.

layout(location = 0) in vec3 a_position;  // per vertex: the cube, from -0.5 to 0.5
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec4 i_position;  // per instance (attribute divisor 1): xyz
layout(location = 3) in vec4 i_scale;     // xyz: size along the instance's own axes
layout(location = 4) in vec4 i_forward;   // xyz: the instance's local +z; w: roll (radians)
layout(location = 5) in vec4 i_color;     // rgb, a: opacity

uniform mat4 u_view_proj;

out vec3 v_normal;
out vec3 v_world;
out vec4 v_color;

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
  v_color = i_color;
  gl_Position = u_view_proj * vec4(v_world, 1.0);
}
