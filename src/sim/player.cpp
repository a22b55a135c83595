// FPS movement: look, walk/strafe/sprint, jump, gravity, and collision with the
// arena's boxes, resolved one axis at a time so the player slides along walls.
#include <algorithm>
#include <cmath>

#include "sim/systems.hpp"

namespace flatline {
namespace {

constexpr float kWalkSpeed = 6.0f;
constexpr float kSprintSpeed = 10.0f;
constexpr float kJumpSpeed = 7.0f;
constexpr float kGravity = 20.0f;
constexpr float kGroundAccel = 60.0f;  // m/s² toward the wished velocity
constexpr float kAirAccel = 15.0f;
constexpr float kMaxPitch = 1.55f;  // just under 90°: never look straight up
constexpr glm::vec3 kHalfSize{0.3f, 0.9f, 0.3f};

Aabb player_box(const glm::vec3& feet) {
  return {feet - glm::vec3(kHalfSize.x, 0.0f, kHalfSize.z),
          feet + glm::vec3(kHalfSize.x, 2.0f * kHalfSize.y, kHalfSize.z)};
}

// Strict overlap: standing exactly on a floor's top face is touching, not inside.
bool penetrates(const Aabb& a, const Aabb& b) {
  return a.min.x < b.max.x && a.max.x > b.min.x && a.min.y < b.max.y && a.max.y > b.min.y &&
         a.min.z < b.max.z && a.max.z > b.min.z;
}

// Moves along one axis and pushes out of any box entered. Returns true if blocked.
bool move_axis(World& world, int axis, float delta) {
  Player& p = world.player;
  p.pos[axis] += delta;
  bool blocked = false;
  for (const Aabb& solid : world.arena.solids) {
    const Aabb box = player_box(p.pos);
    if (!penetrates(box, solid)) continue;
    blocked = true;
    if (delta > 0.0f)
      p.pos[axis] -= box.max[axis] - solid.min[axis];
    else
      p.pos[axis] += solid.max[axis] - box.min[axis];
  }
  return blocked;
}

}  // namespace

void update_player(World& world, const TickInput& input, float dt) {
  Player& p = world.player;
  p.prev_pos = p.pos;
  p.yaw = std::remainder(p.yaw + input.look_yaw, 6.2831853f);
  p.pitch = std::clamp(p.pitch + input.look_pitch, -kMaxPitch, kMaxPitch);

  const glm::vec3 forward{-std::sin(p.yaw), 0.0f, -std::cos(p.yaw)};
  const glm::vec3 right{std::cos(p.yaw), 0.0f, -std::sin(p.yaw)};
  glm::vec3 wish = forward * std::clamp(input.move_forward, -1.0f, 1.0f) +
                   right * std::clamp(input.move_right, -1.0f, 1.0f);
  const float len = std::sqrt(wish.x * wish.x + wish.z * wish.z);
  if (len > 1.0f) wish /= len;
  wish *= input.sprint ? kSprintSpeed : kWalkSpeed;

  const float accel = (p.on_ground ? kGroundAccel : kAirAccel) * dt;
  for (int axis : {0, 2}) {
    const float diff = wish[axis] - p.vel[axis];
    p.vel[axis] += std::clamp(diff, -accel, accel);
  }
  if (p.on_ground && input.jump_presses > 0) {
    p.vel.y = kJumpSpeed;
    p.on_ground = false;
  }
  p.vel.y -= kGravity * dt;

  if (move_axis(world, 0, p.vel.x * dt)) p.vel.x = 0.0f;
  if (move_axis(world, 2, p.vel.z * dt)) p.vel.z = 0.0f;
  const float fall = p.vel.y * dt;
  p.on_ground = false;
  if (move_axis(world, 1, fall)) {
    if (fall < 0.0f) p.on_ground = true;
    p.vel.y = 0.0f;
  }
  p.muzzle_flash = std::max(0.0f, p.muzzle_flash - dt);
}

}  // namespace flatline
