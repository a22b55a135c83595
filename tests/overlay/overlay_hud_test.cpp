// Tests for the HUD (src/overlay/overlay_hud.cpp), headless like overlay_test.cpp: the damage
// numbers' drawn size, the hit marker after a real hit, the score's text.
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include "../sim/aim.hpp"
#include "drawn_text.hpp"
#include "overlay/overlay.hpp"
#include "overlay_rig.hpp"
#include "render/scene.hpp"
#include "sim/stats.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {
namespace {

// A headless overlay drawing a world the test moves by hand.
class HudFrames : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    tunables.mode = OverlayMode::Off;  // the HUD alone
  }

  void overlay_frame() {
    const render::Camera camera = render::make_camera(*world, 1.0f, float(kWidth) / kHeight);
    overlay.begin_frame(kDelta, kWidth, kHeight);
    overlay.build(*world, collect_stats(*world), render, camera, info, tunables);
    overlay.end_frame();
  }
};

// The damage numbers' drawn height: the glyphs' quads in their colour, top to bottom.
float damage_number_height() {
  constexpr std::uint32_t kRgb = IM_COL32(255, 214, 90, 0);
  float top = 1e9f, bottom = -1e9f;
  for (const ImDrawVert& v : ImGui::GetBackgroundDrawList()->VtxBuffer) {
    if ((v.col & 0x00FFFFFFu) != kRgb) continue;
    top = std::min(top, v.pos.y);
    bottom = std::max(bottom, v.pos.y);
  }
  return bottom - top;
}

TEST_F(HudFrames, ADamageNumberTenMetresAwayIsAtLeastTwentyPixelsTall) {
  const glm::vec3 eye = eye_position(world->player);
  spawn_damage_number(*world, eye + look_direction(world->player) * 10.0f, 25.0f);
  overlay_frame();
  const float at_10m = damage_number_height();
  EXPECT_GE(at_10m, 20.0f);
  world->damage_numbers.pool.for_each_active(
      [&](int slot, DamageNumber&) { world->damage_numbers.pool.release(slot); });
  spawn_damage_number(*world, eye + look_direction(world->player) * 25.0f, 25.0f);
  overlay_frame();
  EXPECT_LT(damage_number_height(), at_10m);  // farther, smaller...
  EXPECT_GE(damage_number_height(), 14.0f);   // ...but never unreadable
}

// HUD vertices in the HUD's white (alpha ignored) within `radius` pixels of the screen
// centre: the crosshair, and the hit marker when there is one (not the damage number's text).
int vertices_near_centre(float radius) {
  constexpr std::uint32_t kRgb = IM_COL32(235, 245, 235, 0);
  int count = 0;
  for (const ImDrawVert& v : ImGui::GetBackgroundDrawList()->VtxBuffer) {
    if ((v.col & 0x00FFFFFFu) != kRgb) continue;
    count += std::hypot(v.pos.x - kWidth * 0.5f, v.pos.y - kHeight * 0.5f) < radius;
  }
  return count;
}

TEST_F(HudFrames, AHitOnATargetShowsAHitMarkerBriefly) {
  overlay_frame();
  const int crosshair = vertices_near_centre(20.0f);
  // Stand 10 m from a target, aim at it, and fire one shot: it lands within the tick.
  step(*world, TickInput{}, kDelta);  // the targets leave their homes on the first tick
  const Target& target = world->targets[2];
  test::look_at(*world, {target.pos.x + 10.0f, 0.0f, target.pos.z}, target.pos);
  TickInput shot;
  shot.fire_presses = 1;
  std::uint64_t hits = world->target_hits;
  for (int i = 0; i < 10 && world->target_hits == hits; ++i)
    step(*world, i == 0 ? shot : TickInput{}, kDelta);
  ASSERT_GT(world->target_hits, hits);
  overlay_frame();
  EXPECT_GT(vertices_near_centre(20.0f), crosshair);  // the X around the crosshair
  for (int i = 0; i < 30; ++i)                        // half a second later it is gone
    step(*world, TickInput{}, kDelta);
  overlay_frame();
  EXPECT_EQ(vertices_near_centre(20.0f), crosshair);
}

TEST_F(HudFrames, ShowsTheScoreAndTheTargetsBroken) {
  world->score = 3;
  world->target_hits = 14;
  overlay_frame();
  const std::string text = drawn_text(1);  // the HUD's font
  EXPECT_NE(text.find("SCORE 3"), std::string::npos) << text;
  EXPECT_NE(text.find("3 targets broken"), std::string::npos) << text;
  EXPECT_NE(text.find("14 hits"), std::string::npos) << text;
}

}  // namespace
}  // namespace flatline::overlay
