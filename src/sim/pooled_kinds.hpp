// The pooled kinds: the one list of the short-lived objects the world keeps in pools.
//
// Each row is a kind's name, its pool's default size and its answer to "the pool is full"
// (pool_stats.hpp). The names are contracts: the stats file's keys and the overlay's labels.
// The order is one too: PoolId, the stats file's "pools" object and the overlay's rows.
//
// Adding a kind takes three steps:
//   1. its object type, with last_life_of, clear_last_life and hashed_state beside it
//      (the kinds in effects.hpp show how);
//   2. its id at the end of PoolId and its row at the end of kKinds, here;
//   3. its member in World and its line in for_each_kind (world.hpp).
// Its systems then spawn with spawn_object(world, world.<kind>) and update with
// update_live(world.<kind>, ...) (systems.hpp). Everything that treats the kinds alike
// follows by itself: the pools' making and warm-up, the teaching switches, the state hash,
// the stats file and the overlay's tables.
#pragma once

#include <array>
#include <cstddef>

#include "pool/pool_stats.hpp"

namespace flatline {

enum PoolId : int {
  kBullets,
  kSparks,
  kDecals,
  kCasings,
  kDamageNumbers,
  kTracers,
  kSpheres,
  kDebris,
  kPoolCount
};

// What a pool is made with: how many objects, and what acquire() does when all are in use.
struct PoolSizing {
  std::size_t capacity = 0;
  OverflowPolicy policy = OverflowPolicy::Drop;
};

struct KindInfo {
  PoolId id;
  const char* name;
  PoolSizing sizing;  // the default: WorldConfig::pools holds what a world is made with
};

// Sizes from Little's law N = λ·L·k at the design rates (see docs/pooling.md); each policy
// is the one that suits its kind.
inline constexpr std::array<KindInfo, kPoolCount> kKinds = {{
    // rifle 12/s × 1.3 s + scatter 40 pellets/s × 1.8 s ≈ 90 live at worst, k 1.3 → 128
    {kBullets, "bullets", {128, OverflowPolicy::Drop}},
    // a particle system, thousands of tiny structs: a few lost in a storm are invisible
    {kSparks, "sparks", {4096, OverflowPolicy::Drop}},
    // bullet holes: the oldest hole vanishing is what players expect
    {kDecals, "decals", {256, OverflowPolicy::RecycleOldest}},
    // shell casings on the floor: the same reasoning
    {kCasings, "casings", {128, OverflowPolicy::RecycleOldest}},
    // a number more or less in a storm of numbers is unreadable anyway
    {kDamageNumbers, "damage_numbers", {64, OverflowPolicy::Drop}},
    // the cheap visual for bullets past the full-visual cap
    {kTracers, "tracers", {256, OverflowPolicy::Drop}},
    // thrown spheres stay in the world until taken back (three.js games_fps's ring of 100):
    // the next throw always flies, and the oldest sphere, long at rest, is what can go
    {kSpheres, "spheres", {100, OverflowPolicy::RecycleOldest}},
    // a broken target's pieces: 14 a break, at most 2 breaks/s × 4 s life, k 1.3 ≈ 146 → 160;
    // past that the oldest piece, settled and fading, goes first
    {kDebris, "debris", {160, OverflowPolicy::RecycleOldest}},
}};

// Row i is kind i: a row out of order, or one missing (left zero), fails to build.
constexpr bool rows_in_pool_id_order() {
  for (int i = 0; i < kPoolCount; ++i)
    if (kKinds[static_cast<std::size_t>(i)].id != i) return false;
  return true;
}
static_assert(rows_in_pool_id_order(), "kKinds lists every PoolId once, in order");

// The names alone, in PoolId order, for code that lists the pools (the overlay's menus).
constexpr std::array<const char*, kPoolCount> pool_names() {
  std::array<const char*, kPoolCount> names{};
  for (const KindInfo& kind : kKinds)
    names[static_cast<std::size_t>(kind.id)] = kind.name;
  return names;
}
inline constexpr std::array<const char*, kPoolCount> kPoolNames = pool_names();

// Every kind's default size: what WorldConfig::pools starts as.
constexpr std::array<PoolSizing, kPoolCount> default_pool_sizing() {
  std::array<PoolSizing, kPoolCount> sizing{};
  for (const KindInfo& kind : kKinds)
    sizing[static_cast<std::size_t>(kind.id)] = kind.sizing;
  return sizing;
}

}  // namespace flatline
