// Bad level files, each one field broken in the tiny level as a person (or an attacker)
// editing arena.gltf would: each is refused with one line naming the file, the field and its
// value, where before they crashed, read out of bounds, hung, or loaded as something else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "assets/level.hpp"
#include "assets/level_limits.hpp"
#include "level_checks.hpp"
#include "tiny_level.hpp"

namespace flatline::assets {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace testing;

json& node(json& doc, int i) {
  return doc["nodes"][static_cast<std::size_t>(i)];
}

TEST(LevelRefusal, NodeFieldsOfTheWrongArityOrTypeAreNamed) {
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["scale"] = {1, 2};
      },
      R"(nodes[4] "UBX_box" scale has 2 numbers, needs 3)");
  expect_refused([](json& d) { node(d, kBoxNode)["translation"] = "1, 0.5, -1"; },
                 R"(nodes[4] "UBX_box" translation is a string, needs 3 numbers)");
  expect_refused(
      [](json& d) {
        node(d, kPartNode)["rotation"] = {0, 0, 1};
      },
      R"(nodes[0] "part" rotation has 3 numbers, needs 4)");
  expect_refused([](json& d) { node(d, kPartNode)["matrix"] = json::array(); },
                 R"(nodes[0] "part" matrix has 0 numbers, needs 16)");
  expect_refused(
      [](json& d) {
        node(d, kPartNode)["translation"] = {0, "up", 0};
      },
      R"(nodes[0] "part" translation[1] is a string, needs a number)");
  expect_refused([](json& d) { node(d, kPartNode)["mesh"] = -5; },
                 R"(nodes[0] "part" mesh -5 is not one of the 1 meshes)");
  expect_refused([](json& d) { node(d, kPartNode)["mesh"] = 0.5; },
                 R"(nodes[0] "part" mesh is a number, needs an index)");
  expect_refused([](json& d) { node(d, kPartNode)["children"] = {9}; },
                 R"(nodes[0] "part" children[0] 9 is not one of the 5 nodes)");
}

TEST(LevelRefusal, NonFiniteOrHugeCollidersAreRefusedBeforeTheGridsSeeThem) {
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["scale"] = {1e39, 1, 1};
      },
      R"(nodes[4] "UBX_box" scale[0] 1e+39 is not a finite float)");
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["translation"] = {1e10, 0, 0};
      },
      R"(nodes[4] "UBX_box" reaches from [1e+10, -0.5, -0.5] to [1e+10, 0.5, 0.5], past the level's limit of 1000 m)");
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["scale"] = {1e6, 1, 1};
      },
      R"(nodes[4] "UBX_box" reaches from [-499999, 0, -1.5] to [500001, 1, -0.5])");
  // 3e38 + 3e38 / 2 overflows a float: the box's far face is infinite.
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["translation"] = {3e38, 0, 0};
        node(d, kBoxNode)["scale"] = {3e38, 1, 1};
      },
      R"(nodes[4] "UBX_box" reaches from [1.5e+38, -0.5, -0.5] to [inf, 0.5, 0.5])");
}

TEST(LevelRefusal, ZeroSizeAndInsideOutCollidersAreRefusedTheFloorToo) {
  const std::string what = "is zero, negative or too small to separate its faces";
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["scale"] = {0, 1, 1};
      },
      R"(nodes[4] "UBX_box" scale [0, 1, 1] )" + what);
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["scale"] = {1, -1, 1};
      },
      R"(nodes[4] "UBX_box" scale [1, -1, 1] )" + what);
  expect_refused(
      [](json& d) {
        node(d, kFloorNode)["scale"] = {10, 0, 10};
      },
      R"(nodes[2] "UBX_floor" scale [10, 0, 10] )" + what);
  // At 100 m a float steps by 8 µm: a 1 µm box has both faces at one value.
  expect_refused(
      [](json& d) {
        node(d, kBoxNode)["translation"] = {100, 0, 0};
        node(d, kBoxNode)["scale"] = {1e-6, 1, 1};
      },
      R"(nodes[4] "UBX_box" scale [1e-06, 1, 1] )" + what);
}

