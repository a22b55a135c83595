// Tests for src/app/view_settings.cpp and the view part of settings_from.cpp: every --overlay
// value parses and shows its windows (a headless overlay, ImGui with no GL), the settings'
// field of view reaches the camera's projection, and mouse sensitivity scales the look.
#include "app/view_settings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "../overlay/overlay_rig.hpp"
#include "../overlay/shown_windows.hpp"
#include "app/options.hpp"
#include "app/replay.hpp"
#include "app/settings_from.hpp"
#include "platform/mouse_look.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

using overlay::kPanelCount;
using overlay::kPanelNames;
using overlay::kPanelTitles;

ParseResult parse(std::vector<const char*> args) {
  args.insert(args.begin(), "flatline");
  return parse_options(static_cast<int>(args.size()), args.data());
}

// The windows an --overlay value must show: a panel's name shows the strip and that panel.
std::set<std::string> expected_windows(std::string_view view) {
  if (view == "off") return {};
  std::set<std::string> names = {"##MainMenuBar"};
  if (view == "full") {
    for (const char* title : kPanelTitles)
      names.insert(title);
    return names;
  }
  names.insert(overlay::kCompactTitle);
  const int panel = overlay::panel_named(view);
  if (panel >= 0) names.insert(kPanelTitles[static_cast<std::size_t>(panel)]);
  return names;
}

class OverlayViewOption : public overlay::OverlayRig {
 protected:
  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      overlay.begin_frame(overlay::kDelta, overlay::kWidth, overlay::kHeight);
      overlay.build(*world, collect_stats(*world), render, info, settings, requests);
      overlay.end_frame();
    }
  }
};

TEST(OverlayOption, NamesTheModesAndThePanelsTheOverlayKnows) {
  ASSERT_EQ(kOverlayViews.size(), 3u + kPanelCount);
  EXPECT_EQ(kOverlayViews[0], "off");
  EXPECT_EQ(kOverlayViews[1], "compact");
  EXPECT_EQ(kOverlayViews[2], "full");
  for (int p = 0; p < kPanelCount; ++p)
    EXPECT_EQ(kOverlayViews[3 + static_cast<std::size_t>(p)], kPanelNames[p]);
  EXPECT_EQ(parse({}).options.overlay, "compact");
}

TEST(OverlayOption, RefusesAnUnknownViewOrAMissingOne) {
  EXPECT_NE(parse({"--overlay", "big"}).error.find("--overlay needs off, compact, full"),
            std::string::npos);
  EXPECT_NE(parse({"--overlay"}).error, "");
  EXPECT_NE(parse({"--overlay", "Pools"}).error, "") << "names are lower case";
}

TEST_F(OverlayViewOption, EveryValueShowsItsWindowsAndAPanelShowsWhole) {
  for (const std::string_view view : kOverlayViews) {
    const ParseResult r = parse({"--overlay", view.data()});
    ASSERT_EQ(r.error, "") << view;
    settings.view = settings_from(r.options).view;
    frames(3);
    std::set<std::string> shown;
    for (const overlay::ShownWindow& w : overlay::shown_windows()) {
      shown.insert(w.name);
      if (view == "full") continue;
      EXPECT_GE(w.pos.x, 0.0f) << view << ": " << w.name;  // whole in the frame
      EXPECT_GE(w.pos.y, 0.0f) << view << ": " << w.name;
      EXPECT_LE(w.pos.x + w.size.x, overlay::kWidth) << view << ": " << w.name;
      EXPECT_LE(w.pos.y + w.size.y, overlay::kHeight) << view << ": " << w.name;
    }
    EXPECT_EQ(shown, expected_windows(view)) << "--overlay " << view;
  }
}

