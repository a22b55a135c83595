// The game in a window: the session driven by real time and drawn every frame.
#pragma once

#include "app/options.hpp"

namespace flatline::app {

// Opens the window, loads the renderer and the overlay, and runs the frame loop until the
// player quits, --frames is reached or a replay ends; returns the process exit code.
int run_windowed(const Options& options);

}  // namespace flatline::app
