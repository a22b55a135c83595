// The frame's passes, in order (renderer.hpp says what each is for).
#include <algorithm>
#include <string>

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/renderer.hpp"
#include "render/vertex_layout.hpp"

namespace flatline::render {
namespace {

void set_vec3(GLint location, const glm::vec3& v) {
  glUniform3fv(location, 1, glm::value_ptr(v));
}

constexpr GLint kTextureUnit = 0, kShadowUnit = 1;

}  // namespace

void Renderer::submit(const Camera& camera, int width, int height, const RenderSettings& settings) {
  stats_.draw_calls = stats_.level_draw_calls = stats_.shadow_draw_calls = 0;
  stats_.draw_calls_per_kind.fill(0);
  stats_.upload_bytes = 0;
  choose_antialiasing(settings, width, height);
  mesh_ = &programs_.mesh[mesh_variant(settings.shadows, settings.soft_shadows)];
  stats_.target_reallocations = std::max(scene_target_.reallocations(), 0);
  upload_instances(settings);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  if (settings.shadows) shadow_pass(settings);  // off: mesh_'s variant reads no map
  if (antialiasing_ != Antialiasing::kOff) scene_target_.begin();
  glViewport(0, 0, width, height);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  lit_pass(camera, settings);
  sky_pass(camera);
  blended_pass(camera, settings);
  view_model_pass(camera, settings);
  present(width, height);
  glBindVertexArray(0);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glActiveTexture(GL_TEXTURE0);
}

// The settings' anti-aliasing, its target fitted to the window; one the driver refuses
// (too many samples) falls back to none, aliased, and is not asked for again.
void Renderer::choose_antialiasing(const RenderSettings& settings, int width, int height) {
  antialiasing_ = settings.antialiasing;
  msaa_samples_ = antialiasing_ == Antialiasing::kMsaa ? settings.msaa_samples : 0;
  if (antialiasing_ == refused_ && msaa_samples_ == refused_samples_)
    antialiasing_ = Antialiasing::kOff;
  std::string error;
  if (antialiasing_ != Antialiasing::kOff &&
      !scene_target_.fit(width, height, antialiasing_, msaa_samples_, error)) {
    refused_ = antialiasing_;
    refused_samples_ = msaa_samples_;
    antialiasing_ = Antialiasing::kOff;
  }
  if (antialiasing_ == Antialiasing::kOff) msaa_samples_ = 0;
  stats_.msaa_samples = msaa_samples_;
  stats_.fxaa = antialiasing_ == Antialiasing::kFxaa;
}

// Each kind's live objects into this frame's buffer of the ring, once: the shadow pass
// and the main pass both draw from it. Never glBufferData per frame.
void Renderer::upload_instances(const RenderSettings& settings) {
  ring_slot_ = settings.instance_ring ? (ring_slot_ + 1) % kRing : 0;
  for (int k = 0; k < kKindCount; ++k) {
    const std::size_t count = scene_.count[k];
    stats_.instances[k] = count;
    if (count == 0) continue;
    const auto bytes = static_cast<GLsizeiptr>(count * sizeof(Instance));
    glBindBuffer(GL_ARRAY_BUFFER, batches_[k].instances[ring_slot_].id());
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, scene_.items[k].data());
    stats_.upload_bytes += static_cast<std::size_t>(bytes);
  }
}

