#include "lab/kernel/fast_kernel.hpp"

#include <algorithm>

#include <glm/geometric.hpp>

#include "lab/kernel/bullet_clearance.hpp"
#include "lab/kernel/bullet_flight.hpp"
#include "sim/systems.hpp"

namespace flatline::lab {
namespace {

// Live bullets per chunk of the parallel pass: a whole number of blocks of four, and enough
// chunks at 10^5..10^6 bullets for a thread that lost its core to take fewer of them.
constexpr int kChunk = 2048;
static_assert(kChunk % 4 == 0, "a chunk is a whole number of blocks of four");

// The grid names obstacles by 16-bit index: a level past that many triangles plays without it.
std::shared_ptr<const ClearanceGrid> clearance_for(const World& world) {
  const std::vector<Aabb> obstacles = bullet_obstacles(world);
  if (obstacles.size() > ClearanceGrid::kMaxObstacles) return nullptr;
  return shared_clearance_grid(obstacles, {2.0f, 0.5f, 2.0f});
}

}  // namespace

// One tick's inputs, shared read-only by every chunk.
struct FastBulletKernel::Tick {
  World& world;  // each chunk writes its own bullets only, and reads the rest
  float dt;
  const ClearanceGrid& clearance;
  ClearanceGrid::Batch batch;
  int live;  // bullets in order_
};

FastBulletKernel::FastBulletKernel(const World& world, int threads)
    : clearance_(clearance_for(world)),
      order_(world.config.pools[kBullets].capacity),
      listed_(order_.size()),
      landings_(order_.size()),
      landing_count_(order_.size() / kChunk + 1),
      team_(threads) {}

std::unique_ptr<BulletKernel> make_fast_kernel(const World& world, int threads) {
  return std::make_unique<FastBulletKernel>(world, threads);
}

// The first hit by the lab's queries: none where the grid proves the segment clear, else the
// obstacles near it, or the game's own query (the level's BVH) where the segment leaves its
// neighbourhood. Read-only: the chunks ask it at once.
BulletHit FastBulletKernel::query(const World& world, const ClearanceGrid& clearance,
                                  const glm::vec3& p0, const glm::vec3& p1) const {
  if (clearance.clear(p0, p1)) return {};
  const float radius = world.config.bullet_radius;
  const ClearanceGrid::Candidates near = clearance.candidates(p0, p1);
  return near.valid ? first_hit_near(world, near, p0, p1, radius)
                    : first_hit(world, p0, p1, radius);
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
  } else {
    hit = query(world, *clearance, b.pos, next);
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
  update_in_parallel(world, dt, *clearance);
}

// The parallel tick (data-oriented: split the loop by what the data needs). The live slots
// are listed in the pool's walk order; the team flies them a chunk at a time (fly_chunk);
// then one thread applies, chunk by chunk, what touches the world. Only those bullets touch
// anything but themselves, and they are applied in the game's order with the same world
// before them, so the result is bit for bit that of one pass of the game's tick.
void FastBulletKernel::update_in_parallel(World& world, float dt, const ClearanceGrid& clearance) {
  int live = 0;
  world.bullets.pool.for_each_active([&](int slot, const Bullet&) { order_[live++] = slot; });
  const Tick tick{world, dt, clearance, ClearanceGrid::Batch(clearance), live};
  auto fly = [&](int chunk) { fly_chunk(tick, chunk); };
  const int chunks = (live + kChunk - 1) / kChunk;
  team_.run(chunks, fly);
  for (int chunk = 0; chunk < chunks; ++chunk) {  // the world's part, in the walk order
    const Landing* landing = landings_.data() + static_cast<std::ptrdiff_t>(chunk) * kChunk;
    for (const Landing* end = landing + landing_count_[chunk]; landing != end; ++landing) {
      Bullet& b = world.bullets.pool[landing->slot];
      if (b.life.stage == LifeStage::Lingering)  // its fade is over
        retire_slot(world.bullets, landing->slot, b.age);
      else
        land_bullet(world, b, dt, b.pos + b.vel * dt, landing->hit);
    }
  }
  update_heap(world.bullets,
              [&](Bullet& b) { return tick_bullet(world, b, dt, &clearance); });  // pooling off
}

// One chunk: every bullet flies four at a time, branch-free (fly_clear4), the rest are
// listed; each listed bullet then asks its query and finishes alone if it can, else it is
// left, with its hit, for the one-thread pass. Writes only this chunk's bullets and slices.
void FastBulletKernel::fly_chunk(const Tick& tick, int chunk) {
  const WorldConfig& cfg = tick.world.config;
  auto& pool = tick.world.bullets.pool;
  const int begin = chunk * kChunk, end = std::min(begin + kChunk, tick.live);
  const int* order = order_.data();
  int* listed = listed_.data() + begin;
  int count = 0, i = begin;
  for (; i + 4 <= end; i += 4) {
    Bullet* const block[4] = {&pool[order[i]], &pool[order[i + 1]], &pool[order[i + 2]],
                              &pool[order[i + 3]]};
    const int flew = fly_clear4(block, tick.dt, tick.batch, cfg.bullet_lifetime, cfg.bullet_range);
    for (int k = 0; k < 4; ++k) {
      listed[count] = order[i + k];  // written always, kept only if listed: no branch
      count += !((flew >> k) & 1);
    }
  }
  for (; i < end; ++i) {  // the last one to three, one at a time
    listed[count] = order[i];
    count +=
        !fly_clear(pool[order[i]], tick.dt, tick.clearance, cfg.bullet_lifetime, cfg.bullet_range);
  }
  Landing* landings = landings_.data() + begin;
  int landed = 0;
  for (int k = 0; k < count; ++k) {
    Landing& landing = landings[landed];
    landing = {listed[k], {}};
    if (!finish_alone(tick, pool[listed[k]], landing.hit)) ++landed;  // else overwritten
  }
  landing_count_[static_cast<std::size_t>(chunk)] = landed;
}

// The part of tick_bullet() (after prev_pos = pos, which fly_clear did) that touches the
// bullet alone. True: its tick is done. False: it lands (hit says on what) or its fade is
// over, and the one-thread pass does the rest, from the bullet as it was before this call
// (a lingering bullet has aged and faded, as tick_bullet() does before it is released).
bool FastBulletKernel::finish_alone(const Tick& tick, Bullet& b, BulletHit& hit) const {
  const WorldConfig& cfg = tick.world.config;
  if (b.life.stage == LifeStage::Lingering) {
    b.age += tick.dt;
    return !linger_over(b.life, tick.dt);
  }
  const glm::vec3 next = b.pos + b.vel * tick.dt;
  hit = query(tick.world, tick.clearance, b.pos, next);
  if (hit.any) return false;
  const float age = b.age + tick.dt;  // land_bullet()'s arithmetic, in its order
  const float travelled = b.travelled + glm::length(next - b.pos);
  if (!(age < cfg.bullet_lifetime && travelled < cfg.bullet_range)) return false;
  b.age = age;
  b.travelled = travelled;
  b.pos = next;
  return true;
}

}  // namespace flatline::lab
