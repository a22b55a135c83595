// Tests for src/hud/hud.hpp: the HUD on its own, in a bare ImGui context with no overlay (its
// draw list is read back, no GL). The crosshair, a hit marker after a real hit, the score's
// text, damage numbers where their world point projects, sized by distance, the count the
// stats file reports, and no heap allocation per frame after warm-up.
#include "hud/hud.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "../overlay/drawn_text.hpp"
#include "../sim/aim.hpp"
#include "diag/heap_counter.hpp"
#include "hud_rig.hpp"
#include "sim/autopilot.hpp"
#include "sim/effects.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline::hud {
namespace {

constexpr std::uint32_t kDamageRgb = IM_COL32(255, 214, 90, 0);  // alpha ignored: they fade
constexpr std::uint32_t kWhiteRgb = IM_COL32(235, 245, 235, 0);  // crosshair, marker, score

const ImVector<ImDrawVert>& hud_vertices() {
  return ImGui::GetBackgroundDrawList()->VtxBuffer;
}

// Vertices in the damage numbers' colour, and their mean x.
int damage_number_vertices(float* mean_x = nullptr) {
  int count = 0;
  float sum_x = 0.0f;
  for (const ImDrawVert& v : hud_vertices()) {
    if ((v.col & 0x00FFFFFFu) != kDamageRgb) continue;
    ++count;
    sum_x += v.pos.x;
  }
  if (mean_x != nullptr && count > 0) *mean_x = sum_x / static_cast<float>(count);
  return count;
}

// The damage numbers' drawn height: the glyphs' quads in their colour, top to bottom.
float damage_number_height() {
  float top = 1e9f, bottom = -1e9f;
  for (const ImDrawVert& v : hud_vertices()) {
    if ((v.col & 0x00FFFFFFu) != kDamageRgb) continue;
    top = std::min(top, v.pos.y);
    bottom = std::max(bottom, v.pos.y);
  }
  return bottom - top;
}

// Vertices in the HUD's white within `radius` pixels of the screen centre: the crosshair,
// and the hit marker when there is one (not the damage numbers' text).
int vertices_near_centre(float radius) {
  int count = 0;
  for (const ImDrawVert& v : hud_vertices()) {
    if ((v.col & 0x00FFFFFFu) != kWhiteRgb) continue;
    count += std::hypot(v.pos.x - kWidth * 0.5f, v.pos.y - kHeight * 0.5f) < radius;
  }
  return count;
}

class HudFrames : public HudRig {
 protected:
  glm::vec3 eye() const { return eye_position(world->player); }
  glm::vec3 forward() const { return look_direction(world->player); }

  void release_damage_numbers() {
    world->damage_numbers.pool.for_each_active(
        [&](int slot, DamageNumber&) { world->damage_numbers.pool.release(slot); });
  }

