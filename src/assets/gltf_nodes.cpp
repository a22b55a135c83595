// read_nodes (gltf_read.hpp): the default scene's nodes, read three ways:
//   drawn     every node with a mesh but "target": its triangles baked into world space,
//             drawn, and the same triangles collide (level.collision.triangles)
//   target    the "target" node's mesh, in its own space (the renderer places each target)
//   solid     every node named UBX_* (Unreal's convention for box colliders): no mesh, the
//             unit cube [-0.5, 0.5]^3 under translation = centre, scale = size: the floor
//             and the glass the sim names by role, and any invisible blocker
// glTF 2.0 nodes form strict trees (spec 3.5.1: no node has two parents, a root none): that
// is checked first, so the walk below reaches each node once and always ends.
// A collider's box is computed as min = t - s*0.5f, max = t + s*0.5f in float, exactly as
// the sim's box_at() does, so a file written from the sim's numbers loads bit-identical
// (docs/assets.md). Triangles and colliders are what the sim's BVH and the lab's grids are
// built from: level_limits.hpp bounds them here, so those never see what they cannot take.
// A degenerate triangle (no area) is kept: the BVH skips and counts it.
#include <string_view>

#include "assets/gltf_read.hpp"

namespace flatline::assets::detail {
namespace {

constexpr std::string_view kColliderPrefix = "UBX_";
constexpr const char* kTargetNode = "target";

std::string node_name(const tinygltf::Model& model, int index) {
  return "nodes[" + std::to_string(index) + "] \"" +
         printable(model.nodes[static_cast<std::size_t>(index)].name) + "\"";
}

// Each node a child of one parent at most, listed once; each root of no parent, listed once.
bool check_tree(const tinygltf::Model& model, const std::vector<int>& roots, std::string& error) {
  std::vector<int> parent(model.nodes.size(), -1);
  for (std::size_t p = 0; p < model.nodes.size(); ++p)
    for (int child : model.nodes[p].children) {
      int& slot = parent.at(static_cast<std::size_t>(child));
      if (slot >= 0)
        return fail(error, node_name(model, child) + " is a child of nodes[" +
                               std::to_string(slot) + "] and again of nodes[" + std::to_string(p) +
                               "] (glTF nodes form a strict tree: one parent, listed once)");
      slot = static_cast<int>(p);
    }
  std::vector<char> listed(model.nodes.size(), 0);
  for (int root : roots) {
    const auto r = static_cast<std::size_t>(root);
    if (parent.at(r) >= 0 || listed[r])
      return fail(error, "the scene lists " + node_name(model, root) +
                             (listed[r] ? " twice"
                                        : ", a child of nodes[" + std::to_string(parent[r]) + "]") +
                             " (glTF nodes form a strict tree)");
    listed[r] = 1;
  }
  return true;
}

std::string role_of(const tinygltf::Node& node) {
  if (!node.extras.IsObject() || !node.extras.Has("role")) return "";
  const tinygltf::Value& role = node.extras.Get("role");
  return role.IsString() ? role.Get<std::string>() : "";
}

std::string vec_text(const glm::vec3& v) {
  std::string text = "[";
  text += num(v.x);
  text += ", ";
  text += num(v.y);
  text += ", ";
  text += num(v.z);
  text += "]";
  return text;
}

// One collider: translation and scale as written, axis-aligned, at the scene's root, with
// a volume (no zero or negative size: inside out), within limits::kCoordinate.
bool read_collider(const tinygltf::Model& model, int index, bool at_root, ArenaLayout& layout,
                   std::string& error) {
  const tinygltf::Node& node = model.nodes[static_cast<std::size_t>(index)];
  const std::string at = node_name(model, index);
  if (node.mesh >= 0 || !node.children.empty() || !at_root || node.matrix.size() == 16 ||
      node.rotation.size() == 4)
    return fail(error, at + ": a collider needs translation and scale only, no mesh, rotation, "
                            "matrix, parent or children");
  if (layout.solids.size() >= limits::kColliders)
    return fail(error, at + " is collider " + std::to_string(layout.solids.size() + 1) +
                           ", past the limit of " + std::to_string(limits::kColliders));
  glm::vec3 t(0.0f), s(1.0f);  // glTF 2.0's defaults (the JSON check allows 3 numbers or none)
  for (int a = 0; a < 3; ++a) {
    if (node.translation.size() == 3)
      t[a] = static_cast<float>(node.translation[static_cast<std::size_t>(a)]);
    if (node.scale.size() == 3) s[a] = static_cast<float>(node.scale[static_cast<std::size_t>(a)]);
  }
  const Aabb box{t - s * 0.5f, t + s * 0.5f};
  for (int a = 0; a < 3; ++a)
    if (!(std::fabs(box.min[a]) <= limits::kCoordinate &&
          std::fabs(box.max[a]) <= limits::kCoordinate))
      return fail(error, at + " reaches from " + vec_text(box.min) + " to " + vec_text(box.max) +
                             ", past the level's limit of " + num(limits::kCoordinate) + " m");
  for (int a = 0; a < 3; ++a)
    if (!(s[a] > 0.0f) || !(box.min[a] < box.max[a]))
      return fail(error, at + " scale " + vec_text(s) +
                             " is zero, negative or too small to separate its faces (a collider "
                             "needs a volume, not inside out)");
  const std::string role = role_of(node);
  if (role == "floor") {
    layout.floor = static_cast<int>(layout.solids.size());
    if (node.extras.Has("half_extent") && node.extras.Get("half_extent").IsNumber())
      layout.half_extent = static_cast<float>(node.extras.Get("half_extent").GetNumberAsDouble());
  } else if (role == "glass") {
    layout.thin_wall = static_cast<int>(layout.solids.size());
  }
  layout.solids.push_back(box);
  return true;
}

struct Reader {
  const tinygltf::Model& model;
  Level& level;
  Totals& totals;
  bool found_target = false;

