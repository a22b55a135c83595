// Test support for the world suites: stand the player somewhere and aim exactly.
#pragma once

#include <cmath>

#include <glm/vec3.hpp>

#include "sim/world.hpp"

namespace flatline::test {

// Stands the player at `feet` looking straight at `point`.
inline void look_at(World& world, const glm::vec3& feet, const glm::vec3& point) {
  world.player.pos = world.player.prev_pos = feet;
  world.player.vel = glm::vec3(0.0f);
  const glm::vec3 d = point - eye_position(world.player);
  world.player.yaw = std::atan2(-d.x, -d.z);
  world.player.pitch = std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z));
}

}  // namespace flatline::test
