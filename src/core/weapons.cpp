// Weapons and bullets. Firing acquires a bullet slot; a hit, the end of its
// lifetime or of its range releases it. Nothing is allocated: the bullet pool
// was filled at load, and a full pool under Drop means the shot is dropped (counted).
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "core/systems.hpp"

namespace flatline {
namespace {

struct Aim {
  glm::vec3 barrel;  // where bullets leave the gun: right of and below the eye
  glm::vec3 point;   // what the crosshair is on: bullets converge on the camera ray
  glm::vec3 right, up;
};

// The first thing along a ray from p0 to p1: arena boxes or live targets.
struct RayHit {
  float t = 1.0f;
  glm::vec3 normal{0.0f};
  int target = -1;  // -1: the arena (or nothing, when t == 1)
  bool any = false;
};

RayHit first_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1, float radius) {
  RayHit best;
  if (const auto hit = world.arena.grid.first_hit(p0, p1, radius)) {
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

Aim aim(const World& world) {
  const Player& p = world.player;
  const glm::vec3 eye = eye_position(p);
  const glm::vec3 forward = look_direction(p);
  const glm::vec3 right = glm::normalize(glm::vec3(std::cos(p.yaw), 0.0f, -std::sin(p.yaw)));
  const glm::vec3 up = glm::cross(right, forward);
  const glm::vec3 far = eye + forward * world.config.bullet_range;
  const RayHit hit = first_hit(world, eye, far, 0.0f);
  return {eye + forward * 0.6f + right * 0.22f - up * 0.18f, eye + (far - eye) * hit.t, right, up};
}

void fire_bullet(World& world, const Aim& a, glm::vec3 dir, float speed, float damage) {
  ++world.shots_fired;
  const int slot = spawn_slot(world.bullets, world.meters[kBullets]);
  if (slot < 0) return;  // pool exhausted under Drop: the shot is dropped, and counted
  Bullet& b = world.bullets[slot];
  b.pos = b.prev_pos = a.barrel;
  b.vel = dir * speed;
  b.damage = damage;
  // Past the full-visual cap a bullet is drawn only as a cheap tracer.
  b.full_visual = world.full_visual_live < world.config.full_visual_cap;
  if (b.full_visual)
    ++world.full_visual_live;
  else
    spawn_tracer(world, world.bullets.handle_of(slot), b.pos);
}

}  // namespace

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
  // Hold to fire: one shot per 1/rate seconds, however the ticks fall.
  while (rifle && p.rifle_cooldown <= 0.0f) {
    fire_bullet(world, a, dir, cfg.rifle_speed, cfg.rifle_damage);
    spawn_casing(world, a.barrel + a.right * 0.1f,
                 a.right * world.rng.uniform(1.5f, 2.5f) + a.up * world.rng.uniform(1.5f, 2.5f));
    p.rifle_cooldown += 1.0f / cfg.rifle_rate;
    p.muzzle_flash = 0.05f;
  }
  if (scatter) {
    for (int i = 0; i < cfg.scatter_pellets; ++i) {
      const float u = world.rng.uniform(-1.0f, 1.0f) * cfg.scatter_spread;
      const float v = world.rng.uniform(-1.0f, 1.0f) * cfg.scatter_spread;
      fire_bullet(world, a, glm::normalize(dir + a.right * u + a.up * v), cfg.scatter_speed,
                  cfg.pellet_damage);
    }
    p.scatter_cooldown = cfg.scatter_cooldown;
    p.muzzle_flash = 0.08f;
  }
}

// Integrate and sweep: each tick a bullet is the segment from where it was to
// where it will be. The earliest thing that segment touches is what it hits.
void update_bullets(World& world, float dt) {
  const WorldConfig& cfg = world.config;
  world.bullets.for_each_active([&](int slot, Bullet& b) {  // O(live), not O(capacity)
    b.prev_pos = b.pos;
    const glm::vec3 next = b.pos + b.vel * dt;
    const RayHit hit = first_hit(world, b.pos, next, cfg.bullet_radius);
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
        spawn_damage_number(world, point + hit.normal * 0.1f, b.damage);
        if (t.health <= 0.0f) {
          t.broken = true;
          t.respawn_timer = 3.0f;
          ++world.score;
        }
      }
      spawn_impact(world, point, hit.normal, dir, hit.target < 0);
    } else {
      b.travelled += glm::length(next - b.pos);
      b.pos = next;
      if (b.age < cfg.bullet_lifetime && b.travelled < cfg.bullet_range) return;
    }
    if (b.full_visual) --world.full_visual_live;
    retire_slot(world.bullets, world.meters[kBullets], slot, b.age);
  });
}

}  // namespace flatline
