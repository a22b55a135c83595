// Input as data, one plain struct per tick (DOOM's ticcmd_t). The simulation
// reads only this: no window, no keyboard state, no clock. That makes it
// testable headless, scriptable, and replayable from a recording.
#pragma once

#include <cstdint>

namespace flatline {

struct TickInput {
  float move_forward = 0.0f;  // -1..1 (W/S)
  float move_right = 0.0f;    // -1..1 (D/A)
  float look_yaw = 0.0f;      // radians to turn this tick, positive = left
  float look_pitch = 0.0f;    // radians, positive = up
  bool sprint = false;
  bool fire_held = false;   // rifle trigger down at tick time
  bool throw_held = false;  // throw key down: charging; its release throws a sphere
  // Presses are counted, not sampled: a click that starts and ends between two
  // ticks still arrives, on the next tick.
  std::uint8_t fire_presses = 0;
  std::uint8_t scatter_presses = 0;
  std::uint8_t jump_presses = 0;
};

// Collects a frame's worth of events and hands them out tick by tick.
// A frame may run 0, 1 or several ticks: presses and look deltas go to the first
// tick that runs (kept pending across frames that run none); held state goes to every tick.
class InputQueue {
 public:
  void set_move(float forward, float right) {
    held_.move_forward = forward;
    held_.move_right = right;
  }
  void set_sprint(bool down) { held_.sprint = down; }
  void set_fire_held(bool down) { held_.fire_held = down; }
  void set_throw_held(bool down) { held_.throw_held = down; }
  void add_look(float yaw, float pitch) {
    pending_yaw_ += yaw;
    pending_pitch_ += pitch;
  }
  void press_fire() { bump(fire_presses_); }
  void press_scatter() { bump(scatter_presses_); }
  void press_jump() { bump(jump_presses_); }

  TickInput next_tick() {
    TickInput input = held_;
    input.look_yaw = pending_yaw_;
    input.look_pitch = pending_pitch_;
    input.fire_presses = fire_presses_;
    input.scatter_presses = scatter_presses_;
    input.jump_presses = jump_presses_;
    pending_yaw_ = pending_pitch_ = 0.0f;
    fire_presses_ = scatter_presses_ = jump_presses_ = 0;
    return input;
  }

 private:
  static void bump(std::uint8_t& count) {
    if (count < 255) ++count;
  }
  TickInput held_;
  float pending_yaw_ = 0.0f;
  float pending_pitch_ = 0.0f;
  std::uint8_t fire_presses_ = 0;
  std::uint8_t scatter_presses_ = 0;
  std::uint8_t jump_presses_ = 0;
};

}  // namespace flatline
