// The renderer: one instanced draw call per kind of thing, whatever the count.
//
// Every pooled object already exists, hidden: at load each kind gets an instance
// buffer sized to its pool's capacity (glBufferData, once). A frame writes the
// live objects into it with glBufferSubData and draws them all with one
// glDrawArraysInstanced. Reads `const World&` and alpha; writes nothing back.
#pragma once

#include <array>
#include <string>

#include "render/gl_object.hpp"
#include "render/render_stats.hpp"
#include "render/scene.hpp"
#include "sim/world.hpp"

namespace flatline::render {

struct RenderSettings {
  bool instancing = true;  // off: one draw call per object (to show what instancing saves)
  float fov_degrees = kDefaultFovDegrees;
};

class Renderer {
 public:
  // Loads shaders from `shader_dir`, sizes every buffer for the world's pools and
  // draws each kind once (warm-up; `warm_up` false skips it, so the first frames
  // pay the driver's lazy work). Returns false with `error` set on failure.
  bool init(const World& world, const std::string& shader_dir, std::string& error,
            bool warm_up = true);

  void draw(const World& world, float alpha, int width, int height, const RenderSettings& settings);
  const RenderStats& stats() const { return stats_; }

 private:
  struct Batch {
    gl::VertexArray vao;
    gl::Buffer instances;
    std::size_t capacity = 0;  // instances the GL buffer holds
  };
  void size_buffers(const World& world, bool after_load);
  void submit(const Camera& camera, int width, int height, const RenderSettings& settings);
  void draw_batch(Kind kind, const RenderSettings& settings);

  gl::Program program_;
  gl::Buffer cube_;
  std::array<Batch, kKindCount> batches_;
  SceneInstances scene_;
  RenderStats stats_;
  GLint u_view_proj_ = -1, u_sun_dir_ = -1, u_eye_ = -1, u_emissive_ = -1, u_grid_ = -1,
        u_fog_ = -1;
};

}  // namespace flatline::render
