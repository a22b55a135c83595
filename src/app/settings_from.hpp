// The command line into the game's one Settings, once at start, and the simulation's group
// into the WorldConfig a World is made from (at load, and for every new round).
#pragma once

#include "app/options.hpp"
#include "settings/settings.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// Every flag that sets something the player can later change: pool size and policy, fire
// rate, bullet speed, the teaching switches, the tick rate, the renderer's switches, the
// overlay's view (--overlay: a mode, or a panel's name beside the strip), the field of view,
// sensitivity, fullscreen and mute. What is not given keeps the defaults of settings.hpp and
// WorldConfig. Anti-aliasing's auto needs the driver: app/view_settings.hpp resolves it.
Settings settings_from(const Options& options);

// What a World is made with: the seed, the pools' sizes, the bullets' policy, the rifle, the
// teaching switches. The other pools' policies are the World's own until the panel sets them.
WorldConfig world_config_from(const SimSettings& sim);

// The same for the command line as given: world_config_from(settings_from(options).sim).
WorldConfig world_config_from(const Options& options);

}  // namespace flatline::app
