// libFuzzer target for the level loader: any bytes as the text of arena.gltf, in a folder
// holding the tiny level's arena.bin and textures/t.png (tests/assets/tiny_level.hpp), read
// through load_level_text, the same checks load_level runs. A load either fails with one line
// that names a file in that folder, or gives a level the sim and the renderer can take:
// colliders finite, with volume, within the limits, the floor and glass among them, the
// sim's broad phase built from them and queried; every index inside its mesh, every vertex
// finite, every image whole; the drawn parts' triangles what collides, within the limits. Build and
// run: scripts/fuzz.sh [seconds] level.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "assets/level.hpp"
#include "assets/level_limits.hpp"
#include "assets/tiny_level.hpp"
#include "lab/accel/static_grid.hpp"
#include "sim/arena.hpp"

namespace {

using namespace flatline;
using namespace flatline::assets;

[[noreturn]] void fail(const char* what, int line) {
  std::fprintf(stderr, "level_fuzz: invariant broken at line %d: %s\n", line, what);
  std::abort();
}
#define CHECK(cond) \
  if (!(cond)) fail(#cond, __LINE__)

// The folder the fuzzed arena.gltf reads its other files from, written once per process and
// removed at its exit.
struct FuzzDir {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("flatline_level_fuzz_" + std::to_string(getpid()));
  FuzzDir() { testing::write_tiny_level(path); }
  ~FuzzDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

const std::string& fuzz_dir() {
  static const FuzzDir dir;
  static const std::string name = dir.path.string();
  return name;
}

bool finite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

void check_colliders(const ArenaLayout& c) {
  CHECK(!c.solids.empty() && c.solids.size() <= limits::kColliders);
  CHECK(c.floor >= 0 && static_cast<std::size_t>(c.floor) < c.solids.size());
  CHECK(c.thin_wall >= 0 && static_cast<std::size_t>(c.thin_wall) < c.solids.size());
  CHECK(c.half_extent > 0.0f && c.half_extent <= limits::kSpan * 0.5f);
  for (const Aabb& b : c.solids) {
    CHECK(finite(b.min) && finite(b.max));
    CHECK(b.min.x < b.max.x && b.min.y < b.max.y && b.min.z < b.max.z);
    for (int a = 0; a < 3; ++a)
      CHECK(std::fabs(b.min[a]) <= limits::kCoordinate &&
            std::fabs(b.max[a]) <= limits::kCoordinate);
  }
  // The lab's broad phase (the fast kernel builds it at load) answers a shot across the level.
  const Arena arena = make_arena(c);
  const StaticGrid grid(arena.solids, 8.0f);
  const Aabb& floor = c.solids[static_cast<std::size_t>(c.floor)];
  const auto hit = grid.first_hit(floor.max + glm::vec3(0.0f, 2.0f, 0.0f), floor.min, 0.03f);
  CHECK(!hit || (hit->box >= 0 && static_cast<std::size_t>(hit->box) < c.solids.size()));
}

void check_meshes(const Level& level) {
  std::size_t vertices = 0, triangles = 0;
  for (const auto* meshes : {&level.parts, &level.target})
    for (const Mesh& m : *meshes) {
      CHECK(m.material >= 0 && static_cast<std::size_t>(m.material) < level.materials.size());
      CHECK(m.indices.size() % 3 == 0);
      for (std::uint32_t i : m.indices)
        CHECK(i < m.vertices.size());
      for (const Vertex& v : m.vertices)
        CHECK(finite(v.position) && finite(v.normal) && std::isfinite(v.uv.x) &&
              std::isfinite(v.uv.y));
      vertices += m.vertices.size();
      triangles += m.indices.size() / 3;
    }
  CHECK(vertices <= limits::kVertices && triangles <= limits::kTriangles);
  for (const Material& m : level.materials)
    CHECK(m.texture >= -1 &&
          (m.texture < 0 || static_cast<std::size_t>(m.texture) < level.images.size()));
  for (const Image& image : level.images) {
    CHECK(image.width > 0 && image.width <= limits::kTextureSize);
    CHECK(image.height > 0 && image.height <= limits::kTextureSize);
    CHECK(image.rgba.size() == static_cast<std::size_t>(image.width) * image.height * 4);
  }
}

// Every drawn part's triangles collide, as many as are drawn, each corner within the limits.
void check_triangles(const Level& level) {
  std::size_t drawn = 0;
  for (const Mesh& m : level.parts)
    drawn += m.indices.size() / 3;
  const std::vector<Triangle>& triangles = level.collision.triangles;
  CHECK(triangles.size() == drawn && drawn <= limits::kCollisionTriangles);
  for (const Triangle& t : triangles)
    for (const glm::vec3& v : {t.a, t.b, t.c}) {
      CHECK(finite(v));
      for (int a = 0; a < 3; ++a)
        CHECK(std::fabs(v[a]) <= limits::kCoordinate);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string& dir = fuzz_dir();
  Level level;
  std::string error;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!load_level_text(dir, text, level, error)) {
    CHECK(error.starts_with(dir + "/") || error.starts_with(dir + " "));  // names a file there
    CHECK(error.find('\n') == std::string::npos);
    CHECK(level.parts.empty() && level.collision.solids.empty() &&
          level.collision.triangles.empty());
    return 0;
  }
  CHECK(error.empty());
  check_colliders(level.collision);
  check_meshes(level);
  check_triangles(level);
  return 0;
}
