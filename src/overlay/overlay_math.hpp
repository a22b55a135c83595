// The overlay's arithmetic, with no ImGui in sight so it is tested on its own:
// the colour of a pool's fill bar, Little's law sizing, projecting a world point
// to the screen for the HUD, and the fixed-size ring buffers behind the plots.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "pool/pool_meter.hpp"

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

// --- Little's law: N ≈ λ · L · k, rounded up (a pool has whole slots).
inline double recommended_size(double lambda, double lifetime, double k) {
  return PoolMeter::recommended(lambda, lifetime, k);
}

// The verdict, sizing() and its text: pool_meter.hpp, where the stats file finds it too.

// --- The HUD: world point -> clip space -> normalised device coordinates -> pixels.
// Returns false for points behind the camera or outside the view.
inline bool project_to_screen(const glm::mat4& view_proj, const glm::vec3& point, float width,
                              float height, glm::vec2& out) {
  const glm::vec4 clip = view_proj * glm::vec4(point, 1.0f);
  if (clip.w <= 1e-6f) return false;  // behind the eye: the divide would mirror it
  const glm::vec3 ndc = glm::vec3(clip) / clip.w;
  if (ndc.x < -1.0f || ndc.x > 1.0f || ndc.y < -1.0f || ndc.y > 1.0f || ndc.z > 1.0f) return false;
  out.x = (ndc.x * 0.5f + 0.5f) * width;
  out.y = (0.5f - ndc.y * 0.5f) * height;  // screen y grows downwards
  return true;
}

// --- Damage numbers' size: as a thing in the world, nearer is bigger (10/d), clamped so a far
// one stays readable and a near one does not fill the view. The font size in pixels for a
// 720-pixel-tall view, scaled with its height (a 1080p screen draws them 1.5x taller); a digit
// of ImGui's default font is 0.62 of its font size, so 34 px draws digits 21 px tall.
inline constexpr float kDamagePxAt10m = 34.0f;
inline constexpr float kDamagePxMin = 24.0f;
inline constexpr float kDamagePxMax = 56.0f;
constexpr float damage_number_px(float distance, float view_height) {
  const float at_distance = kDamagePxAt10m * 10.0f / std::max(distance, 0.1f);
  return std::clamp(at_distance, kDamagePxMin, kDamagePxMax) * (view_height / 720.0f);
}

// A burst of numbers on one spot (a scatter shot's pellets) is fanned out, so each reads on its
// own: a fixed offset per key (the number's slot), in a grid of 5 across and 3 up, in pixels.
inline glm::vec2 damage_number_spread(int key, float size_px) {
  constexpr std::array<float, 5> kAcross = {0.0f, 1.0f, -1.0f, 2.0f, -2.0f};
  const int k = key < 0 ? -key : key;
  return {kAcross[static_cast<std::size_t>(k % 5)] * 0.7f * size_px,
          -static_cast<float>((k / 5) % 3) * 0.75f * size_px};
}

// --- The hit marker: fully drawn on the tick of a hit, gone `seconds` later.
constexpr float hit_marker_alpha(std::uint64_t ticks_since, double tick_hz, float seconds) {
  if (tick_hz <= 0.0 || seconds <= 0.0f) return 0.0f;
  const auto age = static_cast<float>(static_cast<double>(ticks_since) / tick_hz);
  return std::clamp(1.0f - age / seconds, 0.0f, 1.0f);
}

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
