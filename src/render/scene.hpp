// From the world to instance records: what the GPU draws, computed on the CPU
// with no GL at all (so it is tested headless). Reads `const World&` and the
// interpolation alpha; writes only into preallocated arrays.
#pragma once

#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "render/render_stats.hpp"
#include "settings/settings.hpp"
#include "sim/world.hpp"

namespace flatline::render {

inline constexpr int kWeaponParts = 5;  // the view model's boxes

// One instance of a kind's mesh: 64 bytes, four vec4 attributes with divisor 1.
struct Instance {
  glm::vec4 position{0.0f};                   // xyz
  glm::vec4 scale{0.0f};                      // xyz
  glm::vec4 forward{0.0f, 0.0f, 1.0f, 0.0f};  // local +z; w = roll
  glm::vec4 color{1.0f};
};
static_assert(sizeof(Instance) == 64, "the vertex layout in shaders/mesh.vert expects 64 bytes");

struct Camera {
  glm::vec3 eye{0.0f};
  glm::vec3 forward{0.0f, 0.0f, -1.0f};
  glm::mat4 view_proj{1.0f};
};

using ::flatline::kDefaultFovDegrees;  // vertical field of view (settings/settings.hpp)

Camera make_camera(const World& world, float alpha, float aspect,
                   float fov_degrees = kDefaultFovDegrees);

// Per kind, a staging array sized to the pool's capacity at load and a count.
struct SceneInstances {
  std::array<std::vector<Instance>, kKindCount> items;
  std::array<std::size_t, kKindCount> count{};

  // Sizes every array for the world's pools. Returns true if any array grew.
  bool reserve_for(const World& world);
  std::span<const Instance> of(Kind kind) const { return {items[kind].data(), count[kind]}; }
};

// The capacity each kind needs: the pool's capacity (or the arena's box count).
std::size_t capacity_for(const World& world, Kind kind);

// The kind whose instance buffer is sized to pool `pool` (PoolId), or -1 for a pool
// drawn without one (damage numbers: the overlay's text).
int kind_of_pool(int pool);

// The GPU bytes of pool `pool`'s instance buffer, from the renderer's stats.
inline std::size_t gpu_bytes_of_pool(const RenderStats& stats, int pool) {
  const int kind = kind_of_pool(pool);
  return kind < 0 ? 0 : stats.buffer_bytes[static_cast<std::size_t>(kind)];
}

// How a bullet is drawn (build_scene): a streak this wide, in this colour. A lingering
// bullet's streak shrinks onto where it stopped, and cools (effect_life.hpp).
inline constexpr glm::vec4 kBulletColor{1.0f, 0.85f, 0.35f, 1.0f};
inline constexpr float kBulletWidth = 0.05f;
inline glm::vec4 bullet_color(float fade_by) {
  return {glm::vec3(kBulletColor) * (0.5f + 0.5f * fade_by), 1.0f};
}

// A bullet's instance record: the streak trailing it (scene.cpp). Bullets past the
// full-visual cap are drawn by their tracer instead, and get none.
Instance bullet_record(const Bullet& b, float alpha);

// Fills `scene` with the live objects, interpolated by alpha. Never allocates.
void build_scene(const World& world, float alpha, SceneInstances& scene);

}  // namespace flatline::render
