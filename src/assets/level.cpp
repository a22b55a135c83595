// load_level: arena.gltf through tinygltf, then three readings of the same nodes:
//   drawn     every node with a mesh but "target": its triangles baked into world space
//   target    the "target" node's mesh, in its own space (the renderer places each target)
//   solid     every node named UBX_* (Unreal's convention for box colliders): no mesh, the
//             unit cube [-0.5, 0.5]^3 under translation = centre, scale = size
// A collider's box is computed as min = t - s*0.5f, max = t + s*0.5f in float, exactly as
// the sim's box_at() does, so a file written from the sim's numbers loads bit-identical
// (docs/assets.md). Every failure is one line that names the file and what is wrong.
#include "assets/level.hpp"

#include <filesystem>

#include "assets/gltf_read.hpp"

namespace flatline::assets {
namespace {

constexpr std::string_view kColliderPrefix = "UBX_";
constexpr const char* kTargetNode = "target";
constexpr int kMaxDepth = 64;  // deeper is taken for a cycle of children

std::string first_line(const std::string& text) {
  const std::size_t start = text.find_first_not_of("\n ");
  if (start == std::string::npos) return "unreadable";
  return text.substr(start, text.find('\n', start) - start);
}

std::string role_of(const tinygltf::Node& node) {
  if (!node.extras.IsObject() || !node.extras.Has("role")) return "";
  const tinygltf::Value& role = node.extras.Get("role");
  return role.IsString() ? role.Get<std::string>() : "";
}

// A node's translation or scale as floats; glTF 2.0's default when the node has none.
glm::vec3 vec3_or(const std::vector<double>& v, float fallback) {
  if (v.size() != 3) return glm::vec3(fallback);
  return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])};
}

// One collider: translation and scale as written, axis-aligned, at the scene's root.
bool read_collider(const tinygltf::Node& node, bool at_root, ArenaLayout& layout,
                   std::string& error) {
  if (node.mesh >= 0 || !node.children.empty() || !at_root || node.matrix.size() == 16 ||
      node.rotation.size() == 4) {
    error = "collider " + node.name +
            ": needs translation and scale only, no mesh, rotation, matrix, parent or children";
    return false;
  }
  const glm::vec3 t = vec3_or(node.translation, 0.0f);
  const glm::vec3 s = vec3_or(node.scale, 1.0f);
  const std::string role = role_of(node);
  if (role == "floor") {
    layout.floor = static_cast<int>(layout.solids.size());
    if (node.extras.Has("half_extent") && node.extras.Get("half_extent").IsNumber())
      layout.half_extent = static_cast<float>(node.extras.Get("half_extent").GetNumberAsDouble());
  } else if (role == "glass") {
    layout.thin_wall = static_cast<int>(layout.solids.size());
  }
  layout.solids.push_back({t - s * 0.5f, t + s * 0.5f});
  return true;
}

struct Reader {
  const tinygltf::Model& model;
  Level& level;
  bool found_target = false;

  bool node(int index, const glm::mat4& parent, int depth, std::string& error) {
    if (index < 0 || index >= static_cast<int>(model.nodes.size()) || depth > kMaxDepth) {
      error = "node " + std::to_string(index) + " does not exist, or the nodes form a cycle";
      return false;
    }
    const tinygltf::Node& n = model.nodes[static_cast<std::size_t>(index)];
    if (std::string_view(n.name).starts_with(kColliderPrefix))
      return read_collider(n, depth == 0, level.collision, error);
    const glm::mat4 world = parent * detail::local_transform(n);
    if (n.mesh >= 0 && !mesh(n, world, error)) return false;
    for (int child : n.children)
      if (!node(child, world, depth + 1, error)) return false;
    return true;
  }

  bool mesh(const tinygltf::Node& n, const glm::mat4& world, std::string& error) {
    if (n.mesh >= static_cast<int>(model.meshes.size())) {
      error = "node " + n.name + " names a mesh that does not exist";
      return false;
    }
    const tinygltf::Mesh& m = model.meshes[static_cast<std::size_t>(n.mesh)];
    if (n.name != kTargetNode)
      return detail::read_mesh(model, m, n.name, world, level.parts, error);
    found_target = true;
    return detail::read_mesh(model, m, n.name, glm::mat4(1.0f), level.target, error);
  }
};