TEST_F(OverlayViewOption, APanelIsPlacedBesideTheStripNotOverIt) {
  for (int p = 0; p < kPanelCount; ++p) {
    const ParseResult r = parse({"--overlay", kPanelNames[static_cast<std::size_t>(p)]});
    settings.view = settings_from(r.options).view;
    frames(2);
    const auto shown = overlay::shown_windows();
    const auto* strip = overlay::find_shown(shown, overlay::kCompactTitle);
    const auto* panel = overlay::find_shown(shown, kPanelTitles[static_cast<std::size_t>(p)]);
    ASSERT_NE(strip, nullptr);
    ASSERT_NE(panel, nullptr);
    EXPECT_GE(panel->pos.x, strip->pos.x + strip->size.x) << kPanelNames[p];
  }
}

TEST(ViewSettings, TheFieldOfViewReachesTheCamerasProjectionAndTheRenderer) {
  const World world(WorldConfig{});
  const ParseResult r = parse({"--fov", "100"});
  ASSERT_EQ(r.error, "");
  const Settings t = settings_from(r.options);
  EXPECT_FLOAT_EQ(t.render.fov_degrees, 100.0f);
  const render::Camera wide = frame_camera(world, 1.0f, 1280, 720, t.render);
  const render::Camera expected = render::make_camera(world, 1.0f, 1280.0f / 720.0f, 100.0f);
  const render::Camera standard = render::make_camera(world, 1.0f, 1280.0f / 720.0f);
  EXPECT_EQ(wide.view_proj, expected.view_proj);
  EXPECT_NE(wide.view_proj, standard.view_proj);
  // A wider view draws the same point nearer the centre: the projection's scale is smaller.
  const glm::vec4 ahead(wide.eye + wide.forward * 10.0f + glm::vec3(0.0f, 2.0f, 0.0f), 1.0f);
  const glm::vec4 a = wide.view_proj * ahead, b = standard.view_proj * ahead;
  EXPECT_LT(std::abs(a.y / a.w), std::abs(b.y / b.w));
  // The renderer draws with the settings' render group as it is: one struct, no copy.
  static_assert(std::is_same_v<render::RenderSettings, RenderSettings>);
}

// --aa auto asks the driver: off where the CPU rasterises, FXAA on a GPU; a mode named on the
// command line is taken as given, into the render group the renderer draws with.
TEST(ViewSettings, AntialiasingIsAutoUnlessNamedAndReachesTheRenderer) {
  constexpr const char* kCpu = "llvmpipe (LLVM 15.0.6, 256 bits)";
  constexpr const char* kGpu = "NVIDIA H200/PCIe/SSE2";
  const Options defaults = parse({}).options;
  Settings t;
  apply_antialiasing_option(defaults, kCpu, t.render);
  EXPECT_EQ(t.render.antialiasing, render::Antialiasing::kOff);
  EXPECT_TRUE(t.render.software_rasteriser);
  apply_antialiasing_option(defaults, kGpu, t.render);
  EXPECT_EQ(t.render.antialiasing, render::Antialiasing::kFxaa);
  EXPECT_FALSE(t.render.software_rasteriser);
  apply_antialiasing_option(parse({"--aa", "fxaa"}).options, kCpu, t.render);
  EXPECT_EQ(t.render.antialiasing, render::Antialiasing::kFxaa);
  apply_antialiasing_option(parse({"--aa", "off"}).options, kGpu, t.render);
  EXPECT_EQ(t.render.antialiasing, render::Antialiasing::kOff);
  apply_antialiasing_option(parse({"--aa", "msaa8"}).options, kCpu, t.render);
  EXPECT_EQ(t.render.antialiasing, render::Antialiasing::kMsaa);
  EXPECT_EQ(t.render.msaa_samples, 8);
}

TEST(ViewSettings, SoftShadowsAutoAreOnAGpuAndOffASoftwareRasteriserUnlessForced) {
  constexpr const char* kCpu = "llvmpipe (LLVM 15.0.6, 256 bits)";
  constexpr const char* kGpu = "NVIDIA H200/PCIe/SSE2";
  Settings t;
  apply_antialiasing_option(parse({}).options, kCpu, t.render);
  EXPECT_FALSE(t.render.soft_shadows);
  apply_antialiasing_option(parse({}).options, kGpu, t.render);
  EXPECT_TRUE(t.render.soft_shadows);
  apply_antialiasing_option(parse({"--soft-shadows"}).options, kCpu, t.render);
  EXPECT_TRUE(t.render.soft_shadows);
  apply_antialiasing_option(parse({"--no-soft-shadows"}).options, kGpu, t.render);
  EXPECT_FALSE(t.render.soft_shadows);
}

