// Meshes: each triangle primitive's POSITION, NORMAL and TEXCOORD_0 accessors and its
// indices (glTF 2.0 spec, sections 3.6-3.7). Each accessor's type is checked for its use,
// its bytes against its buffer view and buffer in 64-bit arithmetic that cannot wrap, every
// value read is finite, and the level's vertex and triangle totals stay within
// level_limits.hpp before anything is allocated; then the vertices move into the space the
// caller asks for.
#include <cstring>

#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

#include "assets/gltf_read.hpp"

namespace flatline::assets::detail {
namespace {

// Where an accessor's elements are: the first byte and the distance between elements.
struct Span {
  const unsigned char* first = nullptr;
  std::uint64_t stride = 0;
  std::uint64_t count = 0;
};

std::string accessor_name(int index) {
  return "accessors[" + std::to_string(index) + "]";
}

// The accessor's bytes, if `count` elements of `element` bytes, `stride` apart, lie inside
// its buffer view, and the view inside its buffer. No sum or product here can wrap: each is
// checked (the JSON check already bounds every offset and length by limits::kFileBytes).
bool span_of(const tinygltf::Model& model, int index, std::uint64_t element,
             std::uint64_t component, Span& span, std::string& error) {
  const std::string at = accessor_name(index);
  if (index < 0 || static_cast<std::size_t>(index) >= model.accessors.size())
    return fail(error, at + " does not exist");
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(index)];
  if (a.bufferView < 0 || static_cast<std::size_t>(a.bufferView) >= model.bufferViews.size() ||
      a.sparse.isSparse)
    return fail(error, at + " has no buffer view (or is sparse)");
  const std::string view_at = "bufferViews[" + std::to_string(a.bufferView) + "]";
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size())
    return fail(error, view_at + " has no buffer");
  const std::vector<unsigned char>& buffer =
      model.buffers[static_cast<std::size_t>(view.buffer)].data;
  const std::uint64_t stride = view.byteStride > 0 ? view.byteStride : element;
  if (stride < element)
    return fail(error, view_at + " byteStride " + std::to_string(stride) + " is less than " + at +
                           "'s element size, " + std::to_string(element) + " bytes");
  if (stride % component != 0 || a.byteOffset % component != 0)
    return fail(error, at + " byteOffset " + std::to_string(a.byteOffset) + " or " + view_at +
                           " byteStride " + std::to_string(stride) + " is not a multiple of " +
                           std::to_string(component) + " (its component size)");
  if (view.byteOffset > buffer.size() || view.byteLength > buffer.size() - view.byteOffset)
    return fail(error,
                view_at + " runs past the end of buffers[" + std::to_string(view.buffer) + "]");
  std::uint64_t need = 0;  // a.byteOffset + (count - 1) * stride + element
  const bool wraps = a.count == 0 || __builtin_mul_overflow(a.count - 1, stride, &need) ||
                     __builtin_add_overflow(need, element, &need) ||
                     __builtin_add_overflow(need, a.byteOffset, &need);
  if (wraps || need > view.byteLength)
    return fail(error, at + " count " + std::to_string(a.count) + " of " + std::to_string(element) +
                           " bytes every " + std::to_string(stride) + " from byteOffset " +
                           std::to_string(a.byteOffset) + " runs past the end of " + view_at +
                           " (" + std::to_string(view.byteLength) + " bytes)");
  span = {buffer.data() + view.byteOffset + a.byteOffset, stride, a.count};
  return true;
}

const char* type_name(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return "SCALAR";
    case TINYGLTF_TYPE_VEC2:
      return "VEC2";
    case TINYGLTF_TYPE_VEC3:
      return "VEC3";
    default:
      return "another type";
  }
}

