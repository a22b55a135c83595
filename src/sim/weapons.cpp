// Weapons and bullets. Firing acquires a bullet slot; a hit, the end of its
// lifetime or of its range releases it. Nothing is allocated: the bullet pool
// was filled at load, and a full pool under Drop means the shot is dropped (counted).
#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "accel/static_grid.hpp"
#include "sim/bullet_clearance.hpp"
#include "sim/bullet_flight.hpp"
#include "sim/systems.hpp"

namespace flatline {
namespace {

struct Aim {
  glm::vec3 barrel;  // where bullets leave the gun: right of and below the eye
  glm::vec3 point;   // what the crosshair is on: bullets converge on the camera ray
  glm::vec3 right, up;
};

// The first thing along a ray: exact_first_hit() (systems.hpp).
using RayHit = BulletHit;

Aim aim(const World& world) {
  const Player& p = world.player;
  const glm::vec3 eye = eye_position(p);
  const glm::vec3 forward = look_direction(p);
  const glm::vec3 right = glm::normalize(glm::vec3(std::cos(p.yaw), 0.0f, -std::sin(p.yaw)));
  const glm::vec3 up = glm::cross(right, forward);
  const glm::vec3 far = eye + forward * world.config.bullet_range;
  const RayHit hit = exact_first_hit(world, eye, far, 0.0f);
  return {eye + forward * 0.6f + right * 0.22f - up * 0.18f, eye + (far - eye) * hit.t, right, up};
}

void fire_bullet(World& world, const Aim& a, glm::vec3 dir, float speed, float damage) {
  ++world.shots_fired;
  int slot = -1;
  // Under RecycleOldest a full pool takes back its oldest bullet: that life ends here.
  const auto end_life = [&](const Bullet& old) { end_bullet_life(world, old); };
  Bullet* bullet = spawn_object(world, world.bullets, world.unpooled.bullets,
                                world.meters[kBullets], &slot, end_life);
  if (bullet == nullptr) return;  // pool exhausted under Drop: the shot is dropped, and counted
  Bullet& b = *bullet;
  b.pos = a.barrel;
  begin_life(b, world.config.clear_on_reuse);
  b.vel = dir * speed;
  b.damage = damage;
  // Past the full-visual cap a bullet is drawn only as a cheap tracer, which follows
  // it by handle: a heap bullet (pooling off) has no handle, so it is always drawn.
  b.full_visual = slot < 0 || world.full_visual_live < world.config.full_visual_cap;
  if (b.full_visual)
    ++world.full_visual_live;
  else
    spawn_tracer(world, world.bullets.handle_of(slot), b.pos);
  on_bullet_fired(world, slot);  // an armed seeker locks on (lessons.hpp)
}

// What a discrete test sees: only where the bullet ends the tick. Anything it
// jumped over in between (the 5 cm thin wall, at 5 m per tick) is missed.
RayHit discrete_first_hit(const World& world, const glm::vec3& end, float radius) {
  RayHit hit;
  for (const Aabb& box : world.arena.solids) {
    if (discrete_hit(end, box.grown(radius))) hit = {0.0f, glm::vec3(0.0f), -1, true};
  }
  for (int i = 0; i < kTargetCount; ++i) {
    const Target& target = world.targets[static_cast<std::size_t>(i)];
    if (!target.broken && discrete_hit(end, target.box().grown(radius)))
      hit = {0.0f, glm::vec3(0.0f), i, true};
  }
  return hit;
}

}  // namespace

BulletHit exact_first_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1,
                          float radius) {
  BulletHit best;
  if (const auto hit = world.arena.grid->first_hit(p0, p1, radius)) {
    best = {hit->hit.t, hit->hit.normal, -1, true};
  }
  for (int i = 0; i < kTargetCount; ++i) {
    const Target& target = world.targets[static_cast<std::size_t>(i)];
    if (target.broken) continue;
    const auto hit = segment_vs_aabb(p0, p1, target.box().grown(radius));
    if (hit && hit->t < best.t) best = {hit->t, hit->normal, i, true};
  }
  return best;
}

