// Thrown spheres, after three.js games_fps: hold the throw key to charge, release to throw.
// A pool of kSphereCapacity under RecycleOldest, so the spheres stay in the world, bouncing,
// rolling and resting, until the next throw past the last takes the oldest back.
//
// The object and what the pool's lifecycle needs of it live here (pooled_kinds.hpp's first
// step); the physics is spheres.cpp.
#pragma once

#include <array>
#include <cmath>
#include <tuple>

#include <glm/vec3.hpp>

#include "sim/effect_life.hpp"

namespace flatline {

struct Sphere {
  static constexpr float kRadius = 0.2f;  // games_fps's SPHERE_RADIUS
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};  // where it was last tick: the renderer interpolates
  glm::vec3 vel{0.0f};
  float age = 0.0f;
  EffectLife life;  // live from the throw until the pool takes it back: spheres never fade
  friend bool operator==(const Sphere&, const Sphere&) = default;
};

// What a life leaves for the next (effect_life.hpp): where the renderer interpolates from.
inline auto last_life_of(Sphere& s) {
  return std::tie(s.prev_pos);
}
inline void clear_last_life(Sphere& s) {
  s.prev_pos = s.pos;
}
// What the state hash reads of a live sphere (state_hash, world.cpp).
inline std::array<glm::vec3, 2> hashed_state(const Sphere& s) {
  return {s.pos, s.vel};
}

// The throw: games_fps's impulse, 15 m/s for a tap rising towards 45 m/s the longer the key
// is held (15 + 30·(1 − e^(−t)), t in seconds: 34 m/s at 1 s, 41 m/s at 2 s).
struct Throw {
  static constexpr float kMinSpeed = 15.0f;
  static constexpr float kChargeSpeed = 30.0f;
  static constexpr float kMaxHold = 10.0f;  // seconds the charge counts: past it, e^(−t) ≈ 0
};
inline float throw_speed(float held_seconds) {
  return Throw::kMinSpeed + Throw::kChargeSpeed * (1.0f - std::exp(-held_seconds));
}

}  // namespace flatline
