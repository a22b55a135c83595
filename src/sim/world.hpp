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

#include "pool/heap_list.hpp"
#include "pool/pool.hpp"
#include "pool/pool_meter.hpp"
#include "sim/arena.hpp"
#include "sim/effects.hpp"
#include "sim/events.hpp"
#include "sim/input.hpp"
#include "sim/lessons.hpp"
#include "sim/rng.hpp"

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

struct WorldConfig {
  static constexpr float kRifleSpeed = 300.0f;  // m/s: the defaults set_bullet_speed scales
  static constexpr float kScatterSpeed = 220.0f;

  std::uint64_t seed = 1;
  // The level's solid boxes: the game loads them from assets/arena.gltf (assets/level.hpp);
  // the built-in layout is the same boxes in code, for tests and tools without files.
  ArenaLayout arena = builtin_arena_layout();
  // Pool sizes, from Little's law N = λ·L·k at the design rates (see docs/pooling.md):
  // bullets: rifle 12/s × 1.3 s + scatter 40 pellets/s × 1.8 s ≈ 90 live at worst, k 1.3 → 128.
  std::size_t bullet_capacity = 128;
  OverflowPolicy bullet_policy = OverflowPolicy::Drop;
  std::size_t spark_capacity = 4096;  // a particle system: thousands of tiny structs
  std::size_t decal_capacity = 256;
  std::size_t casing_capacity = 128;
  std::size_t damage_number_capacity = 64;
  std::size_t tracer_capacity = 256;
  std::size_t full_visual_cap = 64;  // bullets beyond this many live are drawn as tracers

  float rifle_rate = 12.0f;         // shots per second while the trigger is held
  float rifle_speed = kRifleSpeed;  // m/s: 5 m per 60 Hz tick, far more than the thin wall
  float rifle_damage = 25.0f;
  int scatter_pellets = 24;  // one click, many pellets: stresses the pool
  float scatter_speed = kScatterSpeed;
  float scatter_spread = 0.06f;  // radians, half-angle of the cone
  float scatter_cooldown = 0.6f;
  float pellet_damage = 8.0f;
  float bullet_lifetime = 2.0f;  // s
  float bullet_range = 400.0f;   // m
  float bullet_radius = 0.03f;   // the swept sphere
  int sparks_per_hit = 10;
  float little_k = 1.3f;  // headroom for bursts in N = λ·L·k

  // Teaching switches: each turns one part of the pattern off, to show what it was for.
  bool pooling = true;  // off: new/delete per object and a naive scene list (heap_list.hpp)
  bool reset_on_release = true;  // off: a reused object keeps last life's state
  bool clear_on_reuse = true;    // off: a reused effect starts with last life's trail
  bool swept_collision = true;   // off: test only where a bullet lands (discrete): it tunnels
  bool prewarm_pools = true;     // off: pools start empty and make objects on first demand
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

// Where a player starts (feet), facing -z: the range of targets ahead (world.cpp).
constexpr float kSpawnZ = 6.0f;

struct Player {
  glm::vec3 pos{0.0f, 0.0f, kSpawnZ};  // feet
  glm::vec3 prev_pos{0.0f, 0.0f, kSpawnZ};
  glm::vec3 vel{0.0f};
  float yaw = 0.0f;  // 0 looks down -z
  float pitch = 0.0f;
  bool on_ground = false;
  float rifle_cooldown = 0.0f;
  float scatter_cooldown = 0.0f;
  float muzzle_flash = 0.0f;  // seconds left of the flash
};

// Targets are few and permanent: they are not pooled (a boss spawned once needs no pool).
struct Target {
  glm::vec3 home{0.0f};
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 half_size{0.5f, 0.8f, 0.15f};
  glm::vec3 sway{1.0f, 0.0f, 0.0f};  // direction and amplitude of its motion
  float phase = 0.0f;
  float speed = 1.0f;  // radians of phase per second
  float health = 100.0f;
  float respawn_timer = 0.0f;
  float hit_flash = 0.0f;
  bool broken = false;
  Aabb box() const { return {pos - half_size, pos + half_size}; }
};

enum PoolId : int { kBullets, kSparks, kDecals, kCasings, kDamageNumbers, kTracers, kPoolCount };
inline constexpr std::array<const char*, kPoolCount> kPoolNames = {
    "bullets", "sparks", "decals", "casings", "damage_numbers", "tracers"};

// The world's reset, as a type so that release() inlines it (InlinePool, pool.hpp): put
// every field back, unless the no-reset lesson has turned it off.
template <class T>
struct ResetUnlessTaught {
  const bool* on;  // WorldConfig::reset_on_release of the world that owns the pool
  void operator()(T& object) const {
    if (*on) restore_authored(object);  // every field, not just the ones spawn sets
  }
};
template <class T>
using WorldPool = InlinePool<T, ResetUnlessTaught<T>>;

// Where objects live while pooling is off: the heap, one `new` each (heap_list.hpp).
// Bullets made here are all drawn in full: tracers follow pooled bullets only.
struct Unpooled {
  HeapList<Bullet> bullets;
  HeapList<Spark> sparks;
  HeapList<Decal> decals;
  HeapList<Casing> casings;
  HeapList<DamageNumber> damage_numbers;
  std::size_t live() const {
    return bullets.size() + sparks.size() + decals.size() + casings.size() + damage_numbers.size();
  }
  std::uint64_t news() const {
    return bullets.news() + sparks.news() + decals.news() + casings.news() + damage_numbers.news();
  }
};

constexpr float kEyeHeight = 1.6f;
constexpr int kTargetCount = 8;

struct World {
  explicit World(const WorldConfig& config);
  World(const World&) = delete;  // its pools stay where they were made
  World& operator=(const World&) = delete;

