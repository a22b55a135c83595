// A scripted player for the load harness (`flatline --no-window --autofire`):
// holds the trigger, sweeps the aim across the arena and into the sky (so bullets
// live their whole lifetime and the pool fills), fires the scatter shot
// periodically, strafes and jumps. A pure function of the tick number, so a run
// is reproducible from its seed and length alone.
#pragma once

#include <cstdint>

#include "core/input.hpp"

namespace flatline {

TickInput autofire_input(std::uint64_t tick, double tick_hz);

}  // namespace flatline
