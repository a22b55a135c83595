// Fixed timestep (Gaffer On Games, "Fix Your Timestep!").
//
// The simulation always advances by the same dt; the frame's real duration is
// poured into an accumulator and drained in whole ticks. What is left over,
// as a fraction of a tick, is the alpha the renderer blends previous and current
// positions with. A clamp on the frame time stops the "spiral of death": after a
// stall (a debugger break, a slow disk) the sim does not try to catch up with
// hundreds of ticks; the excess is dropped, and counted.
//
// Every input is bounded, so one advance() runs at most kMaxTicksPerAdvance ticks whatever
// it is fed: the tick rate is held within [kMinTickHz, kMaxTickHz], the clamp within
// [0, kMaxFrameClamp], and a frame time that is not a number, or negative, is no time.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace flatline {

class FixedStep {
 public:
  static constexpr double kMinTickHz = 10.0, kMaxTickHz = 1000.0;  // the rates it accepts
  static constexpr double kMaxFrameClamp = 1.0;  // the longest frame it ever runs ticks for
  // The most ticks one frame can ask for: a whole clamp of them, and the tick left over.
  static constexpr int kMaxTicksPerAdvance = static_cast<int>(kMaxFrameClamp * kMaxTickHz) + 1;

  explicit FixedStep(double tick_hz = 60.0, double max_frame_seconds = 0.25) {
    set_tick_hz(tick_hz);
    set_max_frame_seconds(max_frame_seconds);
  }

  // Feed one frame's real duration; returns how many ticks to run now.
  int advance(double frame_seconds) {
    if (!(frame_seconds > 0.0)) frame_seconds = 0.0;  // negative or not a number: no time
    if (frame_seconds > max_frame_) {                 // the clamp: never try to catch up a stall
      // An infinite frame runs the clamp's ticks; only a finite excess can be counted.
      const double dropped = dropped_seconds_ + (frame_seconds - max_frame_);
      if (std::isfinite(dropped)) dropped_seconds_ = dropped;
      frame_seconds = max_frame_;
    }
    accumulator_ += frame_seconds;
    int ticks = 0;
    while (accumulator_ >= dt_ && ticks < kMaxTicksPerAdvance) {
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
  // Held within [kMinTickHz, kMaxTickHz]; not a number: the rate stays as it was.
  void set_tick_hz(double hz) {
    if (!std::isnan(hz)) dt_ = 1.0 / std::clamp(hz, kMinTickHz, kMaxTickHz);
  }
  double max_frame_seconds() const { return max_frame_; }
  // Held within [0, kMaxFrameClamp]; not a number: the clamp stays as it was.
  void set_max_frame_seconds(double seconds) {
    if (!std::isnan(seconds)) max_frame_ = std::clamp(seconds, 0.0, kMaxFrameClamp);
  }
  std::uint64_t ticks() const { return ticks_; }
  double dropped_seconds() const { return dropped_seconds_; }

 private:
  double dt_ = 1.0 / 60.0;
  double max_frame_ = 0.25;
  double accumulator_ = 0.0;
  std::uint64_t ticks_ = 0;
  double dropped_seconds_ = 0.0;
};

}  // namespace flatline
