// The load harness: the world with no window and no GL (`flatline --no-window`).
#pragma once

#include "app/options.hpp"

namespace flatline::app {

// Runs the simulation for options.frames ticks; returns the process exit code.
int run_headless(const Options& options);

// Set by SIGINT/SIGTERM: the run stops at the next frame and still writes its stats.
void install_stop_handlers();
bool stop_requested();

}  // namespace flatline::app
