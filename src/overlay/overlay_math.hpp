// The overlay's arithmetic, with no ImGui in sight so it is tested on its own:
// the colour of a pool's fill bar, Little's law sizing, a climbing plot's range, and the
// fixed-size ring buffers behind the plots. (The HUD's is in hud/hud_math.hpp.)
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "pool/pool_meter.hpp"
#include "pool/pool_stats.hpp"

namespace flatline::overlay {

// ~5 s of history at 60 frames per second.
inline constexpr int kHistorySamples = 300;

// --- The fill bar: active vs capacity. Amber warns before the pool runs dry.
inline constexpr std::size_t kNearCapacityPercent = 85;

enum class BarLevel { Normal, NearCapacity, AtCapacity };

// Integer arithmetic, so 85% is exact: 85 of 100 is near, 84 of 100 is not.
// A pool of no slots has no room: it is at capacity.
constexpr BarLevel bar_level(std::size_t active, std::size_t capacity) {
  if (active >= capacity) return BarLevel::AtCapacity;
  if (active * 100 >= capacity * kNearCapacityPercent) return BarLevel::NearCapacity;
  return BarLevel::Normal;
}

// Packed like ImGui's IM_COL32 (R in the low byte); overlay.cpp checks the match.
constexpr std::uint32_t rgba(std::uint32_t r, std::uint32_t g, std::uint32_t b,
                             std::uint32_t a = 255) {
  return (a << 24) | (b << 16) | (g << 8) | r;
}
inline constexpr std::uint32_t kColorNormal = rgba(80, 200, 120);
inline constexpr std::uint32_t kColorAmber = rgba(255, 176, 0);
inline constexpr std::uint32_t kColorRed = rgba(230, 60, 50);

constexpr std::uint32_t bar_color(BarLevel level) {
  switch (level) {
    case BarLevel::Normal:
      return kColorNormal;
    case BarLevel::NearCapacity:
      return kColorAmber;
    case BarLevel::AtCapacity:
      return kColorRed;
  }
  return kColorRed;
}
constexpr std::uint32_t bar_color(std::size_t active, std::size_t capacity) {
  return bar_color(bar_level(active, capacity));
}

// Where on the bar a count sits, 0..1 (the peak_active marker, the fill).
constexpr float bar_fraction(std::size_t count, std::size_t capacity) {
  if (capacity == 0) return 1.0f;
  return std::min(1.0f, static_cast<float>(count) / static_cast<float>(capacity));
}

// A pool with no object made yet (no warm-up: made on first demand) and no demand refused is
// not full: the strip draws it empty and grey, not red at 0 of 0.
constexpr bool none_made_yet(const PoolStats& s) {
  return s.capacity == 0 && s.allocations == 0 && s.dropped == 0;
}

// --- The first shot's frame: where warm-up (or its absence) shows. Recorded once per run,
// the frame the first shot was fired with that frame's heap allocations, then counted back.
struct FirstShot {
  static constexpr int kNotYet = -1;
  int frames_ago = kNotYet;
  std::uint64_t allocations = 0;  // heap allocations in the frame that fired it

  void record(std::uint64_t shots_fired, std::uint64_t frame_allocations) {
    if (frames_ago != kNotYet) {
      if (frames_ago < kLongAgo) ++frames_ago;
      return;
    }
    if (shots_fired == 0) return;
    frames_ago = 0;
    allocations = frame_allocations;
  }

 private:
  static constexpr int kLongAgo = 1 << 30;
};

// --- Little's law: N ≈ λ · L · k, rounded up (a pool has whole slots).
inline double recommended_size(double lambda, double lifetime, double k) {
  return PoolMeter::recommended(lambda, lifetime, k);
}

// The verdict, sizing() and its text: pool_meter.hpp, where the stats file finds it too.

// --- A climbing count's plot: scaled from its lowest to its highest sample in view, so a
// climb fills the plot whatever its height (a fixed scale from 0 flattens it).
struct PlotRange {
  float low = 0.0f, high = 1.0f;
};
inline PlotRange climb_range(float lowest, float highest) {
  return {lowest, std::max(highest, lowest + 1.0f)};
}

// --- A ring buffer for PlotLines: fixed size, made once, never grows.
template <int kSize>
struct Ring {
  std::array<float, kSize> values{};
  int head = 0;  // the oldest sample, which the next push overwrites

  void push(float v) {
    values[static_cast<std::size_t>(head)] = v;
    head = (head + 1) % kSize;
  }
  float latest() const { return values[static_cast<std::size_t>((head + kSize - 1) % kSize)]; }
  float max() const { return *std::max_element(values.begin(), values.end()); }
  float min() const { return *std::min_element(values.begin(), values.end()); }
  // The sample `n` pushes before the latest (n < kSize): ago(0) is latest().
  float ago(int n) const {
    return values[static_cast<std::size_t>(((head - 1 - n) % kSize + kSize) % kSize)];
  }
  const float* data() const { return values.data(); }
  // PlotLines(values, count, offset) starts drawing at `offset`: the oldest sample.
  int offset() const { return head; }
  static constexpr int size() { return kSize; }
};

}  // namespace flatline::overlay
