#include "render/renderer.hpp"

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

#include "render/cube.hpp"
#include "render/shader.hpp"

namespace flatline::render {
namespace {

const glm::vec3 kSky{0.55f, 0.70f, 0.88f};

}  // namespace

bool Renderer::init(const World& world, const std::string& shader_dir, std::string& error,
                    bool warm_up) {
  program_ = load_program({shader_dir + "/mesh.vert", shader_dir + "/mesh.frag"}, error);
  if (!program_) return false;
  u_view_proj_ = glGetUniformLocation(program_.id(), "u_view_proj");
  u_sun_dir_ = glGetUniformLocation(program_.id(), "u_sun_dir");
  u_eye_ = glGetUniformLocation(program_.id(), "u_eye");
  u_emissive_ = glGetUniformLocation(program_.id(), "u_emissive");
  u_grid_ = glGetUniformLocation(program_.id(), "u_grid");
  u_fog_ = glGetUniformLocation(program_.id(), "u_fog_color");

  const auto cube = unit_cube();
  cube_ = gl::make_buffer();
  glBindBuffer(GL_ARRAY_BUFFER, cube_.id());
  glBufferData(GL_ARRAY_BUFFER, sizeof(cube), cube.data(), GL_STATIC_DRAW);

  for (Batch& batch : batches_) {
    batch.vao = gl::make_vertex_array();
    batch.instances = gl::make_buffer();
    glBindVertexArray(batch.vao.id());
    glBindBuffer(GL_ARRAY_BUFFER, cube_.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                          reinterpret_cast<const void*>(3 * sizeof(float)));
    glBindBuffer(GL_ARRAY_BUFFER, batch.instances.id());
    for (GLuint a = 0; a < 4; ++a) {
      glEnableVertexAttribArray(2 + a);
      glVertexAttribPointer(2 + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                            reinterpret_cast<const void*>(a * sizeof(glm::vec4)));
      glVertexAttribDivisor(2 + a, 1);  // these attributes step once per instance, not per vertex
    }
  }
  glBindVertexArray(0);
  size_buffers(world, false);
  if (!warm_up) return true;  // the teaching switch: the first shot pays for what follows

  // Warm-up: draw every kind once now, so the first shot does not pay for the
  // driver's lazy shader and buffer work.
  // Unused slots hold zero-sized instances: drawing them all touches every buffer byte.
  build_scene(world, 1.0f, scene_);
  for (int k = 0; k < kKindCount; ++k)
    scene_.count[k] = scene_.items[k].size();
  submit(make_camera(world, 1.0f, 1.0f), 64, 64, RenderSettings{});
  // And again without instancing (the overlay's switch): llvmpipe JIT-compiles that path
  // apart on first use (106 operator new calls in LLVM, measured); all objects, as one of
  // each did not compile it.
  RenderSettings one_draw_per_object;
  one_draw_per_object.instancing = false;
  submit(make_camera(world, 1.0f, 1.0f), 64, 64, one_draw_per_object);
  glFinish();
  return true;
}

// Instance buffers hold each pool's capacity: glBufferData at load, and again
// only if a Grow pool outgrew its buffer (counted as a reallocation).
void Renderer::size_buffers(const World& world, bool after_load) {
  scene_.reserve_for(world);
  for (int k = 0; k < kKindCount; ++k) {
    Batch& batch = batches_[static_cast<std::size_t>(k)];
    const std::size_t need = scene_.items[k].size();
    if (batch.capacity >= need) continue;
    glBindBuffer(GL_ARRAY_BUFFER, batch.instances.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(need * sizeof(Instance)), nullptr,
                 GL_STREAM_DRAW);
    batch.capacity = need;
    stats_.buffer_bytes[static_cast<std::size_t>(k)] = need * sizeof(Instance);
    ++stats_.buffer_allocations;
    if (after_load) ++stats_.buffer_reallocations;
  }
}

void Renderer::draw(const World& world, float alpha, int width, int height,
                    const RenderSettings& settings) {
  if (width <= 0 || height <= 0) {  // minimised: nothing to draw into, nothing counted
    stats_.draw_calls = 0;
    stats_.draw_calls_per_kind.fill(0);
    stats_.instances.fill(0);
    stats_.upload_bytes = 0;
    return;
  }
  size_buffers(world, true);
  build_scene(world, alpha, scene_);
  const float aspect = static_cast<float>(width) / static_cast<float>(height);
  submit(make_camera(world, alpha, aspect, settings.fov_degrees), width, height, settings);
}

void Renderer::submit(const Camera& camera, int width, int height, const RenderSettings& settings) {
  stats_.draw_calls = 0;
  stats_.draw_calls_per_kind.fill(0);
  stats_.upload_bytes = 0;
  glViewport(0, 0, width, height);
  glClearColor(kSky.r, kSky.g, kSky.b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glDepthMask(GL_TRUE);
  glUseProgram(program_.id());
  glUniformMatrix4fv(u_view_proj_, 1, GL_FALSE, glm::value_ptr(camera.view_proj));
  const glm::vec3 sun = glm::normalize(glm::vec3(-0.4f, -1.0f, -0.3f));
  glUniform3fv(u_sun_dir_, 1, glm::value_ptr(sun));
  glUniform3fv(u_eye_, 1, glm::value_ptr(camera.eye));
  glUniform3fv(u_fog_, 1, glm::value_ptr(kSky));

  // Opaque, lit.
  glUniform1f(u_emissive_, 0.0f);
  glUniform1f(u_grid_, 1.0f);
  draw_batch(kDrawArena, settings);
  glUniform1f(u_grid_, 0.0f);
  draw_batch(kDrawTargets, settings);
  draw_batch(kDrawCasings, settings);
  // Bullets: opaque, and glowing (unlit).
  glUniform1f(u_emissive_, 1.0f);
  draw_batch(kDrawBullets, settings);
  glUniform1f(u_emissive_, 0.0f);
  // Decals: blended onto the surface, pulled toward the eye so they never z-fight.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1.0f, -4.0f);
  glDepthMask(GL_FALSE);
  draw_batch(kDrawDecals, settings);
  glDisable(GL_POLYGON_OFFSET_FILL);
  // Glowing kinds, added on top: tracers, sparks, the muzzle flash.
  glUniform1f(u_emissive_, 1.0f);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE);
  draw_batch(kDrawTracers, settings);
  draw_batch(kDrawSparks, settings);
  glDisable(GL_DEPTH_TEST);
  draw_batch(kDrawMuzzle, settings);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glBindVertexArray(0);
}

void Renderer::draw_batch(Kind kind, const RenderSettings& settings) {
  const std::size_t count = scene_.count[kind];
  stats_.instances[kind] = count;
  if (count == 0) return;
  Batch& batch = batches_[kind];
  glBindVertexArray(batch.vao.id());
  glBindBuffer(GL_ARRAY_BUFFER, batch.instances.id());
  const auto bytes = static_cast<GLsizeiptr>(count * sizeof(Instance));
  glBufferSubData(GL_ARRAY_BUFFER, 0, bytes,
                  scene_.items[kind].data());  // never glBufferData per frame
  stats_.upload_bytes += static_cast<std::size_t>(bytes);
  if (settings.instancing) {
    glDrawArraysInstanced(GL_TRIANGLES, 0, 36,
                          static_cast<GLsizei>(count));  // all of them, one call
    ++stats_.draw_calls;
    ++stats_.draw_calls_per_kind[kind];
    return;
  }
  // Instancing off: point the per-instance attributes at each record in turn and
  // issue one draw per object, as a scene graph of separate meshes would.
  for (std::size_t i = 0; i < count; ++i) {
    for (GLuint a = 0; a < 4; ++a)
      glVertexAttribPointer(
          2 + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
          reinterpret_cast<const void*>(i * sizeof(Instance) + a * sizeof(glm::vec4)));
    glDrawArrays(GL_TRIANGLES, 0, 36);
    ++stats_.draw_calls;
    ++stats_.draw_calls_per_kind[kind];
  }
  for (GLuint a = 0; a < 4; ++a)
    glVertexAttribPointer(2 + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                          reinterpret_cast<const void*>(a * sizeof(glm::vec4)));
}

}  // namespace flatline::render
