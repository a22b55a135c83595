// Effects: short-lived visuals caused by shots and hits. Each kind is its own
// pool with the overflow policy that suits it (see world.cpp):
//   sparks          Drop           a particle system; losing a few sparks in a storm is invisible
//   decals          RecycleOldest  bullet holes; the oldest hole vanishing is what players expect
//   casings         RecycleOldest  shell casings on the floor, same reasoning
//   damage_numbers  Drop           a number more or less in a storm of numbers is unreadable anyway
//   tracers         Drop           the cheap visual for bullets past the full-visual cap
#pragma once

#include <array>

#include <glm/vec3.hpp>

#include "pool/handle.hpp"

namespace flatline {

struct Spark {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  glm::vec3 vel{0.0f};
  float age = 0.0f;
  float life = 0.0f;  // fades out over its life, then goes back to the pool
};

struct Decal {
  glm::vec3 pos{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  float age = 0.0f;
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
};

struct DamageNumber {
  glm::vec3 pos{0.0f};
  glm::vec3 prev_pos{0.0f};
  float value = 0.0f;
  float age = 0.0f;
};

// A tracer follows its bullet through a generational handle, never a pointer:
// when the bullet is released (and its slot perhaps re-vended) the handle stops
// resolving, and the tracer lingers where it is, fading, before it is released.
struct Tracer {
  static constexpr int kTrail = 4;
  Handle bullet;
  std::array<glm::vec3, kTrail> trail{};  // trail[0] is the head
  std::array<glm::vec3, kTrail> prev_trail{};
  float age = 0.0f;
  float linger = 0.0f;  // > 0 once its bullet is gone: seconds of fade left
  bool retiring = false;
};

struct EffectTimes {
  static constexpr float kDecalLife = 30.0f;
  static constexpr float kCasingLife = 10.0f;
  static constexpr float kDamageNumberLife = 0.9f;
  static constexpr float kTracerLinger = 0.15f;
};

}  // namespace flatline
