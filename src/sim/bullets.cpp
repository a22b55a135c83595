// The bullets' tick: integrate, sweep, hit or not, release. Each tick a bullet is the
// segment from where it was to where it will be; the earliest thing that segment touches
// is what it hits. A hit, the end of its lifetime or of its range ends its flight; it
// lingers a moment where it stopped (its streak shrinks, effect_life.hpp), then goes back
// to the pool.
#include <array>
#include <cmath>

#include <glm/geometric.hpp>

#include "physics/collision.hpp"
#include "sim/systems.hpp"

namespace flatline {
namespace {

// What a discrete test sees: only where the bullet ends the tick, inside a box or touching a
// triangle there. Anything it jumped over in between (the 5 cm glass, at 5 m per tick) is missed.
BulletHit discrete_first_hit(const World& world, const glm::vec3& end, float radius) {
  BulletHit hit;
  std::array<Contact, 1> touching;  // is there any? one is enough to say so
  if (world.arena.bvh.sphere_contacts(end, radius, touching).found > 0)
    hit = {0.0f, glm::vec3(0.0f), -1, true};
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

// What a hit at `point` struck, for listeners: a target, the thin glass wall, or a wall.
Surface surface_at(const World& world, const glm::vec3& point, int target) {
  if (target >= 0) return Surface::Target;
  const int glass = world.arena.thin_wall;
  const bool on_glass =
      glass >= 0 && world.arena.solids[static_cast<std::size_t>(glass)].grown(0.1f).contains(point);
  return on_glass ? Surface::Glass : Surface::Wall;
}

// One bullet's tick. True when the bullet is done: the caller sends it back to the pool.
bool tick_bullet(World& world, Bullet& b, float dt) {
  b.prev_pos = b.pos;
  if (b.life.stage == LifeStage::Lingering) {  // its flight is over: it waits, then goes back
    b.age += dt;
    return linger_over(b.life, dt);
  }
  const glm::vec3 next = b.pos + b.vel * dt;  // integrate
  land_bullet(world, b, dt, next, first_hit(world, b.pos, next, world.config.bullet_radius));
  return false;
}

}  // namespace

void hit_target(World& world, int index, const glm::vec3& point, const glm::vec3& normal,
                float damage) {
  Target& t = world.targets[static_cast<std::size_t>(index)];
  t.health -= damage;
  t.hit_flash = 0.12f;
  ++world.target_hits;
  world.last_target_hit_tick = world.tick;
  spawn_damage_number(world, point + normal * 0.1f, damage);  // break_targets: later
}

BulletHit first_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1, float radius) {
  BulletHit level;
  if (const auto hit = world.arena.bvh.first_hit(p0, p1, radius))  // the level's triangles
    level = {hit->t, hit->normal, -1, true};
  return earlier_target_hit(world, p0, p1, radius, level);
}

BulletHit earlier_target_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1,
                             float radius, BulletHit best) {
  for (int i = 0; i < kTargetCount; ++i) {
    const Target& target = world.targets[static_cast<std::size_t>(i)];
    if (target.broken) continue;
    const auto hit = segment_vs_aabb(p0, p1, target.box().grown(radius));
    if (hit && hit->t < best.t) best = {hit->t, hit->normal, i, true};
  }
  return best;
}

void land_bullet(World& world, Bullet& b, float dt, const glm::vec3& next, BulletHit hit) {
  const WorldConfig& cfg = world.config;
  if (!cfg.swept_collision) {  // the tunnelling lab: trust only the end point
    const BulletHit discrete = discrete_first_hit(world, next, cfg.bullet_radius);
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
    if (hit.target >= 0) hit_target(world, hit.target, point, hit.normal, b.damage);
    spawn_impact(world, point, hit.normal, dir, hit.target < 0);
    world.events.emit(EventKind::Impact, surface_at(world, point, hit.target), point, world.tick);
  } else {
    b.travelled += glm::length(next - b.pos);
    b.pos = next;
    if (b.age < cfg.bullet_lifetime && b.travelled < cfg.bullet_range) return;  // flies on
  }
  end_bullet_life(world, b);  // its flight is over: quiet, then back to the pool
  begin_quiet(b.life, Linger::kBullet);
}

// Every live bullet, pooled or (pooling off) on the heap, in the pool's dense order.
void update_bullets(World& world, float dt) {
  update_live(world.bullets, [&](Bullet& b) { return tick_bullet(world, b, dt); });
}

void break_targets(World& world) {
  for (Target& t : world.targets) {
    if (t.broken || t.health > 0.0f) continue;
    t.broken = true;
    t.respawn_timer = 3.0f;
    ++world.score;
    world.last_target_broken_tick = world.tick;
    world.events.emit(EventKind::TargetBroken, Surface::Target, t.pos, world.tick);
    spawn_debris(world, t);  // it bursts into pieces (effects.cpp)
  }
}

}  // namespace flatline