// Reads `n` floats per element of the attribute into each vertex through `put`.
template <class Put>
bool read_floats(const tinygltf::Model& model, const tinygltf::Primitive& p, const char* name,
                 int type, std::size_t n, Totals& totals, std::vector<Vertex>& vertices, Put put,
                 std::string& error) {
  const auto it = p.attributes.find(name);
  if (it == p.attributes.end()) return true;  // optional (POSITION is checked before)
  const std::string at = std::string(name) + ": " + accessor_name(it->second);
  const tinygltf::Accessor& a = model.accessors.at(static_cast<std::size_t>(it->second));
  if (a.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT || a.type != type)
    return fail(error, at + " is " + type_name(a.type) + " of componentType " +
                           std::to_string(a.componentType) + ", needs " + type_name(type) +
                           " of FLOAT (5126)");
  if (vertices.empty()) {  // POSITION: the level's vertex total grows by its count
    if (a.count > limits::kVertices - totals.vertices)
      return fail(error, at + " count " + std::to_string(a.count) +
                             " takes the level past its limit of " +
                             std::to_string(limits::kVertices) + " vertices");
    totals.vertices += a.count;
  }
  Span span;
  if (!span_of(model, it->second, n * sizeof(float), sizeof(float), span, error))
    return fail(error, std::string(name) + ": " + error);
  if (vertices.empty()) vertices.resize(span.count);
  if (span.count != vertices.size())
    return fail(error, at + " count " + std::to_string(span.count) + " is not POSITION's " +
                           std::to_string(vertices.size()));
  float v[3] = {0.0f, 0.0f, 0.0f};
  for (std::size_t i = 0; i < span.count; ++i) {
    std::memcpy(v, span.first + i * span.stride, n * sizeof(float));
    for (std::size_t c = 0; c < n; ++c)
      if (!std::isfinite(v[c]))
        return fail(error, at + " element " + std::to_string(i) + " is not finite");
    put(vertices[i], v);
  }
  return true;
}

std::uint32_t index_at(const unsigned char* at, std::uint64_t size) {
  if (size == 1) return *at;
  if (size == 2) {
    std::uint16_t v;
    std::memcpy(&v, at, sizeof v);
    return v;
  }
  std::uint32_t v;
  std::memcpy(&v, at, sizeof v);
  return v;
}

bool add_triangles(std::uint64_t indices, const std::string& at, Totals& totals,
                   std::string& error) {
  if (indices % 3 != 0)
    return fail(error, at + " count " + std::to_string(indices) +
                           " is not a whole number of triangles (a multiple of 3)");
  if (indices / 3 > limits::kTriangles - totals.triangles)
    return fail(error, at + " count " + std::to_string(indices) +
                           " takes the level past its limit of " +
                           std::to_string(limits::kTriangles) + " triangles");
  totals.triangles += indices / 3;
  return true;
}

bool read_indices(const tinygltf::Model& model, const tinygltf::Primitive& p, Totals& totals,
                  Mesh& mesh, std::string& error) {
  if (p.indices < 0) {  // non-indexed: every three vertices a triangle
    if (!add_triangles(mesh.vertices.size(), "POSITION", totals, error)) return false;
    for (std::uint32_t i = 0; i < mesh.vertices.size(); ++i)
      mesh.indices.push_back(i);
    return true;
  }
  const std::string at = "indices: " + accessor_name(p.indices);
  const tinygltf::Accessor& a = model.accessors.at(static_cast<std::size_t>(p.indices));
  const int component = a.componentType;
  if (a.type != TINYGLTF_TYPE_SCALAR || (component != TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE &&
                                         component != TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT &&
                                         component != TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT))
    return fail(error, at + " is " + type_name(a.type) + " of componentType " +
                           std::to_string(component) +
                           ", needs SCALAR of an unsigned integer (5121, 5123 or 5125)");
  const auto size = static_cast<std::uint64_t>(
      tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(component)));
  Span span;
  if (!add_triangles(a.count, at, totals, error)) return false;
  if (!span_of(model, p.indices, size, size, span, error)) return fail(error, "indices: " + error);
  mesh.indices.reserve(span.count);
  for (std::size_t i = 0; i < span.count; ++i) {
    const std::uint32_t index = index_at(span.first + i * span.stride, size);
    if (index >= mesh.vertices.size())
      return fail(error, at + " element " + std::to_string(i) + " is " + std::to_string(index) +
                             ", past the " + std::to_string(mesh.vertices.size()) + " vertices");
    mesh.indices.push_back(index);
  }
  return true;
}

