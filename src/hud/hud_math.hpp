// The HUD's arithmetic, with no ImGui in sight so it is tested on its own: projecting a world
// point to the screen, a damage number's size and place in a burst, the hit marker's fade.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace flatline::hud {

// --- World point -> clip space -> normalised device coordinates -> pixels.
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

}  // namespace flatline::hud
