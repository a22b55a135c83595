// Values typed into the panel. Ctrl+click (or Tab) turns any ImGui slider into a text field
// that takes any number; ImGui 1.86 keeps what was typed unless the slider clamps. Here a
// person tabs through every text-editable widget of each panel, as the keyboard allows, and
// types -1, a huge number and 1e999 (inf) into each: every value must land on its range.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <set>
#include <string>
#include <vector>

#include "overlay/overlay_view.hpp"
#include "overlay_rig.hpp"
#include "sim/stats.hpp"

namespace flatline::overlay {
namespace {

constexpr int kTabKey = 9;  // any free index of io.KeysDown: the rig has no backend's key map

// A numeric setting a panel edits, with the range its widget holds it to.
struct Field {
  const char* name;
  double (*get)(const Settings&);
  double lo, hi;
  bool integer = false;  // an integer field reads "1e999" as 1: not checked against it
};

#define FLOAT_FIELD(group, member, lo, hi)                                                 \
  Field {                                                                                  \
#member, [](const Settings& t) { return static_cast<double>(t.group.member); }, lo, hi \
  }

#define INT_FIELD(group, member, lo, hi)                                                         \
  Field {                                                                                        \
#member, [](const Settings& t) { return static_cast<double>(t.group.member); }, lo, hi, true \
  }

// What each panel lets a person type into, and the ranges (overlay_view.hpp).
std::vector<Field> fields_of(int panel) {
  switch (panel) {
    case kPanelControls:
      return {FLOAT_FIELD(time, time_scale, kMinTimeScale, kMaxTimeScale),
              FLOAT_FIELD(time, tick_hz, kMinTickHzSlider, kMaxTickHzSlider),
              FLOAT_FIELD(sim, rifle_rate, kMinRifleRateSlider, kMaxRifleRateSlider),
              FLOAT_FIELD(time, max_frame_seconds, kMinFrameClamp, kMaxFrameClamp),
              FLOAT_FIELD(audio, volume, kMinVolume, kMaxVolume)};
    case kPanelLessons:
      return {FLOAT_FIELD(sim, bullet_speed, kMinBulletSpeedSlider, kMaxBulletSpeedSlider),
              INT_FIELD(sim, full_visual_cap, kMinFullVisualCapSlider, kMaxFullVisualCapSlider)};
    case kPanelSettings:
      return {FLOAT_FIELD(view, mouse_sensitivity, kMinSensitivity, kMaxSensitivity),
              FLOAT_FIELD(render, fov_degrees, kMinFovDegrees, kMaxFovDegrees)};
    case kPanelPools: {
      std::vector<Field> sizes;
      for (int i = 0; i < kPoolCount; ++i)  // one capacity field per pool
        sizes.push_back({kPoolNames[static_cast<std::size_t>(i)], nullptr, kMinCapacityInput,
                         kMaxCapacityInput});
      return sizes;
    }
    default:
      return {};
  }
}

class TypedValues : public OverlayRig {
 protected:
  void SetUp() override {
    OverlayRig::SetUp();
    settings.audio.has_sound = true;  // the volume slider shows
    ImGui::GetIO().KeyMap[ImGuiKey_Tab] = kTabKey;
  }

  // One frame; `focus` names a window to focus first, as a click on it would, and leaves
  // any field being edited (its value was taken as it was typed).
  void frame(const char* focus = nullptr) {
    overlay.begin_frame(kDelta, kWidth, kHeight);
    if (focus != nullptr) {
      ImGui::ClearActiveID();
      ImGui::SetWindowFocus(focus);
    }
    overlay.build(*world, collect_stats(*world), render, info, settings, requests);
    overlay.end_frame();
  }

  void press_tab() {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[kTabKey] = true;
    frame();
    io.KeysDown[kTabKey] = false;
    frame();
  }

  void type(const std::string& text) {
    for (const char c : text)
      ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
    frame();
    frame();
  }

  // Opens `panel` alone beside the strip, focuses it and types `text` into every widget Tab
  // reaches, once each. Returns how many widgets took it.
  int type_everywhere(int panel, const std::string& text) {
    settings.view.mode = OverlayMode::Compact;
    settings.view.panels = {};
    settings.view.panels[static_cast<std::size_t>(panel)] = true;
    frame();
    frame(kPanelTitles[static_cast<std::size_t>(panel)]);
    std::set<ImGuiID> typed_into;
    for (int i = 0; i < 64; ++i) {
      press_tab();
      const ImGuiID active = GImGui->ActiveId;
      if (active == 0 || !typed_into.insert(active).second) break;  // back at the first
      if (panel != kPanelPools) {  // a size is an InputInt: a text field already
        EXPECT_EQ(GImGui->TempInputId, active) << "Tab turns a slider into a text field";
      }
      type(text);
    }
    ImGui::GetIO().KeysDown[kTabKey] = false;
    return static_cast<int>(typed_into.size());
  }

  double value_of(const Field& f, int index) const {
    return f.get != nullptr
               ? f.get(settings)
               : static_cast<double>(settings.sim.capacity[static_cast<std::size_t>(index)]);
  }
};

TEST_F(TypedValues, EveryWidgetOfEveryPanelHoldsATypedValueInItsRange) {
  for (const int panel : {kPanelControls, kPanelLessons, kPanelSettings, kPanelPools}) {
    const std::vector<Field> fields = fields_of(panel);
    const char* title = kPanelTitles[static_cast<std::size_t>(panel)];
    // Below, then far above (a number, then one too big for any float: inf).
    for (const auto& [text, at_low_end] : std::vector<std::pair<std::string, bool>>{
             {"-1", true}, {"99999999", false}, {"1e999", false}}) {
      const bool integer_fields = panel == kPanelPools;
      if (integer_fields && text == "1e999") continue;  // an integer field takes no 'e'
      const int widgets = type_everywhere(panel, text);
      EXPECT_EQ(widgets, static_cast<int>(fields.size())) << title << ": widgets Tab reached";
      for (std::size_t i = 0; i < fields.size(); ++i) {
        const Field& f = fields[i];
        if (f.integer && text == "1e999") continue;
        const double want = at_low_end ? f.lo : f.hi;
        EXPECT_NEAR(value_of(f, static_cast<int>(i)), want, 1e-4 * (1.0 + want))
            << title << ": " << f.name << " typed " << text;
      }
    }
  }
}

}  // namespace
}  // namespace flatline::overlay
