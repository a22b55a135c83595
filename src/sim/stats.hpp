// One struct the overlay and the stats file read: every pool's counters, the
// measured λ and L behind Little's law, and the world's own tallies.
#pragma once

#include <array>
#include <cstdint>

#include "pool/pool_stats.hpp"
#include "sim/world.hpp"

namespace flatline {

struct PoolReport {
  const char* name = "";
  OverflowPolicy policy = OverflowPolicy::Drop;
  PoolStats stats;
  double spawn_rate = 0.0;      // λ, spawns per second, last window
  double mean_lifetime = 0.0;   // L, seconds, last window
  double run_spawn_rate = 0.0;  // λ and L over the whole run
  double run_mean_lifetime = 0.0;
  double little_k = 1.3;
  double recommended = 0.0;   // N = λ·L·k from the whole run
  std::size_t cpu_bytes = 0;  // the pool's objects and bookkeeping (Pool::memory_bytes)
};

struct WorldStats {
  std::array<PoolReport, kPoolCount> pools;
  std::uint64_t ticks = 0;
  std::uint64_t shots_fired = 0;
  std::uint64_t bullet_hits = 0;
  std::uint32_t score = 0;
  // The teaching switches and what they cost (README "Break it on purpose").
  bool pooling = true;
  bool reset_on_release = true;
  bool clear_on_reuse = true;
  bool swept_collision = true;
  std::size_t heap_live = 0;          // pooling off: objects on the heap lists now
  std::size_t heap_bullets_peak = 0;  // most heap bullets at once (a pool's peak_active)
  std::uint64_t heap_news = 0;        // objects `new`ed since load
  std::uint64_t tunnelled = 0;        // discrete collision: hits the swept test would have made
  // The level as the sim collides with it.
  std::size_t level_triangles = 0;       // the level's own (its boxes' excluded)
  std::size_t degenerate_triangles = 0;  // skipped by every query (no area, not finite)
  std::size_t bvh_nodes = 0;
  // The cheap fallback: flying bullets drawn in full, and those past the cap drawn only as
  // a tracer (never refused for want of a full visual).
  std::size_t full_visual_cap = 0;
  std::size_t bullets_drawn_full = 0;
  std::size_t bullets_drawn_as_tracers = 0;
  bool forget_lost = false;  // lifecycle.hpp: forget, trim, destroy in play
  LifecycleCounts lifecycle;
};

WorldStats collect_stats(const World& world);

}  // namespace flatline
