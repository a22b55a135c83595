// Walking a pool four objects at a time, for the lab's kernels that work on four at once.
#pragma once

#include <type_traits>

namespace flatline::lab {

// for_each_active four at a time, for kernels that work on four objects at once (a structure
// of arrays in registers: bullet_flight.hpp, lab/render/bullet_streaks.hpp): block(slots, objects)
// for each four live objects, then one(slot, object) for the last one to three. The same
// objects in the same order as for_each_active, which allows block to release objects it has
// been given (pool.hpp).
template <class P, class Block, class One>
void for_each_active_by_four(P& pool, Block&& block, One&& one) {
  using T = std::remove_reference_t<decltype(pool[0])>;  // const for a const pool
  int slots[4];
  T* objects[4];
  int held = 0;
  pool.for_each_active([&](int slot, T& object) {
    slots[held] = slot;
    objects[held] = &object;
    if (++held == 4) {
      held = 0;
      block(slots, objects);
    }
  });
  for (int i = 0; i < held; ++i)
    one(slots[i], *objects[i]);
}

}  // namespace flatline::lab
