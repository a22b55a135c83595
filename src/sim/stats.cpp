#include "sim/stats.hpp"

namespace flatline {

WorldStats collect_stats(const World& world) {
  WorldStats out;
  for_each_kind(world, [&](const auto& kind) {
    PoolReport& r = out.pools[static_cast<std::size_t>(kind.id)];
    const PoolMeter& m = kind.meter;
    r.name = kind.name();
    r.policy = kind.pool.policy();
    r.cpu_bytes = kind.pool.memory_bytes();
    r.stats = kind.pool.stats();
    r.spawn_rate = m.spawn_rate();
    r.mean_lifetime = m.mean_lifetime();
    r.run_spawn_rate = m.run_spawn_rate();
    r.run_mean_lifetime = m.run_mean_lifetime();
    r.little_k = world.config.little_k;
    r.recommended = PoolMeter::recommended(r.run_spawn_rate, r.run_mean_lifetime, r.little_k);
  });
  out.ticks = world.tick;
  out.shots_fired = world.shots_fired;
  out.bullet_hits = world.bullet_hits;
  out.score = world.score;
  out.pooling = world.config.pooling;
  out.reset_on_release = world.config.reset_on_release;
  out.clear_on_reuse = world.config.clear_on_reuse;
  out.swept_collision = world.config.swept_collision;
  out.heap_live = heap_live(world);
  out.heap_bullets_peak = world.bullets.heap.peak();
  out.heap_news = heap_news(world);
  out.tunnelled = world.tunnelled;
  out.level_triangles = world.arena.level_triangles;
  out.degenerate_triangles = world.arena.bvh.degenerate_count();
  out.bvh_nodes = world.arena.bvh.nodes().size();
  return out;
}

}  // namespace flatline
