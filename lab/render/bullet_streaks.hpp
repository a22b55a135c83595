// The renderer's bullet streaks four at a time: render/scene.cpp's bullet_record(), as a
// structure of arrays in registers, for a tick of a million bullets. build_scene() writes one
// record per bullet; this writes the same records, bit for bit (lab/tests/bullet_streaks_test).
#pragma once

#include <cstddef>

#include "lab/accel/simd.hpp"
#include "lab/kernel/by_four.hpp"
#include "render/scene.hpp"
#include "sim/effect_life.hpp"
#include "sim/world.hpp"

namespace flatline::lab {

using render::bullet_color;
using render::Instance;
using render::kBulletWidth;

// render::bullet_record() for four bullets at once, as a structure of arrays in registers
// (simd.hpp): their fields are loaded as rows and turned into columns, each step is one instruction
// per axis for all four, and the records are turned back into rows. Each lane does bullet_record's
// arithmetic in its order, so the records are bit for bit the same. A bullet not drawn still
// gets a record written, in the next free place, but the count does not take it (the next
// record overwrites it): no branch per bullet.
inline void bullet_streaks(const Bullet* const (&b)[4], float alpha, Instance* items,
                           std::size_t& count) {
  static_assert(offsetof(Bullet, pos) + 16 <= sizeof(Bullet) &&
                    offsetof(Bullet, prev_pos) + 16 <= sizeof(Bullet) &&
                    offsetof(Bullet, vel) + 16 <= sizeof(Bullet),
                "each 16-byte load below must stay inside the Bullet");
  using simd::F4;
  F4 px = simd::load16(&b[0]->pos), py = simd::load16(&b[1]->pos), pz = simd::load16(&b[2]->pos),
     pw = simd::load16(&b[3]->pos);
  F4 qx = simd::load16(&b[0]->prev_pos), qy = simd::load16(&b[1]->prev_pos),
     qz = simd::load16(&b[2]->prev_pos), qw = simd::load16(&b[3]->prev_pos);
  F4 vx = simd::load16(&b[0]->vel), vy = simd::load16(&b[1]->vel), vz = simd::load16(&b[2]->vel),
     vw = simd::load16(&b[3]->vel);
  simd::transpose(px, py, pz, pw);
  simd::transpose(qx, qy, qz, qw);
  simd::transpose(vx, vy, vz, vw);
  const F4 travelled{b[0]->travelled, b[1]->travelled, b[2]->travelled, b[3]->travelled};
  const F4 t = simd::splat(alpha), zero = simd::splat(0.0f);
  const F4 hx = qx + (px - qx) * t, hy = qy + (py - qy) * t, hz = qz + (pz - qz) * t;
  const F4 speed = simd::sqrt((vx * vx + vy * vy) + vz * vz);  // glm::length's order
  const simd::I4 moving = speed > simd::splat(1e-6f);
  F4 dx = simd::select(moving, vx / speed, zero), dy = simd::select(moving, vy / speed, zero),
     dz = simd::select(moving, vz / speed, simd::splat(1.0f));
  // std::clamp, then std::min and std::max, as the compare-and-picks they are.
  const F4 clamped =
      simd::min(simd::max(speed * simd::splat(0.01f), simd::splat(0.5f)), simd::splat(3.0f));
  const float fades[4] = {fade(b[0]->life, Linger::kBullet), fade(b[1]->life, Linger::kBullet),
                          fade(b[2]->life, Linger::kBullet), fade(b[3]->life, Linger::kBullet)};
  F4 streak = simd::min(clamped, simd::max(travelled, simd::splat(0.05f))) *
              F4{fades[0], fades[1], fades[2], fades[3]};
  const F4 half = streak * simd::splat(0.5f);
  F4 ox = hx - dx * half, oy = hy - dy * half, oz = hz - dz * half, ow = zero;
  F4 sx = simd::splat(kBulletWidth), sy = sx, sw = zero;
  F4 fw = zero;
  simd::transpose(ox, oy, oz, ow);  // rows again: one position per bullet (w: 0)
  simd::transpose(dx, dy, dz, fw);
  simd::transpose(sx, sy, streak, sw);
  const F4 position[4] = {ox, oy, oz, ow}, forward[4] = {dx, dy, dz, fw},
           scale[4] = {sx, sy, streak, sw};
  for (int i = 0; i < 4; ++i) {
    Instance& record = items[count];
    simd::store16(&record.position, position[i]);
    simd::store16(&record.scale, scale[i]);
    simd::store16(&record.forward, forward[i]);
    record.color = bullet_color(fades[i]);
    count += b[i]->full_visual;
  }
}

// Every live bullet's streak into scene's bullet records, as build_scene() writes them:
// the pooled ones four at a time, the last one to three and any heap bullets one at a time.
inline void write_bullet_streaks(const World& world, float alpha, render::SceneInstances& scene) {
  render::Instance* items = scene.items[render::kDrawBullets].data();
  std::size_t& count = scene.count[render::kDrawBullets];
  count = 0;
  const auto one = [&](const Bullet& b) {
    if (b.full_visual) items[count++] = render::bullet_record(b, alpha);
  };
  for_each_active_by_four(
      world.bullets.pool,
      [&](const int(&)[4], const Bullet* const(&b)[4]) { bullet_streaks(b, alpha, items, count); },
      [&](int, const Bullet& b) { one(b); });
  world.bullets.heap.for_each(one);
}

}  // namespace flatline::lab
