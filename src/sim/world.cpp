#include "sim/world.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>
#include <utility>

#include "sim/systems.hpp"

namespace flatline {
namespace {

void place_targets(World& world) {
  struct Spot {
    glm::vec3 home, sway;
    float speed;
  };
  // A range in front of the spawn (to its -z): two behind the thin wall, six staggered before
  // it across 16 m, hung 1.2 to 2 m up, so from the spawn's line the neighbours of the
  // target in the crosshair share the view.
  const std::array<Spot, kTargetCount> spots = {{
      {{-3.0f, 1.2f, -24.0f}, {2.5f, 0.0f, 0.0f}, 0.8f},
      {{3.0f, 1.2f, -24.0f}, {0.0f, 0.0f, 0.0f}, 0.0f},
      {{-8.0f, 1.2f, -12.0f}, {1.0f, 0.0f, 0.0f}, 0.6f},
      {{8.0f, 1.2f, -12.0f}, {1.0f, 0.0f, 0.0f}, 0.7f},
      {{-4.8f, 1.6f, -14.0f}, {1.0f, 0.0f, 0.0f}, 0.5f},
      {{4.8f, 1.2f, -14.0f}, {0.0f, 0.8f, 0.0f}, 1.1f},
      {{1.6f, 2.0f, -13.0f}, {1.0f, 0.0f, 0.0f}, 0.9f},
      {{-1.6f, 1.2f, -13.0f}, {1.0f, 0.0f, 0.0f}, 1.3f},
  }};
  for (int i = 0; i < kTargetCount; ++i) {
    Target& t = world.targets[static_cast<std::size_t>(i)];
    t.home = t.pos = t.prev_pos = spots[static_cast<std::size_t>(i)].home;
    t.sway = spots[static_cast<std::size_t>(i)].sway;
    t.speed = spots[static_cast<std::size_t>(i)].speed;
    t.phase = world.rng.uniform(0.0f, 6.2831853f);
  }
}

}  // namespace

namespace {

// Idle objects' trails, back to a fresh object's: the reset keeps a trail (effect_life.hpp),
// so one poisoned in a debug build is still 0xDB after the pool has unpoisoned the object.
template <class P>
void clear_idle_trails(P& pool) {
  for (int slot = 0; slot < static_cast<int>(pool.capacity()); ++slot) {
    if (pool.free_depth(slot) < 0) continue;
    std::remove_reference_t<decltype(pool[slot])> fresh{};
    last_life_of(pool[slot]) = last_life_of(fresh);
  }
}

// Debug poisoning needs both the reset (which turns poison back into a fresh object) and
// the clear on reuse (the trail the reset keeps is poisoned too): off with either lesson.
void set_lessons(World& world, bool reset, bool clear) {
  WorldConfig& c = world.config;
  if (c.reset_on_release == reset && c.clear_on_reuse == clear) return;
  const bool poison = reset && clear;
  if (!poison) c.reset_on_release = c.clear_on_reuse = true;  // unpoison with both still on
  for_each_kind(world, [poison](auto& kind) {
    const bool was_poisoning = kind.pool.poisoning();
    kind.pool.set_poisoning(poison);
    if (was_poisoning && !poison) clear_idle_trails(kind.pool);
  });
  c.reset_on_release = reset;
  c.clear_on_reuse = clear;
}

}  // namespace

// The pooled kinds are made by their members' initialisers (world.hpp), from `config`.
World::World(const WorldConfig& cfg) : World(cfg, make_arena(cfg.arena)) {}

World::World(const WorldConfig& cfg, Arena built)
    : config(cfg), rng(cfg.seed), arena(std::move(built)) {
  if (!cfg.reset_on_release || !cfg.clear_on_reuse) {
    config.reset_on_release = config.clear_on_reuse = true;
    set_lessons(*this, cfg.reset_on_release, cfg.clear_on_reuse);
  }
  place_targets(*this);
  // Misuse located (pool_sites.hpp): acquirers noted with this world's tick.
  for_each_kind(*this, [this](auto& kind) {
    kind.pool.set_clock(&tick);
    if (config.note_acquirers) kind.pool.set_noting(true);
    kind.pool.set_strict(config.strict_pools);
  });
}

void update_targets(World& world, float dt) {
  for (Target& t : world.targets) {
    t.prev_pos = t.pos;
    t.hit_flash = std::max(0.0f, t.hit_flash - dt);
    if (t.broken) {
      t.respawn_timer -= dt;
      if (t.respawn_timer > 0.0f) continue;
      t.broken = false;  // respawn: whole again, where its motion has got to
      t.health = 100.0f;
      t.respawn_age = 0.0f;  // the renderer raises it back into place over kRespawnRise
    }
    t.respawn_age = std::min(t.respawn_age + dt, 10.0f);
    t.phase += t.speed * dt;
    if (t.phase > 6.2831853f) t.phase -= 6.2831853f;
    t.pos = t.home + t.sway * std::sin(t.phase);
  }
}

void step(World& world, const TickInput& input, float dt) {
  update_player(world, input, dt);
  update_targets(world, dt);
  fire_weapons(world, input, dt);
  throw_spheres(world, input, dt);
  // The bullets' tick: the game's own, or a kernel that plays it the same way (BulletKernel).
  if (world.bullet_kernel)
    world.bullet_kernel->update_bullets(world, dt);
  else
    update_bullets(world, dt);
  if (world.config.forget_lost) forget_lost_bullets(world);  // lifecycle.hpp
  break_targets(world);
  update_effects(world, dt);
  update_spheres(world, dt);
  update_seeker(world, dt);
  for_each_kind(world, [dt](auto& kind) { kind.meter.end_tick(dt); });
  ++world.tick;
}

PoolStats pool_stats(const World& world, int pool) {
  PoolStats stats;
  visit_pool(world, pool, [&](const auto& p) { stats = p.stats(); });
  return stats;
}

void set_pool_policy(World& world, int pool, OverflowPolicy policy) {
  visit_pool(world, pool, [&](auto& p) { p.set_policy(policy); });
}

std::size_t heap_live(const World& world) {
  std::size_t live = 0;
  for_each_kind(world, [&](const auto& kind) { live += kind.heap.size(); });
  return live;
}

std::uint64_t heap_news(const World& world) {
  std::uint64_t news = 0;
  for_each_kind(world, [&](const auto& kind) { news += kind.heap.news(); });
  return news;
}

void set_reset_on_release(World& world, bool on) {
  set_lessons(world, on, world.config.clear_on_reuse);
}

void set_clear_on_reuse(World& world, bool on) {
  set_lessons(world, world.config.reset_on_release, on);
}

glm::vec3 eye_position(const Player& player) {
  return player.pos + glm::vec3(0, kEyeHeight, 0);
}

glm::vec3 look_direction(const Player& player) {
  const float pitch = std::min(player.pitch + player.recoil_pitch, 1.55f);  // never straight up
  const float cp = std::cos(pitch);
  return {-std::sin(player.yaw) * cp, std::sin(pitch), -std::cos(player.yaw) * cp};
}

namespace {
struct Hasher {  // FNV-1a over the exact bytes: any bit of difference shows
  std::uint64_t h = 1469598103934665603ULL;
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i)
      h = (h ^ p[i]) * 1099511628211ULL;
  }
  void f(float v) { bytes(&v, sizeof v); }
  void v3(const glm::vec3& v) { f(v.x), f(v.y), f(v.z); }
  void u(std::uint64_t v) { bytes(&v, sizeof v); }
  template <class T>
  void object(const T& o) {  // what its hashed_state() (beside its type) names
    for (const glm::vec3& v : hashed_state(o))
      v3(v);
  }
};
}  // namespace

