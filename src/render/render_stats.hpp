// What a frame of rendering cost, counted by the renderer and shown by the overlay.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace flatline::render {

// One batch per kind of thing drawn; each is one instanced draw call. (The level itself is
// a few static meshes, one draw per material: RenderStats::level_draw_calls.)
enum Kind : int {
  kDrawTargets,
  kDrawDecals,
  kDrawCasings,
  kDrawBullets,
  kDrawTracers,
  kDrawSparks,
  kDrawMuzzle,
  kDrawWeapon,  // the view model: the gun in the player's hands
  kDrawSpheres,
  kDrawDebris,
  kKindCount
};
inline constexpr std::array<const char*, kKindCount> kKindNames = {
    "targets", "decals", "casings", "bullets", "tracers",
    "sparks",  "muzzle", "weapon",  "spheres", "debris"};

struct RenderStats {
  int draw_calls = 0;            // this frame, every pass
  int level_draw_calls = 0;      // this frame: the level's meshes, one per material
  int shadow_draw_calls = 0;     // this frame, in the sun's shadow pass
  int shadow_map_size = 0;       // texels on a side; 0: no shadows
  int msaa_samples = 0;          // the scene's multisampling; 0: none
  bool fxaa = false;             // the scene anti-aliased by the FXAA pass
  int target_reallocations = 0;  // the multisampled buffers remade after load (a resize)
  std::array<int, kKindCount> draw_calls_per_kind{};
  std::array<std::size_t, kKindCount> instances{};  // this frame
  std::size_t upload_bytes = 0;                     // this frame, glBufferSubData
  std::uint64_t buffer_allocations = 0;             // glBufferData calls, ever (load included)
  std::uint64_t buffer_reallocations = 0;  // of those, after load: a pool outgrew its buffer
  std::array<std::size_t, kKindCount> buffer_bytes{};  // each kind's instance buffer, on the GPU
};

}  // namespace flatline::render
