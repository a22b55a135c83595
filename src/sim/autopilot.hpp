// A scripted player for the load harness (`flatline --no-window --autofire`) and the
// play command: holds the trigger, fires the scatter shot periodically, throws a sphere
// every half second (a short charge, then the release), jumps, and walks
// the firing line before the range. Its aim follows a 12 s cycle: a sweep into the sky
// (bullets live their whole lifetime, so the pool fills), a sweep across the glass wall
// (holes, sparks, the targets before and behind it), then a hunt for the targets it can see
// (hits, damage numbers, broken targets; after each break it holds its aim a moment, so the
// numbers rise in view). Deterministic: a function of the tick and the World alone, so a
// run is reproducible from its seed and length.
#pragma once

#include <cstdint>

#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline {

// Look, fire, scatter, throw and jump: a pure function of the tick number (no aim at anything).
TickInput autofire_input(std::uint64_t tick, double tick_hz);

// The scripted player: the cycle of aims above, plus walking the firing line (3 m either
// side of the spawn), so the range stays in view instead of the player ending at a wall.
TickInput autofire_input(const World& world, double tick_hz);

// What the scripted player's aim is doing at a time into its run (seconds).
enum class AimPhase { Hunt, Glass, Sky };
AimPhase aim_phase(double seconds);

// The live target the hunt aims at: of those the eye sees (nothing solid between), the one
// needing the smallest turn. -1 when none is in sight.
int hunted_target(const World& world);

}  // namespace flatline
