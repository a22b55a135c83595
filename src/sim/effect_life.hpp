// One lifecycle for every pooled effect (bullets, sparks, decals, casings, damage numbers,
// tracers, debris, and thrown spheres, which stay live until the pool takes them back), so
// reuse never shows a last life and nothing vanishes mid-fade:
//
//   acquire    clear what the last life left (a trail, where the renderer interpolates
//              from): only now is the new position known, so only now can it be cleared
//   live       it does its job: flies, falls, rises, follows its bullet
//   quiet      the job is over: it stops (no more hits, no more following) and lingers,
//              fading out, for its kind's time (Linger below)
//   restore    release resets it to its authored state: a fresh object, but for the trail
//              (which the next acquire clears)
//   release    back on the free stack: idle
//
// The renderer reads the stage and fade(); the overlay's slot inspector shows the stage.
#pragma once

#include <algorithm>
#include <cstdint>

namespace flatline {

enum class LifeStage : std::uint8_t { Idle, Live, Lingering };

struct EffectLife {
  LifeStage stage = LifeStage::Idle;
  float linger = 0.0f;  // while lingering: seconds of fade left
  friend bool operator==(const EffectLife&, const EffectLife&) = default;
};

// How long each kind lingers, fading, after its job is over (seconds).
struct Linger {
  static constexpr float kBullet = 0.1f;  // a streak that shrinks onto where it stopped
  static constexpr float kSpark = 0.1f;
  static constexpr float kDecal = 2.0f;
  static constexpr float kCasing = 0.5f;
  static constexpr float kDamageNumber = 0.3f;
  static constexpr float kTracer = 0.15f;
  static constexpr float kDebris = 1.0f;  // a settled piece shrinks away
};

// Acquire: the new life's first position is written; clear what the last life left
// (clear_last_life, one overload per kind beside its struct), then live. With the
// "clear on reuse" switch off, the last life's trail is what the new life starts with.
template <class T>
void begin_life(T& object, bool clear_on_reuse) {
  if (clear_on_reuse) clear_last_life(object);
  object.life = {LifeStage::Live, 0.0f};
}

// Quiet: its job is over; it fades for `linger` seconds. Only a live object goes quiet.
inline void begin_quiet(EffectLife& life, float linger) {
  if (life.stage == LifeStage::Live) life = {LifeStage::Lingering, linger};
}

// One tick of lingering. True when the fade is over (less than half a tick left, so that
// 0.1 s at 60 Hz is six ticks whatever the rounding): release it.
inline bool linger_over(EffectLife& life, float dt) {
  life.linger -= dt;
  return life.linger < 0.5f * dt;
}

// The live -> quiet -> release steps of a kind whose job is over at `live_for` seconds of
// age. True when it goes back to the pool.
inline bool live_then_linger(EffectLife& life, float age, float live_for, float linger, float dt) {
  if (life.stage == LifeStage::Lingering) return linger_over(life, dt);
  if (age >= live_for) begin_quiet(life, linger);
  return false;
}

// 1 while live, then down to 0 over the kind's linger time.
inline float fade(const EffectLife& life, float linger_time) {
  if (life.stage != LifeStage::Lingering) return 1.0f;
  return std::clamp(life.linger / linger_time, 0.0f, 1.0f);
}

// Restore (the reset in release): every field back to a fresh object's, except what the
// last life left behind (last_life_of, per kind), which only the next acquire can clear.
template <class T>
void restore_authored(T& object) {
  T fresh{};
  last_life_of(fresh) = last_life_of(object);
  object = fresh;
}

}  // namespace flatline
