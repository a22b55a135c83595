// Thrown spheres (spheres.hpp), after three.js games_fps's throwBall, updateSpheres,
// spheresCollisions and playerSphereCollision: plain scalar code, one sphere at a time.
//
// Each tick every live sphere falls, slows in the air (damping), and moves by its velocity,
// swept against the level's triangles (the arena's BVH) and the targets: at a touch it stops
// on the surface and bounces (restitution turns back part of its speed into the surface;
// friction takes from its speed along it in proportion to how hard it pressed, Coulomb's
// law), then moves on for the rest of the tick. Then the spheres meet each other (every pair
// of the live ones: equal masses, an impulse along the line of centres, pushed apart), the
// player's capsule (a heavier body: each pushes the other), and whatever a push left them
// sunk into is pushed out of (overlap-and-push, as the player's capsule is).
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <glm/geometric.hpp>

#include "sim/systems.hpp"

namespace flatline {
namespace {

constexpr float kGravity = 30.0f;         // games_fps's GRAVITY, the player's too
constexpr float kAirDamping = 1.5f;       // per second: games_fps's exp(−1.5·dt) a tick
constexpr float kRestitution = 0.5f;      // off the level and the targets: games_fps's 1.5·(v·n)
constexpr float kFriction = 0.2f;         // Coulomb's μ against the level
constexpr float kPairRestitution = 0.8f;  // sphere on sphere: most of the speed passes on
constexpr float kPlayerMass = 8.0f;       // in spheres: the player shoves harder than a sphere
constexpr float kStrikeSpeed = 10.0f;     // m/s into a target: above it, a hit that hurts
constexpr float kStrikeDamage = 20.0f;    // a weak bullet's (the rifle's is 25)
constexpr float kSkin = 1e-4f;            // left between a sphere and what it touches
constexpr int kMoveRounds = 3;            // touches a tick: a floor, a wall, a corner
constexpr int kPushes = 2;                // overlap-and-push rounds

// A bounce off a surface of normal n: the speed into it turned back and damped, unless it is
// so slow that it would only rattle (`still`: then it stops against it, and can rest); the
// speed along it slowed by friction, at most μ times the push the surface gave.
void bounce(glm::vec3& vel, const glm::vec3& n, float still) {
  const float into = -glm::dot(vel, n);
  if (into <= 0.0f) return;  // touching, but moving along or away
  const float out = into * kRestitution < still ? 0.0f : into * kRestitution;
  glm::vec3 along = vel + n * into;
  const float slide = glm::length(along);
  if (slide > 0.0f) along *= std::max(0.0f, slide - kFriction * (into + out)) / slide;
  vel = along + n * out;
}

// A sphere that meets a target fast enough strikes it as a weak bullet does.
void strike(World& world, int target, const glm::vec3& at, const glm::vec3& n, float speed_in) {
  if (speed_in < kStrikeSpeed) return;
  hit_target(world, target, at - n * Sphere::kRadius, n, kStrikeDamage);
  world.events.emit(EventKind::Impact, Surface::Target, at, world.tick);
}

// The tick's move: swept against the level and the targets, bouncing at each touch, a few
// touches at most (what is left of the tick after the last is lost).
void move(World& world, Sphere& s, float dt, float still) {
  float left = dt;
  for (int round = 0; round < kMoveRounds && left > 0.0f; ++round) {
    const glm::vec3 next = s.pos + s.vel * left;
    const BulletHit hit = first_hit(world, s.pos, next, Sphere::kRadius);
    if (!hit.any) {
      s.pos = next;
      return;
    }
    s.pos += (next - s.pos) * hit.t;  // touching, a radius off the surface
    left *= 1.0f - hit.t;
    if (hit.target >= 0) strike(world, hit.target, s.pos, hit.normal, -glm::dot(s.vel, hit.normal));
    bounce(s.vel, hit.normal, still);
    s.pos += hit.normal * kSkin;  // off it: sliding along it next is no touch
  }
}

// One body of a contact: its velocity, which the impulse changes, and its inverse mass (a
// sphere's 1; the heavier player's less, so it gives way less).
struct Body {
  glm::vec3& vel;
  float inverse_mass;
};

// How far two touching bodies sink into each other, along the normal from the first to the
// second.
struct Overlap {
  glm::vec3 normal;
  float depth;
};

// The contact of two bodies: d runs from the first's nearest point to the second's centre,
// and they touch nearer than `reach`. Touching and closing, an impulse along the normal turns
// back their closing speed (restitution e), shared by their inverse masses; the caller then
// pushes them apart by the overlap (none: apart). Centres that coincide give no direction:
// `fallback` then.
std::optional<Overlap> contact(const glm::vec3& d, float reach, const glm::vec3& fallback, float e,
                               Body a, Body b) {
  const float dist2 = glm::dot(d, d);
  if (!(dist2 < reach * reach)) return std::nullopt;
  const float dist = std::sqrt(dist2);
  const glm::vec3 n = dist > 1e-6f ? d / dist : fallback;
  const float closing = glm::dot(a.vel - b.vel, n);
  if (closing > 0.0f) {
    const float j = (1.0f + e) * closing / (a.inverse_mass + b.inverse_mass);
    a.vel -= n * (j * a.inverse_mass);
    b.vel += n * (j * b.inverse_mass);
  }
  return Overlap{n, reach - dist};
}

// Two spheres overlapping: equal masses, so the impulse along the line of centres shares the
// closing speed between them (all of it passed on at a restitution of 1); then each is moved
// half the overlap apart.
void collide_pair(Sphere& a, Sphere& b) {
  const std::optional<Overlap> o =
      contact(b.pos - a.pos, 2.0f * Sphere::kRadius, glm::vec3(0.0f, 1.0f, 0.0f), kPairRestitution,
              {a.vel, 1.0f}, {b.vel, 1.0f});
  if (!o) return;
  const float half_overlap = 0.5f * o->depth;
  a.pos -= o->normal * half_overlap;
  b.pos += o->normal * half_overlap;
}

// Every live sphere, pooled or (pooling off) on the heap, in one order.
template <class Fn>
void for_each_sphere(World& world, Fn&& fn) {
  world.spheres.pool.for_each_active([&](int, Sphere& s) { fn(s); });
  world.spheres.heap.for_each(fn);
}

// Every pair once: the i-th sphere against each after it.
void collide_pairs(World& world) {
  int i = 0;
  for_each_sphere(world, [&](Sphere& a) {
    int j = 0;
    for_each_sphere(world, [&](Sphere& b) {
      if (j++ > i) collide_pair(a, b);
    });
    ++i;
  });
}

// The sphere against the player's capsule: an impulse along the normal between a sphere
// (mass 1) and the player (kPlayerMass), so a thrown sphere shoves the player and a walking
// player kicks a sphere away. The sphere gives way; the player's own push-out keeps it from walls.
void collide_with_player(Player& p, Sphere& s) {
  const glm::vec3 a = p.pos + glm::vec3(0.0f, kPlayerRadius, 0.0f);
  const glm::vec3 b = p.pos + glm::vec3(0.0f, kPlayerHeight - kPlayerRadius, 0.0f);
  const float along = std::clamp((s.pos.y - a.y) / (b.y - a.y), 0.0f, 1.0f);
  const glm::vec3 d = s.pos - (a + (b - a) * along);
  const std::optional<Overlap> o =
      contact(d, Sphere::kRadius + kPlayerRadius, glm::vec3(1.0f, 0.0f, 0.0f), kRestitution,
              {p.vel, 1.0f / kPlayerMass}, {s.vel, 1.0f});
  if (!o) return;
  s.pos += o->normal * o->depth;
}

// Overlap-and-push out of the level and the targets: what a neighbour's push or a swaying
// target left the sphere sunk into. Its speed into what it leaves is taken away.
void push_out(const World& world, Sphere& s) {
  std::array<Contact, 8> buffer;  // on the stack: no allocation
  for (int i = 0; i < kPushes; ++i) {
    Contact deepest = world.arena.bvh.sphere_contacts(s.pos, Sphere::kRadius, buffer).deepest;
    for (const Target& target : world.targets) {
      if (target.broken) continue;
      const Aabb box = target.box();
      const glm::vec3 d = s.pos - glm::clamp(s.pos, box.min, box.max);
      const float dist = glm::length(d);
      const float depth = Sphere::kRadius - dist;
      if (dist > 0.0f && depth > 0.0f && depth > deepest.depth) deepest = {-2, d / dist, depth};
    }
    if (deepest.depth <= 0.0f) return;
    s.pos += deepest.normal * (deepest.depth + kSkin);
    const float into = glm::dot(s.vel, deepest.normal);
    if (into < 0.0f) s.vel -= deepest.normal * into;
  }
}

}  // namespace

void launch_sphere(World& world, float speed) {
  const Player& p = world.player;
  const glm::vec3 eye = eye_position(p);
  const glm::vec3 forward = look_direction(p);
  // Just in front of the eye, clear of the capsule; nearer if a wall is nearer.
  const glm::vec3 ahead = eye + forward * (kPlayerRadius + Sphere::kRadius + 0.05f);
  const BulletHit wall = first_hit(world, eye, ahead, Sphere::kRadius);
  // A full ring takes back its oldest sphere (RecycleOldest): it pops, a puff of sparks where
  // it was, so the player sees which one went.
  const auto pop = [&](const Sphere& old) {
    spawn_impact(world, old.pos, {0.0f, 1.0f, 0.0f}, {0.0f, -1.0f, 0.0f}, false);
  };
  Sphere* sphere = spawn_object(world, world.spheres, nullptr, pop);
  if (sphere == nullptr) return;  // a Drop pool (the overlay can set one) full: no throw
  Sphere& s = *sphere;
  s.pos = eye + (ahead - eye) * wall.t + (wall.any ? wall.normal * kSkin : glm::vec3(0.0f));
  begin_life(s, world.config.clear_on_reuse);
  s.vel = forward * speed + p.vel;  // thrown from a moving player, it keeps the player's speed
}

void throw_spheres(World& world, const TickInput& input, float dt) {
  Player& p = world.player;
  if (input.throw_held) {  // charging
    p.throw_charge = std::min(p.throw_charge + dt, Throw::kMaxHold);
    return;
  }
  if (p.throw_charge <= 0.0f) return;
  const float speed = throw_speed(p.throw_charge);  // released: throw
  p.throw_charge = 0.0f;
  launch_sphere(world, speed);
}

void update_spheres(World& world, float dt) {
  // Slower than two ticks of gravity into a surface: no bounce, so a resting sphere rests.
  const float still = 2.0f * kGravity * dt;
  const float damping = std::exp(-kAirDamping * dt);
  update_live(world.spheres, [&](Sphere& s) {
    s.prev_pos = s.pos;
    s.age += dt;
    s.vel.y -= kGravity * dt;
    s.vel *= damping;
    move(world, s, dt, still);
    return false;  // a sphere stays until the pool takes it back
  });
  collide_pairs(world);
  for_each_sphere(world, [&](Sphere& s) {
    collide_with_player(world.player, s);
    push_out(world, s);
  });
}

}  // namespace flatline
