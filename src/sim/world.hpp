// The world: everything a player's actions cause, simulated on a fixed timestep.
//
// step(world, input, dt) is the whole game without a window. It reads no clock
// and no device: the same seed and the same inputs give the same state, bit for
// bit. Every short-lived thing (bullets and all their effects) lives in a Pool
// created here, at load; play only moves slot indices around.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <tuple>
#include <type_traits>
#include <vector>

#include <glm/vec3.hpp>

#include "sim/actors.hpp"
#include "sim/arena.hpp"
#include "sim/effects.hpp"
#include "sim/events.hpp"
#include "sim/input.hpp"
#include "sim/lessons.hpp"
#include "sim/lifecycle.hpp"
#include "sim/pooled_kind.hpp"
#include "sim/pooled_kinds.hpp"
#include "sim/rng.hpp"
#include "sim/spheres.hpp"
#include "sim/world_config.hpp"

namespace flatline {

struct World;

// The bullets' tick is the one system a run may swap (the app's --kernel): the game's own is
// update_bullets() (weapons.cpp), plain and scalar; lab/ offers a faster one that must play
// the same game bit for bit. A World without one runs the game's own.
class BulletKernel {
 public:
  virtual ~BulletKernel() = default;
  virtual void update_bullets(World& world, float dt) = 0;
};

struct Bullet {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};  // where it was last tick: the renderer interpolates
  glm::vec3 vel{0.0f};
  float age = 0.0f;
  float travelled = 0.0f;
  float damage = 0.0f;
  bool full_visual = false;
  EffectLife life;  // live while it flies; then it lingers, its streak shrinking (effect_life.hpp)
  friend bool operator==(const Bullet&, const Bullet&) = default;
};
// What a bullet's life leaves for the next: where the renderer interpolates from.
inline auto last_life_of(Bullet& b) {
  return std::tie(b.prev_pos);
}
inline void clear_last_life(Bullet& b) {
  b.prev_pos = b.pos;
}
// What the state hash reads of a live bullet (state_hash, world.cpp).
inline std::array<glm::vec3, 2> hashed_state(const Bullet& b) {
  return {b.pos, b.vel};
}

struct World {
  explicit World(const WorldConfig& config);      // builds the arena (its BVH) from config.arena
  World(const WorldConfig& config, Arena built);  // an arena built already, from config.arena
  World(const World&) = delete;                   // its pools stay where they were made
  World& operator=(const World&) = delete;

  WorldConfig config;
  Rng rng;
  Arena arena;
  Player player;
  std::array<Target, kTargetCount> targets;

  // The pooled kinds (pooled_kinds.hpp lists them), in PoolId order. Made at load, from
  // `config` above. Bullets made on the heap (pooling off) are all drawn in full: tracers
  // follow pooled bullets only, so the tracers' heap list stays empty.
  PooledKind<Bullet> bullets{kBullets, config};
  PooledKind<Spark> sparks{kSparks, config};
  PooledKind<Decal> decals{kDecals, config};
  PooledKind<Casing> casings{kCasings, config};
  PooledKind<DamageNumber> damage_numbers{kDamageNumbers, config};
  PooledKind<Tracer> tracers{kTracers, config};
  PooledKind<Sphere> spheres{kSpheres, config};
  PooledKind<Debris> debris{kDebris, config};

  std::uint64_t tick = 0;
  std::uint64_t shots_fired = 0;   // rifle shots and scatter pellets requested
  std::uint64_t rifle_rounds = 0;  // rifle shots fired: every tracer_every-th is a tracer round
  std::uint64_t bullet_hits = 0;
  std::uint32_t score = 0;  // targets broken
  // The latest bullet to strike a target, for the HUD's hit marker; read-only to the sim.
  std::uint64_t target_hits = 0;
  std::uint64_t last_target_hit_tick = 0;     // its tick (meaningful once target_hits > 0)
  std::uint64_t last_target_broken_tick = 0;  // the latest break's (once score > 0)
  std::size_t full_visual_live = 0;
  std::uint64_t tunnelled = 0;  // discrete collision: hits the swept test saw and it missed
  Seeker seeker;                // the stale-handle lesson's homing drone (lessons.hpp)
  LifecycleCounts lifecycle;    // forget, trim, destroy in play (lifecycle.hpp)
  EventLog events;  // shots, impacts, casings, broken targets: for listeners (events.hpp)
  std::unique_ptr<BulletKernel> bullet_kernel;  // null: update_bullets(), the game's own
};

// Calls fn(kind) for every pooled kind, in PoolId order: the one place that walks World's
// kinds, for code that treats them alike (the switches, the state hash, the stats).
template <class W, class Fn>
void for_each_kind(W& world, Fn&& fn) {
  fn(world.bullets);
  fn(world.sparks);
  fn(world.decals);
  fn(world.casings);
  fn(world.damage_numbers);
  fn(world.tracers);
  fn(world.spheres);
  fn(world.debris);
}

// Advances the world by one fixed tick of dt seconds.
void step(World& world, const TickInput& input, float dt);

// Calls fn(pool) with the pool of kind `pool` (PoolId), whatever its object type: for
// code that picks one pool by its number (the overlay's slot inspector, the reports).
template <class W, class Fn>
void visit_pool(W& world, int pool, Fn&& fn) {
  for_each_kind(world, [&](auto& kind) {
    if (kind.id == pool) fn(kind.pool);
  });
}

// The pool statistics of one pool, by id (PoolId), for reports.
PoolStats pool_stats(const World& world, int pool);
void set_pool_policy(World& world, int pool, OverflowPolicy policy);
// Pooling off: the objects on the kinds' heap lists now, and how many were ever `new`ed.
std::size_t heap_live(const World& world);
std::uint64_t heap_news(const World& world);

// The no-reset lesson's switch. Use this, not config.reset_on_release directly: debug
// builds poison released objects (pool_poison.hpp), and with reset off that poison
// would be what a reused object shows, instead of last life's state.
void set_reset_on_release(World& world, bool on);
// The clear-on-reuse lesson's switch (effect_life.hpp), for the same reason: poison is
// what a reused object's trail would show, instead of last life's.
void set_clear_on_reuse(World& world, bool on);

// The tunnelling lab's speed: the rifle's, and the scatter pellets' in the same proportion
// as by default (220 m/s at 300), so the slider and --bullet-speed cover every bullet.
// Inline: the command line sets it too, and its parser is fuzzed without the simulation.
inline void set_bullet_speed(WorldConfig& config, float rifle_speed) {
  config.rifle_speed = rifle_speed;
  config.scatter_speed =
      rifle_speed * (WorldConfig::kScatterSpeed / WorldConfig::kRifleSpeed);  // no allocation
}

// A hash of the whole simulation state: same seed + same inputs => same hash.
std::uint64_t state_hash(const World& world);

}  // namespace flatline
