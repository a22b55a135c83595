#version 330 core
// A soft glow, brightest on the axis, added onto what is behind it (additive blending).

in vec2 v_uv;
in vec4 v_color;

out vec4 frag_color;

void main() {
  vec2 q = v_uv * 2.0 - 1.0;
  float glow = (1.0 - q.x * q.x) * (1.0 - q.y * q.y * q.y * q.y);
  glow *= glow;
  frag_color = vec4(v_color.rgb * (glow * v_color.a), 1.0);
}
