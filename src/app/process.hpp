// The process and its operating system: resident memory, for the soak run's "memory
// stays flat" check (read from /proc with open/read into a stack buffer, so asking
// allocates nothing), and the signals that stop a run.
#pragma once

#include <cstdint>

namespace flatline::app {

// Resident set size in KiB, or 0 where /proc is not available.
std::uint64_t resident_kb();

// Set by SIGINT/SIGTERM/SIGHUP: the run stops at the next frame and still writes its stats.
void install_stop_handlers();
bool stop_requested();

}  // namespace flatline::app