  bool node(int index, const glm::mat4& parent, int depth, std::string& error) {
    if (depth > limits::kNodeDepth)
      return fail(error, node_name(model, index) + " is nested deeper than " +
                             std::to_string(limits::kNodeDepth) + " nodes");
    const tinygltf::Node& n = model.nodes.at(static_cast<std::size_t>(index));
    if (std::string_view(n.name).starts_with(kColliderPrefix))
      return read_collider(model, index, depth == 0, level.collision, error);
    const glm::mat4 world = parent * local_transform(n);
    if (n.mesh >= 0 && !mesh(index, world, error)) return false;
    for (int child : n.children)
      if (!node(child, world, depth + 1, error)) return false;
    return true;
  }

  bool mesh(int index, const glm::mat4& world, std::string& error) {
    const tinygltf::Node& n = model.nodes[static_cast<std::size_t>(index)];
    const bool target = n.name == kTargetNode;
    found_target |= target;
    std::vector<Mesh>& out = target ? level.target : level.parts;
    const std::size_t first = out.size();
    const bool read =
        (target || count_collision(n.mesh, error)) &&
        read_mesh(model, n.mesh, n.name, target ? glm::mat4(1.0f) : world, totals, out, error);
    if (!read) error = node_name(model, index) + " mesh " + error;
    if (read && !target) add_collision(first);
    return read;
  }

  // The level's collision grows by the mesh's triangles, as its accessors declare them
  // (before any is read): refused past limits::kCollisionTriangles.
  bool count_collision(int mesh_index, std::string& error) {
    const tinygltf::Mesh& mesh = model.meshes.at(static_cast<std::size_t>(mesh_index));
    std::size_t declared = 0;
    for (const tinygltf::Primitive& p : mesh.primitives) {
      const auto position = p.attributes.find("POSITION");
      const int accessor = p.indices >= 0                   ? p.indices
                           : position != p.attributes.end() ? position->second
                                                            : -1;
      if (accessor >= 0 && static_cast<std::size_t>(accessor) < model.accessors.size())
        declared += model.accessors[static_cast<std::size_t>(accessor)].count / 3;
    }
    if (declared > limits::kCollisionTriangles - totals.collision_triangles)
      return fail(error, "meshes[" + std::to_string(mesh_index) + "] \"" + printable(mesh.name) +
                             "\" has " + std::to_string(declared) +
                             " triangles, taking the level's collision past its limit of " +
                             std::to_string(limits::kCollisionTriangles) + " triangles");
    totals.collision_triangles += declared;
    return true;
  }

