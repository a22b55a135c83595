#include "tiny_level.hpp"

#include <stb_image_write.h>

#include <cstring>
#include <fstream>
#include <vector>

namespace flatline::assets::testing {
namespace {

void put(std::vector<unsigned char>& bin, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  bin.insert(bin.end(), bytes, bytes + size);
}

// positions (36 bytes) | normals (36) | uvs (24) | indices u16 (6) + 2 bytes of padding
std::vector<unsigned char> triangle_bin() {
  std::vector<unsigned char> bin;
  put(bin, kTriangle, sizeof kTriangle);
  const float normals[3][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  put(bin, normals, sizeof normals);
  const float uvs[3][2] = {{0, 0}, {1, 0}, {0, 1}};
  put(bin, uvs, sizeof uvs);
  const std::uint16_t indices[4] = {0, 1, 2, 0};
  put(bin, indices, sizeof indices);
  return bin;
}

std::string collider(const std::string& name, const std::string& t, const std::string& s,
                     const std::string& extras) {
  return R"({"name": "UBX_)" + name + R"(", "translation": )" + t + R"(, "scale": )" + s +
         (extras.empty() ? "" : R"(, "extras": )" + extras) + "}";
}

std::string nodes(const TinyLevel& o) {
  std::string n = R"({"name": "part", "mesh": 0, "translation": [10, 0, 0]})";
  if (o.target) n += R"(, {"name": "target", "mesh": 0})";
  if (!o.colliders) return n;
  n += ", " + collider("floor", "[0, -0.5, 0]", "[10, 1, 10]",
                       o.floor_role ? R"({"role": "floor", "half_extent": 5})" : "");
  n += ", " +
       collider("pane", "[0, 1, 2]", "[4, 2, 0.05]", o.glass_role ? R"({"role": "glass"})" : "");
  const std::string box = collider("box", "[1, 0.5, -1]", "[1, 1, 1]", "");
  n += ", " + (o.rotated_box ? box.substr(0, box.size() - 1) +
                                   R"(, "rotation": [0, 0.7071068, 0, 0.7071068]})"
                             : box);
  return n;
}

std::string gltf(const TinyLevel& o) {
  const int node_count = 1 + (o.target ? 1 : 0) + (o.colliders ? 3 : 0);
  std::string roots;
  for (int i = 0; i < node_count; ++i)
    roots += (i ? ", " : "") + std::to_string(i);
  return R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [)" + roots +
         R"(]}], "nodes": [)" + nodes(o) + R"(],
 "meshes": [{"name": "tri", "primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1,
   "TEXCOORD_0": 2}, "indices": 3, "material": 0}]}],
 "materials": [{"name": "floor", "pbrMetallicRoughness": {"baseColorFactor": [1, 0.5, 0.25, 1],
   "baseColorTexture": {"index": 0}, "roughnessFactor": 0.75}},
   {"name": "decal", "alphaMode": "BLEND"}],
 "textures": [{"source": 0}], "images": [{"uri": "textures/t.png"}],
 "buffers": [{"uri": "arena.bin", "byteLength": 104}],
 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 36},
   {"buffer": 0, "byteOffset": 36, "byteLength": 36},
   {"buffer": 0, "byteOffset": 72, "byteLength": 24},
   {"buffer": 0, "byteOffset": 96, "byteLength": 6}],
 "accessors": [
   {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
    "min": [0, 0, 0], "max": [1, 1, 0]},
   {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
   {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC2"},
   {"bufferView": 3, "componentType": 5123, "count": 3, "type": "SCALAR"}]}
)";
}

}  // namespace

std::string tiny_gltf_text(const TinyLevel& options) {
  return gltf(options);
}

void write_edited_level(const std::filesystem::path& dir,
                        const std::function<void(nlohmann::json&)>& edit, const TinyLevel& o) {
  write_tiny_level(dir, o);
  nlohmann::json doc = nlohmann::json::parse(gltf(o));
  edit(doc);
  std::ofstream(dir / "arena.gltf") << doc.dump();
}

void write_tiny_level(const std::filesystem::path& dir, const TinyLevel& o) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "textures");
  std::ofstream(dir / "arena.gltf") << gltf(o);
  const std::vector<unsigned char> bin = triangle_bin();
  std::ofstream(dir / "arena.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(bin.data()), static_cast<std::streamsize>(bin.size()));
  // An RGB PNG (3 channels): the loader makes it RGBA8.
  // Wider ones repeat the third column.
  std::vector<unsigned char> pixels(static_cast<std::size_t>(o.texture_width) * 2 * 3, 9);
  const unsigned char first[2][2][3] = {{{255, 0, 0}, {0, 255, 0}}, {{0, 0, 255}, {255, 255, 255}}};
  for (int y = 0; y < 2; ++y)
    std::memcpy(&pixels[static_cast<std::size_t>(y * o.texture_width * 3)], first[y],
                sizeof first[y]);
  const std::string png = (dir / "textures" / "t.png").string();
  stbi_write_png(png.c_str(), o.texture_width, 2, 3, pixels.data(), o.texture_width * 3);
}

}  // namespace flatline::assets::testing