std::uint64_t state_hash(const World& world) {
  Hasher h;
  h.u(world.tick);
  h.u(world.rng.state());
  h.u(world.score);
  h.u(world.shots_fired);
  h.v3(world.player.pos);
  h.v3(world.player.vel);
  h.f(world.player.yaw);
  h.f(world.player.pitch);
  h.f(world.player.spread);
  h.f(world.player.recoil_pitch);
  h.f(world.player.throw_charge);
  for (const Target& t : world.targets) {
    h.v3(t.pos);
    h.f(t.health);
  }
  // Every kind's pooled objects, kind by kind, in each pool's dense order. A bullet's slot
  // is hashed too: tracers and the seeker follow bullets by handle, whose index is the slot.
  for_each_kind(world, [&](const auto& kind) {
    kind.pool.for_each_active([&](int slot, const auto& object) {
      if (kind.id == kBullets) h.u(static_cast<std::uint64_t>(slot));
      h.object(object);
    });
  });
  // With pooling off, objects live on the heap lists instead (empty otherwise: no bytes).
  for_each_kind(world, [&](const auto& kind) {
    kind.heap.for_each([&](const auto& object) { h.object(object); });
  });
  if (world.seeker.active) h.v3(world.seeker.pos);
  return h.h;
}

}  // namespace flatline
