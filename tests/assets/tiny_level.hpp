// A tiny glTF level written by a test into a temp folder: one triangle mesh drawn twice (a
// part moved by its node, and the target), three UBX_ colliders (floor, glass, a box), two
// materials (one textured by a 2x2 RGB PNG), and the switches to break each piece.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace flatline::assets::testing {

struct TinyLevel {
  bool colliders = true;
  bool floor_role = true;
  bool glass_role = true;
  bool target = true;
  bool rotated_box = false;  // colliders are axis-aligned: refused
  int texture_width = 2;     // 3: not a power of two; 8192: past the loader's limit
};

// The three vertices of the triangle, in the mesh's own space.
inline constexpr float kTriangle[3][3] = {
    {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}};
inline constexpr float kPartOffset = 10.0f;  // the part node's translation on x
inline constexpr std::uintmax_t kBinBytes = 104;

// Writes dir/arena.gltf, dir/arena.bin and dir/textures/t.png (replacing what is there).
void write_tiny_level(const std::filesystem::path& dir, const TinyLevel& options = {});

// Its nodes: the part, the target, then the colliders UBX_floor, UBX_pane and UBX_box.
inline constexpr int kPartNode = 0, kTargetNode = 1, kFloorNode = 2, kPaneNode = 3, kBoxNode = 4;
// Its accessors: POSITION, NORMAL, TEXCOORD_0 and the indices, one buffer view each.
inline constexpr int kPositions = 0, kNormals = 1, kUvs = 2, kIndices = 3;

// The tiny level written, then its arena.gltf changed by `edit` on the parsed JSON: the
// one field a test breaks, as a person editing the file would.
void write_edited_level(const std::filesystem::path& dir,
                        const std::function<void(nlohmann::json&)>& edit,
                        const TinyLevel& options = {});

// The text of the tiny level's arena.gltf, as write_tiny_level writes it.
std::string tiny_gltf_text(const TinyLevel& options = {});

}  // namespace flatline::assets::testing