TEST(LevelRefusal, IndicesOutOfRangeAreNamed) {
  expect_refused([](json& d) { d["scene"] = 5; }, "scene 5 is not one of the 1 scenes");
  expect_refused([](json& d) { d["scenes"][0]["nodes"].push_back(7); },
                 "scenes[0] nodes[5] 7 is not one of the 5 nodes");
  expect_refused([](json& d) { d["textures"][0]["source"] = 3; },
                 "textures[0] source 3 is not one of the 1 images");
  expect_refused(
      [](json& d) { d["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]["index"] = 2; },
      R"(materials[0] "floor" pbrMetallicRoughness baseColorTexture index 2 is not one of the 1 textures)");
  expect_refused([](json& d) { d["meshes"][0]["primitives"][0]["material"] = 2; },
                 R"(meshes[0] "tri" primitives[0] material 2 is not one of the 2 materials)");
  expect_refused(
      [](json& d) { d["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = 4; },
      R"(meshes[0] "tri" primitives[0] attributes NORMAL 4 is not one of the 4 accessors)");
  expect_refused([](json& d) { d["accessors"][0]["bufferView"] = 4; },
                 "accessors[0] bufferView 4 is not one of the 4 bufferViews");
  expect_refused([](json& d) { d["bufferViews"][0]["buffer"] = 1; },
                 "bufferViews[0] buffer 1 is not one of the 1 buffers");
}

TEST(LevelRefusal, ByteRangesThatWouldWrapOrOverrunAreRefused) {
  expect_refused([](json& d) { d["accessors"][0]["byteOffset"] = 18446744073709551600ull; },
                 "accessors[0] byteOffset 18446744073709551600 is over the limit of 67108864");
  expect_refused([](json& d) { d["bufferViews"][3]["byteOffset"] = 18446744073709551600ull; },
                 "bufferViews[3] byteOffset 18446744073709551600 is over the limit");
  expect_refused([](json& d) { d["bufferViews"][3]["byteLength"] = 100; },
                 "bufferViews[3] bytes 96..196 run past the end of buffers[0] (104 bytes)");
  expect_refused([](json& d) { d["accessors"][0]["count"] = 4; },
                 "POSITION: accessors[0] count 4 of 12 bytes every 12 from byteOffset 0 runs past "
                 "the end of bufferViews[0] (36 bytes)");
  expect_refused([](json& d) { d["accessors"][0]["count"] = (1ull << 62) + 1; },
                 "accessors[0] count 4611686018427387905 is over the limit of 3145728");
  expect_refused([](json& d) { d["accessors"][0]["count"] = 0; },
                 "accessors[0] count 0 is less than 1");
}

TEST(LevelRefusal, ComponentTypesAritiesAndStridesAreCheckedForTheirUse) {
  expect_refused(
      [](json& d) { d["accessors"][kIndices]["componentType"] = 5126; },
      R"(meshes[0] "tri" primitives[0] indices: accessors[3] is SCALAR of componentType 5126, needs SCALAR of an unsigned integer)");
  expect_refused([](json& d) { d["accessors"][kPositions]["type"] = "VEC2"; },
                 "POSITION: accessors[0] is VEC2 of componentType 5126, needs VEC3 of FLOAT");
  expect_refused([](json& d) { d["accessors"][kUvs]["componentType"] = 5123; },
                 "TEXCOORD_0: accessors[2] is VEC2 of componentType 5123, needs VEC2 of FLOAT");
  expect_refused([](json& d) { d["bufferViews"][0]["byteStride"] = 4; },
                 "bufferViews[0] byteStride 4 is less than accessors[0]'s element size, 12 bytes");
  expect_refused([](json& d) { d["bufferViews"][0]["byteStride"] = 6; },
                 "bufferViews[0] byteStride 6 is not a multiple of 4");
  expect_refused([](json& d) { d["bufferViews"][0]["byteStride"] = 256; },
                 "bufferViews[0] byteStride 256 is over the limit of 252");
  expect_refused([](json& d) { d["accessors"][kIndices]["count"] = 2; },
                 "indices: accessors[3] count 2 is not a whole number of triangles");
}

// glTF nodes form strict trees: a node reached twice (a DAG, a cycle) is named, where a DAG
// of each node listing the next twice used to grow the level to gigabytes.
TEST(LevelRefusal, NodesThatDoNotFormATreeAreRefused) {
  expect_refused(
      [](json& d) {
        for (int i = 0; i < 30; ++i)
          d["nodes"].push_back({{"name", numbered("n", i)}});
        for (int i = 5; i < 34; ++i)
          d["nodes"][static_cast<std::size_t>(i)]["children"] = {i + 1, i + 1};
        d["scenes"][0]["nodes"].push_back(5);
      },
      R"(nodes[6] "n1" is a child of nodes[5] and again of nodes[5])");
  expect_refused(
      [](json& d) {
        d["nodes"].push_back({{"name", "a"}, {"children", {6}}});
        d["nodes"].push_back({{"name", "b"}, {"children", {5}}});
        d["scenes"][0]["nodes"].push_back(5);
      },
      R"(the scene lists nodes[5] "a", a child of nodes[6])");
  expect_refused([](json& d) { d["scenes"][0]["nodes"].push_back(0); },
                 R"(the scene lists nodes[0] "part" twice)");
  expect_refused(
      [](json& d) {
        for (int i = 0; i < 80; ++i)
          d["nodes"].push_back({{"name", "deep"}, {"children", {i + 6}}});
        d["nodes"].push_back({{"name", "leaf"}});
        d["scenes"][0]["nodes"].push_back(5);
      },
      R"(nodes[70] "deep" is nested deeper than 64 nodes)");
}

TEST(LevelRefusal, AFolderWhereAFileBelongsIsRefusedByName) {
  const fs::path dir = test_dir();
  write_edited_level(dir, [](json& d) { d["buffers"][0]["uri"] = "bins"; });
  fs::create_directories(dir / "bins");
  expect_one_line_error(dir, dir / "bins", "a folder, not a file");
  write_edited_level(dir, [](json& d) { d["images"][0]["uri"] = "textures"; });
  expect_one_line_error(dir, dir / "textures", "a folder, not an image file");
  write_tiny_level(dir);
  fs::remove(dir / "arena.gltf");
  fs::create_directories(dir / "arena.gltf");
  expect_one_line_error(dir, dir / "arena.gltf", "a folder, not the level file");
}

// Counted as it is read, before anything is stored: a value past the limit ends the parse.
TEST(LevelRefusal, JsonPastItsValueLimitIsRefusedUnparsed) {
  const fs::path dir = test_dir();
  write_tiny_level(dir);
  std::string many = R"({"name": "part", "extras": {"many": [0)";
  for (std::size_t i = 0; i < limits::kJsonValues; ++i)
    many += ",0";
  many += "]}, ";
  std::string text = tiny_gltf_text();
  const std::size_t part = text.find(R"({"name": "part", )");
  ASSERT_NE(part, std::string::npos);
  text.replace(part, std::string(R"({"name": "part", )").size(), many);
  std::ofstream(dir / "arena.gltf") << text;
  expect_one_line_error(dir, dir / "arena.gltf", "the JSON holds over 1048576 values");
}

// tinygltf quotes what it fails on, a whole data URI too: the line is clipped, and names the
// file even when the URI holds the folder's path (the level fuzzer's find).
TEST(LevelRefusal, TinygltfsComplaintsAreOneShortLineNamingTheFile) {
  const fs::path dir = test_dir();
  const std::string uri =
      "data:application/octet-stream;base64," + std::string(5000, 'A') + dir.string() + "(";
  write_edited_level(dir, [&](json& d) { d["buffers"][0]["uri"] = uri; });
  Level level;
  std::string error;
  EXPECT_FALSE(load_level(dir.string(), level, error));
  EXPECT_TRUE(error.starts_with((dir / "arena.gltf").string() + ": Failed to decode 'uri'"))
      << error;
  EXPECT_LT(error.size(), 400u) << error;
}

// stb_image would grow its buffer to a chunk's stated length (up to 1 GiB) before finding
// the bytes missing: a PNG is walked chunk by chunk first. Only PNG and JPEG are glTF images.
TEST(LevelRefusal, ImagesThatAreNotWholePngsOrJpegsAreRefusedBeforeDecoding) {
  const fs::path dir = test_dir();
  const fs::path png = dir / "textures" / "t.png";
  write_tiny_level(dir);
  std::string bytes;
  {
    std::ifstream in(png, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t ihdr_end = 8 + 12 + 13;  // signature, then IHDR's 13 bytes of data
  std::ofstream(png, std::ios::binary)
      << bytes.substr(0, ihdr_end) << std::string("\x40\0\0\0IDAT", 8) << "x^ a gigabyte, it says";
  expect_one_line_error(dir, png,
                        "not a readable image (a PNG chunk runs past the end of the file)");
  std::ofstream(png, std::ios::binary) << "BM" << std::string(64, '\0');
  expect_one_line_error(dir, png, "not a readable image (neither PNG nor JPEG)");
}

TEST(LevelRefusal, JsonTheLoaderCannotTakeIsRefused) {
  expect_refused([](json& d) { d["asset"]["version"] = "1.0"; },
                 "asset version 1.0 is not glTF 2.0");
  expect_refused([](json& d) { d["nodes"] = json::object(); },
                 "nodes is an object, needs an array");
  expect_refused([](json& d) { d["nodes"].push_back(7); }, "nodes[5] is a number, needs an object");
  expect_refused([](json& d) { d["accessors"][0]["sparse"] = json::object(); },
                 "accessors[0] is sparse");
  expect_refused(
      [](json& d) {
        json deep = json::array();
        for (int i = 0; i < 1000; ++i) {
          json outer = json::array();
          outer.push_back(std::move(deep));
          deep = std::move(outer);
        }
        node(d, kPartNode)["extras"] = {{"deep", deep}};
      },
      "the JSON nests deeper than 32 levels");
}

}  // namespace
}  // namespace flatline::assets
