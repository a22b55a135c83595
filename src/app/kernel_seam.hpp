// The seam between the game and the lab: the one place src/ reaches into lab/.
#pragma once

#include "app/options.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// Gives `world` the bullet kernel a run asked for (--kernel): nothing for the game's own
// scalar tick, the lab's fast kernel (lab/kernel/fast_kernel.hpp) for `fast`. At load: the
// fast kernel builds its grids and starts its `threads` threads (0: the machine's cores)
// now, never during play. Returns how many threads tick the bullets.
int use_kernel(World& world, Kernel kernel, int threads);

}  // namespace flatline::app
