#include "render/gpu_mesh.hpp"

#include "render/scene.hpp"
#include "render/vertex_layout.hpp"

namespace flatline::render {

MeshRange MeshBuffer::add(const std::vector<assets::Vertex>& vertices,
                          const std::vector<std::uint32_t>& indices) {
  MeshRange range;
  range.index_count = static_cast<GLsizei>(indices.size());
  range.first_index = indices_.size();
  range.base_vertex = static_cast<GLint>(vertices_.size());
  vertices_.insert(vertices_.end(), vertices.begin(), vertices.end());
  indices_.insert(indices_.end(), indices.begin(), indices.end());
#ifdef FLATLINE_GLES  // ES 3.0 draws have no base vertex: the indices count from the buffer's start
  for (std::size_t i = range.first_index; i < indices_.size(); ++i)
    indices_[i] += static_cast<std::uint32_t>(range.base_vertex);
  range.base_vertex = 0;
#endif
  return range;
}

void MeshBuffer::upload() {
  vertex_buffer_ = gl::make_buffer();
  index_buffer_ = gl::make_buffer();
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_.id());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices_.size() * sizeof(assets::Vertex)),
               vertices_.data(), GL_STATIC_DRAW);
  gl::label(GL_BUFFER, vertex_buffer_.id(), "meshes: vertices");
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_.id());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(indices_.size() * sizeof(std::uint32_t)), indices_.data(),
               GL_STATIC_DRAW);
  gl::label(GL_BUFFER, index_buffer_.id(), "meshes: indices");
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
  vertices_ = {};
  indices_ = {};
}

void MeshBuffer::bind_to_vertex_array() const {
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_.id());
  const auto stride = static_cast<GLsizei>(sizeof(assets::Vertex));
  glEnableVertexAttribArray(kAttrPosition);
  glVertexAttribPointer(kAttrPosition, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(assets::Vertex, position)));
  glEnableVertexAttribArray(kAttrNormal);
  glVertexAttribPointer(kAttrNormal, 3, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(assets::Vertex, normal)));
  glEnableVertexAttribArray(kAttrUv);
  glVertexAttribPointer(kAttrUv, 2, GL_FLOAT, GL_FALSE, stride,
                        reinterpret_cast<const void*>(offsetof(assets::Vertex, uv)));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_.id());  // vertex array state
}

void bind_instance_attributes(GLuint buffer) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  for (GLuint a = 0; a < kInstanceAttributes; ++a) {
    glEnableVertexAttribArray(kAttrInstancePosition + a);
    glVertexAttribPointer(kAttrInstancePosition + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
                          reinterpret_cast<const void*>(a * sizeof(glm::vec4)));
    glVertexAttribDivisor(kAttrInstancePosition + a, 1);  // steps once per instance, not vertex
  }
}

}  // namespace flatline::render
