// forget, trim and destroy in the game: the pool's other ways out of play (pool_lifecycle.hpp),
// each where a game needs it, each behind a switch.
//
//   forget   a bullet lost to the world (out past the level's square, or under its floor) is
//            forgotten, not released: nothing the game will meet again, and nothing a reset
//            should be trusted with. Its object is destroyed and its slot left vacant; the
//            pool re-makes it in place on demand (placement new: no heap). --forget-lost.
//   trim     pausing trims every effect pool's idle objects, the memory a menu would want
//            back; resuming re-makes them before play. Both at a pause, outside play frames.
//            --trim-on-pause (windowed: P).
//   destroy  restarting the level destroys every pool's objects, live and idle, and re-makes
//            them as at load; every handle held goes stale. --restart-at TICK.
#pragma once

#include <cstdint>

namespace flatline {

struct World;

// What the game did with them, for the stats file and the overlay (lifecycle_counts()).
struct LifecycleCounts {
  std::uint64_t lost_forgotten = 0;  // bullets lost to the world, forgotten
  std::uint64_t trims = 0;           // pauses that trimmed
  std::uint64_t trimmed = 0;         // idle effect objects destroyed by those trims
  std::uint64_t rewarms = 0;         // resumes that re-made them
  std::uint64_t rewarmed = 0;        // objects re-made, by resumes and restarts
  std::uint64_t restarts = 0;        // level restarts
  std::uint64_t destroyed_live = 0;  // live objects destroyed by restarts
};

// Once a tick, after the bullets' (step(), with config.forget_lost): lost bullets forgotten.
void forget_lost_bullets(World& world);
// Is a point out of the world: past the level's square on x or z, or under its floor?
bool lost_to_the_world(const World& world, float x, float y, float z);

// Pause and resume (--trim-on-pause): the effect pools' idle objects destroyed, then re-made.
// Each returns how many objects it destroyed or made.
std::uint64_t trim_idle_effects(World& world);
std::uint64_t rewarm_effects(World& world);

// The level restarts: every pool destroyed and re-made (warm-up off: on demand), the player
// at the spawn, the targets whole at home, the seeker gone.
void restart_level(World& world);

// A plain accessor, for readers (the overlay, the report).
const LifecycleCounts& lifecycle_counts(const World& world);

}  // namespace flatline
