#version 330 core
// One triangle that covers the screen (its corners at -1 and 3 in x and y), for a pass
// that reads the finished picture: the anti-aliasing.

out vec2 v_ndc;

void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  v_ndc = corner;
  gl_Position = vec4(corner, 1.0, 1.0);
}
