#include "app/kernel_seam.hpp"

#include "lab/kernel/fast_kernel.hpp"

namespace flatline::app {

void use_kernel(World& world, Kernel kernel) {
  world.bullet_kernel = kernel == Kernel::Fast ? lab::make_fast_kernel(world) : nullptr;
}

}  // namespace flatline::app
