// What the operating system says about this process: resident memory, for the
// soak run's "memory stays flat" check. Reads /proc with open/read into a stack
// buffer, so asking allocates nothing.
#pragma once

#include <cstdint>

namespace flatline::app {

// Resident set size in KiB, or 0 where /proc is not available.
std::uint64_t resident_kb();

}  // namespace flatline::app
