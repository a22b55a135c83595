// Move-only owners of OpenGL objects (as in Magnum): one owner per GL name,
// deleted exactly once, in the destructor. An empty object (default-constructed
// or moved-from) holds 0 and makes no GL call at all, so these types can be
// created, moved and destroyed in tests with no GL context.
#pragma once

#include <glad/gl.h>

#include <utility>

namespace flatline::gl {

template <class Traits>
class Object {
 public:
  Object() = default;  // empty: no GL call
  explicit Object(GLuint id) : id_(id) {}
  Object(const Object&) = delete;  // two owners would delete one name twice
  Object& operator=(const Object&) = delete;
  Object(Object&& other) noexcept : id_(std::exchange(other.id_, 0u)) {}
  Object& operator=(Object&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0u);
    }
    return *this;
  }
  ~Object() { reset(); }

  void reset() {
    if (id_ != 0) Traits::destroy(id_);
    id_ = 0;
  }
  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }

 private:
  GLuint id_ = 0;
};

struct BufferTraits {
  static GLuint create() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteBuffers(1, &id); }
};
struct VertexArrayTraits {
  static GLuint create() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};
struct ShaderTraits {
  static void destroy(GLuint id) { glDeleteShader(id); }
};
struct ProgramTraits {
  static void destroy(GLuint id) { glDeleteProgram(id); }
};

struct TextureTraits {
  static GLuint create() {
    GLuint id = 0;
    glGenTextures(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct FramebufferTraits {
  static GLuint create() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct RenderbufferTraits {
  static GLuint create() {
    GLuint id = 0;
    glGenRenderbuffers(1, &id);
    return id;
  }
  static void destroy(GLuint id) { glDeleteRenderbuffers(1, &id); }
};

using Buffer = Object<BufferTraits>;
using Texture = Object<TextureTraits>;
using Framebuffer = Object<FramebufferTraits>;
using Renderbuffer = Object<RenderbufferTraits>;
using VertexArray = Object<VertexArrayTraits>;
using Shader = Object<ShaderTraits>;
using Program = Object<ProgramTraits>;

inline Buffer make_buffer() {
  return Buffer(BufferTraits::create());
}
inline VertexArray make_vertex_array() {
  return VertexArray(VertexArrayTraits::create());
}
inline Texture make_texture() {
  return Texture(TextureTraits::create());
}
inline Framebuffer make_framebuffer() {
  return Framebuffer(FramebufferTraits::create());
}
inline Renderbuffer make_renderbuffer() {
  return Renderbuffer(RenderbufferTraits::create());
}

// How the bound 2D texture is sampled: filters for shrinking and magnifying, and wrapping.
inline void set_sampling(GLint min_filter, GLint mag_filter, GLint wrap) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, mag_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
}

// A debug label on a GL object (KHR_debug), shown by apitrace and GL debuggers; no-op
// where the driver lacks the extension.
inline void label(GLenum kind, GLuint id, const char* name) {
  if (GLAD_GL_KHR_debug) glObjectLabel(kind, id, -1, name);
}

}  // namespace flatline::gl
