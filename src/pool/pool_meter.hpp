// Sizing a pool from data, with Little's law: N ≈ λ · L · k.
//   λ  spawn requests per second (dropped ones included: they are demand too)
//   L  mean lifetime of an object in seconds
//   k  headroom for bursts, 1.2-1.5
// The meter measures λ and L while the game runs, over a sliding window (for
// the overlay) and over the whole run (for the stats file).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "pool/pool_stats.hpp"

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

// The verdict: how the measured N compares with what the pool has and has done.
enum class Sizing {
  NoData,            // nothing spawned yet: λ or L is still zero
  TooSmall,          // N > capacity, or requests were refused: expect drops or growth
  Fits,              // N <= capacity and nothing refused
  Roomy,             // capacity >= 4·N and nothing refused: memory to spare
  RecyclesByDesign,  // a full RecycleOldest pool: taking back the oldest is its job
};
inline constexpr double kRoomyFactor = 4.0;

// N against capacity alone.
constexpr Sizing sizing(double recommended, std::size_t capacity) {
  if (recommended <= 0.0) return Sizing::NoData;
  const double slots = static_cast<double>(capacity);
  if (recommended > slots) return Sizing::TooSmall;
  if (slots >= kRoomyFactor * recommended) return Sizing::Roomy;
  return Sizing::Fits;
}

// N against what the pool did. λ counts refused requests, but L only the lives served, so
// N can look small beside a pool that refused many: any refusal is unmet demand, too small.
// A RecycleOldest pool that is full recycles as designed; its recycled lives were cut short,
// so N (from those lives) is the least capacity at which it would not recycle.
constexpr Sizing sizing(double recommended, const PoolStats& did, OverflowPolicy policy) {
  const bool full = recommended > static_cast<double>(did.capacity) || did.recycled > 0;
  if (policy == OverflowPolicy::RecycleOldest && full) return Sizing::RecyclesByDesign;
  if (did.dropped > 0) return Sizing::TooSmall;
  return sizing(recommended, did.capacity);
}

constexpr const char* to_string(Sizing s) {
  switch (s) {
    case Sizing::NoData:
      return "no data yet";
    case Sizing::TooSmall:
      return "too small";
    case Sizing::Fits:
      return "fits";
    case Sizing::Roomy:
      return "roomy";
    case Sizing::RecyclesByDesign:
      return "recycles by design";
  }
  return "?";
}

// The verdict as a reader sees it, into `out`: a recycling pool whose N is above its capacity
// names the N that would not recycle (below capacity, N comes from lives cut short: no bound).
inline void sizing_text(Sizing s, double recommended, std::size_t capacity, char* out,
                        std::size_t size) {
  if (s == Sizing::RecyclesByDesign && recommended > static_cast<double>(capacity)) {
    std::snprintf(out, size, "%s (N >= %.0f would not)", to_string(s), recommended);
  } else {
    std::snprintf(out, size, "%s", to_string(s));
  }
}

}  // namespace flatline
