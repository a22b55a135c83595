// The process and its operating system: resident memory, for the soak run's "memory
// stays flat" check (read from /proc with open/read into a stack buffer, so asking
// allocates nothing), and the signals that stop a run.
#pragma once

#include <cstdint>

namespace flatline::app {

// Resident set size in KiB, or 0 where /proc is not available.
std::uint64_t resident_kb();

// SIGTERM, SIGINT, SIGHUP: the first stops the run at the next tick, and it still writes its
// stats; a second ends the process at once (killed by that signal). A SIGINT or SIGHUP the
// process inherited as ignored (nohup, a background job) stays ignored.
void install_stop_handlers();
bool stop_requested();

}  // namespace flatline::app
