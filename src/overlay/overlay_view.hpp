// What the overlay shows: off (no panel: the HUD, src/hud/, alone), a compact strip of counters
// in a corner (in the style of stats.js), or every teaching panel as a window of its own. In
// compact mode the panels a person opened (menu bar, F2..F9) show beside the strip. No ImGui
// here: the app sets the view from --overlay and tests name panels without a context.
#pragma once

#include <array>
#include <string_view>

#include "settings/settings.hpp"

namespace flatline::overlay {

// The mode and the panels are settings (the view group, settings/settings.hpp).
using ::flatline::OverlayMode;
using ::flatline::Panel;
using enum ::flatline::Panel;

// Names on the command line (--overlay NAME) and in the stats file.
inline constexpr std::array<const char*, kPanelCount> kPanelNames = {
    "pools", "heap", "frame", "little", "controls", "lessons", "slots", "settings"};
// Window titles (tests look a window up by its title).
inline constexpr std::array<const char*, kPanelCount> kPanelTitles = {
    "Pools",          "Heap",    "Frame", "Little's law", "Controls", "Break it on purpose",
    "Slot inspector", "Settings"};
inline constexpr const char* kCompactTitle = "##compact";  // the strip has no title bar

// The settings panel's ranges (--fov and --sensitivity check the same ones).
inline constexpr float kMinFovDegrees = 40.0f, kMaxFovDegrees = 110.0f;  // vertical
inline constexpr float kMinSensitivity = 0.1f, kMaxSensitivity = 5.0f;

// The other sliders' ranges. A slider holds what is typed into it (Ctrl+click) within its
// range; the frame loop holds every setting within the wider range the command line accepts
// (app/apply_settings.cpp), whatever wrote it.
inline constexpr float kMinTimeScale = 0.1f, kMaxTimeScale = 2.0f;
inline constexpr double kMinTickHzSlider = 10.0, kMaxTickHzSlider = 240.0;
inline constexpr float kMinRifleRateSlider = 1.0f, kMaxRifleRateSlider = 30.0f;  // shots/s
inline constexpr float kMinFrameClamp = 0.02f, kMaxFrameClamp = 1.0f;            // seconds
inline constexpr float kMinVolume = 0.0f, kMaxVolume = 1.0f;
inline constexpr float kMinBulletSpeedSlider = 5.0f, kMaxBulletSpeedSlider = 2000.0f;  // m/s
inline constexpr int kMinFullVisualCapSlider = 0, kMaxFullVisualCapSlider = 512;       // bullets
inline constexpr int kMinCapacityInput = 1, kMaxCapacityInput = 1 << 20;  // a pool's size

// F1 cycles off -> compact -> full -> off.
constexpr OverlayMode next_mode(OverlayMode mode) {
  switch (mode) {
    case OverlayMode::Off:
      return OverlayMode::Compact;
    case OverlayMode::Compact:
      return OverlayMode::Full;
    case OverlayMode::Full:
      break;
  }
  return OverlayMode::Off;
}

constexpr const char* mode_name(OverlayMode mode) {
  return mode == OverlayMode::Off ? "off" : mode == OverlayMode::Full ? "full" : "compact";
}

// The panel called `name`, or -1.
constexpr int panel_named(std::string_view name) {
  for (int i = 0; i < kPanelCount; ++i)
    if (name == kPanelNames[static_cast<std::size_t>(i)]) return i;
  return -1;
}

}  // namespace flatline::overlay
