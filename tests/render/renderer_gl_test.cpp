// The renderer against a real GL 3.3 context (Mesa llvmpipe under Xvfb in CI):
// pixels that must be there, draw-call counts, shader errors, no per-frame allocation.
#include "render/renderer.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

#include "diag/heap_counter.hpp"
#include "level_fixture.hpp"
#include "platform/window.hpp"
#include "render/lighting.hpp"
#include "render/screenshot.hpp"

namespace flatline::render {
namespace {

constexpr float kDt = 1.0f / 60.0f;

class RendererGl : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string error;
    platform::WindowOptions options;
    options.hidden = true;
    window_ = platform::Window::open(options, error).release();
    ASSERT_NE(window_, nullptr) << error;
  }
  static void TearDownTestSuite() { delete window_; }

  void SetUp() override {
    ASSERT_NE(window_, nullptr);
    world_ = std::make_unique<World>(WorldConfig{});
    std::string error;
    ASSERT_TRUE(renderer_.init(*world_, test_level(), test_config(), error)) << error;
    window_->framebuffer_size(width_, height_);
  }

  // The player at `feet` looking toward `point`.
  void look_at(const glm::vec3& feet, const glm::vec3& point) {
    world_->player.pos = world_->player.prev_pos = feet;
    const glm::vec3 d = point - eye_position(world_->player);
    world_->player.yaw = std::atan2(-d.x, -d.z);
    world_->player.pitch = std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z));
  }

  std::vector<unsigned char> frame(const RenderSettings& settings = {}) {
    renderer_.draw(*world_, 1.0f, width_, height_, settings);
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width_ * height_ * 4));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    return pixels;
  }

  template <class Pred>
  static int count(const std::vector<unsigned char>& px, Pred pred) {
    int n = 0;
    for (std::size_t i = 0; i + 3 < px.size(); i += 4)
      n += pred(px[i], px[i + 1], px[i + 2]);
    return n;
  }
  static bool glowing(int r, int g, int b) { return r > 235 && g > 200 && b < 200; }  // bullets
  static bool target_red(int r, int g, int b) { return r > 120 && r > 2 * g && r > 2 * b; }

  static platform::Window* window_;
  std::unique_ptr<World> world_;
  Renderer renderer_;
  int width_ = 0, height_ = 0;
};
platform::Window* RendererGl::window_ = nullptr;

TEST_F(RendererGl, DrawsSkyAboveAndFloorBelow) {
  look_at({0, 0, 6}, {0, 1.6f, -30});  // level, toward the north wall
  const auto px = frame();
  const auto at = [&](int x, int y) { return &px[static_cast<std::size_t>((y * width_ + x) * 4)]; };
  const unsigned char* sky = at(width_ / 2, height_ - 2);  // GL row 0 is the bottom
  const unsigned char* floor = at(width_ / 2, 2);
  EXPECT_GT(sky[2], sky[0]);  // blue sky
  EXPECT_LT(floor[2], 200);   // grey-blue floor, darker than the sky
  EXPECT_NE(floor[0], sky[0]);
}

TEST_F(RendererGl, ShowsBulletsInFlightAndNothingGlowsWithoutThem) {
  look_at({0, 0, 6}, {0, 20.0f, 30});  // up into the southern sky: no sun, nothing to hit
  EXPECT_EQ(count(frame(), glowing), 0);
  TickInput click;
  click.scatter_presses = 1;
  step(*world_, click, kDt);
  step(*world_, TickInput{}, kDt);
  const auto px = frame();
  EXPECT_GT(count(px, glowing), 50);
  EXPECT_EQ(renderer_.stats().draw_calls_per_kind[kDrawBullets], 1);  // all pellets, one call
  EXPECT_EQ(renderer_.stats().instances[kDrawBullets], world_->bullets.pool.active_count());
}

TEST_F(RendererGl, ShowsATargetInFrontOfThePlayer) {
  const Target& t = world_->targets[1];
  look_at({3, 0, -20.5f}, t.pos);
  EXPECT_GT(count(frame(), target_red), 1000);
  world_->targets[1].broken = true;  // a broken target is gone from the picture
  world_->targets[0].broken = true;
  EXPECT_LT(count(frame(), target_red), 50);
}

TEST_F(RendererGl, WithInstancingOffDrawsOneCallPerObject) {
  world_->player.pitch = 1.0f;
  TickInput click;
  click.scatter_presses = 1;
  step(*world_, click, kDt);
  RenderSettings one_by_one;
  one_by_one.instancing = false;
  frame(one_by_one);
  const auto& s = renderer_.stats();
  EXPECT_EQ(s.draw_calls_per_kind[kDrawBullets], static_cast<int>(s.instances[kDrawBullets]));
  EXPECT_GT(s.draw_calls_per_kind[kDrawBullets], 1);
}

