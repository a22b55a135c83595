// The loader's inside: reading tinygltf's Model into the Level's plain types, after
// check_gltf_json (gltf_json.hpp) has passed the file's JSON. Only the assets/ sources
// include this (it brings in tiny_gltf.h); users see level.hpp.
#pragma once

#include <cstdint>
#include <string>

#include <tiny_gltf.h>
#include <glm/mat4x4.hpp>

#include "assets/gltf_json_fields.hpp"
#include "assets/level.hpp"
#include "assets/level_limits.hpp"

namespace flatline::assets::detail {

inline bool fail(std::string& error, std::string what) {
  error = std::move(what);
  return false;
}

// What the level holds so far, against level_limits.hpp.
struct Totals {
  std::size_t vertices = 0;
  std::size_t triangles = 0;
  std::size_t collision_triangles = 0;  // the level's parts' (not the target's)
  std::uint64_t texels = 0;
};

// What the image loader tinygltf calls is given: the folder of the .gltf (to name a file
// in errors) and the texels decoded so far.
struct ImageContext {
  std::string dir;
  Totals* totals = nullptr;
};

// The image loader tinygltf calls for each image (stb_image, always to RGBA8); `user` is an
// ImageContext. The size is checked against the limits before anything is decoded.
bool decode_image(tinygltf::Image* image, int index, std::string* err, std::string* warn,
                  int req_width, int req_height, const unsigned char* bytes, int size, void* user);

// The file tinygltf names for a buffer or image, read whole: a regular file beside the .gltf
// of at most limits::kFileBytes (`user`: the folder).
bool file_exists_beside(const std::string& path, void* dir);
bool read_file(std::vector<unsigned char>* out, std::string* err, const std::string& path,
               void* dir);

// The decoded images and the materials. False with one line in `error`.
bool read_images(const tinygltf::Model& model, const std::string& dir, Level& level,
                 std::string& error);
void read_materials(const tinygltf::Model& model, Level& level);

// The triangles of meshes[mesh], positions and normals through `to_world` (identity: its
// own space), one Mesh per primitive appended to `out`, counted into `totals`. False with
// the reason in `error`.
bool read_mesh(const tinygltf::Model& model, int mesh, const std::string& name,
               const glm::mat4& to_world, Totals& totals, std::vector<Mesh>& out,
               std::string& error);

// The node's own transform: its matrix, else translation * rotation * scale (glTF 2.0).
glm::mat4 local_transform(const tinygltf::Node& node);

// The default scene's node tree: the drawn parts, the target and the colliders (gltf_nodes.cpp).
bool read_nodes(const tinygltf::Model& model, Level& level, Totals& totals, std::string& error);

}  // namespace flatline::assets::detail