TEST(ViewSettings, SensitivityScalesTheLookAndComesFromTheCommandLine) {
  EXPECT_FLOAT_EQ(platform::look_radians(100.0, 2.0f), 2.0f * platform::look_radians(100.0, 1.0f));
  EXPECT_FLOAT_EQ(platform::look_radians(100.0, 1.0f), -100.0f * platform::kMouseRadiansPerPixel);
  EXPECT_FLOAT_EQ(platform::look_radians(0.0, 5.0f), 0.0f);
  const ParseResult r = parse({"--sensitivity", "2.5", "--fullscreen"});
  ASSERT_EQ(r.error, "");
  const Settings t = settings_from(r.options);
  EXPECT_FLOAT_EQ(t.view.mouse_sensitivity, 2.5f);
  EXPECT_TRUE(t.view.fullscreen);
}

// Mouse look fed what a typed sensitivity (1e999 is inf) or a wild event can hold: the tick's
// input stays finite, and a recording of it reads back (its reader refuses inf and NaN).
TEST(ViewSettings, ATickInputFromAnyLookIsFiniteAndItsRecordingReadsBack) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  constexpr double kHuge = std::numeric_limits<double>::max();
  InputQueue queue;
  for (const float sensitivity : {1e30f, kInf, -kInf, std::nanf(""), -1.0f, 5.0f})
    for (const double pixels : {1e300, -kHuge, std::nan(""), static_cast<double>(kInf), 80.0})
      for (int event = 0; event < 1000; ++event)
        queue.add_look(platform::look_radians(pixels, sensitivity),
                       platform::look_radians(-pixels, sensitivity));
  const TickInput input = queue.next_tick();
  EXPECT_TRUE(std::isfinite(input.look_yaw) && std::isfinite(input.look_pitch));
  EXPECT_NE(input.look_yaw, 0.0f) << "the ordinary motion still turns";

  Options o;
  o.record_path = (std::filesystem::temp_directory_path() / "flatline_look.flrp").string();
  ReplayWriter writer;
  std::string error;
  ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
  writer.write(input);
  ASSERT_TRUE(writer.finish(error)) << error;
  ReplayHeader header;
  std::vector<TickInput> inputs;
  ReplayReadNote note;
  ASSERT_TRUE(read_replay(o.record_path, header, inputs, note, error)) << error;
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].look_yaw, input.look_yaw);
  std::filesystem::remove(o.record_path);
}

TEST(ViewSettings, TheOptionsRangesAreTheSettingsPanels) {
  EXPECT_FLOAT_EQ(static_cast<float>(kMinFov), overlay::kMinFovDegrees);
  EXPECT_FLOAT_EQ(static_cast<float>(kMaxFov), overlay::kMaxFovDegrees);
  EXPECT_FLOAT_EQ(static_cast<float>(kMinSensitivity), overlay::kMinSensitivity);
  EXPECT_FLOAT_EQ(static_cast<float>(kMaxSensitivity), overlay::kMaxSensitivity);
}

// The HUD shows with the overlay off (--overlay off, F1) or compact, a panel open or not; the
// full overlay's panels tile the frame, and it is not drawn under them.
TEST(ViewSettings, TheHudShowsUnlessTheFullOverlayCoversTheFrame) {
  for (const char* view : {"off", "compact", "pools", "settings"}) {
    Options o;
    o.overlay = view;
    EXPECT_TRUE(hud_shown(settings_from(o).view)) << view;
  }
  Options full;
  full.overlay = "full";
  ViewSettings t = settings_from(full).view;
  EXPECT_FALSE(hud_shown(t));
  t.mode = overlay::next_mode(t.mode);  // F1 from full: off, and the HUD is back
  EXPECT_TRUE(hud_shown(t));
}

}  // namespace
}  // namespace flatline::app
