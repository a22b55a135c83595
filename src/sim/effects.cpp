// Pooled effects: spawned by hits and shots, updated each tick, released when done.
// Every update walks only the live objects of its pool (for_each_active).
//
// Casings and sparks land where they fall, as three.js games_fps's spheres do: each tick a
// small sphere is swept from where it is to where it is going against the level's triangles
// (the arena's BVH); at the first touch it stops there, on the surface, never in it, and
// bounces: the velocity's part into the surface turned back and damped (restitution), the
// part along it slowed (friction).
#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/systems.hpp"

namespace flatline {
namespace {

constexpr float kGravity = 9.8f;

// How a small falling thing meets the level.
struct Bounciness {
  float radius;
  float restitution;  // the share of the speed into the surface it leaves with
  float friction;     // the share of the speed along the surface a touch takes away
};
constexpr Bounciness kCasingBounce{0.01f, 0.45f, 0.3f};
constexpr Bounciness kSparkBounce{0.01f, 0.3f, 0.4f};
constexpr float kDebrisRestitution = 0.3f;  // a broken piece is duller than a brass casing
constexpr float kDebrisFriction = 0.4f;
constexpr float kDebrisRestSpeed = 0.8f;  // m/s: heavier than a casing, it settles sooner
constexpr float kRestSpeed = 0.4f;        // m/s: a casing this slow on a floor or a slope stays
constexpr float kRestSlope = 0.5f;        // normal.y: floors and slopes up to 60°, not walls
constexpr float kAudibleSpeed = 0.5f;     // m/s into the surface: a bounce that makes a tink

struct Landing {
  bool hit = false;
  glm::vec3 normal{0.0f};
  float speed_in = 0.0f;  // how fast it struck, along the normal
};

// One tick's flight of a small sphere: swept to its next position; at a hit, moved to the
// touching point and bounced.
Landing fly(const World& world, glm::vec3& pos, glm::vec3& vel, float dt, const Bounciness& how) {
  const glm::vec3 next = pos + vel * dt;
  const auto hit = world.arena.bvh.first_hit(pos, next, how.radius);
  if (!hit) {
    pos = next;
    return {};
  }
  pos += (next - pos) * hit->t;  // touching the surface, a radius off it
  const float into = glm::dot(vel, hit->normal);
  const glm::vec3 across = vel - hit->normal * into;
  vel = across * (1.0f - how.friction) - hit->normal * (into * how.restitution);
  return {true, hit->normal, -into};
}

glm::vec3 random_unit(Rng& rng) {
  for (;;) {  // rejection sampling in the unit ball: a few draws on average, no allocation
    const float x = rng.uniform(-1.0f, 1.0f);  // one draw per statement: x, y, z in order
    const float y = rng.uniform(-1.0f, 1.0f);
    const float z = rng.uniform(-1.0f, 1.0f);
    const glm::vec3 v{x, y, z};
    const float len2 = glm::dot(v, v);
    if (len2 > 1e-4f && len2 <= 1.0f) return v / std::sqrt(len2);
  }
}

// Each update is one function of one object, returning true when its life is over;
// update_live (systems.hpp) runs it over the pool's live objects (and the heap
// list, when pooling is off) and retires the finished ones. Every kind goes through the
// same stages (effect_life.hpp): live, then quiet (lingering, fading), then released.
void update_sparks(World& world, float dt) {
  update_live(world.sparks, [&](Spark& s) {
    s.prev_pos = s.pos;
    s.vel.y -= kGravity * dt;
    fly(world, s.pos, s.vel, dt, kSparkBounce);
    s.age += dt;  // an ember still falls while it fades
    return live_then_linger(s.life, s.age, s.lifetime - Linger::kSpark, Linger::kSpark, dt);
  });
}

void update_decals(World& world, float dt) {
  update_live(world.decals, [&](Decal& d) {
    d.age += dt;
    return live_then_linger(d.life, d.age, EffectTimes::kDecalLife - Linger::kDecal, Linger::kDecal,
                            dt);
  });
}

void update_casings(World& world, float dt) {
  update_live(world.casings, [&](Casing& c) {
    c.prev_pos = c.pos;
    c.age += dt;
    if (live_then_linger(c.life, c.age, EffectTimes::kCasingLife - Linger::kCasing, Linger::kCasing,
                         dt))
      return true;
    if (c.resting) return false;
    c.vel.y -= kGravity * dt;
    c.spin += c.spin_rate * dt;
    const Landing landing = fly(world, c.pos, c.vel, dt, kCasingBounce);
    if (!landing.hit) return false;
    if (landing.speed_in > kAudibleSpeed) {  // a bounce, losing energy
      c.spin_rate *= 0.6f;
      ++c.bounces;
      world.events.emit(EventKind::CasingBounce, Surface::None, c.pos, world.tick);
    }
    // Slow, on something it can lie on: it stays there, on the platform or the ramp it fell on.
    if (glm::length(c.vel) < kRestSpeed && landing.normal.y > kRestSlope) c.resting = true;
    return false;
  });
}

// A target's piece: falls, tumbles, bounces on the level (a sphere half its size), and once
// slow on a floor or a slope lies still until it fades (shrinking, as a casing does).
void update_debris(World& world, float dt) {
  update_live(world.debris, [&](Debris& d) {
    d.prev_pos = d.pos;
    d.age += dt;
    if (live_then_linger(d.life, d.age, EffectTimes::kDebrisLife - Linger::kDebris, Linger::kDebris,
                         dt))
      return true;
    if (d.resting) return false;
    d.vel.y -= kGravity * dt;
    d.spin += d.spin_rate * dt;
    const Bounciness how{0.5f * d.size, kDebrisRestitution, kDebrisFriction};
    const Landing landing = fly(world, d.pos, d.vel, dt, how);
    if (!landing.hit) return false;
    d.spin_rate *= 0.5f;  // each knock takes its tumble down
    if (glm::length(d.vel) < kDebrisRestSpeed && landing.normal.y > kRestSlope) d.resting = true;
    return false;
  });
}

void update_damage_numbers(World& world, float dt) {
  update_live(world.damage_numbers, [&](DamageNumber& d) {
    d.prev_pos = d.pos;
    d.pos.y += 1.5f * dt;  // rises while it fades
    d.age += dt;
    return live_then_linger(d.life, d.age, EffectTimes::kDamageNumberLife - Linger::kDamageNumber,
                            Linger::kDamageNumber, dt);
  });
}

void update_tracers(World& world, float dt) {
  world.tracers.pool.for_each_active([&](int slot, Tracer& t) {
    t.prev_trail = t.trail;
    t.age += dt;
    glm::vec3 head = t.trail[0];
    const Bullet* b = t.life.stage == LifeStage::Live ? world.bullets.pool.get(t.bullet) : nullptr;
    if (b != nullptr) head = b->pos;  // the handle still resolves: follow the bullet
    // Its bullet has stopped, or is gone (the handle is stale): stop following and fade out
    // where it is, instead of vanishing.
    if (b == nullptr || b->life.stage != LifeStage::Live) begin_quiet(t.life, Linger::kTracer);
    for (int i = Tracer::kTrail - 1; i > 0; --i)
      t.trail[static_cast<std::size_t>(i)] = t.trail[static_cast<std::size_t>(i - 1)];
    t.trail[0] = head;
    if (t.life.stage == LifeStage::Lingering && linger_over(t.life, dt))
      retire_slot(world.tracers, slot, t.age);
  });
}

}  // namespace

void spawn_impact(World& world, const glm::vec3& point, const glm::vec3& normal,
                  const glm::vec3& bullet_dir, bool leaves_decal) {
  const glm::vec3 bounce = glm::reflect(bullet_dir, normal);
  for (int i = 0; i < world.config.sparks_per_hit; ++i) {
    Spark* spark = spawn_object(world, world.sparks);
    if (spark == nullptr) break;  // Drop: a spark storm simply has fewer sparks
    Spark& s = *spark;
    s.pos = point + normal * 0.02f;
    begin_life(s, world.config.clear_on_reuse);
    // One draw per statement, so every compiler draws in the same order: speed, then direction.
    const float speed = world.rng.uniform(3.0f, 9.0f);
    const glm::vec3 scatter = random_unit(world.rng);
    s.vel = (bounce * 0.6f + scatter * 0.5f + normal * 0.3f) * speed;
    s.lifetime = world.rng.uniform(0.25f, 0.6f);
  }
  if (!leaves_decal) return;
  Decal* decal = spawn_object(world, world.decals);
  if (decal == nullptr) return;
  Decal& d = *decal;  // RecycleOldest: when full, the oldest hole moves here
  // The hole lies on the surface the bullet struck, facing along its normal (the renderer
  // turns the quad to it, so it lies flat on a ramp too): the bullet's centre stopped a radius
  // off the surface, and the hole sits just off it, so the two do not fight for depth.
  d.pos = point - normal * (world.config.bullet_radius - 0.005f);
  d.normal = normal;
  begin_life(d, world.config.clear_on_reuse);
}

void spawn_damage_number(World& world, const glm::vec3& point, float value) {
  DamageNumber* number = spawn_object(world, world.damage_numbers);
  if (number == nullptr) return;
  DamageNumber& d = *number;
  d.pos = point;
  begin_life(d, world.config.clear_on_reuse);
  d.value = value;
}

void spawn_casing(World& world, const glm::vec3& point, const glm::vec3& vel) {
  Casing* casing = spawn_object(world, world.casings);
  if (casing == nullptr) return;
  Casing& c = *casing;
  c.pos = point;
  begin_life(c, world.config.clear_on_reuse);
  c.vel = vel;
  c.spin_rate = world.rng.uniform(10.0f, 30.0f);
}

void spawn_tracer(World& world, Handle bullet, const glm::vec3& head) {
  const int slot = spawn_slot(world.tracers);
  if (slot < 0) return;
  Tracer& t = world.tracers.pool[slot];
  t.bullet = bullet;
  t.trail[0] = head;  // first position write of the new life, then clear the old trail,
  begin_life(t, world.config.clear_on_reuse);  // so no segment spans the old life and the new
}

void spawn_debris(World& world, const Target& target) {
  const glm::vec3 centre = target.pos;
  for (int i = 0; i < EffectTimes::kDebrisPerBreak; ++i) {
    Debris* piece = spawn_object(world, world.debris);
    if (piece == nullptr) break;  // a Drop pool (the overlay can set one) full: fewer pieces
    Debris& d = *piece;
    // One draw per statement, so every compiler draws in the same order.
    const float x = world.rng.uniform(-1.0f, 1.0f);
    const float y = world.rng.uniform(-1.0f, 1.0f);
    const float z = world.rng.uniform(-1.0f, 1.0f);
    const glm::vec3 from = glm::vec3(x, y, z) * target.half_size;  // somewhere in the board
    d.pos = centre + from;
    begin_life(d, world.config.clear_on_reuse);
    const float up = world.rng.uniform(2.0f, 5.0f);
    const glm::vec3 scatter = random_unit(world.rng);
    d.vel = from * 4.0f + scatter * 1.5f + glm::vec3(0.0f, up, 0.0f);  // outwards, upwards
    d.axis = random_unit(world.rng);
    d.spin_rate = world.rng.uniform(6.0f, 16.0f);
    d.size = world.rng.uniform(0.12f, 0.22f);
  }
}

void update_effects(World& world, float dt) {
  update_sparks(world, dt);
  update_decals(world, dt);
  update_casings(world, dt);
  update_damage_numbers(world, dt);
  update_tracers(world, dt);
  update_debris(world, dt);
}

}  // namespace flatline
