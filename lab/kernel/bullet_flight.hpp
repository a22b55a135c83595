// The bullet tick's common case: a bullet whose segment the ClearanceGrid proves clear and
// whose life goes on. update_bullets() (weapons.cpp) runs every live bullet through this,
// four at a time, and lists the rest for the whole tick_bullet().
//
// Both functions compute exactly what tick_bullet() would (the same IEEE operations, in the
// same order: bit for bit), with no branch on the data, so the CPU runs many bullets' loads
// (the bullet, its cell's free boxes) at once instead of stalling on a mispredicted branch
// per bullet. A bullet that does not fly clear is left as it was, but for prev_pos = pos
// (tick_bullet() starts the same way), for tick_bullet() to say what happened to it.
#pragma once

#include <cmath>
#include <cstddef>

#include "lab/accel/simd.hpp"
#include "lab/kernel/bullet_clearance.hpp"
#include "sim/world.hpp"

namespace flatline {

// One bullet, its x, y and z in the lanes of one register. True: it flew clear.
[[gnu::always_inline]] inline bool fly_clear(Bullet& b, float dt, const ClearanceGrid& grid,
                                             float lifetime, float range) {
  const simd::F4 pos = simd::load(b.pos, 0.0f);
  const simd::F4 next = pos + simd::load(b.vel, 0.0f) * simd::splat(dt);
  const float age = b.age + dt;
  const float travelled = b.travelled + std::sqrt(simd::length_squared3(next - pos));
  const bool flies = grid.clear(pos, next) & (age < lifetime) & (travelled < range) &
                     (b.life.stage == LifeStage::Live);  // a lingering bullet stays put
  b.prev_pos = b.pos;                                    // tick_bullet() starts the same way
  b.pos = simd::xyz(simd::select(flies, next, pos));
  b.age = simd::select(flies, age, b.age);
  b.travelled = simd::select(flies, travelled, b.travelled);
  return flies;
}

// fly_clear() for four bullets at once: a structure of arrays in registers. The bullets stay
// in the pool as objects (an array of structures: what the pool, the renderer and the
// lessons share); their hot fields are loaded 16 bytes at a time and turned into columns
// (x of all four, y of all four, ...), so integrating, measuring and the grid's per-axis
// work take one instruction per axis for four bullets, and the result is turned back into
// rows and stored. Bit i of the result: bullet i flew clear. What it gains is modest on
// plain SSE (two-operand instructions, 16 registers: a quarter of the block's instructions
// are register copies), measured in lab/bench/tick_bench.cpp: docs/lab/scaling.md.
[[gnu::always_inline]] inline int fly_clear4(Bullet* const (&b)[4], float dt,
                                             const ClearanceGrid::Batch& grid, float lifetime,
                                             float range) {
  // The 16-byte loads and stores below rely on this layout (each stays inside the Bullet).
  static_assert(offsetof(Bullet, prev_pos) == 12 && offsetof(Bullet, vel) == 24 &&
                    offsetof(Bullet, age) == 36 && offsetof(Bullet, travelled) == 40,
                "fly_clear4 reads pos and vel (with age) 16 bytes at a time");
  using simd::F4;
  // Rows: pos with prev_pos.x in lane 3, vel with age in lane 3.
  const F4 pos_row[4] = {simd::load16(&b[0]->pos), simd::load16(&b[1]->pos),
                         simd::load16(&b[2]->pos), simd::load16(&b[3]->pos)};
  F4 x = pos_row[0], y = pos_row[1], z = pos_row[2], unused = pos_row[3];
  simd::transpose(x, y, z, unused);
  const F4 vel_row[4] = {simd::load16(&b[0]->vel), simd::load16(&b[1]->vel),
                         simd::load16(&b[2]->vel), simd::load16(&b[3]->vel)};
  F4 vx = vel_row[0], vy = vel_row[1], vz = vel_row[2], age = vel_row[3];
  simd::transpose(vx, vy, vz, age);
  const F4 travelled{b[0]->travelled, b[1]->travelled, b[2]->travelled, b[3]->travelled};

  // Columns: four bullets per instruction, each lane the scalar code's expression.
  const F4 step = simd::splat(dt);
  const F4 nx = x + vx * step, ny = y + vy * step, nz = z + vz * step;
  const F4 dx = nx - x, dy = ny - y, dz = nz - z;
  const F4 new_age = age + step;
  const F4 new_travelled = travelled + simd::sqrt((dx * dx + dy * dy) + dz * dz);  // glm's order
  // A lingering bullet (effect_life.hpp) stays put: it is listed for tick_bullet().
  const int live =
      (b[0]->life.stage == LifeStage::Live) | (b[1]->life.stage == LifeStage::Live) << 1 |
      (b[2]->life.stage == LifeStage::Live) << 2 | (b[3]->life.stage == LifeStage::Live) << 3;
  const int flies =
      grid.clear({x, y, z}, {nx, ny, nz}) & live &
      simd::bits((new_age < simd::splat(lifetime)) & (new_travelled < simd::splat(range)));
  const simd::I4 m = simd::mask(flies);

  // Back to rows, stored 16 bytes at a time: prev_pos = the old pos (with vel.x, unchanged,
  // in lane 3), then pos = the new one (with the old x again in lane 3, over prev_pos.x).
  F4 px = simd::select(m, nx, x), py = simd::select(m, ny, y), pz = simd::select(m, nz, z),
     old_x = x;
  simd::transpose(px, py, pz, old_x);
  const F4 new_pos_row[4] = {px, py, pz, old_x};
  const F4 kept_age = simd::select(m, new_age, age);
  const F4 kept_travelled = simd::select(m, new_travelled, travelled);
  const F4 pairs_01 = __builtin_shufflevector(kept_age, kept_travelled, 0, 4, 1, 5);
  const F4 pairs_23 = __builtin_shufflevector(kept_age, kept_travelled, 2, 6, 3, 7);
  const F4 pairs[4] = {pairs_01, __builtin_shufflevector(pairs_01, pairs_01, 2, 3, 0, 1), pairs_23,
                       __builtin_shufflevector(pairs_23, pairs_23, 2, 3, 0, 1)};
  for (int i = 0; i < 4; ++i) {
    simd::store16(&b[i]->prev_pos, __builtin_shufflevector(pos_row[i], vel_row[i], 0, 1, 2, 4));
    simd::store16(&b[i]->pos, new_pos_row[i]);
    __builtin_memcpy(&b[i]->age, &pairs[i], 2 * sizeof(float));  // age, travelled
  }
  return flies;
}

}  // namespace flatline
