#include "app/tunables.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "app/options.hpp"
#include "sim/fixed_step.hpp"

namespace flatline::app {
namespace {

using overlay::Tunables;

// Every rate the command line accepts, the clock runs as given (FixedStep holds its own range).
static_assert(kMinTickHz >= FixedStep::kMinTickHz && kMaxTickHz <= FixedStep::kMaxTickHz);
static_assert(overlay::kMaxFrameClamp <= FixedStep::kMaxFrameClamp);
static_assert(overlay::kMinTickHzSlider >= kMinTickHz && overlay::kMaxTickHzSlider <= kMaxTickHz);
static_assert(overlay::kMaxCapacityInput <= kMaxPoolSize);

constexpr double kMinBulletSpeed = 1.0;  // --bullet-speed's lowest, m/s
// A frame's requests (single steps, misuse demos) at most: a clamp's worth of ticks.
constexpr int kMaxRequests = FixedStep::kMaxTicksPerAdvance;

// `value` within [lo, hi]; a float that is not finite becomes `fallback`. Counts a change.
template <class T>
void hold(T& value, T lo, T hi, T fallback, int& changed) {
  T held = std::clamp(value, lo, hi);
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(value)) held = fallback;
  if (held != value) ++changed;  // NaN != NaN: a NaN always counts
  value = held;
}

// An enum or an index out of [0, count): the default.
template <class T>
void hold_index(T& value, int count, T fallback, int& changed) {
  const int i = static_cast<int>(value);
  if (i >= 0 && i < count) return;
  value = fallback;
  ++changed;
}

// New sizes mean new pools, made at load time as always: a new round starts.
void start_new_round(const overlay::Tunables& t, Session& session) {
  WorldConfig config = session.config();
  for (std::size_t i = 0; i < kPoolCount; ++i)
    config.pools[i] = {static_cast<std::size_t>(t.capacity[i]), t.policy[i]};
  config.rifle_rate = t.rifle_rate;
  config.pooling = t.pooling;
  config.reset_on_release = t.reset_on_release;
  config.clear_on_reuse = t.clear_on_reuse;
  config.swept_collision = t.swept_collision;
  set_bullet_speed(config, t.bullet_speed);
  session.new_round(config);
}

}  // namespace

int clamp_tunables(Tunables& t) {
  const Tunables d;  // the defaults, for what is not a number
  int n = 0;
  hold(t.time_scale, overlay::kMinTimeScale, overlay::kMaxTimeScale, d.time_scale, n);
  hold(t.tick_hz, kMinTickHz, kMaxTickHz, d.tick_hz, n);
  // The command line takes any rate above zero; at or below it the rifle would never fire,
  // so the panel's slowest stands in.
  if (std::isfinite(t.rifle_rate) && t.rifle_rate <= 0.0f) {
    t.rifle_rate = overlay::kMinRifleRateSlider;
    ++n;
  }
  hold(t.rifle_rate, std::numeric_limits<float>::min(), static_cast<float>(kMaxFireRate),
       d.rifle_rate, n);
  hold(t.max_frame_seconds, overlay::kMinFrameClamp, overlay::kMaxFrameClamp, d.max_frame_seconds,
       n);
  hold(t.volume, overlay::kMinVolume, overlay::kMaxVolume, d.volume, n);
  hold(t.bullet_speed, static_cast<float>(kMinBulletSpeed), static_cast<float>(kMaxBulletSpeed),
       d.bullet_speed, n);
  hold(t.fov_degrees, static_cast<float>(kMinFov), static_cast<float>(kMaxFov), d.fov_degrees, n);
  hold(t.mouse_sensitivity, static_cast<float>(kMinSensitivity),
       static_cast<float>(kMaxSensitivity), d.mouse_sensitivity, n);
  for (int& capacity : t.capacity)
    hold(capacity, 1, static_cast<int>(kMaxPoolSize), 1, n);
  for (OverflowPolicy& policy : t.policy)
    hold_index(policy, 3, OverflowPolicy::Drop, n);
  hold(t.msaa_samples, 2, 8, d.msaa_samples, n);
  hold_index(t.antialiasing, 3, d.antialiasing, n);
  hold_index(t.inspect_pool, kPoolCount, d.inspect_pool, n);
  hold(t.step_requests, 0, kMaxRequests, 0, n);
  hold(t.double_release_requests, 0, kMaxRequests, 0, n);
  hold(t.stale_release_requests, 0, kMaxRequests, 0, n);
  return n;
}

void apply_tunables(overlay::Tunables& t, Session& session) {
  clamp_tunables(t);
  World& world = session.world();
  world.config.rifle_rate = t.rifle_rate;
  // The teaching switches ("Break it on purpose"): they take effect on the next tick.
  world.config.pooling = t.pooling;
  set_reset_on_release(world, t.reset_on_release);
  set_clear_on_reuse(world, t.clear_on_reuse);
  world.config.swept_collision = t.swept_collision;
  if (t.bullet_speed != world.config.rifle_speed) set_bullet_speed(world.config, t.bullet_speed);
  for (; t.double_release_requests > 0; --t.double_release_requests)
    demo_double_release(world);
  for (; t.stale_release_requests > 0; --t.stale_release_requests)
    demo_stale_release(world);
  if (std::exchange(t.seeker_requested, false)) arm_seeker(world);
  // The timestep lab (Fiedler's "Fix Your Timestep!"): tick rate and the frame clamp.
  session.clock().set_tick_hz(t.tick_hz);
  session.clock().set_max_frame_seconds(t.max_frame_seconds);
  for (int i = 0; i < kPoolCount; ++i)
    set_pool_policy(world, i, t.policy[static_cast<std::size_t>(i)]);
  audio::Audio& audio = session.audio();
  if (t.volume != audio.volume()) audio.set_volume(t.volume);
  if (t.muted != audio.muted()) audio.set_muted(t.muted);
  audio.set_tick_hz(t.tick_hz);
  if (std::exchange(t.apply_capacity, false)) start_new_round(t, session);
}

}  // namespace flatline::app
