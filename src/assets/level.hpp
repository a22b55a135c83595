// The level as the glTF file in assets/ describes it: what is drawn (meshes, materials,
// textures) and what is solid (the same triangles, and box colliders), read from one file so
// they cannot disagree. No GL here: the renderer uploads what this loads; the sim gets only
// the collision.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "sim/arena.hpp"

namespace flatline::assets {

// One vertex as the renderer's mesh shaders read it: 32 bytes.
struct Vertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  glm::vec2 uv{0.0f};
};
static_assert(sizeof(Vertex) == 32);

// An RGBA8 image, rows top to bottom, as stb_image decodes a PNG.
struct Image {
  std::string name;  // the file, for error messages and debug labels
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4
};

struct Material {
  std::string name;
  glm::vec4 base_color{1.0f};  // linear, multiplied with the texture
  int texture = -1;            // index into Level::images, or -1
  float roughness = 1.0f;
  bool blend = false;  // alphaMode BLEND (the glass)
};

// Triangles in one material. A level part is already in world space (node transforms
// applied at load); the target mesh is in its own space, a unit box's size.
struct Mesh {
  std::string name;
  std::vector<Vertex> vertices;
  std::vector<std::uint32_t> indices;
  int material = 0;  // index into Level::materials
};

struct Level {
  std::vector<Mesh> parts;   // the arena as drawn: floor, walls, crates, the glass
  std::vector<Mesh> target;  // the target model (node "target"), unit size, centred
  std::vector<Material> materials;
  std::vector<Image> images;
  // What collides, as the sim reads it: every part's triangles in world space (as drawn), and
  // the collider nodes (names starting "UBX_"): the floor, the glass, any invisible blocker.
  ArenaLayout collision;
  std::string source;  // the .gltf file read
};

// Reads `dir`/arena.gltf (its .bin and PNG textures beside it). On failure returns false
// and sets `error` to one line naming the file, the field and what is wrong; a level past
// what the game can take (assets/level_limits.hpp) is refused the same way.
bool load_level(const std::string& dir, Level& level, std::string& error);

// The same, for the text of an arena.gltf given here (its files still read from `dir`):
// what the level fuzzer (tests/fuzz/level_fuzz.cpp) feeds.
bool load_level_text(const std::string& dir, std::string_view gltf, Level& level,
                     std::string& error);

// The index of the material called `name` in level.materials ("decal": the bullet hole,
// used by no mesh), or -1.
int material_named(const Level& level, std::string_view name);

}  // namespace flatline::assets
