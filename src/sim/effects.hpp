// Effects: short-lived visuals caused by shots and hits. Each kind is its own pool, sized
// and given the overflow policy that suits it in the list of pooled kinds (pooled_kinds.hpp).
#pragma once

#include <array>
#include <tuple>

#include <glm/vec3.hpp>

#include "pool/handle.hpp"
#include "sim/effect_life.hpp"

namespace flatline {

struct Spark {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 vel{0.0f};
  float age = 0.0f;
  float lifetime = 0.0f;  // seconds from spawn to release, the last Linger::kSpark fading
  EffectLife life;
  friend bool operator==(const Spark&, const Spark&) = default;
};

struct Decal {
  glm::vec3 pos{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  float age = 0.0f;
  EffectLife life;
  friend bool operator==(const Decal&, const Decal&) = default;
};

struct Casing {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 vel{0.0f};
  float spin = 0.0f;  // radians, for the renderer
  float spin_rate = 0.0f;
  float age = 0.0f;
  int bounces = 0;
  bool resting = false;
  EffectLife life;
  friend bool operator==(const Casing&, const Casing&) = default;
};

struct DamageNumber {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  float value = 0.0f;
  float age = 0.0f;
  EffectLife life;
  friend bool operator==(const DamageNumber&, const DamageNumber&) = default;
};

// A piece of a broken target: a small box that tumbles (spins about its own axis), bounces
// on the level and settles there, as a casing does, then fades.
struct Debris {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 vel{0.0f};
  glm::vec3 axis{0.0f, 1.0f, 0.0f};  // what it tumbles about (unit), for the renderer
  float spin = 0.0f;                 // radians about the axis
  float spin_rate = 0.0f;
  float size = 0.0f;  // the box's edge, metres
  float age = 0.0f;
  bool resting = false;
  EffectLife life;
  friend bool operator==(const Debris&, const Debris&) = default;
};

// A tracer follows its bullet through a generational handle, never a pointer:
// when the bullet is released (and its slot perhaps re-vended) the handle stops
// resolving (or its bullet stops living), and the tracer lingers where it is, fading.
struct Tracer {
  static constexpr int kTrail = 4;
  Handle bullet;
  std::array<glm::vec3, kTrail> trail{};  // trail[0] is the head
  std::array<glm::vec3, kTrail> prev_trail{};
  float age = 0.0f;
  EffectLife life;
  friend bool operator==(const Tracer&, const Tracer&) = default;
};

// Whole lives in seconds, spawn to release: the last Linger::k<kind> of each is its fade.
struct EffectTimes {
  static constexpr float kDecalLife = 30.0f;
  static constexpr float kCasingLife = 3.0f;  // on the floor a moment, then swept
  static constexpr float kDamageNumberLife = 0.9f;
  static constexpr float kDebrisLife = 4.0f;  // long enough to see the pieces settle
  static constexpr int kDebrisPerBreak = 14;  // pieces a broken target bursts into
};

// What a life leaves behind for the next (effect_life.hpp): where the renderer interpolates
// from, and a tracer's trail. The reset keeps it; begin_life clears it at the new position.
inline auto last_life_of(Spark& s) {
  return std::tie(s.prev_pos);
}
inline auto last_life_of(Decal&) {
  return std::tie();
}
inline auto last_life_of(Casing& c) {
  return std::tie(c.prev_pos);
}
inline auto last_life_of(Debris& d) {
  return std::tie(d.prev_pos);
}
inline auto last_life_of(DamageNumber& d) {
  return std::tie(d.prev_pos);
}
inline auto last_life_of(Tracer& t) {
  return std::tie(t.trail, t.prev_trail);
}
inline void clear_last_life(Spark& s) {
  s.prev_pos = s.pos;
}
inline void clear_last_life(Decal&) {}
inline void clear_last_life(Casing& c) {
  c.prev_pos = c.pos;
}
inline void clear_last_life(Debris& d) {
  d.prev_pos = d.pos;
}
inline void clear_last_life(DamageNumber& d) {
  d.prev_pos = d.pos;
}
inline void clear_last_life(Tracer& t) {
  t.trail.fill(t.trail[0]);  // trail[0]: the new head, just written
  t.prev_trail = t.trail;
}

// What the state hash reads of a live object (state_hash, world.cpp): where it is.
inline std::array<glm::vec3, 1> hashed_state(const Spark& s) {
  return {s.pos};
}
inline std::array<glm::vec3, 1> hashed_state(const Decal& d) {
  return {d.pos};
}
inline std::array<glm::vec3, 1> hashed_state(const Casing& c) {
  return {c.pos};
}
inline std::array<glm::vec3, 2> hashed_state(const Debris& d) {
  return {d.pos, d.vel};
}
inline std::array<glm::vec3, 1> hashed_state(const DamageNumber& d) {
  return {d.pos};
}
inline std::array<glm::vec3, 1> hashed_state(const Tracer& t) {
  return {t.trail[0]};  // its head
}

}  // namespace flatline