void fire_weapons(World& world, const TickInput& input, float dt) {
  Player& p = world.player;
  const WorldConfig& cfg = world.config;
  p.rifle_cooldown = std::max(p.rifle_cooldown - dt, -dt);
  p.scatter_cooldown = std::max(p.scatter_cooldown - dt, 0.0f);
  const bool rifle = input.fire_held || input.fire_presses > 0;
  const bool scatter = input.scatter_presses > 0 && p.scatter_cooldown <= 0.0f;
  if (!rifle && !scatter) {
    p.rifle_cooldown = std::max(p.rifle_cooldown, 0.0f);
    return;
  }
  const Aim a = aim(world);
  const glm::vec3 dir = glm::normalize(a.point - a.barrel);
  // Hold to fire: one shot per 1/rate seconds, however the ticks fall. A rate that is not a
  // positive number fires nothing, and a shot interval too small to move the cooldown (lost
  // in its rounding) ends the burst: the loop always ends.
  const float interval = 1.0f / cfg.rifle_rate;
  const bool rate_valid = cfg.rifle_rate > 0.0f && std::isfinite(interval);
  while (rifle && rate_valid && p.rifle_cooldown <= 0.0f) {
    fire_bullet(world, a, dir, cfg.rifle_speed, cfg.rifle_damage);
    world.events.emit(EventKind::RifleShot, Surface::None, a.barrel, world.tick);
    // One draw per statement, so every compiler draws in the same order: up, then right.
    const float up_kick = world.rng.uniform(1.5f, 2.5f);
    const float right_kick = world.rng.uniform(1.5f, 2.5f);
    spawn_casing(world, a.barrel + a.right * 0.1f, a.right * right_kick + a.up * up_kick);
    const float before = p.rifle_cooldown;
    p.rifle_cooldown += interval;
    p.muzzle_flash = 0.05f;
    if (p.rifle_cooldown == before) break;
  }
  if (scatter) {
    for (int i = 0; i < cfg.scatter_pellets; ++i) {
      const float u = world.rng.uniform(-1.0f, 1.0f) * cfg.scatter_spread;
      const float v = world.rng.uniform(-1.0f, 1.0f) * cfg.scatter_spread;
      fire_bullet(world, a, glm::normalize(dir + a.right * u + a.up * v), cfg.scatter_speed,
                  cfg.pellet_damage);
    }
    world.events.emit(EventKind::ScatterShot, Surface::None, a.barrel, world.tick);
    p.scatter_cooldown = cfg.scatter_cooldown;
    p.muzzle_flash = 0.08f;
  }
}

namespace {

// What a hit at `point` struck, for listeners: a target, the thin glass wall, or a wall.
Surface surface_at(const World& world, const glm::vec3& point, int target) {
  if (target >= 0) return Surface::Target;
  const int glass = world.arena.thin_wall;
  const bool on_glass =
      glass >= 0 && world.arena.solids[static_cast<std::size_t>(glass)].grown(0.1f).contains(point);
  return on_glass ? Surface::Glass : Surface::Wall;
}

// One bullet's tick, the general case. Integrate and sweep: each tick a bullet is the
// segment from where it was to where it will be; the earliest thing that segment touches
// is what it hits. True when the bullet is done (a hit, its lifetime or its range is
// over): the caller sends it back to the pool. A bullet whose flight has ended lingers
// first, where it stopped, while its streak shrinks (effect_life.hpp).
bool tick_bullet(World& world, Bullet& b, float dt, const ClearanceGrid* clearance) {
  const WorldConfig& cfg = world.config;
  b.prev_pos = b.pos;
  if (b.life.stage == LifeStage::Lingering) {
    b.age += dt;
    return linger_over(b.life, dt);
  }
  const glm::vec3 next = b.pos + b.vel * dt;
  // Continuous: the segment. Most segments provably touch nothing (accel/clearance_grid.hpp);
  // the rest ask the exact query, or only the obstacles near them: the same hit either way.
  RayHit hit;
  if (clearance == nullptr || !clearance->clear(b.pos, next)) {
    const ClearanceGrid::Candidates near =
        clearance != nullptr ? clearance->candidates(b.pos, next) : ClearanceGrid::Candidates{};
    hit = near.valid ? first_hit_near(world, near, b.pos, next, cfg.bullet_radius)
                     : exact_first_hit(world, b.pos, next, cfg.bullet_radius);
  }
  if (!cfg.swept_collision) {  // the tunnelling lab: trust only the end point
    const RayHit discrete = discrete_first_hit(world, next, cfg.bullet_radius);
    if (hit.any && !discrete.any) ++world.tunnelled;  // the swept test saw a hit here
    hit = discrete;
    if (hit.any) hit.normal = -glm::normalize(b.vel);  // no face is known: face the shooter
    hit.t = 1.0f;  // it stops where it landed, inside whatever it hit
  }
  b.age += dt;
  if (hit.any) {
    const glm::vec3 point = b.pos + (next - b.pos) * hit.t;
    const glm::vec3 dir = glm::normalize(b.vel);
    b.pos = point;
    ++world.bullet_hits;
    if (hit.target >= 0) {
      Target& t = world.targets[static_cast<std::size_t>(hit.target)];
      t.health -= b.damage;
      t.hit_flash = 0.12f;
      ++world.target_hits;
      world.last_target_hit_tick = world.tick;
      spawn_damage_number(world, point + hit.normal * 0.1f, b.damage);  // break_targets: later
    }
    spawn_impact(world, point, hit.normal, dir, hit.target < 0);
    world.events.emit(EventKind::Impact, surface_at(world, point, hit.target), point, world.tick);
  } else {
    b.travelled += glm::length(next - b.pos);
    b.pos = next;
    if (b.age < cfg.bullet_lifetime && b.travelled < cfg.bullet_range) return false;
  }
  end_bullet_life(world, b);  // its flight is over: quiet, then back to the pool
  begin_quiet(b.life, Linger::kBullet);
  return false;
}

}  // namespace