  // A burst of hits, as a scatter shot into a target makes: damage numbers in view.
  void spawn_damage_numbers(int count) {
    for (int i = 0; i < count; ++i) {
      const glm::vec3 offset(0.3f * static_cast<float>(i % 8 - 4), 0.3f * static_cast<float>(i / 8),
                             0);
      spawn_damage_number(*world, eye() + forward() * 8.0f + offset,
                          8.0f * static_cast<float>(i + 1));
    }
  }
};

TEST_F(HudFrames, DrawsTheCrosshairWithNoOverlayAndOnlyOnTheBackgroundList) {
  hud_frame();
  EXPECT_GT(vertices_near_centre(20.0f), 0);
  const ImDrawData& data = *ImGui::GetDrawData();
  ASSERT_EQ(data.CmdListsCount, 1);  // no window: under any panel the overlay opens
  EXPECT_EQ(data.CmdLists[0], ImGui::GetBackgroundDrawList());
}

TEST_F(HudFrames, DrawsADamageNumberWhereItsWorldPointProjects) {
  hud_frame();
  ASSERT_EQ(damage_number_vertices(), 0);
  // A number 6 m ahead of the eye and 2 m to its right: right of the screen centre.
  const glm::vec3 right = glm::normalize(glm::cross(forward(), glm::vec3(0.0f, 1.0f, 0.0f)));
  spawn_damage_number(*world, eye() + forward() * 6.0f + right * 2.0f, 25.0f);
  hud_frame();
  float mean_x = 0.0f;
  EXPECT_GT(damage_number_vertices(&mean_x), 0);
  EXPECT_GT(mean_x, kWidth * 0.5f + 20.0f);
  EXPECT_LT(mean_x, static_cast<float>(kWidth));
  EXPECT_NE(overlay::drawn_text(1).find("25"), std::string::npos);  // in the HUD's font
}

TEST_F(HudFrames, ADamageNumberTenMetresAwayIsAtLeastTwentyPixelsTall) {
  spawn_damage_number(*world, eye() + forward() * 10.0f, 25.0f);
  hud_frame();
  const float at_10m = damage_number_height();
  EXPECT_GE(at_10m, 20.0f);
  release_damage_numbers();
  spawn_damage_number(*world, eye() + forward() * 25.0f, 25.0f);
  hud_frame();
  EXPECT_LT(damage_number_height(), at_10m);  // farther, smaller...
  EXPECT_GE(damage_number_height(), 14.0f);   // ...but never unreadable
}

// The count the stats file reports (overlay.damage_numbers_on_screen): numbers in view and
// readable; not those behind the eye, nor one faded past half; none on a frame it is hidden.
TEST_F(HudFrames, CountsTheDamageNumbersItDrawsReadable) {
  hud_frame();
  EXPECT_EQ(hud.damage_numbers_on_screen(), 0);
  spawn_damage_number(*world, eye() + forward() * 6.0f, 25.0f);
  spawn_damage_number(*world, eye() + forward() * 7.0f, 25.0f);
  spawn_damage_number(*world, eye() - forward() * 6.0f, 25.0f);  // behind: not drawn
  hud_frame();
  EXPECT_EQ(hud.damage_numbers_on_screen(), 2);
  hud.hide();  // the full overlay covers the frame: the HUD is not drawn
  EXPECT_EQ(hud.damage_numbers_on_screen(), 0);
  world->damage_numbers.pool.for_each_active([](int, DamageNumber& d) {
    begin_quiet(d.life, Linger::kDamageNumber);
    d.life.linger = Linger::kDamageNumber * 0.4f;
  });
  hud_frame();  // past the middle of its fade: drawn, but no longer counted
  EXPECT_EQ(hud.damage_numbers_on_screen(), 0);
  EXPECT_GT(damage_number_vertices(), 0);
}

TEST_F(HudFrames, AHitOnATargetShowsAHitMarkerBriefly) {
  hud_frame();
  const int crosshair = vertices_near_centre(20.0f);
  // Stand 10 m from a target, aim at it, and fire one shot: it lands within the tick.
  step(*world, TickInput{}, kDelta);  // the targets leave their homes on the first tick
  const Target& target = world->targets[2];
  test::look_at(*world, {target.pos.x + 10.0f, 0.0f, target.pos.z}, target.pos);
  TickInput shot;
  shot.fire_presses = 1;
  const std::uint64_t hits = world->target_hits;
  for (int i = 0; i < 10 && world->target_hits == hits; ++i)
    step(*world, i == 0 ? shot : TickInput{}, kDelta);
  ASSERT_GT(world->target_hits, hits);
  hud_frame();
  EXPECT_GT(vertices_near_centre(20.0f), crosshair);  // the X around the crosshair
  for (int i = 0; i < 30; ++i)                        // half a second later it is gone
    step(*world, TickInput{}, kDelta);
  hud_frame();
  EXPECT_EQ(vertices_near_centre(20.0f), crosshair);
}

TEST_F(HudFrames, ShowsTheScoreAndTheTargetsBroken) {
  world->score = 3;
  world->target_hits = 14;
  hud_frame();
  const std::string text = overlay::drawn_text(1);  // the HUD's font: the atlas's second
  EXPECT_NE(text.find("SCORE 3"), std::string::npos) << text;
  EXPECT_NE(text.find("3 targets broken"), std::string::npos) << text;
  EXPECT_NE(text.find("14 hits"), std::string::npos) << text;
}

TEST_F(HudFrames, SaysPausedOnlyWhilePaused) {
  hud_frame();
  EXPECT_EQ(overlay::drawn_text(1).find("PAUSED"), std::string::npos);
  paused = true;
  hud_frame();
  const std::string text = overlay::drawn_text(1);
  EXPECT_NE(text.find("PAUSED"), std::string::npos) << text;
  EXPECT_NE(text.find("P resumes"), std::string::npos) << text;
  paused = false;
  hud_frame();
  EXPECT_EQ(overlay::drawn_text(1).find("PAUSED"), std::string::npos);
}

// Bursts of damage numbers, a score gaining digits, hit markers coming and going: after a few
// frames to warm up, a HUD frame (ImGui's work included) allocates nothing.
TEST_F(HudFrames, MakesNoHeapAllocationsPerFrameAfterWarmUp) {
  for (int i = 0; i < 10; ++i)
    hud_frame();
  std::uint64_t allocations = 0;
  std::size_t most_damage_numbers = 0;
  for (int i = 0; i < 300; ++i) {
    step(*world, autofire_input(world->tick, tick_hz), kDelta);  // the world is not measured
    if (i % 45 == 0) spawn_damage_numbers(12 + i / 10);          // bursts of 12..38 numbers
    if (i % 20 == 0) {  // a hit on the last tick: the marker shows, then fades
      world->target_hits += 1;
      world->last_target_hit_tick = world->tick - 1;
    }
    if (i % 60 == 0) {  // a break: the red marker, and the score gains a digit (7 .. 35)
      world->last_target_broken_tick = world->last_target_hit_tick;
      world->score += 7;
    }
    const heap::Mark mark;
    hud_frame();
    allocations += mark.since().allocations;
    most_damage_numbers = std::max(most_damage_numbers, world->damage_numbers.pool.active_count());
  }
  EXPECT_EQ(allocations, 0u);
  EXPECT_GT(most_damage_numbers, 30u);  // the run drew many numbers at once
}

}  // namespace
}  // namespace flatline::hud