// The settings' anti-aliasing applies from the next frame: FXAA smooths edges that drawing
// straight leaves stepped, MSAA swaps in multisampled buffers (a counted remake), and a
// sample count the driver refuses falls back to none instead of a black frame.
TEST_F(RendererGl, AntialiasingFollowsTheSettingsFromFrameToFrame) {
  look_at({0, 0, 6}, {2, 1.6f, -30});  // the north wall, a pillar's edges against it
  RenderSettings settings;
  settings.antialiasing = Antialiasing::kOff;
  const auto aliased = frame(settings);
  EXPECT_FALSE(renderer_.stats().fxaa);
  EXPECT_EQ(renderer_.stats().msaa_samples, 0);
  settings.antialiasing = Antialiasing::kFxaa;
  const auto smoothed = frame(settings);
  EXPECT_TRUE(renderer_.stats().fxaa);
  int changed = 0;
  for (std::size_t i = 0; i < aliased.size(); ++i)
    changed += aliased[i] != smoothed[i];
  EXPECT_GT(changed, 100) << "FXAA blended no edge";
  EXPECT_LT(changed, static_cast<int>(aliased.size()) / 4) << "FXAA changed flat areas too";

  const int remade = renderer_.stats().target_reallocations;
  settings.antialiasing = Antialiasing::kMsaa;
  settings.msaa_samples = 4;
  frame(settings);
  EXPECT_EQ(renderer_.stats().msaa_samples, 4);
  EXPECT_FALSE(renderer_.stats().fxaa);
  EXPECT_EQ(renderer_.stats().target_reallocations, remade + 1);
  frame(settings);
  EXPECT_EQ(renderer_.stats().target_reallocations, remade + 1) << "remade only on a change";

  settings.msaa_samples = 4096;  // more than any driver offers
  const auto fallback = frame(settings);
  EXPECT_EQ(renderer_.stats().msaa_samples, 0);
  EXPECT_FALSE(renderer_.stats().fxaa);
  EXPECT_EQ(fallback, frame(settings)) << "the refused setting is not retried: a steady frame";
  EXPECT_GT(count(fallback, [](int r, int g, int b) { return r + g + b > 60; }),
            width_ * height_ / 2)
      << "the fallback draws the scene";
}

// The first switch to a mode makes the driver compile its shaders (counted, once); going
// back to a mode already drawn remakes at most GL buffers and allocates nothing of ours.
TEST_F(RendererGl, SwitchingToAnAntialiasingAlreadyDrawnAllocatesNothing) {
  std::array<RenderSettings, 3> modes;
  modes[0].antialiasing = Antialiasing::kOff;
  modes[1].antialiasing = Antialiasing::kFxaa;
  modes[2].antialiasing = Antialiasing::kMsaa;
  for (const RenderSettings& mode : modes)
    renderer_.draw(*world_, 1.0f, width_, height_, mode);
  const heap::Mark mark;
  for (int round = 0; round < 2; ++round)
    for (const RenderSettings& mode : modes)
      renderer_.draw(*world_, 1.0f, width_, height_, mode);
  EXPECT_EQ(mark.since().allocations, 0u);
}

TEST_F(RendererGl, AFrameAfterWarmupAllocatesNothingAndReallocatesNoBuffer) {
  for (int i = 0; i < 10; ++i)
    frame();
  const auto reallocations = renderer_.stats().buffer_reallocations;
  const heap::Mark mark;
  world_->player.pitch = 0.5f;
  TickInput hold;
  hold.fire_held = true;
  for (int i = 0; i < 120; ++i) {
    step(*world_, hold, kDt);
    renderer_.draw(*world_, 0.5f, width_, height_, {});
  }
  EXPECT_EQ(mark.since().allocations, 0u);
  EXPECT_EQ(renderer_.stats().buffer_reallocations, reallocations);
}

TEST_F(RendererGl, AGrowingPoolReallocatesItsBufferOnceAndCountsIt) {
  WorldConfig config;
  config.pools[kBullets].capacity = 4;
  config.pools[kBullets].policy = OverflowPolicy::Grow;
  world_ = std::make_unique<World>(config);
  Renderer renderer;
  std::string error;
  ASSERT_TRUE(renderer.init(*world_, test_level(), test_config(), error)) << error;
  world_->player.pitch = 1.0f;
  TickInput click;
  click.scatter_presses = 1;  // 24 pellets into a pool of 4
  step(*world_, click, kDt);
  renderer.draw(*world_, 1.0f, width_, height_, {});
  EXPECT_EQ(renderer.stats().buffer_reallocations, 1u);
  EXPECT_EQ(renderer.stats().instances[kDrawBullets], world_->bullets.pool.active_count());
}

TEST_F(RendererGl, AMinimisedWindowDrawsNothingAndDoesNotCrash) {
  renderer_.draw(*world_, 1.0f, 0, 0, {});
  EXPECT_EQ(renderer_.stats().draw_calls, 0);
}

TEST_F(RendererGl, AShaderSyntaxErrorNamesTheFileAndLine) {
  std::string error;
  const auto dir = std::filesystem::temp_directory_path() / "flatline_broken_shaders";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(std::string(FLATLINE_SHADER_DIR) + "/mesh.vert", dir / "mesh.vert",
                             std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir / "mesh.frag")
      << "#version 330 core\nout vec4 c;\nvoid main() {\n  c = vec4(1.0) +;\n}\n";
  const World world(WorldConfig{});
  Renderer renderer;
  EXPECT_FALSE(renderer.init(world, test_level(), test_config(dir.string()), error));
  EXPECT_NE(error.find((dir / "mesh.frag").string() + ":4"), std::string::npos) << error;
}

