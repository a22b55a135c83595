// The setup the overlay's suites share: a fresh World and a headless overlay drawing it
// (no window, no GL: ImGui's logic runs and its draw data can be read).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "overlay/overlay.hpp"
#include "render/render_stats.hpp"
#include "sim/world.hpp"

namespace flatline::overlay {

inline constexpr int kWidth = 1280, kHeight = 720;
inline constexpr float kDelta = 1.0f / 60.0f;

class OverlayRig : public ::testing::Test {
 protected:
  void SetUp() override {
    world = std::make_unique<World>(WorldConfig{});
    std::string error;
    ASSERT_TRUE(overlay.init(nullptr, error)) << error;
    read_pools(*world, settings.sim);  // as the game reads them at load
  }

  std::unique_ptr<World> world;
  Overlay overlay;
  Settings settings;
  Requests requests;  // what the buttons asked for: no frame loop here consumes them
  render::RenderStats render;
  FrameInfo info;
};

}  // namespace flatline::overlay
