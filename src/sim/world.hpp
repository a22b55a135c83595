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
#include "sim/lifecycle.hpp"
#include "sim/pooled_kinds.hpp"
#include "sim/rng.hpp"
#include "sim/spheres.hpp"

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
  float spread = 0.0f;        // radians: the rifle's cone now (0: the next shot goes true)
  float recoil_pitch = 0.0f;  // radians the kick lifts the view above `pitch` (look_direction)
  float throw_charge = 0.0f;  // seconds the throw key has been held (spheres.hpp); 0: not held
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
  // Seconds since it last came back whole, for the renderer's rise (kRespawnRise); it starts
  // past it, a target that was never broken standing already.
  float respawn_age = 10.0f;
  static constexpr float kRespawnRise = 0.4f;
  bool broken = false;
  Aabb box() const { return {pos - half_size, pos + half_size}; }
};

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

// One pooled kind: its pool (the pattern), the heap list that stands in for the pool while
// pooling is off (the anti-pattern, heap_list.hpp), and the meter that measures its λ and L
// either way. A spawn, an update or a reader names the kind (world.sparks), one thing.
template <class T>
struct PooledKind {
  // Made at load, as the config sizes it (PoolSizing): the factory makes every object now
  // or, with warm-up off, none yet and each at first demand up to the same capacity. The
  // reset puts every field back in release, so a free object never holds last life's
  // state, unless the no-reset lesson has turned it off (ResetUnlessTaught).
  PooledKind(PoolId kind, const WorldConfig& config)
      : id(kind),
        pool([] { return T{}; }, config.prewarm_pools ? config.pools[kind].capacity : 0,
             ResetUnlessTaught<T>{&config.reset_on_release}, config.pools[kind].policy) {
    pool.set_name(kKinds[kind].name);
    if (!config.prewarm_pools) pool.make_on_demand_up_to(config.pools[kind].capacity);
  }
  PooledKind(const PooledKind&) = delete;  // its pool stays where it was made
  PooledKind& operator=(const PooledKind&) = delete;

  const char* name() const { return kKinds[id].name; }

  PoolId id;
  WorldPool<T> pool;
  HeapList<T> heap;  // empty unless config.pooling is off
  PoolMeter meter;   // measured λ (spawns, dropped ones too) and L (lifetimes)
};

constexpr float kEyeHeight = 1.6f;
// The player's capsule (player.cpp): from the feet (Player::pos) this tall, this thick.
constexpr float kPlayerHeight = 1.8f;
constexpr float kPlayerRadius = 0.35f;
constexpr int kTargetCount = 8;

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

// Every live object of one kind, pooled or (pooling off) on the heap: what readers such as
// the renderer walk. fn(const T&).
template <class T, class Fn>
void for_each_live(const PooledKind<T>& kind, Fn&& fn) {
  kind.pool.for_each_active([&](int, const T& object) { fn(object); });
  kind.heap.for_each(fn);
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

// Eye position and unit look direction of the player: the view's pitch plus the rifle's kick,
// so the camera and the aim agree while the mouse's pitch stays the player's own.
glm::vec3 eye_position(const Player& player);
glm::vec3 look_direction(const Player& player);

}  // namespace flatline
