#include "lab/kernel/fast_kernel.hpp"

#include <algorithm>

#include "lab/kernel/bullet_clearance.hpp"
#include "lab/kernel/bullet_flight.hpp"
#include "lab/kernel/by_four.hpp"
#include "sim/systems.hpp"

namespace flatline::lab {
namespace {

// The exact query, as the game's first_hit(), with the arena's StaticGrid in place of the
// brute force over its boxes (the same hit: lab/tests/accel/static_grid_test.cpp).
BulletHit exact_first_hit(const World& world, const StaticGrid& grid, const glm::vec3& p0,
                          const glm::vec3& p1, float radius) {
  BulletHit level;
  if (const auto hit = grid.first_hit(p0, p1, radius))
    level = {hit->hit.t, hit->hit.normal, -1, true};
  return earlier_target_hit(world, p0, p1, radius, level);
}

bool same_boxes(std::span<const Aabb> a, std::span<const Aabb> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// Bullets between two rounds of the second pass: the listed ones are resolved while they are
// still in cache, a whole number of blocks of four at a time.
constexpr std::size_t kChunk = 1024;
static_assert(kChunk % 4 == 0, "a round of the second pass comes after a whole block of four");

}  // namespace

FastBulletKernel::FastBulletKernel(const World& world)
    : clearance_(shared_clearance_grid(bullet_obstacles(world), {2.0f, 0.5f, 2.0f})),
      arena_grid_(world.arena.solids, 8.0f),
      listed_(world.config.pools[kBullets].capacity) {}

std::unique_ptr<BulletKernel> make_fast_kernel(const World& world) {
  return std::make_unique<FastBulletKernel>(world);
}

// The game's tick_bullet() (src/sim/bullets.cpp), with the lab's queries for the hit.
bool FastBulletKernel::tick_bullet(World& world, Bullet& b, float dt,
                                   const ClearanceGrid* clearance) const {
  b.prev_pos = b.pos;
  if (b.life.stage == LifeStage::Lingering) {
    b.age += dt;
    return linger_over(b.life, dt);
  }
  const glm::vec3 next = b.pos + b.vel * dt;
  const float radius = world.config.bullet_radius;
  BulletHit hit;  // nothing, where the grid proves the segment clear
  if (clearance == nullptr) {
    hit = same_boxes(arena_grid_.boxes(), world.arena.solids)
              ? exact_first_hit(world, arena_grid_, b.pos, next, radius)
              : first_hit(world, b.pos, next, radius);  // a test moved the arena: the game's
  } else if (!clearance->clear(b.pos, next)) {
    const ClearanceGrid::Candidates near = clearance->candidates(b.pos, next);
    hit = near.valid ? first_hit_near(world, near, b.pos, next, radius)
                     : exact_first_hit(world, arena_grid_, b.pos, next, radius);
  }
  land_bullet(world, b, dt, next, hit);
  return false;
}

void FastBulletKernel::update_bullets(World& world, float dt) {
  // The grid, unless a test or lesson moved things out of what it was built for.
  const bool applies = clearance_applies(world, clearance_.get()) &&
                       same_boxes(arena_grid_.boxes(), world.arena.solids);
  const ClearanceGrid* clearance = applies ? clearance_.get() : nullptr;
  // One pass of tick_bullet() when there is no fast path: no grid, the tunnelling lab, or a
  // Grow pool that outgrew the list sized at load (the list never allocates in play).
  if (clearance == nullptr || !world.config.swept_collision ||
      listed_.size() < world.bullets.pool.active_count()) {
    update_live(world.bullets, [&](Bullet& b) { return tick_bullet(world, b, dt, clearance); });
    return;
  }
  update_in_two_passes(world, dt, *clearance);
}

// Two passes over the live bullets (data-oriented: split the loop by what the data needs).
// The first runs the common case over every bullet in a tight, branch-free loop and lists
// the rest; the second gives the listed few (near a wall or a target, or at the end of
// their life) the whole tick, in the order the first pass met them, a chunk at a time while
// the first pass goes on. Only listed bullets touch anything but themselves, and they are
// handled in the same order with the same world before them, so the result is bit for bit
// that of one pass of the game's tick.
void FastBulletKernel::update_in_two_passes(World& world, float dt,
                                            const ClearanceGrid& clearance) {
  const WorldConfig& cfg = world.config;
  int* out = listed_.data();
  std::size_t count = 0, resolved = 0, walked = 0;
  const auto resolve_listed = [&] {  // the second pass, over the bullets listed since last
    for (; resolved < count; ++resolved) {
      const int slot = out[resolved];
      Bullet& b = world.bullets.pool[slot];
      if (tick_bullet(world, b, dt, &clearance)) retire_slot(world.bullets, slot, b.age);
    }
  };
  const ClearanceGrid::Batch batch(clearance);
  for_each_active_by_four(
      world.bullets.pool,
      [&](const int(&slots)[4], Bullet* const(&block)[4]) {
        const int flew = fly_clear4(block, dt, batch, cfg.bullet_lifetime, cfg.bullet_range);
        for (int i = 0; i < 4; ++i) {
          out[count] = slots[i];  // written always, kept only if listed: no branch
          count += !((flew >> i) & 1);
        }
        // The walk allows releasing slots it has visited (pool.hpp); the listed bullets keep
        // their order.
        if ((walked += 4) % kChunk == 0) resolve_listed();
      },
      [&](int slot, Bullet& b) {  // the last one to three, one at a time
        out[count] = slot;
        count += !fly_clear(b, dt, clearance, cfg.bullet_lifetime, cfg.bullet_range);
      });
  resolve_listed();
  update_heap(world.bullets,
              [&](Bullet& b) { return tick_bullet(world, b, dt, &clearance); });  // pooling off
}

}  // namespace flatline::lab
