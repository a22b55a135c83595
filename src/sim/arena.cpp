#include "sim/arena.hpp"

namespace flatline {
namespace {

Aabb box_at(float cx, float cz, float sx, float sy, float sz, float base = 0.0f) {
  return {{cx - sx * 0.5f, base, cz - sz * 0.5f}, {cx + sx * 0.5f, base + sy, cz + sz * 0.5f}};
}

}  // namespace

ArenaLayout builtin_arena_layout() {
  constexpr float kHalf = 30.0f;  // 60 m square
  constexpr float kWallHeight = 6.0f;
  constexpr float kThickness = 1.0f;
  constexpr float kThinWall = 0.05f;  // 5 cm: a rifle bullet moves 5 m per tick
  ArenaLayout arena;
  arena.half_extent = kHalf;
  auto& s = arena.solids;
  arena.floor = static_cast<int>(s.size());
  s.push_back({{-kHalf - kThickness, -1.0f, -kHalf - kThickness},
               {kHalf + kThickness, 0.0f, kHalf + kThickness}});
  // Outer walls.
  s.push_back(box_at(0.0f, -kHalf - kThickness * 0.5f, 2 * kHalf + 2 * kThickness, kWallHeight,
                     kThickness));
  s.push_back(
      box_at(0.0f, kHalf + kThickness * 0.5f, 2 * kHalf + 2 * kThickness, kWallHeight, kThickness));
  s.push_back(box_at(-kHalf - kThickness * 0.5f, 0.0f, kThickness, kWallHeight, 2 * kHalf));
  s.push_back(box_at(kHalf + kThickness * 0.5f, 0.0f, kThickness, kWallHeight, 2 * kHalf));
  // Pillars.
  for (float x : {-12.0f, 12.0f})
    for (float z : {-12.0f, 12.0f})
      s.push_back(box_at(x, z, 2.0f, kWallHeight, 2.0f));
  // Low cover to crouch behind (and to jump on).
  s.push_back(box_at(-6.0f, 4.0f, 4.0f, 1.2f, 1.0f));
  s.push_back(box_at(6.0f, 4.0f, 4.0f, 1.2f, 1.0f));
  s.push_back(box_at(0.0f, 14.0f, 1.0f, 1.2f, 5.0f));
  s.push_back(box_at(-20.0f, -4.0f, 1.0f, 1.2f, 6.0f));
  s.push_back(box_at(20.0f, -4.0f, 1.0f, 1.2f, 6.0f));
  // A raised platform.
  s.push_back(box_at(0.0f, 24.0f, 10.0f, 0.8f, 4.0f));
  // The thin wall: a glass-like panel across the north lane.
  arena.thin_wall = static_cast<int>(s.size());
  s.push_back(box_at(0.0f, -18.0f, 12.0f, 4.0f, kThinWall));
  return arena;
}

Arena make_arena(const ArenaLayout& layout) {
  Arena arena;
  arena.triangles = layout.triangles;
  arena.level_triangles = layout.triangles.size();
  for (const Aabb& box : layout.solids)
    append_box_triangles(box, arena.triangles);
  arena.bvh = TriangleBvh(arena.triangles);  // built once, here, at load
  arena.solids = layout.solids;
  arena.floor = layout.floor;
  arena.thin_wall = layout.thin_wall;
  arena.half_extent = layout.half_extent;
  return arena;
}

}  // namespace flatline