// What the sun sees first, as depth: the level (drawn once at load, copied in), then what
// moves: the targets, the casings, the spheres, the debris.
void Renderer::shadow_pass(const RenderSettings& settings) {
  shadow_map_.begin();
  glUseProgram(programs_.shadow.program.id());
  glUniformMatrix4fv(programs_.shadow.view_proj, 1, GL_FALSE, glm::value_ptr(sun_view_proj_));
  glCullFace(GL_FRONT);  // the far sides' depth, as for the level (renderer.cpp)
  draw_batch(kDrawTargets, settings, &stats_.shadow_draw_calls);
  draw_batch(kDrawCasings, settings, &stats_.shadow_draw_calls);
  draw_batch(kDrawSpheres, settings, &stats_.shadow_draw_calls);
  draw_batch(kDrawDebris, settings, &stats_.shadow_draw_calls);
  glCullFace(GL_BACK);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Renderer::set_material(GLuint texture, const glm::vec4& base_color, float emissive) {
  glBindTexture(GL_TEXTURE_2D, texture);  // unit 0
  glUniform4fv(mesh_->base_color, 1, glm::value_ptr(base_color));
  glUniform1f(mesh_->emissive, emissive);
}

// The level and the opaque kinds, lit by the hemisphere and the shadowed sun.
void Renderer::lit_pass(const Camera& camera, const RenderSettings& settings) {
  const MeshProgram& p = *mesh_;  // the variant for the settings' shadow (submit)
  glUseProgram(p.program.id());
  glUniformMatrix4fv(p.view_proj, 1, GL_FALSE, glm::value_ptr(camera.view_proj));
  glUniformMatrix4fv(p.light_view_proj, 1, GL_FALSE, glm::value_ptr(sun_view_proj_));
  set_vec3(p.sun_dir, lighting_.sun_dir);
  set_vec3(p.sun_color, lighting_.sun_color);
  set_vec3(p.sky_color, lighting_.sky_color);
  set_vec3(p.ground_color, lighting_.ground_color);
  set_vec3(p.fog_color, lighting_.fog_color);
  const float far_away = 1e9f;  // fog off: it starts beyond anything drawn
  glUniform2f(p.fog_range, settings.fog ? lighting_.fog_near : far_away,
              settings.fog ? lighting_.fog_far : 2.0f * far_away);
  glUniform1i(p.tone_mapping, settings.tone_mapping ? 1 : 0);
  glUniform1f(p.shadow_texel, 1.0f / static_cast<float>(shadow_map_.size()));
  glUniform1i(p.texture, kTextureUnit);
  glUniform1i(p.shadow_map, kShadowUnit);
  glActiveTexture(GL_TEXTURE0 + kShadowUnit);
  glBindTexture(GL_TEXTURE_2D, shadow_map_.texture());
  glActiveTexture(GL_TEXTURE0 + kTextureUnit);
  draw_level(false, false);
  for (Kind kind : {kDrawTargets, kDrawCasings, kDrawSpheres, kDrawDebris}) {
    set_material(batches_[kind].texture, batches_[kind].base_color, 0.0f);
    draw_batch(kind, settings, nullptr);
  }
  set_material(textures_.white.id(), glm::vec4(1.0f), 1.0f);  // bullets glow
  draw_batch(kDrawBullets, settings, nullptr);
}

// The sky after the opaque meshes: only the pixels nothing covered are shaded.
void Renderer::sky_pass(const Camera& camera) {
  const SkyProgram& p = programs_.sky;
  glUseProgram(p.program.id());
  glUniformMatrix4fv(p.inverse_view_proj, 1, GL_FALSE,
                     glm::value_ptr(glm::inverse(camera.view_proj)));
  set_vec3(p.eye, camera.eye);
  set_vec3(p.sun_dir, lighting_.sun_dir);
  set_vec3(p.zenith_color, lighting_.zenith_color);
  set_vec3(p.fog_color, lighting_.fog_color);
  set_vec3(p.ground_color, lighting_.ground_color);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++stats_.draw_calls;
  glDepthFunc(GL_LESS);
}

// Decals and the glass blended over what is there; glowing kinds added on top.
void Renderer::blended_pass(const Camera& camera, const RenderSettings& settings) {
  glUseProgram(mesh_->program.id());
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  // Decals: pulled toward the eye so they never z-fight the wall they sit on.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -4.0f);
  set_material(batches_[kDrawDecals].texture, batches_[kDrawDecals].base_color, 0.0f);
  draw_batch(kDrawDecals, settings, nullptr);
  glDisable(GL_POLYGON_OFFSET_FILL);
  draw_level(true, false);  // the glass
  glUseProgram(programs_.glow.program.id());
  glUniformMatrix4fv(programs_.glow.view_proj, 1, GL_FALSE, glm::value_ptr(camera.view_proj));
  set_vec3(programs_.glow.eye, camera.eye);
  glBlendFunc(GL_ONE, GL_ONE);  // additive: light adds up
  glDisable(GL_CULL_FACE);      // a camera-facing quad may be wound either way
  draw_batch(kDrawTracers, settings, nullptr);
  draw_batch(kDrawSparks, settings, nullptr);
  glEnable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
}

// The gun in the player's hands, over everything (its own depth), then its muzzle flash.
void Renderer::view_model_pass(const Camera& camera, const RenderSettings& settings) {
  glClear(GL_DEPTH_BUFFER_BIT);  // the gun never sinks into a wall the player stands at
  glUseProgram(mesh_->program.id());
  set_material(textures_.white.id(), glm::vec4(1.0f), 0.0f);
  draw_batch(kDrawWeapon, settings, nullptr);
  glUseProgram(programs_.glow.program.id());
  glUniformMatrix4fv(programs_.glow.view_proj, 1, GL_FALSE, glm::value_ptr(camera.view_proj));
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  draw_batch(kDrawMuzzle, settings, nullptr);
  glEnable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
}

void Renderer::present(int width, int height) {
  if (antialiasing_ == Antialiasing::kMsaa) scene_target_.blit_to_window(width, height);
  if (antialiasing_ != Antialiasing::kFxaa) return;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDisable(GL_DEPTH_TEST);
  glUseProgram(programs_.fxaa.program.id());
  glUniform1i(programs_.fxaa.scene, kTextureUnit);
  glBindTexture(GL_TEXTURE_2D, scene_target_.color_texture());
  glBindVertexArray(empty_vao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++stats_.draw_calls;
  glEnable(GL_DEPTH_TEST);
}

void Renderer::draw_level(bool blended, bool shadow) {
  glBindVertexArray(level_vao_.id());
  // The level is one instance at the origin: its instance attributes are constants.
  glVertexAttrib4f(kAttrInstancePosition, 0, 0, 0, 0);
  glVertexAttrib4f(kAttrInstanceScale, 1, 1, 1, 0);
  glVertexAttrib4f(kAttrInstanceForward, 0, 0, 1, 0);
  glVertexAttrib4f(kAttrInstanceColor, 1, 1, 1, 1);
  if (blended) glDepthMask(GL_FALSE);
  for (const LevelDraw& draw : level_) {
    if (draw.blend != blended || (shadow && draw.blend)) continue;
    if (!shadow) set_material(draw.texture, draw.base_color, 0.0f);
    glDrawElementsBaseVertex(GL_TRIANGLES, draw.range.index_count, GL_UNSIGNED_INT,
                             draw.range.index_offset(), draw.range.base_vertex);
    ++stats_.draw_calls;
    ++(shadow ? stats_.shadow_draw_calls : stats_.level_draw_calls);
  }
  if (blended) glDepthMask(GL_TRUE);
}

void Renderer::draw_batch(Kind kind, const RenderSettings& settings, int* counter) {
  const std::size_t count = scene_.count[kind];
  if (count == 0) return;
  const Batch& batch = batches_[kind];
  const MeshRange& mesh = batch.mesh;
  glBindVertexArray(batch.vao[ring_slot_].id());
  if (settings.instancing) {
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, mesh.index_count, GL_UNSIGNED_INT,
                                      mesh.index_offset(), static_cast<GLsizei>(count),
                                      mesh.base_vertex);  // all of them, one call
    ++stats_.draw_calls;
    ++(counter ? *counter : stats_.draw_calls_per_kind[kind]);
    return;
  }
  // Instancing off: point the per-instance attributes at each record in turn and issue
  // one draw per object, as a scene graph of separate meshes would.
  glBindBuffer(GL_ARRAY_BUFFER, batch.instances[ring_slot_].id());
  for (std::size_t i = 0; i < count; ++i) {
    for (GLuint a = 0; a < kInstanceAttributes; ++a)
      glVertexAttribPointer(
          kAttrInstancePosition + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
          reinterpret_cast<const void*>(i * sizeof(Instance) + a * sizeof(glm::vec4)));
    glDrawElementsBaseVertex(GL_TRIANGLES, mesh.index_count, GL_UNSIGNED_INT, mesh.index_offset(),
                             mesh.base_vertex);
    ++stats_.draw_calls;
    ++(counter ? *counter : stats_.draw_calls_per_kind[kind]);
  }
  bind_instance_attributes(batch.instances[ring_slot_].id());
}

}  // namespace flatline::render
