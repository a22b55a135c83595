#include "sim/world.hpp"

#include <cmath>
#include <cstring>
#include <type_traits>

#include "sim/systems.hpp"

namespace flatline {
namespace {

// Each pool's factory makes a hidden (inactive) object at load; its reset puts
// every field back, in release, so a free object never holds last life's state.
// `reset_on` is the world's teaching switch: with it off, reset does nothing and
// a reused object shows last life's age, timers and flags (ResetUnlessTaught, world.hpp).
template <class T>
WorldPool<T> make_pool(std::size_t capacity, OverflowPolicy policy, const bool* reset_on) {
  return WorldPool<T>([] { return T{}; }, capacity, ResetUnlessTaught<T>{reset_on}, policy);
}

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
  for (int i = 0; i < kPoolCount; ++i) {
    visit_pool(world, i, [poison](auto& pool) {
      const bool was_poisoning = pool.poisoning();
      pool.set_poisoning(poison);
      if (was_poisoning && !poison) clear_idle_trails(pool);
    });
  }
  c.reset_on_release = reset;
  c.clear_on_reuse = clear;
}

// The size each pool is made with at load: all of it, or none without warm-up.
std::size_t at_load(const WorldConfig& cfg, std::size_t capacity) {
  return cfg.prewarm_pools ? capacity : 0;
}

}  // namespace

World::World(const WorldConfig& cfg)
    : config(cfg),
      rng(cfg.seed),
      arena(make_arena(cfg.arena)),
      bullets(make_pool<Bullet>(at_load(cfg, cfg.bullet_capacity), cfg.bullet_policy,
                                &config.reset_on_release)),
      sparks(make_pool<Spark>(at_load(cfg, cfg.spark_capacity), OverflowPolicy::Drop,
                              &config.reset_on_release)),
      decals(make_pool<Decal>(at_load(cfg, cfg.decal_capacity), OverflowPolicy::RecycleOldest,
                              &config.reset_on_release)),
      casings(make_pool<Casing>(at_load(cfg, cfg.casing_capacity), OverflowPolicy::RecycleOldest,
                                &config.reset_on_release)),
      damage_numbers(make_pool<DamageNumber>(at_load(cfg, cfg.damage_number_capacity),
                                             OverflowPolicy::Drop, &config.reset_on_release)),
      tracers(make_pool<Tracer>(at_load(cfg, cfg.tracer_capacity), OverflowPolicy::Drop,
                                &config.reset_on_release)) {
  for (int i = 0; i < kPoolCount; ++i)
    visit_pool(*this, i,
               [&](auto& pool) { pool.set_name(kPoolNames[static_cast<std::size_t>(i)]); });
  if (!cfg.reset_on_release || !cfg.clear_on_reuse) {
    config.reset_on_release = config.clear_on_reuse = true;
    set_lessons(*this, cfg.reset_on_release, cfg.clear_on_reuse);
  }
  if (!cfg.prewarm_pools) {  // warm-up off, as a naive game: objects made at first demand
    bullets.make_on_demand_up_to(cfg.bullet_capacity);
    sparks.make_on_demand_up_to(cfg.spark_capacity);
    decals.make_on_demand_up_to(cfg.decal_capacity);
    casings.make_on_demand_up_to(cfg.casing_capacity);
    damage_numbers.make_on_demand_up_to(cfg.damage_number_capacity);
    tracers.make_on_demand_up_to(cfg.tracer_capacity);
  }
  place_targets(*this);
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
    }
    t.phase += t.speed * dt;
    if (t.phase > 6.2831853f) t.phase -= 6.2831853f;
    t.pos = t.home + t.sway * std::sin(t.phase);
  }
}

void step(World& world, const TickInput& input, float dt) {
  update_player(world, input, dt);
  update_targets(world, dt);
  fire_weapons(world, input, dt);
  // The bullets' tick: the game's own, or a kernel that plays it the same way (BulletKernel).
  if (world.bullet_kernel)
    world.bullet_kernel->update_bullets(world, dt);
  else
    update_bullets(world, dt);
  break_targets(world);
  update_effects(world, dt);
  update_seeker(world, dt);
  for (PoolMeter& meter : world.meters)
    meter.end_tick(dt);
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
  const float cp = std::cos(player.pitch);
  return {-std::sin(player.yaw) * cp, std::sin(player.pitch), -std::cos(player.yaw) * cp};
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
  for (const Target& t : world.targets) {
    h.v3(t.pos);
    h.f(t.health);
  }
  world.bullets.for_each_active([&](int slot, const Bullet& b) {
    h.u(static_cast<std::uint64_t>(slot));
    h.v3(b.pos);
    h.v3(b.vel);
  });
  world.sparks.for_each_active([&](int, const Spark& s) { h.v3(s.pos); });
  world.decals.for_each_active([&](int, const Decal& d) { h.v3(d.pos); });
  world.casings.for_each_active([&](int, const Casing& c) { h.v3(c.pos); });
  world.damage_numbers.for_each_active([&](int, const DamageNumber& d) { h.v3(d.pos); });
  world.tracers.for_each_active([&](int, const Tracer& t) { h.v3(t.trail[0]); });
  // With pooling off, objects live on the heap lists instead (empty otherwise: no bytes).
  world.unpooled.bullets.for_each([&](const Bullet& b) { h.v3(b.pos), h.v3(b.vel); });
  world.unpooled.sparks.for_each([&](const Spark& s) { h.v3(s.pos); });
  world.unpooled.decals.for_each([&](const Decal& d) { h.v3(d.pos); });
  world.unpooled.casings.for_each([&](const Casing& c) { h.v3(c.pos); });
  world.unpooled.damage_numbers.for_each([&](const DamageNumber& d) { h.v3(d.pos); });
  if (world.seeker.active) h.v3(world.seeker.pos);
  return h.h;
}

}  // namespace flatline
