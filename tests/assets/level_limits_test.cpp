// The stated limits (src/assets/level_limits.hpp): a level past any of them is refused with
// one line naming the file, the field and the value, before the sim builds its grids from
// it; the sim's own boxes stand where the limits assume.
#include "assets/level_limits.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <glm/common.hpp>

#include "assets/level.hpp"
#include "level_checks.hpp"
#include "sim/world.hpp"
#include "tiny_level.hpp"

namespace flatline::assets {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace testing;

json& floor_node(json& doc) {
  return doc["nodes"][static_cast<std::size_t>(kFloorNode)];
}

// A 1 km floor took 233 s to load (the clearance grid's build): now refused at once.
TEST(LevelLimits, AKilometreFloorIsRefusedByItsSpan) {
  expect_refused(
      [](json& d) {
        floor_node(d)["scale"] = {1000, 1, 1000};
      },
      "the level (its colliders and triangles) spans 1000 m along x, over the limit of 256 m");
}

// Within the span, the colliders and the volume they span together bound the grid's build.
TEST(LevelLimits, ColliderVolumePastTheBudgetIsRefused) {
  // 11 boxes over 250 x 5 x 250 m (the stage's 5 m of height): 3.4M, within the budget.
  const fs::path dir = test_dir();
  write_edited_level(dir, [](json& d) { floor_node(d)["scale"] = {250, 1, 250}; });
  Level level;
  std::string error;
  EXPECT_TRUE(load_level(dir.string(), level, error)) << error;
  // The same floor 20 m down: the volume from it to the stage's top is 24.5 m high.
  expect_refused(
      [](json& d) {
        floor_node(d)["scale"] = {200, 1, 200};
        floor_node(d)["translation"] = {0, -20, 0};
      },
      "3 colliders and the sim's 8 targets in [200, 24.5, 200] m make 10.78M box-m^3, over the "
      "limit of 4M");
}

TEST(LevelLimits, TooManyCollidersAreRefusedAtTheFirstPastTheLimit) {
  expect_refused(
      [](json& d) {
        for (std::size_t i = 0; i < limits::kColliders; ++i) {
          d["nodes"].push_back({{"name", numbered("UBX_c", i)},
                                {"translation", {0, 0.5, 0}},
                                {"scale", {0.1, 0.1, 0.1}}});
          d["scenes"][0]["nodes"].push_back(d["nodes"].size() - 1);
        }
      },
      R"(nodes[1026] "UBX_c1021" is collider 1025, past the limit of 1024)");
}

TEST(LevelLimits, ATextureLargerThanTheLimitIsRefusedBeforeItIsDecoded) {
  const fs::path dir = test_dir();
  write_tiny_level(dir, {.texture_width = 2 * limits::kTextureSize});
  expect_one_line_error(dir, dir / "textures" / "t.png",
                        "8192x2 is larger than the limit of 4096 a side");
}

TEST(LevelLimits, VerticesAndTrianglesPastTheLimitAreRefusedBeforeTheyAreRead) {
  // Declared, not written: the count is refused before its bytes are looked for.
  expect_refused([](json& d) { d["accessors"][kPositions]["count"] = limits::kVertices + 1; },
                 "POSITION: accessors[0] count 1048577 takes the level past its limit of 1048576 "
                 "vertices");
  expect_refused([](json& d) { d["accessors"][kIndices]["count"] = 3 * limits::kTriangles + 3; },
                 "accessors[3] count 3145731 is over the limit of 3145728");
  // Each node drawing a mesh bakes its own copy: instances count. Two nodes draw a mesh of
  // just over half the limit (its positions in a second buffer, one triangle of them).
  const fs::path dir = test_dir();
  constexpr std::size_t kHalf = limits::kVertices / 2 + 1;  // a multiple of 3: triangles
  const std::size_t bytes = kHalf * 3 * sizeof(float);
  write_edited_level(dir, [&](json& d) {
    d["buffers"].push_back({{"uri", "big.bin"}, {"byteLength", bytes}});
    d["bufferViews"].push_back({{"buffer", 1}, {"byteLength", bytes}});
    d["accessors"].push_back(
        {{"bufferView", 4}, {"componentType", 5126}, {"count", kHalf}, {"type", "VEC3"}});
    d["meshes"].push_back(
        {{"name", "big"},
         {"primitives",
          {{{"attributes", {{"POSITION", 4}}}, {"indices", kIndices}, {"material", 0}}}}});
    for (const char* name : {"big1", "big2"}) {
      d["nodes"].push_back({{"name", name}, {"mesh", 1}});
      d["scenes"][0]["nodes"].push_back(d["nodes"].size() - 1);
    }
  });
  std::ofstream(dir / "big.bin", std::ios::binary) << std::string(bytes, '\0');
  expect_one_line_error(
      dir, dir / "arena.gltf",
      R"(nodes[6] "big2" mesh meshes[1] "big" primitives[0] POSITION: accessors[4] )"
      "count 524289 takes the level past its limit of 1048576 vertices");
}

TEST(LevelLimits, CoordinatesPastTheLimitAreRefusedForDrawnNodesToo) {
  expect_refused(
      [](json& d) {
        d["nodes"][static_cast<std::size_t>(kPartNode)]["translation"] = {1e10, 0, 0};
      },
      R"(nodes[0] "part" mesh meshes[0] "tri" primitives[0] a vertex lands at 1e+10, past the level's limit of 1000 m)");
  expect_refused(
      [](json& d) {
        d["nodes"][static_cast<std::size_t>(kPartNode)]["scale"] = {1, 0, 1};
      },
      "a normal is zero, or the node's transform scales an axis to zero");
}

// Drawn triangles collide: they count in the level's span too (the floor reaches -5 m).
TEST(LevelLimits, ATriangleFarFromTheCollidersIsRefusedByTheSpan) {
  expect_refused(
      [](json& d) {
        d["nodes"][static_cast<std::size_t>(kPartNode)]["translation"] = {300, 0, 0};
      },
      "the level (its colliders and triangles) spans 306 m along x, over the limit of 256 m");
}

// The BVH and the lab's grids take the drawn triangles: a count, refused as the accessors
// declare it (not written here), before any triangle is read.
TEST(LevelLimits, TooManyCollisionTrianglesAreRefusedBeforeTheyAreRead) {
  expect_refused(
      [](json& d) { d["accessors"][kIndices]["count"] = 3 * (limits::kCollisionTriangles + 1); },
      R"(nodes[0] "part" mesh meshes[0] "tri" has 32769 triangles, taking the level's )"
      "collision past its limit of 32768 triangles");
}

// Nodes drawing a non-indexed mesh of `triangles` triangles whose corners are all at the
// origin (degenerate: no area), its positions in a second buffer, zero.bin.
void write_zero_mesh_level(const fs::path& dir, std::size_t triangles,
                           std::initializer_list<const char*> nodes) {
  const std::size_t bytes = triangles * 3 * 3 * sizeof(float);
  write_edited_level(dir, [&](json& d) {
    d["buffers"].push_back({{"uri", "zero.bin"}, {"byteLength", bytes}});
    d["bufferViews"].push_back({{"buffer", 1}, {"byteLength", bytes}});
    d["accessors"].push_back(
        {{"bufferView", 4}, {"componentType", 5126}, {"count", triangles * 3}, {"type", "VEC3"}});
    d["meshes"].push_back(
        {{"name", "zero"}, {"primitives", {{{"attributes", {{"POSITION", 4}}}, {"material", 0}}}}});
    for (const char* name : nodes) {
      d["nodes"].push_back({{"name", name}, {"mesh", 1}});
      d["scenes"][0]["nodes"].push_back(d["nodes"].size() - 1);
    }
  });
  std::ofstream(dir / "zero.bin", std::ios::binary) << std::string(bytes, '\0');
}

// Each drawn node's copy counts: a second node drawing just over half the limit goes past it.
TEST(LevelLimits, EveryDrawnCopyCountsTowardsTheCollisionLimit) {
  const fs::path dir = test_dir();
  write_zero_mesh_level(dir, limits::kCollisionTriangles / 2 + 1, {"zero1", "zero2"});
  expect_one_line_error(dir, dir / "arena.gltf",
                        R"(nodes[6] "zero2" mesh meshes[1] "zero" has 16385 triangles, taking the )"
                        "level's collision past its limit of 32768 triangles");
}

// Bad level input that is not refused: triangles with no area load and stay in the list, in
// order; the BVH skips and counts them.
TEST(LevelLimits, DegenerateTrianglesAreKeptForTheBvhToCount) {
  const fs::path dir = test_dir();
  write_zero_mesh_level(dir, 5, {"zero1"});
  Level level;
  std::string error;
  ASSERT_TRUE(load_level(dir.string(), level, error)) << error;
  ASSERT_EQ(level.collision.triangles.size(), 1u + 5u);  // the part's, then the zeros
  EXPECT_FALSE(is_degenerate(level.collision.triangles[0]));
  for (std::size_t i = 1; i < level.collision.triangles.size(); ++i)
    EXPECT_TRUE(is_degenerate(level.collision.triangles[i]));
}

// The budget counts the sim's targets as standing within the stage: they must.
TEST(LevelLimits, TheSimsTargetsStandWithinTheStageTheBudgetAssumes) {
  const World world{WorldConfig{}};
  ASSERT_EQ(world.targets.size(), limits::kStageBoxes);
  const glm::vec3 stage_min(-limits::kStageHalfWidth, limits::kStageLow, -limits::kStageHalfWidth);
  const glm::vec3 stage_max(limits::kStageHalfWidth, limits::kStageHigh, limits::kStageHalfWidth);
  for (const Target& t : world.targets) {
    const glm::vec3 reach = glm::abs(t.sway) + t.half_size + world.config.bullet_radius;
    for (int a = 0; a < 3; ++a) {
      EXPECT_GE(t.home[a] - reach[a], stage_min[a]);
      EXPECT_LE(t.home[a] + reach[a], stage_max[a]);
    }
  }
}

}  // namespace
}  // namespace flatline::assets
