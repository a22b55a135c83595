// Meshes: each triangle primitive's POSITION, NORMAL and TEXCOORD_0 accessors and its
// indices (glTF 2.0 spec, section 3.6-3.7), bounds-checked against the buffer, then moved
// into the space the caller asks for.
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
  std::size_t stride = 0;
  std::size_t count = 0;
};

// The accessor's bytes, if they lie inside its buffer view and the buffer.
bool span_of(const tinygltf::Model& model, int index, std::size_t element_size, Span& span,
             std::string& error) {
  if (index < 0 || index >= static_cast<int>(model.accessors.size())) {
    error = "accessor " + std::to_string(index) + " does not exist";
    return false;
  }
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(index)];
  if (a.bufferView < 0 || a.bufferView >= static_cast<int>(model.bufferViews.size()) ||
      a.sparse.isSparse) {
    error = "accessor " + std::to_string(index) + " has no buffer view (or is sparse)";
    return false;
  }
  const tinygltf::BufferView& view = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
    error = "accessor " + std::to_string(index) + "'s buffer view has no buffer";
    return false;
  }
  const tinygltf::Buffer& buffer = model.buffers[static_cast<std::size_t>(view.buffer)];
  span.stride = view.byteStride > 0 ? view.byteStride : element_size;
  span.count = a.count;
  const std::size_t need = a.count == 0 ? 0 : (a.count - 1) * span.stride + element_size;
  if (a.byteOffset + need > view.byteLength ||
      view.byteOffset + view.byteLength > buffer.data.size()) {
    error = "accessor " + std::to_string(index) + " runs past the end of its buffer";
    return false;
  }
  span.first = buffer.data.data() + view.byteOffset + a.byteOffset;
  return true;
}

bool is_float(const tinygltf::Model& model, int accessor, int type) {
  const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
  return a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT && a.type == type;
}

// Reads `n` floats per element of the attribute into each vertex through `put`.
template <class Put>
bool read_floats(const tinygltf::Model& model, const tinygltf::Primitive& p, const char* name,
                 int type, std::size_t n, std::vector<Vertex>& vertices, Put put,
                 std::string& error) {
  const auto it = p.attributes.find(name);
  if (it == p.attributes.end()) return true;  // optional (POSITION is checked before)
  Span span;
  if (!span_of(model, it->second, n * sizeof(float), span, error)) return false;
  if (!is_float(model, it->second, type)) {
    error = std::string(name) + " is not float";
    return false;
  }
  if (vertices.empty()) vertices.resize(span.count);
  if (span.count != vertices.size()) {
    error = std::string(name) + " has a different vertex count from POSITION";
    return false;
  }
  float v[3] = {0.0f, 0.0f, 0.0f};
  for (std::size_t i = 0; i < span.count; ++i) {
    std::memcpy(v, span.first + i * span.stride, n * sizeof(float));
    put(vertices[i], v);
  }
  return true;
}

std::uint32_t index_at(const unsigned char* at, int component) {
  if (component == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE) return *at;
  if (component == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) {
    std::uint16_t v;
    std::memcpy(&v, at, sizeof v);
    return v;
  }
  std::uint32_t v;
  std::memcpy(&v, at, sizeof v);
  return v;
}

bool read_indices(const tinygltf::Model& model, const tinygltf::Primitive& p, Mesh& mesh,
                  std::string& error) {
  if (p.indices < 0) {  // non-indexed: every three vertices a triangle
    for (std::uint32_t i = 0; i < mesh.vertices.size(); ++i)
      mesh.indices.push_back(i);
    return true;
  }
  Span span;
  if (!span_of(model, p.indices, 1, span, error)) return false;
  const int component = model.accessors[static_cast<std::size_t>(p.indices)].componentType;
  const std::size_t size = tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(component));
  if (size != 1 && size != 2 && size != 4) {
    error = "indices are not unsigned integers";
    return false;
  }
  if (!span_of(model, p.indices, size, span, error)) return false;
  for (std::size_t i = 0; i < span.count; ++i) {
    const std::uint32_t index = index_at(span.first + i * span.stride, component);
    if (index >= mesh.vertices.size()) {
      error = "an index points past the vertices";
      return false;
    }
    mesh.indices.push_back(index);
  }
  return true;
}

bool read_primitive(const tinygltf::Model& model, const tinygltf::Primitive& p, Mesh& mesh,
                    std::string& error) {
  if (p.mode != TINYGLTF_MODE_TRIANGLES) {
    error = "only triangles are drawn (mode " + std::to_string(p.mode) + ")";
    return false;
  }
  if (p.material < 0 || p.material >= static_cast<int>(model.materials.size())) {
    error = "a primitive has no material";
    return false;
  }
  if (p.attributes.count("POSITION") == 0) {
    error = "a primitive has no POSITION";
    return false;
  }
  mesh.material = p.material;
  auto& v = mesh.vertices;
  return read_floats(
             model, p, "POSITION", TINYGLTF_TYPE_VEC3, 3, v,
             [](Vertex& x, const float* f) {
               x.position = {f[0], f[1], f[2]};
             },
             error) &&
         read_floats(
             model, p, "NORMAL", TINYGLTF_TYPE_VEC3, 3, v,
             [](Vertex& x, const float* f) {
               x.normal = {f[0], f[1], f[2]};
             },
             error) &&
         read_floats(
             model, p, "TEXCOORD_0", TINYGLTF_TYPE_VEC2, 2, v,
             [](Vertex& x, const float* f) {
               x.uv = {f[0], f[1]};
             },
             error) &&
         read_indices(model, p, mesh, error);
}

void transform(Mesh& mesh, const glm::mat4& to_world) {
  const glm::mat3 normals = glm::inverseTranspose(glm::mat3(to_world));
  for (Vertex& v : mesh.vertices) {
    v.position = glm::vec3(to_world * glm::vec4(v.position, 1.0f));
    v.normal = glm::normalize(normals * v.normal);
  }
}

}  // namespace

bool read_mesh(const tinygltf::Model& model, const tinygltf::Mesh& mesh, const std::string& name,
               const glm::mat4& to_world, std::vector<Mesh>& out, std::string& error) {
  for (const tinygltf::Primitive& p : mesh.primitives) {
    Mesh part;
    part.name = name;
    if (!read_primitive(model, p, part, error)) {
      error = "mesh \"" + mesh.name + "\": " + error;
      return false;
    }
    if (to_world != glm::mat4(1.0f)) transform(part, to_world);
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
