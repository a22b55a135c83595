#version 330 core
// FXAA (after Timothy Lottes' "Fast Approximate Anti-Aliasing"): find where brightness
// changes sharply, estimate the edge's direction from the four diagonal neighbours, and
// blend along it. One full-screen pass over the finished scene: cheaper than multisampling
// on a software rasteriser, at the price of a slightly softer picture.

in vec2 v_ndc;

uniform sampler2D u_scene;  // the scene, already gamma-encoded

out vec4 frag_color;

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

void main() {
  vec2 texel = 1.0 / vec2(textureSize(u_scene, 0));
  vec2 uv = v_ndc * 0.5 + 0.5;
  // The neighbourhood read texel by texel (no filtering): most pixels need nothing else.
  ivec2 at = ivec2(gl_FragCoord.xy);
  vec3 centre = texelFetch(u_scene, at, 0).rgb;
  float nw = luma(texelFetch(u_scene, at + ivec2(-1, -1), 0).rgb);
  float ne = luma(texelFetch(u_scene, at + ivec2(1, -1), 0).rgb);
  float sw = luma(texelFetch(u_scene, at + ivec2(-1, 1), 0).rgb);
  float se = luma(texelFetch(u_scene, at + ivec2(1, 1), 0).rgb);
  float m = luma(centre);
  float lo = min(m, min(min(nw, ne), min(sw, se)));
  float hi = max(m, max(max(nw, ne), max(sw, se)));
  if (hi - lo < max(0.0833, hi * 0.166)) {  // FXAA 3.11's default thresholds: no edge here
    frag_color = vec4(centre, 1.0);
    return;
  }
  vec2 dir = vec2(-((nw + ne) - (sw + se)), (nw + sw) - (ne + se));
  float reduce = max((nw + ne + sw + se) * 0.03125, 1.0 / 128.0);
  dir = clamp(dir / (min(abs(dir.x), abs(dir.y)) + reduce), vec2(-8.0), vec2(8.0)) * texel;
  vec3 near = 0.5 * (texture(u_scene, uv + dir * (1.0 / 3.0 - 0.5)).rgb +
                     texture(u_scene, uv + dir * (2.0 / 3.0 - 0.5)).rgb);
  vec3 far = near * 0.5 + 0.25 * (texture(u_scene, uv - dir * 0.5).rgb +
                                  texture(u_scene, uv + dir * 0.5).rgb);
  float far_luma = luma(far);
  frag_color = vec4(far_luma < lo || far_luma > hi ? near : far, 1.0);
}
