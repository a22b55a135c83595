// Tests for src/assets/level.hpp: a tiny glTF written here loads with the expected vertices,
// boxes and material; each kind of bad file is one line naming the file; the committed
// level loads, its floor and glass colliders bit-identical to builtin_arena_layout()'s.
#include "assets/level.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "level_checks.hpp"
#include "tiny_level.hpp"

namespace flatline::assets {
namespace {

namespace fs = std::filesystem;
using testing::expect_one_line_error;
using testing::test_dir;
using testing::TinyLevel;
using testing::write_tiny_level;

Level load_tiny(const TinyLevel& options = {}) {
  const fs::path dir = test_dir();
  write_tiny_level(dir, options);
  Level level;
  std::string error;
  EXPECT_TRUE(load_level(dir.string(), level, error)) << error;
  return level;
}

TEST(Level, ATinyLevelLoadsItsPartBakedToWorldSpaceAndItsTargetInItsOwn) {
  const fs::path dir = test_dir();
  const Level level = load_tiny();
  ASSERT_EQ(level.parts.size(), 1u);
  ASSERT_EQ(level.target.size(), 1u);
  const Mesh& part = level.parts[0];
  ASSERT_EQ(part.vertices.size(), 3u);
  EXPECT_EQ(part.indices, (std::vector<std::uint32_t>{0, 1, 2}));
  for (int i = 0; i < 3; ++i) {
    const float* v = testing::kTriangle[i];
    EXPECT_EQ(part.vertices[static_cast<std::size_t>(i)].position,
              glm::vec3(v[0] + testing::kPartOffset, v[1], v[2]));
    EXPECT_EQ(level.target[0].vertices[static_cast<std::size_t>(i)].position,
              glm::vec3(v[0], v[1], v[2]));
  }
  EXPECT_EQ(part.vertices[1].normal, glm::vec3(0.0f, 0.0f, 1.0f));
  EXPECT_EQ(part.vertices[2].uv, glm::vec2(0.0f, 1.0f));
  EXPECT_EQ(level.source, (dir / "arena.gltf").string());
  // The part's triangle collides, where it is drawn; the target's model does not.
  ASSERT_EQ(level.collision.triangles.size(), 1u);
  EXPECT_EQ(level.collision.triangles[0].a, part.vertices[0].position);
  EXPECT_EQ(level.collision.triangles[0].c, part.vertices[2].position);
}

TEST(Level, CollidersAreUnitCubesUnderTheirNodesWithTheirRoles) {
  const ArenaLayout& c = load_tiny().collision;
  ASSERT_EQ(c.solids.size(), 3u);
  EXPECT_EQ(c.floor, 0);
  EXPECT_EQ(c.thin_wall, 1);
  EXPECT_EQ(c.half_extent, 5.0f);
  EXPECT_EQ(c.solids[0].min, glm::vec3(-5.0f, -1.0f, -5.0f));
  EXPECT_EQ(c.solids[0].max, glm::vec3(5.0f, 0.0f, 5.0f));
  EXPECT_EQ(c.solids[1].min, glm::vec3(-2.0f, 0.0f, 2.0f - 0.05f * 0.5f));
  EXPECT_EQ(c.solids[2].max, glm::vec3(1.5f, 1.0f, -0.5f));
}

TEST(Level, MaterialsCarryColourTextureAndBlendAndAreFoundByName) {
  const Level level = load_tiny();
  ASSERT_EQ(level.materials.size(), 2u);
  const Material& floor = level.materials[0];
  EXPECT_EQ(floor.base_color, glm::vec4(1.0f, 0.5f, 0.25f, 1.0f));
  EXPECT_EQ(floor.roughness, 0.75f);
  EXPECT_FALSE(floor.blend);
  EXPECT_TRUE(level.materials[1].blend);
  EXPECT_EQ(material_named(level, "floor"), 0);
  EXPECT_EQ(material_named(level, "decal"), 1);
  EXPECT_EQ(material_named(level, "nope"), -1);
  ASSERT_EQ(floor.texture, 0);
  const Image& image = level.images[0];
  EXPECT_EQ(image.width, 2);
  EXPECT_EQ(image.height, 2);
  // The RGB file comes back RGBA8, opaque.
  ASSERT_EQ(image.rgba.size(), 16u);
  EXPECT_EQ(std::vector<std::uint8_t>(image.rgba.begin(), image.rgba.begin() + 8),
            (std::vector<std::uint8_t>{255, 0, 0, 255, 0, 255, 0, 255}));
}

TEST(Level, AMissingFolderIsOneLineNamingIt) {
  expect_one_line_error("/nonexistent/assets", "/nonexistent/assets", "no such folder");
}

TEST(Level, AMissingOrCorruptGltfIsOneLineNamingIt) {
  const fs::path dir = test_dir();
  write_tiny_level(dir);
  fs::remove(dir / "arena.gltf");
  expect_one_line_error(dir, dir / "arena.gltf", "missing");
  std::ofstream(dir / "arena.gltf") << "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [ oops";
  expect_one_line_error(dir, dir / "arena.gltf", "JSON");
}

TEST(Level, AMissingOrShortBinIsOneLineNamingIt) {
  const fs::path dir = test_dir();
  write_tiny_level(dir);
  fs::remove(dir / "arena.bin");
  expect_one_line_error(dir, dir / "arena.bin", "missing");
  write_tiny_level(dir);
  fs::resize_file(dir / "arena.bin", testing::kBinBytes - 30);
  expect_one_line_error(dir, dir / "arena.bin", "size");
}

TEST(Level, AMissingCorruptOrOddSizedTextureIsOneLineNamingIt) {
  const fs::path dir = test_dir();
  const fs::path png = dir / "textures" / "t.png";
  write_tiny_level(dir);
  fs::remove(png);
  expect_one_line_error(dir, png, "missing");
  write_tiny_level(dir);
  std::ofstream(png, std::ios::binary) << "\x89PNG\r\n\x1a\nthis is no image";
  expect_one_line_error(dir, png, "not a readable image");
  write_tiny_level(dir, {.texture_width = 3});
  expect_one_line_error(dir, png, "3x2 is not a power-of-two size");
  std::ofstream(png, std::ios::trunc).flush();
  expect_one_line_error(dir, png, "empty");
}

TEST(Level, ALevelWithoutCollidersRolesOrTargetIsOneLineNamingTheFile) {
  const fs::path dir = test_dir();
  const fs::path file = dir / "arena.gltf";
  write_tiny_level(dir, {.colliders = false});
  expect_one_line_error(dir, file, "no collider nodes");
  write_tiny_level(dir, {.floor_role = false});
  expect_one_line_error(dir, file, "\"floor\"");
  write_tiny_level(dir, {.glass_role = false});
  expect_one_line_error(dir, file, "\"glass\"");
  write_tiny_level(dir, {.target = false});
  expect_one_line_error(dir, file, "\"target\"");
  write_tiny_level(dir, {.rotated_box = true});
  expect_one_line_error(dir, file, "\"UBX_box\": a collider needs translation and scale only");
}

// The sim names two boxes by role, and the lessons and tests read them: the floor and the
// glass load as builtin_arena_layout()'s, to the bit. Every other solid is a drawn triangle.
TEST(Level, TheCommittedLevelsFloorAndGlassAreTheBuiltInBoxesBitForBit) {
  Level level;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(load_level(FLATLINE_ASSET_DIR, level, error)) << error;
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  std::printf("the committed level loaded in %.1f ms\n", took.count());
  const ArenaLayout builtin = builtin_arena_layout();
  const ArenaLayout& loaded = level.collision;
  EXPECT_EQ(loaded.half_extent, builtin.half_extent);
  ASSERT_GE(loaded.floor, 0);
  ASSERT_GE(loaded.thin_wall, 0);
  const auto same = [](const Aabb& a, const Aabb& b) {
    return std::memcmp(&a, &b, sizeof(Aabb)) == 0;
  };
  EXPECT_TRUE(same(loaded.solids[static_cast<std::size_t>(loaded.floor)],
                   builtin.solids[static_cast<std::size_t>(builtin.floor)]));
  EXPECT_TRUE(same(loaded.solids[static_cast<std::size_t>(loaded.thin_wall)],
                   builtin.solids[static_cast<std::size_t>(builtin.thin_wall)]));
}

// The floats of an accessor of the committed level, read here from arena.gltf and arena.bin
// without the loader: `n` per element, elements tightly packed (as tools/make_assets.py writes).
template <class T>
std::vector<T> committed_values(const nlohmann::json& doc, const std::vector<char>& bin,
                                int accessor, std::size_t n) {
  const auto& a = doc["accessors"][static_cast<std::size_t>(accessor)];
  const auto& view = doc["bufferViews"][a["bufferView"].get<std::size_t>()];
  const std::size_t offset = view.value("byteOffset", 0u) + a.value("byteOffset", 0u);
  std::vector<T> values(a["count"].get<std::size_t>() * n);
  std::memcpy(values.data(), bin.data() + offset, values.size() * sizeof(T));
  return values;
}

// The same level loads as it did: every drawn part is its mesh's accessors moved by its node's
// translation (in float, as the node's matrix applies it), its indices and material as written.
TEST(Level, TheCommittedLevelsPartsAreItsAccessorsMovedByTheirNodes) {
  Level level;
  std::string error;
  ASSERT_TRUE(load_level(FLATLINE_ASSET_DIR, level, error)) << error;
  const std::string dir = FLATLINE_ASSET_DIR;
  const nlohmann::json doc = nlohmann::json::parse(std::ifstream(dir + "/arena.gltf"));
  std::ifstream bin_file(dir + "/arena.bin", std::ios::binary);
  const std::vector<char> bin((std::istreambuf_iterator<char>(bin_file)), {});
  std::size_t part = 0, target = 0;
  for (const auto& root : doc["scenes"][0]["nodes"]) {
    const auto& node = doc["nodes"][root.get<std::size_t>()];
    if (!node.contains("mesh")) continue;
    const bool is_target = node["name"] == "target";
    const glm::vec3 t =
        node.contains("translation")
            ? glm::vec3(node["translation"][0], node["translation"][1], node["translation"][2])
            : glm::vec3(0.0f);
    for (const auto& p : doc["meshes"][node["mesh"].get<std::size_t>()]["primitives"]) {
      const std::vector<Mesh>& meshes = is_target ? level.target : level.parts;
      const std::size_t k = is_target ? target++ : part++;
      ASSERT_LT(k, meshes.size());
      const Mesh& mesh = meshes[k];
      EXPECT_EQ(mesh.name, node["name"]);
      EXPECT_EQ(mesh.material, p["material"]);
      const auto positions = committed_values<float>(doc, bin, p["attributes"]["POSITION"], 3);
      const auto normals = committed_values<float>(doc, bin, p["attributes"]["NORMAL"], 3);
      const auto uvs = committed_values<float>(doc, bin, p["attributes"]["TEXCOORD_0"], 2);
      ASSERT_EQ(mesh.vertices.size() * 3, positions.size()) << mesh.name;
      for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vertex& v = mesh.vertices[i];
        for (int a = 0; a < 3; ++a) {
          EXPECT_EQ(v.position[a],
                    positions[3 * i + static_cast<std::size_t>(a)] + (is_target ? 0.0f : t[a]));
          EXPECT_EQ(v.normal[a], normals[3 * i + static_cast<std::size_t>(a)]);
        }
        EXPECT_EQ(v.uv, glm::vec2(uvs[2 * i], uvs[2 * i + 1]));
      }
      const auto indices = committed_values<std::uint16_t>(doc, bin, p["indices"], 1);
      EXPECT_EQ(mesh.indices, std::vector<std::uint32_t>(indices.begin(), indices.end()))
          << mesh.name;
    }
  }
  EXPECT_EQ(part, level.parts.size());
  EXPECT_EQ(target, level.target.size());
}

TEST(Level, TheCommittedLevelHasEveryMaterialTheRendererLooksFor) {
  Level level;
  std::string error;
  ASSERT_TRUE(load_level(FLATLINE_ASSET_DIR, level, error)) << error;
  for (const char* name : {"floor", "wall", "cover", "glass", "target", "decal"}) {
    const int m = material_named(level, name);
    ASSERT_GE(m, 0) << name;
    const Material& material = level.materials[static_cast<std::size_t>(m)];
    ASSERT_GE(material.texture, 0) << name;
    const Image& image = level.images[static_cast<std::size_t>(material.texture)];
    EXPECT_EQ(image.rgba.size(), static_cast<std::size_t>(image.width * image.height * 4)) << name;
    EXPECT_EQ(material.blend, std::string(name) == "glass") << name;
  }
  ASSERT_FALSE(level.target.empty());
  for (const Vertex& v : level.target[0].vertices)
    for (int a = 0; a < 3; ++a)
      EXPECT_LE(std::abs(v.position[a]), 0.5f);
  const int decal = material_named(level, "decal");
  for (const Mesh& part : level.parts)
    EXPECT_NE(part.material, decal) << part.name;
}

}  // namespace
}  // namespace flatline::assets
