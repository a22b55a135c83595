#include "sim/lifecycle.hpp"

#include <cmath>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr float kLostMargin = 1.0f;  // metres past the square (or under the floor)

// The effect kinds: every pooled kind but the bullets, whose pool play itself leans on.
template <class Fn>
void for_each_effect_kind(World& world, Fn&& fn) {
  for_each_kind(world, [&](auto& kind) {
    if (kind.id != kBullets) fn(kind);
  });
}

}  // namespace

bool lost_to_the_world(const World& world, float x, float y, float z) {
  const Arena& a = world.arena;
  if (a.half_extent > 0.0f) {
    const float edge = a.half_extent + kLostMargin;
    if (std::fabs(x) > edge || std::fabs(z) > edge) return true;
  }
  if (a.floor >= 0 && static_cast<std::size_t>(a.floor) < a.solids.size())
    return y < a.solids[static_cast<std::size_t>(a.floor)].min.y - kLostMargin;
  return false;
}

// forget: the object is destroyed, not reset, and its slot left vacant (Pool::forget).
void forget_lost_bullets(World& world) {
  auto& kind = world.bullets;
  kind.pool.for_each_active([&](int slot, Bullet& b) {
    if (b.life.stage != LifeStage::Live || !lost_to_the_world(world, b.pos.x, b.pos.y, b.pos.z))
      return;
    end_bullet_life(world, b);
    kind.meter.on_retire(b.age);
    kind.pool.forget(slot);
    ++world.lifecycle.lost_forgotten;
  });
}

// trim(0): every idle object of each effect pool destroyed; its slots stay, vacant.
std::uint64_t trim_idle_effects(World& world) {
  std::uint64_t trimmed = 0;
  for_each_effect_kind(world, [&](auto& kind) { trimmed += kind.pool.trim(0); });
  ++world.lifecycle.trims;
  world.lifecycle.trimmed += trimmed;
  return trimmed;
}

std::uint64_t rewarm_effects(World& world) {
  std::uint64_t made = 0;
  for_each_effect_kind(world,
                       [&](auto& kind) { made += kind.pool.rewarm(kind.pool.vacant_count()); });
  ++world.lifecycle.rewarms;
  world.lifecycle.rewarmed += made;
  return made;
}

// destroy, then warm-up again: the pools as at load, in the same place (no heap).
void restart_level(World& world) {
  for_each_kind(world, [&](auto& kind) {
    world.lifecycle.destroyed_live += kind.pool.active_count();
    kind.pool.destroy();
    if (world.config.prewarm_pools)
      world.lifecycle.rewarmed += kind.pool.rewarm(kind.pool.vacant_count());
  });
  world.full_visual_live = 0;  // no bullet flies now
  world.player = Player{};
  for (Target& t : world.targets) {
    t.pos = t.prev_pos = t.home;
    t.health = 100.0f;
    t.broken = false;
    t.respawn_timer = t.hit_flash = 0.0f;
  }
  world.seeker = Seeker{};
  ++world.lifecycle.restarts;
}

const LifecycleCounts& lifecycle_counts(const World& world) {
  return world.lifecycle;
}

}  // namespace flatline
