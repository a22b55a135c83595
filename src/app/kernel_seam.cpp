#include "app/kernel_seam.hpp"

#include "lab/kernel/fast_kernel.hpp"

namespace flatline::app {

int use_kernel(World& world, Kernel kernel, int threads) {
  if (kernel != Kernel::Fast) {
    world.bullet_kernel = nullptr;  // the game's own tick, on the caller's thread
    return 1;
  }
  const int team = threads > 0 ? threads : lab::machine_threads();
  world.bullet_kernel = lab::make_fast_kernel(world, team);
  return team;
}

}  // namespace flatline::app
