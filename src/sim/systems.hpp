// The systems step() runs, in order, each in its own file. Internal to sim.
#pragma once

#include "sim/world.hpp"

namespace flatline {

void update_player(World& world, const TickInput& input, float dt);  // player.cpp
void update_targets(World& world, float dt);                         // world.cpp
void fire_weapons(World& world, const TickInput& input, float dt);   // weapons.cpp
void update_bullets(World& world, float dt);                         // bullets.cpp
// A target breaks after the bullets' tick, not at the hit that empties its health: every
// bullet of a tick meets the same targets, so the order they are visited in (a pool's
// dense order, a heap list's insertion order) cannot change the game.
void break_targets(World& world);             // bullets.cpp
void update_effects(World& world, float dt);  // effects.cpp
// Thrown spheres (spheres.cpp): the throw key's charge and release, then the spheres' tick.
void throw_spheres(World& world, const TickInput& input, float dt);
void update_spheres(World& world, float dt);
// One sphere thrown from just in front of the eye at `speed` m/s, plus the player's velocity.
void launch_sphere(World& world, float speed);

// What a bullet's segment hits first this tick.
struct BulletHit {
  float t = 1.0f;  // 0..1 along the segment
  glm::vec3 normal{0.0f};
  int target = -1;  // -1: the level (or nothing, when !any)
  bool any = false;
};

// The first thing the segment p0 -> p1 (a sphere of `radius`) touches: the level's triangles
// (the arena's BVH, physics/bvh.hpp), then every live target, a target only if
// strictly earlier (bullets.cpp). Bullets, the aim and the autopilot's line of sight ask it.
BulletHit first_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1, float radius);
// The targets' half of it: `best` (the level's first hit, or none), unless a live target
// meets the segment strictly earlier. A faster query of the level (lab/) ends with this too.
BulletHit earlier_target_hit(const World& world, const glm::vec3& p0, const glm::vec3& p1,
                             float radius, BulletHit best);

// Something struck target `index` at `point` (its surface; `normal` out of it) for `damage`:
// its health, its flash, the hit marker's tick and a damage number (bullets.cpp).
void hit_target(World& world, int index, const glm::vec3& point, const glm::vec3& normal,
                float damage);

// The second half of a flying bullet's tick, once its segment's first hit is known: move it
// there or to `next`, apply the hit, end its flight if it is over (bullets.cpp). A kernel that
// finds hits another way (BulletKernel) ends each tick of a bullet it could not prove clear
// with this, so both play the same game.
void land_bullet(World& world, Bullet& b, float dt, const glm::vec3& next, BulletHit hit);

// Effects caused by hits and shots (effects.cpp).
void spawn_impact(World& world, const glm::vec3& point, const glm::vec3& normal,
                  const glm::vec3& bullet_dir, bool leaves_decal);
void spawn_damage_number(World& world, const glm::vec3& point, float value);
void spawn_casing(World& world, const glm::vec3& point, const glm::vec3& vel);
void spawn_tracer(World& world, Handle bullet, const glm::vec3& head);
// A broken target bursts into EffectTimes::kDebrisPerBreak pieces (effects.cpp).
void spawn_debris(World& world, const Target& target);

// Every way a bullet's flight ends (a hit, its lifetime or range, a recycle, a lesson's
// release) gives back what its flight held: its place under the full-visual cap. A bullet
// already lingering gave it back when its flight ended.
inline void end_bullet_life(World& world, const Bullet& bullet) {
  if (bullet.full_visual && bullet.life.stage == LifeStage::Live) --world.full_visual_live;
}

// The live slot the next acquire() takes back under RecycleOldest (the pool is full), or -1.
template <class T>
int slot_to_recycle(const WorldPool<T>& pool) {
  const bool full = pool.active_count() == pool.capacity();
  return pool.policy() == OverflowPolicy::RecycleOldest && full ? pool.oldest_active() : -1;
}

// For objects whose life the game keeps no count of or link to.
struct NothingToUndo {
  template <class T>
  void operator()(T&) const {}
};

// A RecycleOldest kind spawns at most as many objects in one tick as its pool holds: past
// that, each spawn would take back an object spawned earlier in the same tick, which no frame
// ever shows (a minigun's thousand casings a tick leave no more on the floor than the pool
// holds, and finding the oldest to recycle is a scan of the live list). Such a spawn is
// skipped: the meter counts it as demand, the pool never sees it.
template <class T>
bool past_tick_budget(const PooledKind<T>& kind) {
  return kind.pool.policy() == OverflowPolicy::RecycleOldest && kind.pool.capacity() > 0 &&
         kind.meter.tick_spawns() > kind.pool.capacity();
}

// Acquire from a kind's pool while keeping its meter honest: every request counts as
// demand (λ). An object taken back by RecycleOldest ends its life here (L), so
// end_life(object) undoes what the game counted for that life, as a release would:
// the reset inside acquire() wipes the object's fields, not the game's tallies.
// `where` is the spawner's line: what strict pools note as the object's acquirer.
template <class T, class EndLife = NothingToUndo>
int spawn_slot(PooledKind<T>& kind, EndLife&& end_life = {},
               SourceLocation where = SourceLocation::current()) {
  kind.meter.on_spawn();
  if (past_tick_budget(kind)) return -1;  // what it would recycle was spawned this tick
  if (const int victim = slot_to_recycle(kind.pool); victim >= 0) {
    kind.meter.on_retire(kind.pool[victim].age);
    end_life(kind.pool[victim]);  // before acquire() resets it
  }
  return kind.pool.acquire(where);
}

// Release and record the object's lifetime.
template <class T>
void retire_slot(PooledKind<T>& kind, int slot, float age) {
  kind.meter.on_retire(age);
  kind.pool.release(slot);
}

// A new object of a kind from its pool (the pattern), or, with pooling off, from the heap
// (the anti-pattern the switch demonstrates). Null when a Drop pool is full.
// `slot` receives the pool slot, or -1 for a heap object.
// `end_life` as in spawn_slot.
template <class T, class EndLife = NothingToUndo>
T* spawn_object(World& world, PooledKind<T>& kind, int* slot = nullptr, EndLife&& end_life = {},
                SourceLocation where = SourceLocation::current()) {
  if (!world.config.pooling) {
    kind.meter.on_spawn();
    if (slot != nullptr) *slot = -1;
    return kind.heap.spawn();  // new T, pushed onto the scene list: one allocation per object
  }
  const int s = spawn_slot(kind, end_life, where);
  if (slot != nullptr) *slot = s;
  return s < 0 ? nullptr : &kind.pool[s];
}

// Runs `done = fn(object)` over the kind's heap list (pooling off) and erases and deletes
// the objects that are done.
template <class T, class Fn>
void update_heap(PooledKind<T>& kind, Fn&& fn) {
  kind.heap.for_each([&](T& object) {
    if (!fn(object)) return;
    kind.meter.on_retire(object.age);
    kind.heap.despawn(&object);  // a linear search of the scene list, then delete
  });
}

// Runs `done = fn(object)` over every live object of a kind, pooled or on the heap, and
// retires the ones that are done: back to the pool, or erased and deleted.
template <class T, class Fn>
void update_live(PooledKind<T>& kind, Fn&& fn) {
  kind.pool.for_each_active([&](int slot, T& object) {  // O(live), not O(capacity)
    if (fn(object)) retire_slot(kind, slot, object.age);
  });
  update_heap(kind, fn);
}

}  // namespace flatline
