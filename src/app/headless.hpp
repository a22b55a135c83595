// The load harness: the world with no window and no GL (`flatline --no-window`).
#pragma once

#include "app/options.hpp"

namespace flatline::app {

// Runs the session one tick per frame (a --stall-at frame excepted); returns the process
// exit code.
int run_headless(const Options& options);

}  // namespace flatline::app
