// The setup the HUD's suites share: a fresh World and a bare Dear ImGui context holding the
// HUD's font, with no overlay, no window and no GL: the HUD stands on its own, and its draw
// list is read back. ImGui's allocations go through operator new here, so the counting heap
// sees every one a HUD frame makes.
#pragma once

#include <gtest/gtest.h>
#include <imgui.h>

#include <cstddef>
#include <memory>
#include <new>

#include "hud/hud.hpp"
#include "render/scene.hpp"
#include "sim/world.hpp"

namespace flatline::hud {

inline constexpr int kWidth = 1280, kHeight = 720;
inline constexpr float kDelta = 1.0f / 60.0f;

class HudRig : public ::testing::Test {
 protected:
  void SetUp() override {
    world = std::make_unique<World>(WorldConfig{});
    ImGui::SetAllocatorFunctions(&counted_alloc, &counted_free);
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.LogFilename = nullptr;
    io.Fonts->AddFontDefault();  // the panel's first, as the overlay's atlas holds them
    hud.add_font(*io.Fonts);
    unsigned char* pixels = nullptr;
    int atlas_w = 0, atlas_h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &atlas_w, &atlas_h);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // One ImGui frame with the HUD alone in it, seen through the renderer's camera.
  void hud_frame() {
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(kWidth), static_cast<float>(kHeight));
    io.DeltaTime = kDelta;
    ImGui::NewFrame();
    hud.draw(*world, render::make_camera(*world, 1.0f, float(kWidth) / kHeight), tick_hz, paused,
             controls_card);
    ImGui::Render();
  }

  std::unique_ptr<World> world;
  Hud hud;
  double tick_hz = 60.0;
  bool paused = false;        // the timestep's P
  bool controls_card = true;  // ViewSettings::controls_card

 private:
  static void* counted_alloc(std::size_t size, void* /*user_data*/) { return ::operator new(size); }
  static void counted_free(void* ptr, void* /*user_data*/) { ::operator delete(ptr); }
};

}  // namespace flatline::hud
