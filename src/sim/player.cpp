// FPS movement with a capsule, after three.js games_fps (updatePlayer, playerCollisions): look,
// walk/strafe/sprint, jump, gravity, then move and push the capsule out of whatever it sank
// into, the level's triangles (the arena's BVH) and the targets' boxes.
//
// Overlap-and-push: move, ask which triangles the capsule overlaps, push it out by the deepest
// and ask again, a few times (a corner is a floor and a wall: two pushes). A push from a wall
// also takes the velocity's part into the wall away, so the player slides along it. Ground is
// different: a contact under the feet, on a face no steeper than 45°, lifts the capsule
// straight up instead, so a slope holds the player still and a ramp is climbed at full speed.
// The rounded bottom lifts the player over a step's edge the same way, up to a radius high.
// A move longer than half a radius is cut into substeps, so no wall is thin enough to skip.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include <glm/geometric.hpp>

#include "sim/systems.hpp"

namespace flatline {
namespace {

constexpr float kWalkSpeed = 6.0f;
constexpr float kSprintSpeed = 10.0f;
constexpr float kJumpSpeed = 10.5f;  // v²/2g: an apex above 1.5 m, over the 1.2 m cover
constexpr float kGravity = 30.0f;
constexpr float kGroundAccel = 60.0f;     // m/s² toward the wished velocity
constexpr float kAirAccel = 15.0f;        // air control: weaker, but steering still works
constexpr float kMaxPitch = 1.55f;        // just under 90°: never look straight up
constexpr float kWalkable = 0.70710678f;  // cos 45°: a face this flat or flatter is ground
constexpr int kPushes = 4;                // overlap-and-push rounds per substep
constexpr int kMaxSubsteps = 16;
constexpr float kSnapDown = kPlayerRadius;  // follows the ground down a ramp or a stair
constexpr float kFallLimit = -20.0f;        // below this, out of the world: respawn

// The capsule's segment: the centres of its bottom and top spheres.
glm::vec3 bottom_of(const glm::vec3& feet) {
  return feet + glm::vec3(0.0f, kPlayerRadius, 0.0f);
}
glm::vec3 top_of(const glm::vec3& feet) {
  return feet + glm::vec3(0.0f, kPlayerHeight - kPlayerRadius, 0.0f);
}

// The closest point of segment a -> b to p.
glm::vec3 nearest_on_segment(const glm::vec3& a, const glm::vec3& b, const glm::vec3& p) {
  const glm::vec3 ab = b - a;
  const float len2 = glm::dot(ab, ab);
  const float s = len2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 0.0f;
  return a + ab * s;
}

// Capsule against a box (a target): the closest points by turns, the box's point nearest the
// segment, then the segment's nearest that, which settles in a few rounds for convex shapes.
std::optional<Contact> capsule_vs_box(const glm::vec3& feet, const Aabb& box) {
  const glm::vec3 a = bottom_of(feet);
  const glm::vec3 b = top_of(feet);
  glm::vec3 on_segment = (a + b) * 0.5f;
  glm::vec3 on_box{0.0f};
  for (int i = 0; i < 4; ++i) {
    on_box = glm::clamp(on_segment, box.min, box.max);
    on_segment = nearest_on_segment(a, b, on_box);
  }
  const glm::vec3 away = on_segment - on_box;
  const float dist2 = glm::dot(away, away);
  if (!(dist2 < kPlayerRadius * kPlayerRadius)) return std::nullopt;
  if (dist2 > 0.0f) {
    const float dist = std::sqrt(dist2);
    return Contact{-1, away / dist, kPlayerRadius - dist};
  }
  // The segment runs inside the box: out sideways, along the shallower of x and z.
  const glm::vec3 from = feet - box.center();
  const glm::vec3 half = box.size() * 0.5f;
  const float over_x = half.x - std::fabs(from.x);
  const float over_z = half.z - std::fabs(from.z);
  if (over_x < over_z)
    return Contact{-1, {from.x < 0.0f ? -1.0f : 1.0f, 0.0f, 0.0f}, over_x + kPlayerRadius};
  return Contact{-1, {0.0f, 0.0f, from.z < 0.0f ? -1.0f : 1.0f}, over_z + kPlayerRadius};
}

// A contact's triangle's face normal, turned to the capsule's side.
glm::vec3 face_normal_towards(const World& world, const Contact& contact) {
  const Triangle& tri = world.arena.triangles[static_cast<std::size_t>(contact.triangle)];
  const glm::vec3 n = glm::normalize(glm::cross(tri.b - tri.a, tri.c - tri.a));
  return glm::dot(n, contact.normal) < 0.0f ? -n : n;
}

// Whether a contact holds the player up: under the feet, on a face no steeper than 45°.
bool holds_up(const World& world, const Contact& c) {
  return c.normal.y > 0.0f && face_normal_towards(world, c).y > kWalkable;
}

// The deepest thing the capsule at `feet` sinks into: the level or a standing target.
// `ground` says whether it holds the player up. A step's edge belongs to two faces, its
// riser and its tread, which touch the capsule at the same point: it is ground if either is.
struct Push {
  Contact contact;
  bool ground = false;
};

std::optional<Push> deepest_push(const World& world, const glm::vec3& feet) {
  std::array<Contact, 16> buffer;  // a few slots on the stack: no allocation
  const ContactSummary found =
      world.arena.bvh.capsule_contacts(bottom_of(feet), top_of(feet), kPlayerRadius, buffer);
  std::optional<Push> best;
  if (found.deepest.triangle >= 0) {
    best = Push{found.deepest, false};
    for (std::size_t i = 0; i < found.written; ++i) {
      const Contact& c = buffer[i];
      const bool same_point = c.depth >= found.deepest.depth - 1e-6f &&
                              glm::dot(c.normal, found.deepest.normal) > 0.9999f;
      if (same_point && holds_up(world, c)) best = Push{c, true};
    }
  }
  for (const Target& target : world.targets) {
    if (target.broken) continue;
    const auto c = capsule_vs_box(feet, target.box());
    if (c && (!best || c->depth > best->contact.depth)) best = Push{*c, c->normal.y > kWalkable};
  }
  return best;
}

// How far straight up the capsule must rise to clear a ground contact. On a face, its plane;
// on an edge or a corner (a step), the one point: the bottom sphere rises until that point
// lies on it.
float lift_for(const World& world, const glm::vec3& feet, const Contact& c) {
  const bool on_face =
      c.triangle >= 0 && glm::dot(face_normal_towards(world, c), c.normal) > 0.9999f;
  if (on_face || c.triangle < 0) return c.depth / c.normal.y;
  const glm::vec3 centre = bottom_of(feet);
  const glm::vec3 point = centre - c.normal * (kPlayerRadius - c.depth);  // on the level
  const glm::vec3 flat = centre - point;
  const float across2 = flat.x * flat.x + flat.z * flat.z;
  const float rise = std::sqrt(std::max(0.0f, kPlayerRadius * kPlayerRadius - across2));
  return point.y + rise - centre.y;
}

// Overlap-and-push: out by the deepest contact, a few times. True when standing on ground.
bool push_out(const World& world, Player& p) {
  bool ground = false;
  for (int i = 0; i < kPushes; ++i) {
    const auto push = deepest_push(world, p.pos);
    if (!push) break;
    const Contact& c = push->contact;
    if (push->ground) {  // straight up: no sliding down what the player stands on
      p.pos.y += lift_for(world, p.pos, c);
      p.vel.y = std::max(p.vel.y, 0.0f);
      ground = true;
    } else {  // out along the normal, and no more speed into it: slide along
      p.pos += c.normal * c.depth;
      const float into = glm::dot(p.vel, c.normal);
      if (into < 0.0f) p.vel -= c.normal * into;
    }
  }
  return ground;
}

// Keeps the feet on the ground walking down a ramp or a stair: the bottom sphere swept down
// a little; where it meets walkable ground, the player steps down onto it.
bool snap_down(const World& world, Player& p) {
  const glm::vec3 from = bottom_of(p.pos);
  const glm::vec3 to = from - glm::vec3(0.0f, kSnapDown, 0.0f);
  const auto hit = world.arena.bvh.first_hit(from, to, kPlayerRadius);
  if (!hit || hit->normal.y <= 0.0f) return false;
  // Ground there? Ask as the pushes do, a hair lower, where the feet would touch it.
  const glm::vec3 landed = p.pos - glm::vec3(0.0f, kSnapDown * hit->t + 1e-3f, 0.0f);
  const auto push = deepest_push(world, landed);
  if (!push || !push->ground) return false;
  p.pos.y = landed.y + 1e-3f;
  return true;
}

glm::vec3 wished_velocity(const Player& p, const TickInput& input) {
  const glm::vec3 forward{-std::sin(p.yaw), 0.0f, -std::cos(p.yaw)};
  const glm::vec3 right{std::cos(p.yaw), 0.0f, -std::sin(p.yaw)};
  glm::vec3 wish = forward * std::clamp(input.move_forward, -1.0f, 1.0f) +
                   right * std::clamp(input.move_right, -1.0f, 1.0f);
  const float len = std::sqrt(wish.x * wish.x + wish.z * wish.z);
  if (len > 1.0f) wish /= len;
  return wish * (input.sprint ? kSprintSpeed : kWalkSpeed);
}

// Moves by vel * dt in substeps of at most half a radius, pushing out after each.
bool move_and_collide(const World& world, Player& p, float dt) {
  const float distance = glm::length(p.vel * dt);
  const int steps =
      std::clamp(static_cast<int>(std::ceil(distance / (0.5f * kPlayerRadius))), 1, kMaxSubsteps);
  const float sub_dt = dt / static_cast<float>(steps);
  bool ground = false;
  for (int i = 0; i < steps; ++i) {
    p.pos += p.vel * sub_dt;  // the velocity a wall clipped carries the rest of the move
    ground = push_out(world, p);
  }
  return ground;
}

}  // namespace

void update_player(World& world, const TickInput& input, float dt) {
  Player& p = world.player;
  p.prev_pos = p.pos;
  p.yaw = std::remainder(p.yaw + input.look_yaw, 6.2831853f);
  p.pitch = std::clamp(p.pitch + input.look_pitch, -kMaxPitch, kMaxPitch);

  const glm::vec3 wish = wished_velocity(p, input);
  const float accel = (p.on_ground ? kGroundAccel : kAirAccel) * dt;
  for (int axis : {0, 2}) {
    const float diff = wish[axis] - p.vel[axis];
    p.vel[axis] += std::clamp(diff, -accel, accel);
  }
  const bool was_on_ground = p.on_ground;
  if (p.on_ground && input.jump_presses > 0) p.vel.y = kJumpSpeed;
  p.vel.y -= kGravity * dt;

  p.on_ground = move_and_collide(world, p, dt);
  if (!p.on_ground && was_on_ground && p.vel.y <= 0.0f && snap_down(world, p)) {
    push_out(world, p);
    p.on_ground = true;
  }
  if (p.on_ground) p.vel.y = std::max(p.vel.y, 0.0f);

  if (p.pos.y < kFallLimit) {  // out of the world: back where a new player starts
    const Player fresh;
    p.pos = p.prev_pos = fresh.pos;
    p.vel = glm::vec3(0.0f);
    p.on_ground = false;
  }
  p.muzzle_flash = std::max(0.0f, p.muzzle_flash - dt);
}

}  // namespace flatline
