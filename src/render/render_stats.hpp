// What a frame of rendering cost, counted by the renderer and shown by the overlay.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace flatline::render {

// One batch per kind of thing drawn; each is one instanced draw call.
enum Kind : int {
  kDrawArena,
  kDrawTargets,
  kDrawDecals,
  kDrawCasings,
  kDrawBullets,
  kDrawTracers,
  kDrawSparks,
  kDrawMuzzle,
  kKindCount
};
inline constexpr std::array<const char*, kKindCount> kKindNames = {
    "arena", "targets", "decals", "casings", "bullets", "tracers", "sparks", "muzzle"};

struct RenderStats {
  int draw_calls = 0;  // this frame
  std::array<int, kKindCount> draw_calls_per_kind{};
  std::array<std::size_t, kKindCount> instances{};  // this frame
  std::size_t upload_bytes = 0;                     // this frame, glBufferSubData
  std::uint64_t buffer_allocations = 0;             // glBufferData calls, ever (load included)
  std::uint64_t buffer_reallocations = 0;  // of those, after load: a pool outgrew its buffer
  std::array<std::size_t, kKindCount> buffer_bytes{};  // each kind's instance buffer, on the GPU
};

}  // namespace flatline::render
