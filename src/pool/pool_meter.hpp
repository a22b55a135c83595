// Sizing a pool from data, with Little's law: N ≈ λ · L · k.
//   λ  spawn requests per second (dropped ones included: they are demand too)
//   L  mean lifetime of an object in seconds
//   k  headroom for bursts, 1.2-1.5
// The meter measures λ and L while the game runs, over a sliding window (for
// the overlay) and over the whole run (for the stats file). A window with no spawns keeps
// the last measured rates (rates_held()): a pause in the shooting is not a pool with no data.
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
    ++tick_spawns_;
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
    tick_spawns_ = 0;
    window_time_ += dt;
    total_time_ += dt;
    if (window_time_ >= kWindowSeconds) {
      held_ = window_spawns_ == 0 && spawn_rate_ > 0.0;  // idle: the last rates stand
      if (window_spawns_ > 0) spawn_rate_ = static_cast<double>(window_spawns_) / window_time_;
      if (window_retires_ > 0) mean_lifetime_ = window_life_ / static_cast<double>(window_retires_);
      window_time_ = window_life_ = 0.0;
      window_spawns_ = window_retires_ = 0;
    }
  }

  std::uint64_t tick_spawns() const { return tick_spawns_; }  // requests since the last end_tick
  double spawn_rate() const { return spawn_rate_; }           // λ over the last window
  double mean_lifetime() const { return mean_lifetime_; }     // L over the last window
  bool rates_held() const { return held_; }  // the last window saw no spawns: older rates
  double run_spawn_rate() const { return total_time_ > 0 ? total_spawns_ / total_time_ : 0.0; }
  double run_mean_lifetime() const {
    return total_retires_ > 0 ? total_life_ / static_cast<double>(total_retires_) : 0.0;
  }
  static double recommended(double lambda, double lifetime, double k) {
    return std::ceil(lambda * lifetime * k);
  }

 private:
  std::uint64_t tick_spawns_ = 0;
  double window_time_ = 0.0, window_life_ = 0.0;
  std::uint64_t window_spawns_ = 0, window_retires_ = 0;
  double total_time_ = 0.0, total_life_ = 0.0;
  std::uint64_t total_spawns_ = 0, total_retires_ = 0;
  double spawn_rate_ = 0.0, mean_lifetime_ = 0.0;
  bool held_ = false;
};

// The verdict: how the pool's need compares with its capacity. The need is the larger of N
// (Little's law, from mean rates) and the peak the pool has held: a mean hides bursts, and a
// pool that once held 96 objects needs 96 slots whatever N says.
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

// Which figure drove a verdict: N, the observed peak, refused requests, or recycling.
enum class SizingBy { N, Peak, Dropped, Recycled };

struct SizingVerdict {
  Sizing sizing = Sizing::NoData;
  SizingBy by = SizingBy::N;
};

// N and the peak against what the pool did. λ counts refused requests, but L only the lives
// served, so N can look small beside a pool that refused many: any refusal is unmet demand,
// too small. A RecycleOldest pool that is full recycles as designed; its recycled lives were
// cut short, so N (from those lives) is the least capacity at which it would not recycle.
constexpr SizingVerdict sizing_verdict(double recommended, const PoolStats& did,
                                       OverflowPolicy policy) {
  const bool full = recommended > static_cast<double>(did.capacity) || did.recycled > 0;
  if (policy == OverflowPolicy::RecycleOldest && full)
    return {Sizing::RecyclesByDesign, did.recycled > 0 ? SizingBy::Recycled : SizingBy::N};
  if (did.dropped > 0) return {Sizing::TooSmall, SizingBy::Dropped};
  const double peak = static_cast<double>(did.peak_active);
  if (peak > recommended) return {sizing(peak, did.capacity), SizingBy::Peak};
  return {sizing(recommended, did.capacity), SizingBy::N};
}
constexpr Sizing sizing(double recommended, const PoolStats& did, OverflowPolicy policy) {
  return sizing_verdict(recommended, did, policy).sizing;
}

constexpr const char* to_string(SizingBy by) {
  switch (by) {
    case SizingBy::N:
      return "N";
    case SizingBy::Peak:
      return "peak_active";
    case SizingBy::Dropped:
      return "dropped";
    case SizingBy::Recycled:
      return "recycled";
  }
  return "?";
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

// The verdict with the figure that drove it, as the overlay's table shows it: "fits (peak 96)",
// "too small (12 dropped)", "roomy (N 9)".
inline void sizing_text(double recommended, const PoolStats& did, OverflowPolicy policy, char* out,
                        std::size_t size) {
  const SizingVerdict v = sizing_verdict(recommended, did, policy);
  char verdict[48];
  sizing_text(v.sizing, recommended, did.capacity, verdict, sizeof verdict);
  if (v.sizing == Sizing::NoData || v.sizing == Sizing::RecyclesByDesign) {
    std::snprintf(out, size, "%s", verdict);
  } else if (v.by == SizingBy::Dropped) {
    std::snprintf(out, size, "%s (%zu dropped)", verdict, did.dropped);
  } else if (v.by == SizingBy::Peak) {
    std::snprintf(out, size, "%s (peak %zu)", verdict, did.peak_active);
  } else {
    std::snprintf(out, size, "%s (N %.0f)", verdict, recommended);
  }
}

}  // namespace flatline
