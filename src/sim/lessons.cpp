#include "sim/lessons.hpp"

#include <glm/geometric.hpp>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

// A bullet for a lesson to misuse, borrowed for a scope: a lease (pool_lease.hpp) gives it
// back when the scope ends, whatever path leaves it. On a full RecycleOldest pool, acquiring
// takes back the oldest bullet in flight: its life ends first, as when the weapons fire.
WorldPool<Bullet>::Lease borrow_bullet(World& world) {
  if (const int victim = slot_to_recycle(world.bullets.pool); victim >= 0)
    end_bullet_life(world, world.bullets.pool[victim]);
  return world.bullets.pool.lease();
}

}  // namespace

void demo_double_release(World& world) {
  int slot = world.bullets.pool.oldest_active();
  if (slot < 0) slot = world.bullets.pool.acquire();  // nothing live: take one to misuse
  if (slot < 0) return;                               // a full Drop pool can't lend one
  end_bullet_life(world, world.bullets.pool[slot]);
  world.bullets.pool.release(slot);  // the bullet's one real release...
  world.bullets.pool.release(slot);  // ...and the bug: O(1) check, ignored, counted
}

void demo_stale_release(World& world) {
  Handle old;
  {
    const auto first = borrow_bullet(world);
    if (!first) return;  // a full Drop pool can't lend one
    old = first.handle();
  }  // the lease gives the bullet back here; `old` outlives it: a stale handle
  const auto reused = borrow_bullet(world);  // LIFO: the same slot, a new life
  world.bullets.pool.release(old);  // the bug: the old handle's generation no longer matches
}  // `reused` goes back here

void arm_seeker(World& world) {
  world.seeker.armed = true;
}

void on_bullet_fired(World& world, int slot) {
  Seeker& s = world.seeker;
  if (!s.armed || slot < 0) return;
  s.armed = false;
  s.active = true;
  s.lost = false;
  s.age = 0.0f;
  s.bullet = world.bullets.pool.handle_of(slot);  // a handle: index + generation + pool
  s.raw_slot = slot;
  s.pos = s.prev_pos = world.bullets.pool[slot].pos;
}

void update_seeker(World& world, float dt) {
  Seeker& s = world.seeker;
  if (!s.active) return;
  s.prev_pos = s.pos;
  s.age += dt;
  if (const Bullet* target = world.bullets.pool.get(s.bullet)) {  // still the same bullet's life
    const glm::vec3 to = target->pos - s.pos;
    const float distance = glm::length(to);
    const float reach = Seeker::kSpeed * dt;
    s.pos = distance <= reach ? target->pos : s.pos + to * (reach / distance);
  } else if (!s.lost) {
    s.lost = true;  // the handle is stale: refused, so the seeker stops where it is
    ++s.refused;
  }
  // What a raw index would do now: if the slot is live again, it holds someone else's bullet.
  if (s.lost && world.bullets.pool.is_active(s.raw_slot) &&
      world.bullets.pool.generation(s.raw_slot) != s.bullet.generation) {
    ++s.wrong_chases;
    s.raw_slot = -1;  // counted once per lock
  }
  if (s.age >= Seeker::kLife) s.active = false;
}

}  // namespace flatline
