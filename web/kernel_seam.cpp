// The browser build's seam to lab/: the game's own bullet tick only. The lab's fast kernel is
// written with GCC vector extensions and std::bit_cast, which Emscripten 3.1.6's libc++ lacks;
// --kernel fast says so and plays the scalar tick (the page never asks for it).
#include <cstdio>

#include "app/kernel_seam.hpp"

namespace flatline::app {

int use_kernel(World& world, Kernel kernel, int /*threads*/) {
  if (kernel == Kernel::Fast)
    std::fputs("flatline: --kernel fast is not in the browser build: the scalar tick plays\n",
               stderr);
  world.bullet_kernel = nullptr;
  return 1;  // the scalar tick: one thread
}

}  // namespace flatline::app
