// The renderer: one instanced draw call per kind of thing, whatever the count.
//
// Every pooled object already exists, hidden: at load each kind gets instance buffers
// sized to its pool's capacity (glBufferData, once). A frame writes the live objects into
// one of them with glBufferSubData (a hidden slot is simply not written) and draws them all
// with one glDrawElementsInstanced. Reads `const World&` and alpha; writes nothing back.
//
// The passes, as three.js's games_fps lights its scene: the sun's shadow map, the level
// and the lit kinds (hemisphere + sun with PCF shadows, fog), the sky, what is blended
// (decals, the glass, glowing kinds), then the gun in the player's hands. The scene is
// drawn into its own buffer and anti-aliased into the window (FXAA, or MSAA resolved),
// where the overlay goes on top.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "assets/level.hpp"
#include "render/framebuffers.hpp"
#include "render/gl_object.hpp"
#include "render/gpu_mesh.hpp"
#include "render/lighting.hpp"
#include "render/programs.hpp"
#include "render/render_stats.hpp"
#include "render/scene.hpp"
#include "render/textures.hpp"
#include "settings/settings.hpp"
#include "sim/world.hpp"

namespace flatline::render {

struct RendererConfig {
  std::string shader_dir;
  bool warm_up = true;  // false: the first frames pay the driver's lazy work
  Antialiasing antialiasing = Antialiasing::kFxaa;  // the warm-up's (antialiasing.hpp)
  int msaa_samples = 4;                             // with kMsaa
  int shadow_map_size = 1024;                       // texels on a side, 256 or more
  int width = 64, height = 64;  // the window's framebuffer at load: the warm-up's size
};

// Switches the overlay can flip between frames: the settings' render group, as it is
// (settings/settings.hpp).
using RenderSettings = ::flatline::RenderSettings;

class Renderer {
 public:
  // Loads shaders, uploads the level and the kinds' meshes, sizes every buffer for the
  // world's pools and draws each kind once (warm-up). False with `error` set on failure.
  bool init(const World& world, const assets::Level& level, const RendererConfig& config,
            std::string& error);

  void draw(const World& world, float alpha, int width, int height, const RenderSettings& settings);
  const RenderStats& stats() const { return stats_; }

 private:
  // Instance buffers rotate through a ring (as sokol_gfx does): the frame writes one the
  // GPU finished reading frames ago, never the one the previous frame's draws still read.
  static constexpr int kRing = 3;
  struct Batch {
    std::array<gl::VertexArray, kRing> vao;
    std::array<gl::Buffer, kRing> instances;
    std::size_t capacity = 0;  // instances each GL buffer holds
    MeshRange mesh;
    GLuint texture = 0;
    glm::vec4 base_color{1.0f};
  };
  struct LevelDraw {  // the level's triangles of one material
    MeshRange range;
    GLuint texture = 0;
    glm::vec4 base_color{1.0f};
    bool blend = false;
  };
  void upload_meshes(const assets::Level& level);
  void size_buffers(const World& world, bool after_load);
  void warm_up(const World& world, const RendererConfig& config);
  void choose_antialiasing(const RenderSettings& settings, int width, int height);
  void submit(const Camera& camera, int width, int height, const RenderSettings& settings);
  void upload_instances(const RenderSettings& settings);
  void shadow_pass(const RenderSettings& settings);
  void lit_pass(const Camera& camera, const RenderSettings& settings);
  void sky_pass(const Camera& camera);
  void blended_pass(const Camera& camera, const RenderSettings& settings);
  void view_model_pass(const Camera& camera, const RenderSettings& settings);
  void present(int width, int height);  // the scene into the window, anti-aliased
  void draw_level(bool blended, bool shadow);
  void draw_batch(Kind kind, const RenderSettings& settings, int* counter);
  void set_material(GLuint texture, const glm::vec4& base_color, float emissive);

  Programs programs_;
  MeshBuffer meshes_;
  Textures textures_;
  ShadowMap shadow_map_;
  SceneTarget scene_target_;
  std::array<Batch, kKindCount> batches_;
  std::vector<LevelDraw> level_;
  gl::VertexArray level_vao_, empty_vao_;
  SceneInstances scene_;
  Lighting lighting_;
  glm::mat4 sun_view_proj_{1.0f};
  Antialiasing antialiasing_ = Antialiasing::kOff;  // this frame's
  int msaa_samples_ = 0;
  Antialiasing refused_ = Antialiasing::kOff;  // what the driver could not make: not retried
  int refused_samples_ = 0;
  int ring_slot_ = 0;
  const MeshProgram* mesh_ = nullptr;  // this frame's variant of the lit program
  RenderStats stats_;
};

}  // namespace flatline::render