// The scene's root nodes (glTF 2.0: the default scene, else the first).
const std::vector<int>* scene_roots(const tinygltf::Model& model) {
  if (model.scenes.empty()) return nullptr;
  const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;
  return &model.scenes[static_cast<std::size_t>(scene)].nodes;
}

// What the sim needs beyond well-formed boxes: some colliders, the floor and the glass.
bool check_layout(const ArenaLayout& layout, std::string& error) {
  if (layout.solids.empty())
    error = "no collider nodes (names starting \"UBX_\")";
  else if (layout.floor < 0)
    error = "no collider with extras {\"role\": \"floor\"}";
  else if (layout.half_extent <= 0.0f)
    error = "the floor collider has no extras \"half_extent\" (the playable square)";
  else if (layout.thin_wall < 0)
    error = "no collider with extras {\"role\": \"glass\"}";
  return error.empty();
}

bool read_nodes(const tinygltf::Model& model, Level& level, std::string& error) {
  const std::vector<int>* roots = scene_roots(model);
  if (roots == nullptr) {
    error = "no scene";
    return false;
  }
  Reader reader{model, level};
  for (int root : *roots)
    if (!reader.node(root, glm::mat4(1.0f), 0, error)) return false;
  if (!reader.found_target) {
    error = "no node named \"target\" with a mesh (the target model)";
    return false;
  }
  return check_layout(level.collision, error);
}

// tinygltf looks for a file the .gltf names beside it and then in the working directory:
// only beside it counts here, or a stray arena.bin in the working directory would be read.
bool exists_beside(const std::string& path, void* dir) {
  return path.starts_with(*static_cast<const std::string*>(dir)) &&
         tinygltf::FileExists(path, nullptr);
}

// tinygltf's first complaint, as one line naming the file it is about.
std::string explain(const std::string& why, const std::string& dir, const std::string& file) {
  constexpr std::string_view kNotFound = "File not found : ";
  if (why.starts_with(kNotFound))
    return dir + "/" + why.substr(kNotFound.size()) + ": missing (" + file + " names it)";
  constexpr std::string_view kSize = "File size mismatch : ";  // "PATH, requestedBytes ..."
  if (why.starts_with(kSize)) {
    const std::size_t comma = why.find(", ", kSize.size());
    return why.substr(kSize.size(), comma - kSize.size()) + ": not the size " + file + " gives (" +
           why.substr(comma + 2) + ")";
  }
  if (why.find("json") != std::string::npos || why.find("JSON") != std::string::npos)
    return file + ": not valid JSON: " + why;
  return why.find(dir) != std::string::npos ? why : file + ": " + why;
}

bool parse(const std::string& dir, const std::string& file, tinygltf::Model& model,
           std::string& error) {
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  loader.SetImageLoader(&detail::decode_image, const_cast<std::string*>(&dir));
  loader.SetFsCallbacks({&exists_beside, &tinygltf::ExpandFilePath, &tinygltf::ReadWholeFile,
                         &tinygltf::WriteWholeFile, const_cast<std::string*>(&dir)});
  if (!loader.LoadASCIIFromFile(&model, &err, &warn, file)) {
    error = explain(first_line(err), dir, file);
    return false;
  }
  return true;
}

}  // namespace

bool load_level(const std::string& dir, Level& level, std::string& error) {
  namespace fs = std::filesystem;
  level = Level{};
  const std::string file = dir + "/arena.gltf";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    error = dir + ": no such folder (the level's assets)";
    return false;
  }
  if (!fs::is_regular_file(file, ec)) {
    error = file + ": missing (the level)";
    return false;
  }
  tinygltf::Model model;
  std::string why;
  if (!parse(dir, file, model, error)) return false;
  level.source = file;
  if (!detail::read_images(model, dir, level, error)) return false;
  detail::read_materials(model, level);
  if (!read_nodes(model, level, why)) {
    error = file + ": " + why;
    return false;
  }
  return true;
}

int material_named(const Level& level, std::string_view name) {
  for (std::size_t i = 0; i < level.materials.size(); ++i)
    if (level.materials[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace flatline::assets
