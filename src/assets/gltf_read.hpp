// The loader's inside: reading tinygltf's Model into the Level's plain types. Only the
// assets/ sources include this (it brings in tiny_gltf.h); users see level.hpp.
#pragma once

#include <string>

#include <tiny_gltf.h>
#include <glm/mat4x4.hpp>

#include "assets/level.hpp"

namespace flatline::assets::detail {

// The image loader tinygltf calls for each image (stb_image, always to RGBA8); `user` is
// the folder of the .gltf, to name a file in errors.
bool decode_image(tinygltf::Image* image, int index, std::string* err, std::string* warn,
                  int req_width, int req_height, const unsigned char* bytes, int size, void* user);

// The decoded images and the materials. False with one line in `error`.
bool read_images(const tinygltf::Model& model, const std::string& dir, Level& level,
                 std::string& error);
void read_materials(const tinygltf::Model& model, Level& level);

// The triangles of `mesh`, positions and normals through `to_world` (identity: its own
// space), one Mesh per primitive appended to `out`. False with the reason in `error`.
bool read_mesh(const tinygltf::Model& model, const tinygltf::Mesh& mesh, const std::string& name,
               const glm::mat4& to_world, std::vector<Mesh>& out, std::string& error);

// The node's own transform: its matrix, else translation * rotation * scale (glTF 2.0).
glm::mat4 local_transform(const tinygltf::Node& node);

}  // namespace flatline::assets::detail