  // The parts just read, from `first` on: their triangles, in world space, collide.
  void add_collision(std::size_t first) {
    std::vector<Triangle>& triangles = level.collision.triangles;
    for (std::size_t m = first; m < level.parts.size(); ++m) {
      const Mesh& part = level.parts[m];
      for (std::size_t i = 0; i + 2 < part.indices.size(); i += 3)
        triangles.push_back({part.vertices[part.indices[i]].position,
                             part.vertices[part.indices[i + 1]].position,
                             part.vertices[part.indices[i + 2]].position});
    }
  }
};

// The level together, colliders and triangles, against what the sim's BVH and the lab's
// grids can take (level_limits.hpp).
bool check_extent(const ArenaLayout& layout, std::string& error) {
  Aabb all = layout.solids.front();
  for (const Aabb& b : layout.solids) {
    all.min = glm::min(all.min, b.min);
    all.max = glm::max(all.max, b.max);
  }
  for (const Triangle& t : layout.triangles)
    for (const glm::vec3& v : {t.a, t.b, t.c}) {
      all.min = glm::min(all.min, v);
      all.max = glm::max(all.max, v);
    }
  const glm::vec3 span = all.size();
  for (int a = 0; a < 3; ++a)
    if (span[a] > limits::kSpan)
      return fail(error, "the level (its colliders and triangles) spans " + num(span[a]) +
                             " m along " + std::string(1, "xyz"[a]) + ", over the limit of " +
                             num(limits::kSpan) + " m");
  // The clearance grid's volume: the level's and the stage's, where the targets stand; its
  // boxes: the colliders and the targets (level_limits.hpp says why not the triangles).
  const glm::vec3 stage_min(-limits::kStageHalfWidth, limits::kStageLow, -limits::kStageHalfWidth);
  const glm::vec3 stage_max(limits::kStageHalfWidth, limits::kStageHigh, limits::kStageHalfWidth);
  const glm::vec3 size = glm::max(all.max, stage_max) - glm::min(all.min, stage_min);
  const std::size_t boxes = layout.solids.size() + limits::kStageBoxes;
  const double work = static_cast<double>(boxes) * size.x * size.y * size.z;
  if (work > limits::kBoxVolume)
    return fail(error, std::to_string(layout.solids.size()) + " colliders and the sim's " +
                           std::to_string(limits::kStageBoxes) + " targets in " + vec_text(size) +
                           " m make " + num(work / 1e6) + "M box-m^3, over the limit of " +
                           num(limits::kBoxVolume / 1e6) +
                           "M (the bullets' clearance grid tests every box in every cell at load)");
  return true;
}

// What the sim needs beyond well-formed boxes: some colliders, the floor and the glass.
bool check_layout(const ArenaLayout& layout, std::string& error) {
  if (layout.solids.empty()) return fail(error, "no collider nodes (names starting \"UBX_\")");
  if (layout.floor < 0) return fail(error, "no collider with extras {\"role\": \"floor\"}");
  if (!(layout.half_extent > 0.0f && layout.half_extent <= limits::kSpan * 0.5f))
    return fail(error, "the floor collider's extras \"half_extent\" (the playable square) is " +
                           num(layout.half_extent) + ", needs a number in (0, " +
                           num(limits::kSpan * 0.5f) + "]");
  if (layout.thin_wall < 0) return fail(error, "no collider with extras {\"role\": \"glass\"}");
  return check_extent(layout, error);
}

}  // namespace

bool read_nodes(const tinygltf::Model& model, Level& level, Totals& totals, std::string& error) {
  if (model.scenes.empty()) return fail(error, "no scene");
  const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;  // glTF 2.0: else the first
  const std::vector<int>& roots = model.scenes.at(static_cast<std::size_t>(scene)).nodes;
  if (!check_tree(model, roots, error)) return false;
  Reader reader{model, level, totals};
  for (int root : roots)
    if (!reader.node(root, glm::mat4(1.0f), 0, error)) return false;
  if (!reader.found_target)
    return fail(error, "no node named \"target\" with a mesh (the target model)");
  return check_layout(level.collision, error);
}

}  // namespace flatline::assets::detail
