#include "app/tunables.hpp"

#include <cstddef>
#include <utility>

namespace flatline::app {
namespace {

// New sizes mean new pools, made at load time as always: a new round starts.
void start_new_round(const overlay::Tunables& t, Session& session) {
  WorldConfig config = session.config();
  config.bullet_capacity = static_cast<std::size_t>(t.capacity[kBullets]);
  config.spark_capacity = static_cast<std::size_t>(t.capacity[kSparks]);
  config.decal_capacity = static_cast<std::size_t>(t.capacity[kDecals]);
  config.casing_capacity = static_cast<std::size_t>(t.capacity[kCasings]);
  config.damage_number_capacity = static_cast<std::size_t>(t.capacity[kDamageNumbers]);
  config.tracer_capacity = static_cast<std::size_t>(t.capacity[kTracers]);
  config.bullet_policy = t.policy[kBullets];
  config.rifle_rate = t.rifle_rate;
  config.pooling = t.pooling;
  config.reset_on_release = t.reset_on_release;
  config.clear_on_reuse = t.clear_on_reuse;
  config.swept_collision = t.swept_collision;
  set_bullet_speed(config, t.bullet_speed);
  session.new_round(config);
}

}  // namespace

void apply_tunables(overlay::Tunables& t, Session& session) {
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