  WorldConfig config;
  Rng rng;
  Arena arena;
  Player player;
  std::array<Target, kTargetCount> targets;

  WorldPool<Bullet> bullets;
  WorldPool<Spark> sparks;
  WorldPool<Decal> decals;
  WorldPool<Casing> casings;
  WorldPool<DamageNumber> damage_numbers;
  WorldPool<Tracer> tracers;
  std::array<PoolMeter, kPoolCount> meters;  // measured λ and L per pool
  Unpooled unpooled;                         // empty unless config.pooling is off

  std::uint64_t tick = 0;
  std::uint64_t shots_fired = 0;  // rifle shots and scatter pellets requested
  std::uint64_t bullet_hits = 0;
  std::uint32_t score = 0;  // targets broken
  // The latest bullet to strike a target, for the HUD's hit marker; read-only to the sim.
  std::uint64_t target_hits = 0;
  std::uint64_t last_target_hit_tick = 0;     // its tick (meaningful once target_hits > 0)
  std::uint64_t last_target_broken_tick = 0;  // the latest break's (once score > 0)
  std::size_t full_visual_live = 0;
  std::uint64_t tunnelled = 0;  // discrete collision: hits the swept test saw and it missed
  Seeker seeker;                // the stale-handle lesson's homing drone (lessons.hpp)
  EventLog events;  // shots, impacts, casings, broken targets: for listeners (events.hpp)
  std::unique_ptr<BulletKernel> bullet_kernel;  // null: update_bullets(), the game's own
};

// Every live object of one kind, pooled or (pooling off) on the heap: what
// readers such as the renderer walk. fn(const T&).
template <class T, class Fn>
void for_each_live(const WorldPool<T>& pool, const HeapList<T>& heap, Fn&& fn) {
  pool.for_each_active([&](int, const T& object) { fn(object); });
  heap.for_each(fn);
}

// Advances the world by one fixed tick of dt seconds.
void step(World& world, const TickInput& input, float dt);

// Calls fn(pool) with the pool of id `pool` (PoolId), whatever its object type: one
// place that knows which member is which pool, for code that treats pools alike.
template <class W, class Fn>
void visit_pool(W& world, int pool, Fn&& fn) {
  switch (pool) {
    case kBullets:
      return fn(world.bullets);
    case kSparks:
      return fn(world.sparks);
    case kDecals:
      return fn(world.decals);
    case kCasings:
      return fn(world.casings);
    case kDamageNumbers:
      return fn(world.damage_numbers);
    case kTracers:
      return fn(world.tracers);
    default:
      return;
  }
}

// The pool statistics of one pool, by id (PoolId), for reports.
PoolStats pool_stats(const World& world, int pool);
void set_pool_policy(World& world, int pool, OverflowPolicy policy);

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

// Eye position and unit look direction of the player.
glm::vec3 eye_position(const Player& player);
glm::vec3 look_direction(const Player& player);

}  // namespace flatline