// A floor point behind a pillar (12, -12), away from the sun: darker with the shadow pass,
// with one PCF lookup a pixel or four (soft shadows: mesh.frag's two shadowed variants).
TEST_F(RendererGl, APillarCastsItsShadowOnTheFloor) {
  look_at({18, 0, -2}, {14.5f, 0.0f, -10.0f});
  const auto brightness = [&](const RenderSettings& settings) {
    const auto px = frame(settings);
    const std::size_t centre = static_cast<std::size_t>(((height_ / 2) * width_ + width_ / 2) * 4);
    return px[centre] + px[centre + 1] + px[centre + 2];
  };
  RenderSettings no_shadows;
  no_shadows.shadows = false;
  const int sunlit = brightness(no_shadows);
  for (bool soft : {false, true}) {
    RenderSettings shadows;
    shadows.soft_shadows = soft;
    const int shadowed = brightness(shadows);
    EXPECT_LT(shadowed * 10, sunlit * 7)
        << (soft ? "soft" : "one lookup") << ": shadowed " << shadowed << ", sunlit " << sunlit;
  }
  EXPECT_EQ(renderer_.stats().shadow_map_size, 1024);
}

// Fog by the view depth: the same wall, seen from farther away, is nearer the fog's colour.
TEST_F(RendererGl, FogThickensWithDistance) {
  const glm::vec3 linear = default_lighting().fog_color;  // encoded as mesh.frag does
  const glm::vec3 fog = 255.0f * (1.154f * glm::sqrt(linear) - 0.154f * linear);
  const auto haze = [&](float z) {  // mean distance to the fog's colour of a patch at the centre
    look_at({-9.0f, 0, z}, {-9.0f, 1.6f, -40.0f});  // level, toward the north wall
    const auto px = frame();
    float sum = 0.0f;
    for (int y = height_ / 2 - 10; y <= height_ / 2 + 10; ++y)
      for (int x = width_ / 2 - 10; x <= width_ / 2 + 10; ++x) {
        const unsigned char* p = &px[static_cast<std::size_t>((y * width_ + x) * 4)];
        sum += glm::length(glm::vec3(p[0], p[1], p[2]) - fog);
      }
    return sum / (21.0f * 21.0f);
  };
  const float near = haze(-24.0f), far = haze(24.0f);
  EXPECT_LT(far, near * 0.8f) << "near " << near << ", far " << far;
}

TEST_F(RendererGl, EveryKindIsOneDrawCallInEachPass) {
  world_->player.pitch = -0.3f;
  TickInput hold;
  hold.fire_held = true;
  hold.scatter_presses = 1;
  for (int i = 0; i < 30; ++i)
    step(*world_, hold, kDt);
  frame();
  const RenderStats& s = renderer_.stats();
  ASSERT_GT(s.instances[kDrawCasings], 1u);
  for (int k = 0; k < kKindCount; ++k)
    EXPECT_LE(s.draw_calls_per_kind[k], 1) << kKindNames[k];
  EXPECT_EQ(s.draw_calls_per_kind[kDrawWeapon], 1);
  EXPECT_LE(s.shadow_draw_calls, 2);  // the targets and the casings; the level is cached
  EXPECT_GE(s.level_draw_calls, 1);
}

TEST_F(RendererGl, AMissingUniformNamesTheProgramAndTheUniform) {
  const auto dir = std::filesystem::temp_directory_path() / "flatline_flat_shaders";
  std::filesystem::create_directories(dir);
  for (const auto& file : std::filesystem::directory_iterator(FLATLINE_SHADER_DIR))
    std::filesystem::copy_file(file.path(), dir / file.path().filename(),
                               std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir / "mesh.frag")
      << "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  std::string error;
  Renderer renderer;
  EXPECT_FALSE(renderer.init(*world_, test_level(), test_config(dir.string()), error));
  EXPECT_NE(error.find("shader program 'mesh (SHADOW_LOOKUPS 0)' has no active uniform 'u_"),
            std::string::npos)
      << error;
}

TEST_F(RendererGl, AScreenshotLeavesThePackAlignmentAsItFoundIt) {
  frame();
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  std::vector<unsigned char> png;
  std::string error;
  ASSERT_TRUE(capture_png(width_ - 1, height_, png, error)) << error;  // an odd row length
  GLint alignment = 0;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  EXPECT_EQ(alignment, 8);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
}

TEST_F(RendererGl, AMissingShaderFolderIsAClearError) {
  std::string error;
  const World world(WorldConfig{});
  Renderer renderer;
  EXPECT_FALSE(renderer.init(world, test_level(), test_config("/nonexistent/shaders"), error));
  EXPECT_NE(error.find("cannot read shader '/nonexistent/shaders/mesh.vert'"), std::string::npos)
      << error;
}

}  // namespace
}  // namespace flatline::render
