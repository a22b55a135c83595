// Pooled effects: spawned by hits and shots, updated each tick, released when done.
// Every update walks only the live objects of its pool (for_each_active).
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "core/systems.hpp"

namespace flatline {
namespace {

constexpr float kGravity = 9.8f;

glm::vec3 random_unit(Rng& rng) {
  for (;;) {  // rejection sampling in the unit ball: a few draws on average, no allocation
    const glm::vec3 v{rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f), rng.uniform(-1.0f, 1.0f)};
    const float len2 = glm::dot(v, v);
    if (len2 > 1e-4f && len2 <= 1.0f) return v / std::sqrt(len2);
  }
}

void update_sparks(World& world, float dt) {
  world.sparks.for_each_active([&](int slot, Spark& s) {
    s.prev_pos = s.pos;
    s.vel.y -= kGravity * dt;
    s.pos += s.vel * dt;
    s.age += dt;
    // A spark fades over its life (the renderer reads age / life), then goes back.
    if (s.age >= s.life) retire_slot(world.sparks, world.meters[kSparks], slot, s.age);
  });
}

void update_decals(World& world, float dt) {
  world.decals.for_each_active([&](int slot, Decal& d) {
    d.age += dt;
    if (d.age >= EffectTimes::kDecalLife)
      retire_slot(world.decals, world.meters[kDecals], slot, d.age);
  });
}

void update_casings(World& world, float dt) {
  world.casings.for_each_active([&](int slot, Casing& c) {
    c.prev_pos = c.pos;
    c.age += dt;
    if (c.age >= EffectTimes::kCasingLife) {
      retire_slot(world.casings, world.meters[kCasings], slot, c.age);
      return;
    }
    if (c.resting) return;
    c.vel.y -= kGravity * dt;
    c.pos += c.vel * dt;
    c.spin += c.spin_rate * dt;
    constexpr float kRadius = 0.01f;
    if (c.pos.y < kRadius && c.vel.y < 0.0f) {  // bounce on the floor, losing energy
      c.pos.y = kRadius;
      c.vel.y = -c.vel.y * 0.45f;
      c.vel.x *= 0.7f;
      c.vel.z *= 0.7f;
      c.spin_rate *= 0.6f;
      ++c.bounces;
      if (c.vel.y < 0.4f) c.resting = true;
    }
  });
}

void update_damage_numbers(World& world, float dt) {
  world.damage_numbers.for_each_active([&](int slot, DamageNumber& d) {
    d.prev_pos = d.pos;
    d.pos.y += 1.5f * dt;  // rises while it fades
    d.age += dt;
    if (d.age >= EffectTimes::kDamageNumberLife)
      retire_slot(world.damage_numbers, world.meters[kDamageNumbers], slot, d.age);
  });
}

void update_tracers(World& world, float dt) {
  world.tracers.for_each_active([&](int slot, Tracer& t) {
    t.prev_trail = t.trail;
    t.age += dt;
    glm::vec3 head = t.trail[0];
    if (const Bullet* b = world.bullets.get(t.bullet)) {
      head = b->pos;  // the handle still resolves: follow the bullet
    } else if (!t.retiring) {
      // Its bullet is gone (the handle is stale): stop following and fade out
      // where it is, instead of vanishing (the Luau module's "Linger").
      t.retiring = true;
      t.linger = EffectTimes::kTracerLinger;
    }
    for (int i = Tracer::kTrail - 1; i > 0; --i)
      t.trail[static_cast<std::size_t>(i)] = t.trail[static_cast<std::size_t>(i - 1)];
    t.trail[0] = head;
    if (t.retiring) {
      t.linger -= dt;
      if (t.linger <= 0.0f) retire_slot(world.tracers, world.meters[kTracers], slot, t.age);
    }
  });
}

}  // namespace

void spawn_impact(World& world, const glm::vec3& point, const glm::vec3& normal,
                  const glm::vec3& bullet_dir, bool leaves_decal) {
  const glm::vec3 bounce = glm::reflect(bullet_dir, normal);
  for (int i = 0; i < world.config.sparks_per_hit; ++i) {
    const int slot = spawn_slot(world.sparks, world.meters[kSparks]);
    if (slot < 0) break;  // Drop: a spark storm simply has fewer sparks
    Spark& s = world.sparks[slot];
    s.pos = s.prev_pos = point + normal * 0.02f;
    s.vel = (bounce * 0.6f + random_unit(world.rng) * 0.5f + normal * 0.3f) *
            world.rng.uniform(3.0f, 9.0f);
    s.life = world.rng.uniform(0.25f, 0.6f);
  }
  if (!leaves_decal) return;
  const int slot = spawn_slot(world.decals, world.meters[kDecals]);
  if (slot < 0) return;
  Decal& d = world.decals[slot];  // RecycleOldest: when full, the oldest hole moves here
  d.pos = point + normal * 0.005f;
  d.normal = normal;
}

void spawn_damage_number(World& world, const glm::vec3& point, float value) {
  const int slot = spawn_slot(world.damage_numbers, world.meters[kDamageNumbers]);
  if (slot < 0) return;
  DamageNumber& d = world.damage_numbers[slot];
  d.pos = d.prev_pos = point;
  d.value = value;
}

void spawn_casing(World& world, const glm::vec3& point, const glm::vec3& vel) {
  const int slot = spawn_slot(world.casings, world.meters[kCasings]);
  if (slot < 0) return;
  Casing& c = world.casings[slot];
  c.pos = c.prev_pos = point;
  c.vel = vel;
  c.spin_rate = world.rng.uniform(10.0f, 30.0f);
}

void spawn_tracer(World& world, Handle bullet, const glm::vec3& head) {
  const int slot = spawn_slot(world.tracers, world.meters[kTracers]);
  if (slot < 0) return;
  Tracer& t = world.tracers[slot];
  t.bullet = bullet;
  t.trail[0] = head;   // first position write of the new life...
  t.trail.fill(head);  // ...then clear the trail, so no segment spans the old life and the new
  t.prev_trail = t.trail;
}

void update_effects(World& world, float dt) {
  update_sparks(world, dt);
  update_decals(world, dt);
  update_casings(world, dt);
  update_damage_numbers(world, dt);
  update_tracers(world, dt);
}

}  // namespace flatline
