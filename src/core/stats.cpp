#include "core/stats.hpp"

namespace flatline {

WorldStats collect_stats(const World& world) {
  WorldStats out;
  const OverflowPolicy policies[kPoolCount] = {
      world.bullets.policy(), world.sparks.policy(),         world.decals.policy(),
      world.casings.policy(), world.damage_numbers.policy(), world.tracers.policy()};
  for (int i = 0; i < kPoolCount; ++i) {
    PoolReport& r = out.pools[static_cast<std::size_t>(i)];
    const PoolMeter& m = world.meters[static_cast<std::size_t>(i)];
    r.name = kPoolNames[static_cast<std::size_t>(i)];
    r.policy = policies[i];
    r.stats = pool_stats(world, i);
    r.spawn_rate = m.spawn_rate();
    r.mean_lifetime = m.mean_lifetime();
    r.run_spawn_rate = m.run_spawn_rate();
    r.run_mean_lifetime = m.run_mean_lifetime();
    r.little_k = world.config.little_k;
    r.recommended = PoolMeter::recommended(r.run_spawn_rate, r.run_mean_lifetime, r.little_k);
  }
  out.ticks = world.tick;
  out.shots_fired = world.shots_fired;
  out.bullet_hits = world.bullet_hits;
  out.score = world.score;
  return out;
}

}  // namespace flatline
