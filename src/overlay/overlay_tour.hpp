// The overlay tour: a person's use of the overlay, scripted. After warm-up it opens each
// panel alone and scrolls it, opens the menus, shows every panel at once (full mode) and every
// pool's slots, flips every switch and setting and back, changes each pool's policy and back,
// cycles the modes, and presses the misuse buttons, one step per call, through the
// overlay's public functions, the settings and the requests (no synthetic mouse or keys). Its run
// proves that using the panel allocates nothing on the game's heap (--overlay-tour).
#pragma once

#include "overlay/overlay.hpp"

namespace flatline::overlay {

class OverlayTour {
 public:
  // Runs the next step; false, and nothing done, once every step has run.
  bool step(Overlay& overlay, Settings& settings, Requests& requests);
  int steps_done() const { return next_; }
  static int step_count();

 private:
  int next_ = 0;
  Settings start_;  // the settings before the tour: every "and back" returns to them
};

}  // namespace flatline::overlay
