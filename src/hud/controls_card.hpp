// The controls card: what each key and button does, on a small card at the start of play,
// fading out once the player first moves, looks or fires (or after a few seconds). Like the
// rest of the HUD it reads the World and writes nothing back: it tells a first input from the
// world's own state (the player moved or turned, a shot was fired), not from the window.
#pragma once

#include <cstdint>

#include <glm/vec3.hpp>

#include "sim/world.hpp"

struct ImDrawList;
struct ImFont;

namespace flatline::hud {

class ControlsCard {
 public:
  static constexpr double kShownSeconds = 12.0;  // with no input, it fades after this long
  static constexpr double kFadeSeconds = 0.6;

  // This frame's opacity, 1 down to 0: notes the world's state at the first call (and again
  // when a new round starts its ticks over), and the tick the first input showed in.
  float opacity(const World& world, double tick_hz);

  // Draws the card at the bottom left of a w x h screen, `alpha` opaque. No allocation.
  static void draw(ImDrawList& draw, ImFont* font, float font_px, float w, float h, float alpha);

 private:
  bool first_input_in(const World& world) const;

  bool noted_ = false;
  std::uint64_t start_tick_ = 0;
  std::uint64_t gone_tick_ = UINT64_MAX;  // the tick the fade began: first input or time out
  glm::vec3 start_pos_{0.0f};
  float start_yaw_ = 0.0f, start_pitch_ = 0.0f;
};

}  // namespace flatline::hud
