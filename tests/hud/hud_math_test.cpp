// Tests for src/hud/hud_math.hpp: projecting a world point to the screen, the damage numbers'
// size and their spread in a burst, the hit marker's fade. Pure functions: no ImGui, no GL.
#include "hud/hud_math.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace flatline::hud {
namespace {

// A camera at the origin looking down -z, as make_camera builds it.
glm::mat4 test_view_proj() {
  const glm::mat4 view = glm::lookAt(glm::vec3(0.0f), glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
  return glm::perspective(glm::radians(70.0f), 16.0f / 9.0f, 0.05f, 500.0f) * view;
}

TEST(HudProjection, PutsAPointStraightAheadAtTheScreenCentre) {
  glm::vec2 at{-1.0f};
  ASSERT_TRUE(project_to_screen(test_view_proj(), {0.0f, 0.0f, -10.0f}, 1280.0f, 720.0f, at));
  EXPECT_NEAR(at.x, 640.0f, 1e-3f);
  EXPECT_NEAR(at.y, 360.0f, 1e-3f);
}

TEST(HudProjection, PutsAPointAboveAndRightOfCentreUpAndRightOnScreen) {
  glm::vec2 at{0.0f};
  ASSERT_TRUE(project_to_screen(test_view_proj(), {1.0f, 1.0f, -10.0f}, 1280.0f, 720.0f, at));
  EXPECT_GT(at.x, 640.0f);
  EXPECT_LT(at.y, 360.0f);  // screen y grows downwards
}

TEST(HudProjection, RejectsPointsBehindTheCameraOrOffScreen) {
  glm::vec2 at{0.0f};
  EXPECT_FALSE(project_to_screen(test_view_proj(), {0.0f, 0.0f, 10.0f}, 1280.0f, 720.0f, at));
  EXPECT_FALSE(project_to_screen(test_view_proj(), {100.0f, 0.0f, -1.0f}, 1280.0f, 720.0f, at));
}

TEST(HudDamageNumberSize, IsAtLeastTwentyPixelsTallAtTenMetres) {
  // The font size; its digits are 0.62 of it (hud_test.cpp measures the drawn glyphs).
  EXPECT_GE(damage_number_px(10.0f, 720.0f) * 0.62f, 20.0f);
  EXPECT_FLOAT_EQ(damage_number_px(10.0f, 720.0f), kDamagePxAt10m);
  EXPECT_FLOAT_EQ(damage_number_px(10.0f, 1080.0f), kDamagePxAt10m * 1.5f);  // a taller view
}

TEST(HudDamageNumberSize, ShrinksWithDistanceWithinItsClamp) {
  EXPECT_GT(damage_number_px(8.0f, 720.0f), damage_number_px(10.0f, 720.0f));
  EXPECT_LT(damage_number_px(12.0f, 720.0f), damage_number_px(10.0f, 720.0f));
  EXPECT_FLOAT_EQ(damage_number_px(100.0f, 720.0f), kDamagePxMin);  // far: still readable
  EXPECT_FLOAT_EQ(damage_number_px(0.5f, 720.0f), kDamagePxMax);    // near: not the whole view
  EXPECT_FLOAT_EQ(damage_number_px(0.0f, 720.0f), kDamagePxMax);    // no divide by zero
}

TEST(HudDamageNumberSpread, FansABurstOutWithoutOverlaps) {
  EXPECT_EQ(damage_number_spread(0, 30.0f), glm::vec2(0.0f));  // one number: on its point
  for (int a = 0; a < 15; ++a) {
    for (int b = a + 1; b < 15; ++b) {
      const glm::vec2 d = damage_number_spread(a, 30.0f) - damage_number_spread(b, 30.0f);
      EXPECT_TRUE(std::abs(d.x) >= 20.0f || std::abs(d.y) >= 20.0f) << a << " and " << b;
    }
  }
}

TEST(HudHitMarker, ShowsOnTheHitsTickAndFadesOverItsTime) {
  EXPECT_FLOAT_EQ(hit_marker_alpha(0, 60.0, 0.25f), 1.0f);
  EXPECT_NEAR(hit_marker_alpha(6, 60.0, 0.2f), 0.5f, 1e-6f);
  EXPECT_FLOAT_EQ(hit_marker_alpha(15, 60.0, 0.25f), 0.0f);
  EXPECT_FLOAT_EQ(hit_marker_alpha(1000, 60.0, 0.25f), 0.0f);
  EXPECT_FLOAT_EQ(hit_marker_alpha(0, 0.0, 0.25f), 0.0f);
}

}  // namespace
}  // namespace flatline::hud
