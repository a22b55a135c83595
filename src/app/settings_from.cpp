#include "app/settings_from.hpp"

#include <cstddef>

namespace flatline::app {
namespace {

// --overlay VIEW: kOverlayViews lists the three modes, then the panels in Panel order.
void view_from(const std::string& overlay, ViewSettings& view) {
  view.panels = {};
  view.mode = overlay == "off"    ? OverlayMode::Off
              : overlay == "full" ? OverlayMode::Full
                                  : OverlayMode::Compact;  // compact, or a panel beside the strip
  for (int p = 0; p < kPanelCount; ++p)
    if (overlay == kOverlayViews[3 + static_cast<std::size_t>(p)])
      view.panels[static_cast<std::size_t>(p)] = true;
}

}  // namespace

Settings settings_from(const Options& o) {
  Settings s;
  const WorldConfig defaults;
  SimSettings& sim = s.sim;
  sim.seed = o.seed;
  const auto size = [](std::size_t n) { return static_cast<int>(n); };
  for (int id = 0; id < kPoolCount;
       ++id) {  // each pooled kind's size and policy (pooled_kinds.hpp)
    sim.capacity[id] = size(defaults.pools[id].capacity);
    sim.policy[id] = defaults.pools[id].policy;
    const auto i = static_cast<std::size_t>(id);
    if (o.kind_pool_size[i] > 0) sim.capacity[i] = size(o.kind_pool_size[i]);  // KIND=N
    if (o.kind_overflow[i]) sim.policy[i] = *o.kind_overflow[i];               // KIND=POLICY
  }
  if (o.pool_size > 0) sim.capacity[kBullets] = size(o.pool_size);  // --pool-size: the bullets'
  if (o.overflow) sim.policy[kBullets] = *o.overflow;               // --overflow: the bullets'
  if (o.fire_rate > 0.0) sim.rifle_rate = static_cast<float>(o.fire_rate);
  if (o.bullet_speed > 0.0) sim.bullet_speed = static_cast<float>(o.bullet_speed);
  if (o.full_visual_cap >= 0) sim.full_visual_cap = static_cast<int>(o.full_visual_cap);
  sim.pooling = !o.no_pooling;
  sim.reset_on_release = !o.no_reset;
  sim.clear_on_reuse = !o.no_clear_on_reuse;
  sim.swept_collision = !o.discrete;
  sim.prewarm_pools = !o.no_warmup;
  sim.strict_pools = o.strict_pools;
  sim.note_acquirers = o.strict_pools || o.leak_report;
  sim.forget_lost = o.forget_lost;
  sim.trim_on_pause = o.trim_on_pause;

  s.time.tick_hz = o.tick_hz;
  s.time.interpolate = !o.no_interpolation;
  s.render.instancing = !o.no_instancing;
  s.render.shadows = !o.no_shadows;
  s.render.instance_ring = !o.no_instance_ring;
  s.render.tone_mapping = !o.no_tone_mapping;
  s.render.soft_shadows = !o.no_soft_shadows;
  s.render.fog = !o.no_fog;
  if (o.fov > 0.0) s.render.fov_degrees = static_cast<float>(o.fov);
  view_from(o.overlay, s.view);
  if (o.sensitivity > 0.0) s.view.mouse_sensitivity = static_cast<float>(o.sensitivity);
  s.view.fullscreen = o.fullscreen;
  s.view.controls_card = !o.no_controls_card;
  s.audio.muted = o.mute;
  return s;
}

WorldConfig world_config_from(const SimSettings& sim) {
  WorldConfig config;
  config.seed = sim.seed;
  for (int id = 0; id < kPoolCount; ++id) {
    config.pools[id].capacity = static_cast<std::size_t>(sim.capacity[id]);
    config.pools[id].policy = sim.policy[id];
  }
  config.rifle_rate = sim.rifle_rate;
  // The rifle's speed has one home, the settings; the pellets follow it in proportion.
  if (sim.bullet_speed != config.rifle_speed) set_bullet_speed(config, sim.bullet_speed);
  config.full_visual_cap = static_cast<std::size_t>(sim.full_visual_cap);
  config.pooling = sim.pooling;
  config.reset_on_release = sim.reset_on_release;
  config.clear_on_reuse = sim.clear_on_reuse;
  config.swept_collision = sim.swept_collision;
  config.prewarm_pools = sim.prewarm_pools;
  config.strict_pools = sim.strict_pools;
  config.note_acquirers = sim.note_acquirers;
  config.forget_lost = sim.forget_lost;
  return config;
}

WorldConfig world_config_from(const Options& options) {
  return world_config_from(settings_from(options).sim);
}

}  // namespace flatline::app
