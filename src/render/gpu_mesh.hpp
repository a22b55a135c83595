// Every mesh the renderer draws lives in one vertex buffer and one index buffer, uploaded
// once at load; a mesh is a range of indices in them. Vertex arrays (one per kind) point
// at these two buffers and at the kind's instance buffer.
#pragma once

#include <cstddef>
#include <vector>

#include "render/gl_object.hpp"
#include "render/meshes.hpp"

namespace flatline::render {

struct MeshRange {
  GLsizei index_count = 0;
  std::size_t first_index = 0;
  GLint base_vertex = 0;
  const void* index_offset() const {
    return reinterpret_cast<const void*>(first_index * sizeof(std::uint32_t));
  }
};

class MeshBuffer {
 public:
  // Appends a mesh (before upload) and returns where it will be.
  MeshRange add(const std::vector<assets::Vertex>& vertices,
                const std::vector<std::uint32_t>& indices);
  MeshRange add(const MeshData& mesh) { return add(mesh.vertices, mesh.indices); }
  void upload();  // glBufferData, once; the CPU copies are freed

  // Points the bound vertex array's per-vertex attributes and index buffer here.
  void bind_to_vertex_array() const;

 private:
  std::vector<assets::Vertex> vertices_;
  std::vector<std::uint32_t> indices_;
  gl::Buffer vertex_buffer_, index_buffer_;
};

// Points the bound vertex array's per-instance attributes at `buffer` (divisor 1).
void bind_instance_attributes(GLuint buffer);

}  // namespace flatline::render
