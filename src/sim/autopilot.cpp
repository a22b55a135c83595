#include "sim/autopilot.hpp"

#include <algorithm>
#include <cmath>

#include "sim/systems.hpp"

namespace flatline {
namespace {

constexpr double kTwoPi = 6.283185307179586;

// The aim cycle: the sky, the glass, then the hunt (seconds into each 12 s). The hunt comes
// last and lasts longest, and from 0.3 s in it keeps a damage number in view, so a run whose
// last frame falls 2.7 to 12 s in ends on one: the play command's 600 frames, on a GPU or
// on a software rasteriser alike.
constexpr double kCycle = 12.0;
constexpr double kGlassFrom = 1.2;
constexpr double kHuntFrom = 2.4;
constexpr float kMaxTurn = 0.12f;  // radians per tick: a quick but human flick
// Confirming the kill: after a target breaks, the aim stays put this long (seconds), so the
// last hits' damage numbers rise in view before the hunt turns to the next target.
constexpr double kHoldAfterBreak = 0.4;
// The firing line it walks, facing the range (world.cpp's place_targets): through the
// spawn, this far to each side (metres).
constexpr double kFiringLineHalf = 3.0;
// The throw: the key held this long of every kThrowEvery seconds, then let go. A sphere each
// time, thrown at about 24 m/s, so the ring of 100 is full within the first minute and its
// oldest are taken back after.
constexpr double kThrowEvery = 0.5;
constexpr double kThrowHold = 0.35;

// Where the sweep wants to look at time t (radians).
double yaw_at(double t) {
  return 1.4 * std::sin(t * 0.45) + 0.3 * std::sin(t * 1.7);
}
double pitch_at(double t) {
  return 0.22 + 0.3 * std::sin(t * 0.9);
}  // from -5° to +30°

struct View {
  float yaw, pitch;
};

View view_towards(const glm::vec3& from, const glm::vec3& to) {
  const glm::vec3 d = to - from;
  return {std::atan2(-d.x, -d.z), std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z))};
}

float turn_to(float want, float now) {
  return std::remainder(want - now, static_cast<float>(kTwoPi));
}

// The glass wall's sweep: side to side across its face, twice, at two heights.
glm::vec3 glass_point(const World& world, double t) {
  const Aabb& glass = world.arena.solids[static_cast<std::size_t>(world.arena.thin_wall)];
  const glm::vec3 centre = (glass.min + glass.max) * 0.5f;
  const glm::vec3 half = (glass.max - glass.min) * 0.5f;
  const double s = (std::fmod(t, kCycle) - kGlassFrom) / (kHuntFrom - kGlassFrom);  // 0..1
  const auto across = static_cast<float>(std::sin(s * kTwoPi));
  const auto height = static_cast<float>(0.5 * std::cos(s * kTwoPi * 2.0));
  return {centre.x + half.x * 0.8f * across, centre.y + half.y * height, centre.z};
}

bool just_broke_one(const World& world, double tick_hz) {
  const auto since = static_cast<double>(world.tick - world.last_target_broken_tick);
  return world.score > 0 && since < kHoldAfterBreak * tick_hz;
}

// The firing line: it walks the spawn's line, to each side and back every 20 s, turning
// the wish into the player's frame: forward is (-sin yaw, -cos yaw), right (cos yaw, -sin yaw).
void walk_the_firing_line(const World& world, double t, TickInput& input) {
  const auto goal_x = static_cast<float>(kFiringLineHalf * std::sin(t * kTwoPi / 20.0));
  const float dx = goal_x - world.player.pos.x;
  const float dz = kSpawnZ - world.player.pos.z;
  const float yaw = world.player.yaw;
  const float forward = -dx * std::sin(yaw) - dz * std::cos(yaw);
  const float right = dx * std::cos(yaw) - dz * std::sin(yaw);
  const float len = std::max(1.0f, std::sqrt(forward * forward + right * right));
  input.move_forward = forward / len;
  input.move_right = right / len;
  input.sprint = len > 4.0f;
}

}  // namespace

