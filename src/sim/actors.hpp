// The player and the targets: the few permanent things of the world, one member of World
// each (world.hpp), not pooled. The player moves in player.cpp; the targets sway in
// world.cpp and break in bullets.cpp.
#pragma once

#include <glm/vec3.hpp>

#include "physics/collision.hpp"

namespace flatline {

// Where a player starts (feet), facing -z: the range of targets ahead (world.cpp).
constexpr float kSpawnZ = 6.0f;

struct Player {
  glm::vec3 pos{0.0f, 0.0f, kSpawnZ};  // feet
  glm::vec3 prev_pos{0.0f, 0.0f, kSpawnZ};
  glm::vec3 vel{0.0f};
  float yaw = 0.0f;  // 0 looks down -z
  float pitch = 0.0f;
  bool on_ground = false;
  float rifle_cooldown = 0.0f;
  float scatter_cooldown = 0.0f;
  float muzzle_flash = 0.0f;  // seconds left of the flash
  float spread = 0.0f;        // radians: the rifle's cone now (0: the next shot goes true)
  float recoil_pitch = 0.0f;  // radians the kick lifts the view above `pitch` (look_direction)
  float throw_charge = 0.0f;  // seconds the throw key has been held (spheres.hpp); 0: not held
};

// Targets are few and permanent: they are not pooled (a boss spawned once needs no pool).
struct Target {
  glm::vec3 home{0.0f};
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 half_size{0.5f, 0.8f, 0.15f};
  glm::vec3 sway{1.0f, 0.0f, 0.0f};  // direction and amplitude of its motion
  float phase = 0.0f;
  float speed = 1.0f;  // radians of phase per second
  float health = 100.0f;
  float respawn_timer = 0.0f;
  float hit_flash = 0.0f;
  // Seconds since it last came back whole, for the renderer's rise (kRespawnRise); it starts
  // past it, a target that was never broken standing already.
  float respawn_age = 10.0f;
  static constexpr float kRespawnRise = 0.4f;
  bool broken = false;
  Aabb box() const { return {pos - half_size, pos + half_size}; }
};

constexpr float kEyeHeight = 1.6f;
// The player's capsule (player.cpp): from the feet (Player::pos) this tall, this thick.
constexpr float kPlayerHeight = 1.8f;
constexpr float kPlayerRadius = 0.35f;
constexpr int kTargetCount = 8;

// Eye position and unit look direction of the player: the view's pitch plus the rifle's kick,
// so the camera and the aim agree while the mouse's pitch stays the player's own.
glm::vec3 eye_position(const Player& player);
glm::vec3 look_direction(const Player& player);

}  // namespace flatline