// Two passes over the live bullets (data-oriented: split the loop by what the data needs).
// The first runs the common case over every bullet in a tight, branch-free loop and lists
// the rest; the second gives the listed few (near a wall or a target, or at the end of
// their life) the whole tick_bullet(), in the order the first pass met them, a chunk at a
// time while the first pass goes on. Only listed
// bullets touch anything but themselves, and they are handled in the same order with the
// same world before them, so the result is bit for bit that of one pass of tick_bullet()
// (the golden replay checks it). Measured in bench/tick_bench.cpp (docs/scaling.md).
constexpr std::size_t kChunk = 1024;  // bullets walked between two rounds of the second pass
static_assert(kChunk % 4 == 0, "a round of the second pass comes after a whole block of four");

void update_bullets(World& world, float dt) {
  const WorldConfig& cfg = world.config;
  // The fast path, unless a test or lesson moved things out of what it was built for.
  const ClearanceGrid* clearance =
      clearance_applies(world) ? world.bullet_clearance.get() : nullptr;
  const auto tick = [&](Bullet& b) { return tick_bullet(world, b, dt, clearance); };
  std::vector<int>& listed = world.bullet_work;
  // One pass of tick_bullet() when there is no fast path: no grid, the tunnelling lab, or a
  // Grow pool that outgrew the list sized at load (the list never allocates in play).
  if (clearance == nullptr || !cfg.swept_collision ||
      listed.size() < world.bullets.active_count()) {
    update_live(world.bullets, world.unpooled.bullets, world.meters[kBullets], tick);
    return;
  }
  int* out = listed.data();
  std::size_t count = 0, resolved = 0, walked = 0;
  const auto resolve_listed = [&] {  // the second pass, over the bullets listed since last
    for (; resolved < count; ++resolved) {
      const int slot = out[resolved];
      Bullet& b = world.bullets[slot];
      if (tick(b)) retire_slot(world.bullets, world.meters[kBullets], slot, b.age);
    }
  };
  // The first pass takes the bullets four at a time (fly_clear4, bullet_flight.hpp).
  const ClearanceGrid::Batch batch(*clearance);
  for_each_active_by_four(
      world.bullets,
      [&](const int(&slots)[4], Bullet* const(&block)[4]) {
        const int flew = fly_clear4(block, dt, batch, cfg.bullet_lifetime, cfg.bullet_range);
        for (int i = 0; i < 4; ++i) {
          out[count] = slots[i];  // written always, kept only if listed: no branch
          count += !((flew >> i) & 1);
        }
        // Every kChunk bullets (a whole number of blocks), the listed ones are resolved while
        // they are still in cache: at 10^6 live bullets, resolving them after the whole walk
        // cost ~1.4x more per tick, as each was fetched from memory again. The walk allows
        // releasing slots it has visited (pool.hpp), and the listed bullets keep their order.
        if ((walked += 4) % kChunk == 0) resolve_listed();
      },
      [&](int slot, Bullet& b) {  // the last one to three, one at a time
        out[count] = slot;
        count += !fly_clear(b, dt, *clearance, cfg.bullet_lifetime, cfg.bullet_range);
      });
  resolve_listed();
  update_heap(world.unpooled.bullets, world.meters[kBullets], tick);  // pooling off
}

void break_targets(World& world) {
  for (Target& t : world.targets) {
    if (t.broken || t.health > 0.0f) continue;
    t.broken = true;
    t.respawn_timer = 3.0f;
    ++world.score;
    world.last_target_broken_tick = world.tick;
    world.events.emit(EventKind::TargetBroken, Surface::Target, t.pos, world.tick);
  }
}

}  // namespace flatline
