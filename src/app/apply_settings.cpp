#include "app/apply_settings.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "app/options.hpp"
#include "app/settings_from.hpp"
#include "overlay/overlay_view.hpp"
#include "sim/fixed_step.hpp"

namespace flatline::app {
namespace {

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

int clamp_sim(SimSettings& s) {
  const SimSettings d;  // the defaults, for what is not a number
  int n = 0;
  // The command line takes any rate above zero; at or below it the rifle would never fire,
  // so the panel's slowest stands in.
  if (std::isfinite(s.rifle_rate) && s.rifle_rate <= 0.0f) {
    s.rifle_rate = overlay::kMinRifleRateSlider;
    ++n;
  }
  hold(s.rifle_rate, std::numeric_limits<float>::min(), static_cast<float>(kMaxFireRate),
       d.rifle_rate, n);
  hold(s.bullet_speed, static_cast<float>(kMinBulletSpeed), static_cast<float>(kMaxBulletSpeed),
       d.bullet_speed, n);
  hold(s.full_visual_cap, 0, static_cast<int>(kMaxPoolSize), d.full_visual_cap, n);
  for (int& capacity : s.capacity)
    hold(capacity, 1, static_cast<int>(kMaxPoolSize), 1, n);
  for (OverflowPolicy& policy : s.policy)
    hold_index(policy, 3, OverflowPolicy::Drop, n);
  return n;
}

// Which of the simulation's settings reach the World now: those that changed, or all of them
// for a World just made (`all`).
void apply_sim(const SimSettings& was, const SimSettings& now, bool all, World& world) {
  if (all || now.rifle_rate != was.rifle_rate) world.config.rifle_rate = now.rifle_rate;
  if (all || now.bullet_speed != was.bullet_speed) set_bullet_speed(world.config, now.bullet_speed);
  if (all || now.full_visual_cap != was.full_visual_cap)  // the next bullet fired sees it
    world.config.full_visual_cap = static_cast<std::size_t>(now.full_visual_cap);
  // The teaching switches ("Break it on purpose"): they take effect on the next tick.
  if (all || now.pooling != was.pooling) world.config.pooling = now.pooling;
  if (all || now.reset_on_release != was.reset_on_release)
    set_reset_on_release(world, now.reset_on_release);
  if (all || now.clear_on_reuse != was.clear_on_reuse)
    set_clear_on_reuse(world, now.clear_on_reuse);
  if (all || now.swept_collision != was.swept_collision)
    world.config.swept_collision = now.swept_collision;
  if (all || now.forget_lost != was.forget_lost) world.config.forget_lost = now.forget_lost;
  for (std::size_t i = 0; i < kPoolCount; ++i)
    if (all || now.policy[i] != was.policy[i])
      set_pool_policy(world, static_cast<int>(i), now.policy[i]);
}

// The one-shot requests this phase acts on, each consumed: the misuse demos, the seeker, and
// new pool sizes, which mean new pools, made at load time as always: a new round starts.
void consume_requests(const SimSettings& sim, Requests& r, Session& session) {
  for (; r.double_releases > 0; --r.double_releases)
    demo_double_release(session.world());
  for (; r.stale_releases > 0; --r.stale_releases)
    demo_stale_release(session.world());
  if (std::exchange(r.seeker, false)) arm_seeker(session.world());
  if (std::exchange(r.restart_level, false)) restart_level(session.world());  // lifecycle.hpp
  if (!std::exchange(r.new_round, false)) return;
  session.new_round(world_config_from(sim));
  apply_sim(sim, sim, true, session.world());  // the new World takes every setting, policies too
}

}  // namespace

int clamp_settings(Settings& s, Requests& r) {
  const Settings d;
  int n = clamp_sim(s.sim);
  hold(s.time.time_scale, overlay::kMinTimeScale, overlay::kMaxTimeScale, d.time.time_scale, n);
  hold(s.time.tick_hz, kMinTickHz, kMaxTickHz, d.time.tick_hz, n);
  hold(s.time.max_frame_seconds, overlay::kMinFrameClamp, overlay::kMaxFrameClamp,
       d.time.max_frame_seconds, n);
  hold(s.audio.volume, overlay::kMinVolume, overlay::kMaxVolume, d.audio.volume, n);
  hold(s.render.fov_degrees, static_cast<float>(kMinFov), static_cast<float>(kMaxFov),
       d.render.fov_degrees, n);
  hold(s.render.msaa_samples, 2, 8, d.render.msaa_samples, n);
  hold_index(s.render.antialiasing, 3, d.render.antialiasing, n);
  hold(s.view.mouse_sensitivity, static_cast<float>(kMinSensitivity),
       static_cast<float>(kMaxSensitivity), d.view.mouse_sensitivity, n);
  hold_index(s.view.mode, 3, d.view.mode, n);
  hold_index(s.view.inspect_pool, kPoolCount, d.view.inspect_pool, n);
  hold(r.steps, 0, kMaxRequests, 0, n);
  hold(r.double_releases, 0, kMaxRequests, 0, n);
  hold(r.stale_releases, 0, kMaxRequests, 0, n);
  return n;
}

void apply_settings(Settings& applied, Settings& now, Requests& requests, Session& session,
                    platform::Window* window) {
  clamp_settings(now, requests);
  const Settings& was = applied;
  apply_sim(was.sim, now.sim, false, session.world());
  // Pause and resume, outside play frames: idle effect objects trimmed, then re-made.
  if (now.sim.trim_on_pause && now.time.paused != was.time.paused)
    now.time.paused ? trim_idle_effects(session.world()) : rewarm_effects(session.world());
  // The timestep lab (Fiedler's "Fix Your Timestep!"): tick rate and the frame clamp.
  FixedStep& clock = session.clock();
  audio::Audio& audio = session.audio();
  if (now.time.tick_hz != was.time.tick_hz) {
    clock.set_tick_hz(now.time.tick_hz);
    audio.set_tick_hz(now.time.tick_hz);  // the sound counts its ticks in the same rate
  }
  if (now.time.max_frame_seconds != was.time.max_frame_seconds)
    clock.set_max_frame_seconds(now.time.max_frame_seconds);
  if (now.audio.volume != was.audio.volume) audio.set_volume(now.audio.volume);
  if (now.audio.muted != was.audio.muted) audio.set_muted(now.audio.muted);
  if (window != nullptr) {  // the settings panel's: mouse look, fullscreen (off if no monitor)
    if (now.view.mouse_sensitivity != was.view.mouse_sensitivity)
      window->set_look_sensitivity(now.view.mouse_sensitivity);
    if (now.view.fullscreen != was.view.fullscreen && !window->set_fullscreen(now.view.fullscreen))
      now.view.fullscreen = false;
  }
  consume_requests(now.sim, requests, session);
  applied = now;
}

}  // namespace flatline::app