TickInput autofire_input(std::uint64_t tick, double tick_hz) {
  const double t0 = static_cast<double>(tick) / tick_hz;
  const double t1 = static_cast<double>(tick + 1) / tick_hz;
  TickInput input;
  // Deltas of the wished view; the first tick turns from the spawn view (0, 0).
  const double yaw0 = tick == 0 ? 0.0 : yaw_at(t0);
  const double pitch0 = tick == 0 ? 0.0 : pitch_at(t0);
  input.look_yaw = static_cast<float>(yaw_at(t1) - yaw0);
  input.look_pitch = static_cast<float>(pitch_at(t1) - pitch0);
  input.fire_held = true;
  const auto every = [&](double seconds) {
    return tick % static_cast<std::uint64_t>(std::lround(seconds * tick_hz)) == 0;
  };
  if (every(0.6)) input.scatter_presses = 1;
  if (every(2.5)) input.jump_presses = 1;
  input.throw_held = std::fmod(t1, kThrowEvery) < kThrowHold;
  return input;
}

AimPhase aim_phase(double seconds) {
  const double s = std::fmod(seconds, kCycle);
  if (s < kGlassFrom) return AimPhase::Sky;
  return s < kHuntFrom ? AimPhase::Glass : AimPhase::Hunt;
}

int hunted_target(const World& world) {
  const glm::vec3 eye = eye_position(world.player);
  int best = -1;
  float best_turn = 0.0f;
  for (int i = 0; i < kTargetCount; ++i) {
    const Target& target = world.targets[static_cast<std::size_t>(i)];
    if (target.broken) continue;
    if (first_hit(world, eye, target.pos, 0.0f).target != i) continue;  // hidden
    const View v = view_towards(eye, target.pos);
    const float turn =
        std::abs(turn_to(v.yaw, world.player.yaw)) + std::abs(v.pitch - world.player.pitch);
    if (best < 0 || turn < best_turn) {
      best = i;
      best_turn = turn;
    }
  }
  return best;
}

TickInput autofire_input(const World& world, double tick_hz) {
  TickInput input = autofire_input(world.tick, tick_hz);
  const double t = static_cast<double>(world.tick) / tick_hz;
  walk_the_firing_line(world, t, input);

  // The aim: a view to turn toward, at most kMaxTurn a tick on each axis.
  const float yaw = world.player.yaw;
  const glm::vec3 eye = eye_position(world.player);
  View want{static_cast<float>(yaw_at(t)), static_cast<float>(pitch_at(t) + 0.25)};  // the sky
  switch (aim_phase(t)) {
    case AimPhase::Glass:
      want = view_towards(eye, glass_point(world, t));
      break;
    case AimPhase::Sky:
      break;
    case AimPhase::Hunt:
      if (just_broke_one(world, tick_hz)) {  // the hand rests: the view it sees, kick and all
        want = {yaw, world.player.pitch + world.player.recoil_pitch};
        break;
      }
      if (const int i = hunted_target(world); i >= 0)
        want = view_towards(eye, world.targets[static_cast<std::size_t>(i)].pos);
      // Short bursts at a target, as a player fires: the trigger rests while the cone is
      // wider than half its widest, so the shots keep landing (weapons.cpp, the cone). A
      // stress rate of many shots a tick keeps it held: those runs load the tick, not aim.
      if (world.config.rifle_rate <= tick_hz &&
          world.player.spread > 0.5f * world.config.spread_max)
        input.fire_held = false;
      break;
  }
  input.look_yaw = std::clamp(turn_to(want.yaw, yaw), -kMaxTurn, kMaxTurn);
  // The view is the pitch plus the rifle's kick: pull down against it, as a player does.
  const float seen_pitch = world.player.pitch + world.player.recoil_pitch;
  input.look_pitch = std::clamp(want.pitch - seen_pitch, -kMaxTurn, kMaxTurn);
  return input;
}

}  // namespace flatline
