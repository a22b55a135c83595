// Fixed timestep (Gaffer On Games, "Fix Your Timestep!").
//
// The simulation always advances by the same dt; the frame's real duration is
// poured into an accumulator and drained in whole ticks. What is left over,
// as a fraction of a tick, is the alpha the renderer blends previous and current
// positions with. A clamp on the frame time stops the "spiral of death": after a
// stall (a debugger break, a slow disk) the sim does not try to catch up with
// hundreds of ticks; the excess is dropped, and counted.
#pragma once

#include <cstdint>

namespace flatline {

class FixedStep {
 public:
  explicit FixedStep(double tick_hz = 60.0, double max_frame_seconds = 0.25)
      : dt_(1.0 / tick_hz), max_frame_(max_frame_seconds) {}

  // Feed one frame's real duration; returns how many ticks to run now.
  int advance(double frame_seconds) {
    if (frame_seconds < 0.0) frame_seconds = 0.0;
    if (frame_seconds > max_frame_) {  // the clamp: never try to catch up a stall
      dropped_seconds_ += frame_seconds - max_frame_;
      frame_seconds = max_frame_;
    }
    accumulator_ += frame_seconds;
    int ticks = 0;
    while (accumulator_ >= dt_) {
      accumulator_ -= dt_;
      ++ticks;
    }
    ticks_ += static_cast<std::uint64_t>(ticks);
    return ticks;
  }

  // How far between the last tick and the next one: render prev + (cur - prev) * alpha.
  float alpha() const { return static_cast<float>(accumulator_ / dt_); }

  double dt() const { return dt_; }
  double tick_hz() const { return 1.0 / dt_; }
  void set_tick_hz(double hz) { dt_ = 1.0 / hz; }
  double max_frame_seconds() const { return max_frame_; }
  void set_max_frame_seconds(double seconds) { max_frame_ = seconds; }
  std::uint64_t ticks() const { return ticks_; }
  double dropped_seconds() const { return dropped_seconds_; }

 private:
  double dt_;
  double max_frame_;
  double accumulator_ = 0.0;
  std::uint64_t ticks_ = 0;
  double dropped_seconds_ = 0.0;
};

}  // namespace flatline
