// What a level may hold, each limit with the reason for it. The loader refuses a level past
// any of them with one line naming the file, the field and the value, before anything is
// allocated for it or built from it (docs/assets.md).
#pragma once

#include <cstddef>
#include <cstdint>

namespace flatline::assets::limits {

// Any one file the level reads (the .gltf, a .bin, a PNG): read whole into memory.
inline constexpr std::uintmax_t kFileBytes = std::uintmax_t{64} << 20;

// The .gltf's JSON. It is parsed twice (checked here, then read by tinygltf, which copies
// extras into values of its own about 150 bytes each): a count of values bounds that memory.
// The arena's JSON holds about 2,000; 70,000 colliders need 700,000. It nests 5 deep, and
// tinygltf copies extras recursively: nested thousands deep, that would overflow its stack.
inline constexpr std::size_t kJsonValues = std::size_t{1} << 20;
inline constexpr int kJsonDepth = 32;

// Node nesting: the scene's tree is walked recursively.
inline constexpr int kNodeDepth = 64;

// Vertices and triangles of the whole level, every instance of a mesh counted (each node
// bakes its own copy): a bound on the memory the vertices and indices take, drawn on software GL.
inline constexpr std::size_t kVertices = std::size_t{1} << 20;
inline constexpr std::size_t kTriangles = std::size_t{1} << 20;

// A texture's side. OpenGL 3.3 promises less (GL_MAX_TEXTURE_SIZE's minimum), but GL 3.3-class
// desktop GPUs and Mesa's llvmpipe take this, and it bounds a decoded RGBA8 image's memory.
// The renderer also checks the driver's own limit at upload.
inline constexpr int kTextureSize = 4096;
// All the level's images together, in texels (4 bytes each once decoded to RGBA8).
inline constexpr std::uint64_t kTexels = std::uint64_t{1} << 26;

// Far enough for any geometry this game draws; a float there still resolves 0.1 mm.
inline constexpr float kCoordinate = 1000.0f;

// What collides: every drawn part's triangles (the target's aside), which the sim builds a
// BVH over at load (with each collider's faces as triangles too), and which the lab's
// clearance grid (accel/clearance_grid) takes as boxes, listed by 16-bit index: a level past
// its 65,535 in all plays the lab's kernel without the grid.
inline constexpr std::size_t kCollisionTriangles = std::size_t{1} << 15;

// Colliders (UBX_ boxes), and the level's span. The broad phase (accel/static_grid) lists
// each box in every 8 m column it covers; the bullets' clearance grid (accel/clearance_grid)
// grows two free boxes in every 2 x 0.5 x 2 m cell of the volume what it is given spans,
// each step of which tests every box: its build takes time in proportion to boxes x volume.
// So: a count, a span per axis (colliders and triangles together), and the colliders'
// product with the volume the level spans, bounded so that the build takes a few seconds at
// most. NOTE: the product counts the colliders and the targets, not the triangles: the
// triangles' boxes multiply it by their number, which this budget cannot bound for a
// sculpted level; the triangle count above bounds them.
inline constexpr std::size_t kColliders = 1024;
inline constexpr float kSpan = 256.0f;       // metres, the level's extent along x, y or z
inline constexpr double kBoxVolume = 4.0e6;  // boxes x m^3 of the volume they span
// The sim adds its own boxes to the clearance grid's: the eight targets, which with the spawn
// stand within this stage (sim/world.cpp; tests/assets/level_test.cpp keeps it so).
inline constexpr std::size_t kStageBoxes = 8;
inline constexpr float kStageHalfWidth = 32.0f;  // x and z, around the origin
inline constexpr float kStageLow = -1.0f;        // y
inline constexpr float kStageHigh = 4.0f;

}  // namespace flatline::assets::limits