bool read_primitive(const tinygltf::Model& model, const tinygltf::Primitive& p, Totals& totals,
                    Mesh& mesh, std::string& error) {
  if (p.mode != TINYGLTF_MODE_TRIANGLES)
    return fail(error, "mode " + std::to_string(p.mode) + " is not triangles (4)");
  if (p.material < 0 || p.material >= static_cast<int>(model.materials.size()))
    return fail(error, "has no material");
  if (p.attributes.count("POSITION") == 0) return fail(error, "has no POSITION");
  mesh.material = p.material;
  auto& v = mesh.vertices;
  return read_floats(
             model, p, "POSITION", TINYGLTF_TYPE_VEC3, 3, totals, v,
             [](Vertex& x, const float* f) {
               x.position = {f[0], f[1], f[2]};
             },
             error) &&
         read_floats(
             model, p, "NORMAL", TINYGLTF_TYPE_VEC3, 3, totals, v,
             [](Vertex& x, const float* f) {
               x.normal = {f[0], f[1], f[2]};
             },
             error) &&
         read_floats(
             model, p, "TEXCOORD_0", TINYGLTF_TYPE_VEC2, 2, totals, v,
             [](Vertex& x, const float* f) {
               x.uv = {f[0], f[1]};
             },
             error) &&
         read_indices(model, p, totals, mesh, error);
}

// Into world space (the identity leaves the mesh as stored): every position within
// limits::kCoordinate, every normal finite (a transform that scales an axis to zero has none).
bool transform(Mesh& mesh, const glm::mat4& to_world, std::string& error) {
  const bool moves = to_world != glm::mat4(1.0f);
  const glm::mat3 normals = glm::inverseTranspose(glm::mat3(to_world));
  for (Vertex& v : mesh.vertices) {
    if (moves) {
      v.position = glm::vec3(to_world * glm::vec4(v.position, 1.0f));
      v.normal = glm::normalize(normals * v.normal);
    }
    for (int a = 0; a < 3; ++a) {
      if (!(std::fabs(v.position[a]) <= limits::kCoordinate))
        return fail(error, "a vertex lands at " + num(v.position[a]) +
                               ", past the level's limit of " + num(limits::kCoordinate) + " m");
      if (!std::isfinite(v.normal[a]))
        return fail(error, "a normal is zero, or the node's transform scales an axis to zero");
    }
  }
  return true;
}

}  // namespace

bool read_mesh(const tinygltf::Model& model, int mesh_index, const std::string& name,
               const glm::mat4& to_world, Totals& totals, std::vector<Mesh>& out,
               std::string& error) {
  const tinygltf::Mesh& mesh = model.meshes.at(static_cast<std::size_t>(mesh_index));
  const std::string at =
      "meshes[" + std::to_string(mesh_index) + "] \"" + printable(mesh.name) + "\" primitives[";
  for (std::size_t i = 0; i < mesh.primitives.size(); ++i) {
    Mesh part;
    part.name = name;
    if (!read_primitive(model, mesh.primitives[i], totals, part, error) ||
        !transform(part, to_world, error)) {
      error = at + std::to_string(i) + "] " + error;
      return false;
    }
    out.push_back(std::move(part));
  }
  return true;
}

glm::mat4 local_transform(const tinygltf::Node& node) {
  if (node.matrix.size() == 16) {
    glm::mat4 m(1.0f);
    for (int i = 0; i < 16; ++i)
      m[i / 4][i % 4] = static_cast<float>(node.matrix[static_cast<std::size_t>(i)]);
    return m;  // column-major, as glTF stores it
  }
  glm::mat4 m(1.0f);
  if (node.translation.size() == 3)
    m = glm::translate(m, glm::vec3(node.translation[0], node.translation[1], node.translation[2]));
  if (node.rotation.size() == 4)
    m *= glm::mat4_cast(
        glm::quat(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                  static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2])));
  if (node.scale.size() == 3)
    m = glm::scale(m, glm::vec3(node.scale[0], node.scale[1], node.scale[2]));
  return m;
}

}  // namespace flatline::assets::detail
