#version 330 core
// Glowing kinds (sparks, tracers, the muzzle flash) are camera-facing quads: each quad
// turns about its own axis (the instance's forward) until it faces the eye, so a streak
// keeps its length from every side. One instanced draw per kind, as for meshes.

layout(location = ATTR_POSITION) in vec3 a_position;  // the unit quad, x and y in -0.5..0.5
layout(location = ATTR_UV) in vec2 a_uv;
layout(location = ATTR_INSTANCE_POSITION) in vec4 i_position;
layout(location = ATTR_INSTANCE_SCALE) in vec4 i_scale;      // x: width, z: length
layout(location = ATTR_INSTANCE_FORWARD) in vec4 i_forward;  // the streak's axis
layout(location = ATTR_INSTANCE_COLOR) in vec4 i_color;

uniform mat4 u_view_proj;
uniform vec3 u_eye;

out vec2 v_uv;
out vec4 v_color;

void main() {
  vec3 axis = normalize(i_forward.xyz);
  vec3 side = cross(axis, u_eye - i_position.xyz);
  side = length(side) > 1e-5 ? normalize(side) : vec3(1.0, 0.0, 0.0);
  vec3 world = i_position.xyz + side * (a_position.x * i_scale.x) + axis * (a_position.y * i_scale.z);
  v_uv = a_uv;
  v_color = i_color;
  gl_Position = u_view_proj * vec4(world, 1.0);
}
