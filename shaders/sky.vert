#version 330 core
// The sky: one triangle covering the screen at the far plane, drawn after the opaque
// meshes (depth test LEQUAL), so it shades only the pixels nothing else covered.

uniform mat4 u_inverse_view_proj;
uniform vec3 u_eye;

// The view ray toward this corner's point on the far plane, not yet normalised. It is
// linear across the screen, so interpolated without perspective it is exact at every
// pixel, and the fragment shader needs no matrix.
noperspective out vec3 v_ray;

void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);
  vec4 far = u_inverse_view_proj * vec4(corner, 1.0, 1.0);
  v_ray = far.xyz - u_eye * far.w;  // (far / w - eye) scaled by w > 0: the same direction
  gl_Position = vec4(corner, 1.0, 1.0);
}
