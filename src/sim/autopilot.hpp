// A scripted player for the load harness (`flatline --no-window --autofire`):
// holds the trigger, sweeps the aim across the arena and into the sky (so bullets
// live their whole lifetime and the pool fills), fires the scatter shot
// periodically, jumps, and walks a circle around the middle of the arena.
// Deterministic: a function of the tick (and, for walking, of the player's own
// deterministic state), so a run is reproducible from its seed and length.
#pragma once

#include <cstdint>

#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline {

// Look, fire, scatter and jump: a pure function of the tick number.
TickInput autofire_input(std::uint64_t tick, double tick_hz);

// The same, plus walking: steers the player along a 10 m circle round the centre,
// so it keeps a view of the arena instead of ending up against a wall.
TickInput autofire_input(const World& world, double tick_hz);

}  // namespace flatline
