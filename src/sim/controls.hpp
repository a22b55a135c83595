// The game's controls as the player is told them: one list, read by the HUD's card at the
// start of play (hud/controls_card.cpp) and by the overlay's controls panel
// (overlay/overlay_controls.cpp). The window binds the keys (platform/window.cpp) and turns
// them into TickInput (input.hpp), which is all the simulation reads: nothing here is used
// by a tick.
#pragma once

namespace flatline {

struct Control {
  const char* key;
  const char* action;
  bool on_card;  // the card shows what a first game needs; the panel shows every control
};

inline constexpr Control kControls[] = {
    {"mouse", "look", true},
    {"W A S D", "move", true},
    {"Shift", "sprint", true},
    {"Space", "jump", true},
    {"left click (hold)", "fire rifle", true},
    {"right click", "scatter shot", true},
    {"E (hold)", "charge, release: throw", true},
    {"F1", "overlay: compact, full, off", true},
    {"F2 .. F9", "a panel on/off", false},
    {"Tab", "free the cursor", true},
    {"P", "pause", true},
    {"N", "single step (paused)", false},
    {"F12", "screenshot", false},
    {"Esc", "quit", true},
};

}  // namespace flatline
