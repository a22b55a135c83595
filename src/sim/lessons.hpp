// Misuse on demand, for the overlay's "break it" buttons: each one makes a classic
// pooling mistake, and the pool's O(1) checks catch it.
//
//   double release   a bullet released twice: the second is ignored and counted;
//   stale handle     a release through a handle whose slot has since been re-vended:
//                    ignored and counted, where a raw index would free a stranger's bullet;
//   seeker           a homing drone that follows your next bullet through a Handle. When
//                    that bullet dies and its slot is reused, get() refuses the stale
//                    handle, so the drone stops instead of chasing the slot's new bullet.
#pragma once

#include <cstdint>

#include <glm/vec3.hpp>

#include "pool/handle.hpp"

namespace flatline {

struct World;

struct Seeker {
  static constexpr float kSpeed = 60.0f;  // m/s: slower than a bullet, so it trails it
  static constexpr float kLife = 4.0f;    // seconds from lock to despawn
  bool armed = false;                     // waiting for the next shot to lock onto
  bool active = false;                    // flying
  bool lost = false;                      // its handle went stale: it has stopped, and fades
  Handle bullet;                          // what it chases: checked every tick
  int raw_slot = -1;                      // what a raw index would chase (for the lesson only)
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  float age = 0.0f;
  std::uint64_t refused = 0;       // stale handles get() refused
  std::uint64_t wrong_chases = 0;  // times the raw index named another live bullet
};

// Releases a live bullet twice (firing one first if none is live). The pool ignores
// and counts the second: bullets' double_releases goes up by one.
void demo_double_release(World& world);

// Releases a bullet through a handle taken before its slot was re-vended. The pool
// ignores and counts it: bullets' stale_releases goes up by one; the new bullet lives on.
void demo_stale_release(World& world);

// Arms the seeker: it locks onto the next bullet fired.
void arm_seeker(World& world);

// Called by the weapons when a bullet is fired from pool slot `slot`.
void on_bullet_fired(World& world, int slot);

// One tick of the seeker: follow the handle while it resolves; refuse it once stale.
void update_seeker(World& world, float dt);

}  // namespace flatline
