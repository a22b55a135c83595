// The world's configuration: the seed, the level's boxes, each pooled kind's pool, the
// weapons' numbers and the teaching switches. A World is made from one and keeps its copy
// (world.hpp); set_bullet_speed there keeps the bullets' speeds in proportion.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/arena.hpp"
#include "sim/pooled_kinds.hpp"

namespace flatline {

struct WorldConfig {
  static constexpr float kRifleSpeed = 300.0f;  // m/s: the defaults set_bullet_speed scales
  static constexpr float kScatterSpeed = 220.0f;

  std::uint64_t seed = 1;
  // The level's solid boxes: the game loads them from assets/arena.gltf (assets/level.hpp);
  // the built-in layout is the same boxes in code, for tests and tools without files.
  ArenaLayout arena = builtin_arena_layout();
  // Each pooled kind's pool, by PoolId: pools[kSparks].capacity. The defaults are the list's
  // (pooled_kinds.hpp).
  std::array<PoolSizing, kPoolCount> pools = default_pool_sizing();
  // The cheap fallback: bullets beyond this many live are drawn only as a tracer (a streak
  // from the tracers' pool), not refused: a fallback costs less than a refusal.
  static constexpr std::size_t kFullVisualCap = 64;
  std::size_t full_visual_cap = kFullVisualCap;
  // Every Nth rifle round is a tracer round, as real belts and magazines are loaded: it is
  // drawn in full and leaves a tracer's streak too. 0: no tracer rounds.
  int tracer_every = 4;

  float rifle_rate = 12.0f;         // shots per second while the trigger is held
  float rifle_speed = kRifleSpeed;  // m/s: 5 m per 60 Hz tick, far more than the thin wall
  float rifle_damage = 25.0f;
  int scatter_pellets = 24;  // one click, many pellets: stresses the pool
  float scatter_speed = kScatterSpeed;
  float scatter_spread = 0.06f;  // radians, half-angle of the cone
  float scatter_cooldown = 0.6f;
  float pellet_damage = 8.0f;
  // The rifle's kick (weapons.cpp): each shot widens the cone the next one leaves in and kicks
  // the view up. The cone closes while the trigger rests; the kick always settles back.
  float spread_per_shot = 0.004f;  // radians added to the cone's half-angle by each shot
  float spread_max = 0.024f;       // radians: the widest the cone gets
  float spread_recovery = 0.1f;    // radians per second the cone closes, trigger at rest
  float recoil_per_shot = 0.01f;   // radians the view kicks up by each shot
  float recoil_max = 0.06f;        // radians
  float recoil_recovery = 6.0f;    // per second: the kick's share that settles each second...
  float recoil_settle = 0.02f;     // ...and radians per second more, so it reaches zero
  float bullet_lifetime = 2.0f;    // s
  float bullet_range = 400.0f;     // m
  float bullet_radius = 0.03f;     // the swept sphere
  int sparks_per_hit = 10;
  float little_k = 1.3f;  // headroom for bursts in N = λ·L·k

  // Teaching switches: each turns one part of the pattern off, to show what it was for.
  bool pooling = true;  // off: new/delete per object and a naive scene list (heap_list.hpp)
  bool reset_on_release = true;  // off: a reused object keeps last life's state
  bool clear_on_reuse = true;    // off: a reused effect starts with last life's trail
  bool swept_collision = true;   // off: test only where a bullet lands (discrete): it tunnels
  bool prewarm_pools = true;     // off: pools start empty and make objects on first demand
  // Misuse located (pool/pool_sites.hpp): refused releases logged with their caller's
  // file:line; each acquire's caller and tick noted (strict pools, the leak report).
  bool strict_pools = false;
  bool note_acquirers = false;
  bool forget_lost = false;  // bullets lost to the world are forgotten (sim/lifecycle.hpp)
};

}  // namespace flatline
