#include "render/renderer.hpp"

#include <algorithm>
#include <cstddef>

namespace flatline::render {
namespace {

int material_index(const assets::Level& level, const char* name) {
  for (std::size_t i = 0; i < level.materials.size(); ++i)
    if (level.materials[i].name == name) return static_cast<int>(i);
  return -1;
}

// The level's parts of one material as one mesh: one draw call per material.
MeshData merge_parts(const std::vector<assets::Mesh>& parts, int material) {
  MeshData merged;
  for (const assets::Mesh& part : parts) {
    if (part.material != material && material >= 0) continue;
    const auto base = static_cast<std::uint32_t>(merged.vertices.size());
    merged.vertices.insert(merged.vertices.end(), part.vertices.begin(), part.vertices.end());
    for (std::uint32_t i : part.indices)
      merged.indices.push_back(base + i);
  }
  return merged;
}

}  // namespace

bool Renderer::init(const World& world, const assets::Level& level, const RendererConfig& config,
                    std::string& error) {
  if (!load_programs(config.shader_dir, programs_, error)) return false;
  lighting_ = default_lighting();
  sun_view_proj_ = sun_view_proj(lighting_, world.arena.half_extent, 6.0f);
  if (!shadow_map_.init(std::max(config.shadow_map_size, 256), error)) return false;
  stats_.shadow_map_size = shadow_map_.size();
  if (!upload_textures(level, textures_, error)) return false;
  upload_meshes(level);
  size_buffers(world, false);
  shadow_map_.begin_static();  // the level's shadow, once: it never moves
  glUseProgram(programs_.shadow.program.id());
  glUniformMatrix4fv(programs_.shadow.view_proj, 1, GL_FALSE, &sun_view_proj_[0][0]);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_FRONT);  // the far sides' depth: a lit face never shadows itself (no acne)
  draw_level(false, true);
  glCullFace(GL_BACK);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (config.warm_up) warm_up(world, config);  // off: the teaching switch, the first shot pays
  return true;
}

// Every mesh into one buffer pair; every kind's vertex arrays point at it.
void Renderer::upload_meshes(const assets::Level& level) {
  for (std::size_t m = 0; m < level.materials.size(); ++m) {
    const MeshData merged = merge_parts(level.parts, static_cast<int>(m));
    if (merged.indices.empty()) continue;
    const assets::Material& material = level.materials[m];
    level_.push_back(
        {meshes_.add(merged), textures_.of(material.texture), material.base_color, material.blend});
  }
  const auto use = [&](Kind kind, const MeshData& mesh, int material) {
    Batch& batch = batches_[kind];
    batch.mesh = meshes_.add(mesh);
    if (material < 0) return;
    batch.texture = textures_.of(level.materials[static_cast<std::size_t>(material)].texture);
    batch.base_color = level.materials[static_cast<std::size_t>(material)].base_color;
  };
  use(kDrawTargets, merge_parts(level.target, -1),
      level.target.empty() ? -1 : level.target.front().material);
  use(kDrawDecals, unit_quad(), material_index(level, "decal"));
  use(kDrawCasings, unit_cylinder(10), -1);
  use(kDrawBullets, unit_sphere(10, 6), -1);  // stretched along its flight: a streak
  for (Kind glow : {kDrawTracers, kDrawSparks, kDrawMuzzle})
    use(glow, unit_quad(), -1);
  use(kDrawWeapon, unit_box(), -1);
  use(kDrawSpheres, unit_sphere(16, 10), -1);  // low-poly: a hundred of them on screen
  use(kDrawDebris, unit_box(),                 // pieces of the target's board, its texture and all
      level.target.empty() ? -1 : level.target.front().material);
  meshes_.upload();

  level_vao_ = gl::make_vertex_array();  // per-vertex only: instance attributes stay constant
  glBindVertexArray(level_vao_.id());
  meshes_.bind_to_vertex_array();
  empty_vao_ = gl::make_vertex_array();  // the sky makes its triangle from gl_VertexID
  for (Batch& batch : batches_) {
    if (batch.texture == 0) batch.texture = textures_.white.id();
    for (int r = 0; r < kRing; ++r) {
      batch.vao[r] = gl::make_vertex_array();
      batch.instances[r] = gl::make_buffer();
      glBindVertexArray(batch.vao[r].id());
      meshes_.bind_to_vertex_array();
      bind_instance_attributes(batch.instances[r].id());
    }
  }
  glBindVertexArray(0);
}

// Instance buffers hold each pool's capacity: glBufferData at load, and again only if a
// Grow pool outgrew its buffer (counted as a reallocation).
void Renderer::size_buffers(const World& world, bool after_load) {
  scene_.reserve_for(world);
  for (int k = 0; k < kKindCount; ++k) {
    Batch& batch = batches_[static_cast<std::size_t>(k)];
    const std::size_t need = scene_.items[k].size();
    if (batch.capacity >= need) continue;
    for (gl::Buffer& buffer : batch.instances) {
      glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
      glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(need * sizeof(Instance)), nullptr,
                   GL_STREAM_DRAW);
      gl::label(GL_BUFFER, buffer.id(), kKindNames[static_cast<std::size_t>(k)]);
    }
    batch.capacity = need;
    stats_.buffer_bytes[static_cast<std::size_t>(k)] = need * sizeof(Instance) * kRing;
    ++stats_.buffer_allocations;
    if (after_load) ++stats_.buffer_reallocations;
  }
}

// Warm-up: draw every kind now, into every buffer of the ring, with each variant of the lit
// program, with and without instancing (llvmpipe JIT-compiles each apart on first use), so
// the first shot does not pay for the driver's lazy shader and buffer work. Unused slots
// hold zero-sized instances: drawing them all touches every buffer byte.
void Renderer::warm_up(const World& world, const RendererConfig& config) {
  build_scene(world, 1.0f, scene_);
  for (int k = 0; k < kKindCount; ++k)
    scene_.count[k] = scene_.items[k].size();
  RenderSettings settings;
  settings.antialiasing = config.antialiasing;
  settings.msaa_samples = config.msaa_samples;
  const Camera camera = make_camera(world, 1.0f, 1.0f);
  for (int r = 0; r < kRing; ++r)
    submit(camera, config.width, config.height, settings);
  settings.soft_shadows = false;  // every variant of the lit program (programs.hpp) once
  submit(camera, config.width, config.height, settings);
  settings.shadows = false;
  submit(camera, config.width, config.height, settings);
  settings.shadows = true;
  settings.instancing = false;  // one draw per object
  submit(camera, config.width, config.height, settings);
  glFinish();
}

void Renderer::draw(const World& world, float alpha, int width, int height,
                    const RenderSettings& settings) {
  if (width <= 0 || height <= 0) {  // minimised: nothing to draw into, nothing counted
    stats_.draw_calls = stats_.level_draw_calls = stats_.shadow_draw_calls = 0;
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

}  // namespace flatline::render
