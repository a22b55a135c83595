// Sizing a pool from data, with Little's law: N ≈ λ · L · k.
//   λ  spawn requests per second (dropped ones included: they are demand too)
//   L  mean lifetime of an object in seconds
//   k  headroom for bursts, 1.2-1.5
// The meter measures λ and L while the game runs, over a sliding window (for
// the overlay) and over the whole run (for the stats file).
#pragma once

#include <cmath>
#include <cstdint>

namespace flatline {

class PoolMeter {
 public:
  static constexpr double kWindowSeconds = 2.0;

  void on_spawn() {
    ++window_spawns_;
    ++total_spawns_;
  }
  void on_retire(double lifetime_seconds) {
    ++window_retires_;
    window_life_ += lifetime_seconds;
    ++total_retires_;
    total_life_ += lifetime_seconds;
  }
  void end_tick(double dt) {
    window_time_ += dt;
    total_time_ += dt;
    if (window_time_ >= kWindowSeconds) {
      spawn_rate_ = static_cast<double>(window_spawns_) / window_time_;
      if (window_retires_ > 0) mean_lifetime_ = window_life_ / static_cast<double>(window_retires_);
      window_time_ = window_life_ = 0.0;
      window_spawns_ = window_retires_ = 0;
    }
  }

  double spawn_rate() const { return spawn_rate_; }        // λ over the last window
  double mean_lifetime() const { return mean_lifetime_; }  // L over the last window
  double run_spawn_rate() const { return total_time_ > 0 ? total_spawns_ / total_time_ : 0.0; }
  double run_mean_lifetime() const {
    return total_retires_ > 0 ? total_life_ / static_cast<double>(total_retires_) : 0.0;
  }
  static double recommended(double lambda, double lifetime, double k) {
    return std::ceil(lambda * lifetime * k);
  }

 private:
  double window_time_ = 0.0, window_life_ = 0.0;
  std::uint64_t window_spawns_ = 0, window_retires_ = 0;
  double total_time_ = 0.0, total_life_ = 0.0;
  std::uint64_t total_spawns_ = 0, total_retires_ = 0;
  double spawn_rate_ = 0.0, mean_lifetime_ = 0.0;
};

}  // namespace flatline
