#include "core/autopilot.hpp"

#include <cmath>

namespace flatline {
namespace {

// Where the script wants to look at time t (radians).
double yaw_at(double t) { return 1.4 * std::sin(t * 0.45) + 0.3 * std::sin(t * 1.7); }
double pitch_at(double t) { return 0.22 + 0.3 * std::sin(t * 0.9); }  // from -5° to +30°

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
  input.move_forward = static_cast<float>(0.6 * std::sin(t0 * 0.5));
  input.move_right = static_cast<float>(std::cos(t0 * 0.37));
  input.sprint = std::sin(t0 * 0.2) > 0.5;
  input.fire_held = true;
  const auto every = [&](double seconds) {
    return tick % static_cast<std::uint64_t>(std::lround(seconds * tick_hz)) == 0;
  };
  if (every(0.6)) input.scatter_presses = 1;
  if (every(2.5)) input.jump_presses = 1;
  return input;
}

}  // namespace flatline
