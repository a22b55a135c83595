// Weapons. Firing acquires a bullet slot from the pool and launches the bullet (bullets.cpp
// flies it). Nothing is allocated: the bullet pool was filled at load, and a full pool under
// Drop means the shot is dropped (counted).
//
// The rifle kicks, as shooters model it: each shot widens the cone the next one leaves in
// (spread: the first shot goes true, a long burst scatters) and lifts the view (recoil). Both
// are state in the Player, drawn from the world's generator, so a replay kicks alike.
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/systems.hpp"

namespace flatline {
namespace {

struct Aim {
  glm::vec3 barrel;  // where bullets leave the gun: right of and below the eye
  glm::vec3 point;   // what the crosshair is on: bullets converge on the camera ray
  glm::vec3 right, up;
};

Aim aim(const World& world) {
  const Player& p = world.player;
  const glm::vec3 eye = eye_position(p);
  const glm::vec3 forward = look_direction(p);
  const glm::vec3 right = glm::normalize(glm::vec3(std::cos(p.yaw), 0.0f, -std::sin(p.yaw)));
  const glm::vec3 up = glm::cross(right, forward);
  const glm::vec3 far = eye + forward * world.config.bullet_range;
  const BulletHit hit = first_hit(world, eye, far, 0.0f);
  return {eye + forward * 0.6f + right * 0.22f - up * 0.18f, eye + (far - eye) * hit.t, right, up};
}

// A direction within `spread` radians of `dir`, uniform over the disc the cone cuts.
glm::vec3 within_cone(World& world, const Aim& a, const glm::vec3& dir, float spread) {
  // One draw per statement, so every compiler draws in the same order: radius, then angle.
  const float radius = spread * std::sqrt(world.rng.uniform());
  const float angle = world.rng.uniform(0.0f, 6.2831853f);
  return glm::normalize(dir + a.right * (radius * std::cos(angle)) +
                        a.up * (radius * std::sin(angle)));
}

// The kick settles every tick, a share of it and a little more, so it reaches zero; the cone
// closes only while the trigger rests.
void recover(Player& p, const WorldConfig& cfg, bool trigger, float dt) {
  const float settle = std::max(p.recoil_pitch * cfg.recoil_recovery, cfg.recoil_settle) * dt;
  p.recoil_pitch = std::max(p.recoil_pitch - settle, 0.0f);
  if (!trigger) p.spread = std::max(p.spread - cfg.spread_recovery * dt, 0.0f);
}

// A rifle shot's kick: a wider cone for the next and the view lifted, each up to its limit.
void kick(Player& p, const WorldConfig& cfg) {
  p.spread = std::min(p.spread + cfg.spread_per_shot, cfg.spread_max);
  p.recoil_pitch = std::min(p.recoil_pitch + cfg.recoil_per_shot, cfg.recoil_max);
}

// A tracer round: every config.tracer_every-th rifle round, counted from the first.
bool next_is_tracer_round(World& world) {
  const std::uint64_t round = world.rifle_rounds++;
  const int every = world.config.tracer_every;
  return every > 0 && round % static_cast<std::uint64_t>(every) == 0;
}

void fire_bullet(World& world, const Aim& a, glm::vec3 dir, float speed, float damage,
                 bool tracer_round) {
  ++world.shots_fired;
  int slot = -1;
  // Under RecycleOldest a full pool takes back its oldest bullet: that life ends here.
  const auto end_life = [&](const Bullet& old) { end_bullet_life(world, old); };
  Bullet* bullet = spawn_object(world, world.bullets, &slot, end_life);
  if (bullet == nullptr) return;  // pool exhausted under Drop: the shot is dropped, and counted
  Bullet& b = *bullet;
  b.pos = a.barrel;
  begin_life(b, world.config.clear_on_reuse);
  b.vel = dir * speed;
  b.damage = damage;
  // Past the full-visual cap a bullet is drawn only as a cheap tracer (the fallback), which
  // follows it by handle: a heap bullet (pooling off) has no handle, so it is always drawn.
  // A tracer round is drawn in full and has its tracer too.
  b.full_visual = slot < 0 || world.full_visual_live < world.config.full_visual_cap;
  if (b.full_visual) ++world.full_visual_live;
  if (slot >= 0 && (!b.full_visual || tracer_round))
    spawn_tracer(world, world.bullets.pool.handle_of(slot), b.pos);
  on_bullet_fired(world, slot);  // an armed seeker locks on (lessons.hpp)
}

}  // namespace

void fire_weapons(World& world, const TickInput& input, float dt) {
  Player& p = world.player;
  const WorldConfig& cfg = world.config;
  p.rifle_cooldown = std::max(p.rifle_cooldown - dt, -dt);
  p.scatter_cooldown = std::max(p.scatter_cooldown - dt, 0.0f);
  const bool rifle = input.fire_held || input.fire_presses > 0;
  const bool scatter = input.scatter_presses > 0 && p.scatter_cooldown <= 0.0f;
  recover(p, cfg, rifle, dt);
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
    const glm::vec3 shot = within_cone(world, a, dir, p.spread);  // the rifle's cone
    fire_bullet(world, a, shot, cfg.rifle_speed, cfg.rifle_damage, next_is_tracer_round(world));
    kick(p, cfg);
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
                  cfg.pellet_damage, false);
    }
    world.events.emit(EventKind::ScatterShot, Surface::None, a.barrel, world.tick);
    p.scatter_cooldown = cfg.scatter_cooldown;
    p.muzzle_flash = 0.08f;
  }
}

}  // namespace flatline
