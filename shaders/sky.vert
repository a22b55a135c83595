#version 330 core
// The sky: one triangle covering the screen at the far plane, drawn after the opaque
// meshes (depth test LEQUAL), so it shades only the pixels nothing else covered.

out vec2 v_ndc;

void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  v_ndc = corner;
  gl_Position = vec4(corner, 1.0, 1.0);
}
