#include "sim/autopilot.hpp"

#include <algorithm>
#include <cmath>

namespace flatline {
namespace {

// Where the script wants to look at time t (radians).
double yaw_at(double t) {
  return 1.4 * std::sin(t * 0.45) + 0.3 * std::sin(t * 1.7);
}
double pitch_at(double t) {
  return 0.22 + 0.3 * std::sin(t * 0.9);
}  // from -5° to +30°

}  // namespace

TickInput autofire_input(std::uint64_t tick, double tick_hz) {
  const double t0 = static_cast<double>(tick) / tick_hz;
  const double t1 = static_cast<double>(tick + 1) / tick_hz;
  TickInput input;
  // Deltas of the wished view; the first tick turns from the spawn view (0, 0).
  const double yaw0 = tick == 0 ? 0.0 : yaw_at(t0);
  const double pitch0 = tick == 0 ? 0.0 : pitch_at(t0);
  input.look_yaw = static_cast<float>(yaw_at(t1) - yaw0);
  input.look_pitch = static_cast<float>(pitch_at(t1) - pitch0);
  input.fire_held = true;
  const auto every = [&](double seconds) {
    return tick % static_cast<std::uint64_t>(std::lround(seconds * tick_hz)) == 0;
  };
  if (every(0.6)) input.scatter_presses = 1;
  if (every(2.5)) input.jump_presses = 1;
  return input;
}

TickInput autofire_input(const World& world, double tick_hz) {
  TickInput input = autofire_input(world.tick, tick_hz);
  // The point it walks toward goes round a 10 m circle once a minute.
  const double t = static_cast<double>(world.tick) / tick_hz;
  const double angle = t * 6.283185307179586 / 60.0;
  const float goal_x = static_cast<float>(10.0 * std::cos(angle));
  const float goal_z = static_cast<float>(10.0 * std::sin(angle));
  const float dx = goal_x - world.player.pos.x;
  const float dz = goal_z - world.player.pos.z;
  // Into the player's frame: forward is (-sin yaw, -cos yaw), right is (cos yaw, -sin yaw).
  const float yaw = world.player.yaw;
  const float forward = -dx * std::sin(yaw) - dz * std::cos(yaw);
  const float right = dx * std::cos(yaw) - dz * std::sin(yaw);
  const float len = std::max(1.0f, std::sqrt(forward * forward + right * right));
  input.move_forward = forward / len;
  input.move_right = right / len;
  input.sprint = len > 4.0f;

  // For 2.5 s of every 6 it tracks a target (a different one each time), so the
  // run also lands hits: damage numbers, broken targets, respawns.
  if (std::fmod(t, 6.0) < 2.5) {
    const auto which =
        static_cast<std::size_t>(world.tick / static_cast<std::uint64_t>(6.0 * tick_hz));
    const Target& target = world.targets[which % world.targets.size()];
    if (!target.broken) {
      const glm::vec3 d = target.pos - eye_position(world.player);
      const float want_yaw = std::atan2(-d.x, -d.z);
      const float want_pitch = std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z));
      constexpr float kMaxTurn = 0.06f;  // radians per tick: a quick but human flick
      input.look_yaw = std::clamp(std::remainder(want_yaw - yaw, 6.2831853f), -kMaxTurn, kMaxTurn);
      input.look_pitch = std::clamp(want_pitch - world.player.pitch, -kMaxTurn, kMaxTurn);
    }
  }
  return input;
}

}  // namespace flatline
