#include "lab/kernel/fast_kernel.hpp"

#include "lab/kernel/bullet_clearance.hpp"
#include "lab/kernel/bullet_flight.hpp"
#include "lab/kernel/by_four.hpp"
#include "sim/systems.hpp"

namespace flatline::lab {
namespace {

// Bullets between two rounds of the second pass: the listed ones are resolved while they are
// still in cache, a whole number of blocks of four at a time.
constexpr std::size_t kChunk = 1024;
static_assert(kChunk % 4 == 0, "a round of the second pass comes after a whole block of four");

// The grid names obstacles by 16-bit index: a level past that many triangles plays without it.
std::shared_ptr<const ClearanceGrid> clearance_for(const World& world) {
  const std::vector<Aabb> obstacles = bullet_obstacles(world);
  if (obstacles.size() > ClearanceGrid::kMaxObstacles) return nullptr;
  return shared_clearance_grid(obstacles, {2.0f, 0.5f, 2.0f});
}

}  // namespace

FastBulletKernel::FastBulletKernel(const World& world)
    : clearance_(clearance_for(world)),
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
    hit = first_hit(world, b.pos, next, radius);  // the game's own query (the level's BVH)
  } else if (!clearance->clear(b.pos, next)) {
    const ClearanceGrid::Candidates near = clearance->candidates(b.pos, next);
    hit = near.valid ? first_hit_near(world, near, b.pos, next, radius)
                     : first_hit(world, b.pos, next, radius);
  }
  land_bullet(world, b, dt, next, hit);
  return false;
}

void FastBulletKernel::update_bullets(World& world, float dt) {
  // The grid, unless a test or lesson moved things out of what it was built for.
  const bool applies = clearance_applies(world, clearance_.get());
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
