// The controls card (controls_card.hpp): a dark card at the bottom left, a title and a row
// per control, key on the left and what it does on the right, drawn on the HUD's list.
#include "hud/controls_card.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <iterator>

#include <imgui.h>

#include "sim/controls.hpp"

namespace flatline::hud {
namespace {

// The card's rows: the controls a first game needs (sim/controls.hpp).
constexpr auto kCardRows = std::count_if(std::begin(kControls), std::end(kControls),
                                         [](const Control& c) { return c.on_card; });

constexpr float kMoved = 0.05f;  // metres across the floor: a step, not a settle

ImU32 faded(int r, int g, int b, int a, float alpha) {
  return IM_COL32(r, g, b, static_cast<int>(static_cast<float>(a) * alpha));
}

}  // namespace

bool ControlsCard::first_input_in(const World& world) const {
  const Player& p = world.player;
  const float dx = p.pos.x - start_pos_.x, dz = p.pos.z - start_pos_.z;
  const bool moved = dx * dx + dz * dz > kMoved * kMoved;
  const bool looked = p.yaw != start_yaw_ || p.pitch != start_pitch_;
  return moved || looked || world.shots_fired > 0;
}

float ControlsCard::opacity(const World& world, double tick_hz) {
  if (!noted_ || world.tick < start_tick_) {  // the first frame, or a new round
    noted_ = true;
    start_tick_ = world.tick;
    gone_tick_ = UINT64_MAX;
    start_pos_ = world.player.pos;
    start_yaw_ = world.player.yaw;
    start_pitch_ = world.player.pitch;
  }
  const auto ticks = [&](double seconds) { return static_cast<std::uint64_t>(seconds * tick_hz); };
  if (gone_tick_ == UINT64_MAX &&
      (first_input_in(world) || world.tick >= start_tick_ + ticks(kShownSeconds)))
    gone_tick_ = world.tick;
  if (gone_tick_ == UINT64_MAX) return 1.0f;
  const double faded_for = static_cast<double>(world.tick - gone_tick_) / tick_hz;
  return static_cast<float>(std::max(0.0, 1.0 - faded_for / kFadeSeconds));
}

void ControlsCard::draw(ImDrawList& draw, ImFont* font, float font_px, float w, float h,
                        float alpha) {
  if (alpha <= 0.0f) return;
  const float px = font_px * 0.7f, title_px = font_px * 0.85f;
  const float row = px + 6.0f, pad = 14.0f, gap = 18.0f;
  float key_w = 0.0f, action_w = 0.0f;
  for (const Control& c : kControls) {
    if (!c.on_card) continue;
    key_w = std::max(key_w, font->CalcTextSizeA(px, FLT_MAX, 0.0f, c.key).x);
    action_w = std::max(action_w, font->CalcTextSizeA(px, FLT_MAX, 0.0f, c.action).x);
  }
  const float rows = static_cast<float>(kCardRows);
  const ImVec2 size(pad * 2.0f + key_w + gap + action_w, pad * 2.0f + title_px + 8.0f + rows * row);
  const ImVec2 top_left(16.0f, std::max(16.0f, h - 16.0f - size.y));
  const ImVec2 bottom_right(std::min(w - 16.0f, top_left.x + size.x), top_left.y + size.y);
  draw.AddRectFilled(top_left, bottom_right, faded(12, 16, 22, 200, alpha), 8.0f);
  draw.AddRect(top_left, bottom_right, faded(240, 200, 90, 160, alpha), 8.0f, 0, 1.5f);
  ImVec2 at(top_left.x + pad, top_left.y + pad);
  draw.AddText(font, title_px, at, faded(240, 200, 90, 255, alpha), "CONTROLS");
  at.y += title_px + 8.0f;
  for (const Control& c : kControls) {
    if (!c.on_card) continue;
    draw.AddText(font, px, at, faded(240, 200, 90, 255, alpha), c.key);
    draw.AddText(font, px, ImVec2(at.x + key_w + gap, at.y), faded(230, 232, 226, 255, alpha),
                 c.action);
    at.y += row;
  }
}

}  // namespace flatline::hud
