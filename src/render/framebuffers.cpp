#include "render/framebuffers.hpp"

namespace flatline::render {
namespace {

bool complete(const char* what, std::string& error) {
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status == GL_FRAMEBUFFER_COMPLETE) return true;
  error = std::string("the ") + what + " framebuffer is incomplete (GL status " +
          std::to_string(status) + "); try --aa off";
  return false;
}

gl::Texture depth_texture(int size, const char* label) {
  gl::Texture texture = gl::make_texture();
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, size, size, 0, GL_DEPTH_COMPONENT,
               GL_UNSIGNED_INT, nullptr);
#ifdef FLATLINE_GLES  // ES 3.0 has no border colour: beyond the map, its edge texels repeat
  gl::set_sampling(GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
#else
  gl::set_sampling(GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_BORDER);  // linear: 2x2 PCF per lookup
  const GLfloat farthest[] = {1.0f, 1.0f, 1.0f, 1.0f};         // beyond the map: nothing shadows
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, farthest);
#endif
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  gl::label(GL_TEXTURE, texture.id(), label);
  return texture;
}

bool depth_framebuffer(gl::Framebuffer& framebuffer, const gl::Texture& texture,
                       std::string& error) {
  framebuffer = gl::make_framebuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, texture.id(), 0);
  const GLenum no_colour = GL_NONE;  // depth only (glDrawBuffers: in GL 3.3 and ES 3.0 alike)
  glDrawBuffers(1, &no_colour);
  glReadBuffer(GL_NONE);
  return complete("shadow map", error);
}

}  // namespace

bool ShadowMap::init(int size, std::string& error) {
  size_ = size;
  texture_ = depth_texture(size, "shadow map");
  static_texture_ = depth_texture(size, "shadow map: the level");
  return depth_framebuffer(framebuffer_, texture_, error) &&
         depth_framebuffer(static_framebuffer_, static_texture_, error);
}

void ShadowMap::begin_static() const {
  glBindFramebuffer(GL_FRAMEBUFFER, static_framebuffer_.id());
  glViewport(0, 0, size_, size_);
  glClear(GL_DEPTH_BUFFER_BIT);
}

void ShadowMap::begin() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_framebuffer_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.id());
  glBlitFramebuffer(0, 0, size_, size_, 0, 0, size_, size_, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
  glViewport(0, 0, size_, size_);
}

bool SceneTarget::fit(int width, int height, Antialiasing aa, int samples, std::string& error) {
  if (width == width_ && height == height_ && aa == aa_ && samples == samples_ && framebuffer_)
    return true;
  width_ = width;
  height_ = height;
  aa_ = aa;
  samples_ = samples;
  ++reallocations_;
  framebuffer_ = gl::make_framebuffer();
  depth_ = gl::make_renderbuffer();
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
  glBindRenderbuffer(GL_RENDERBUFFER, depth_.id());
  if (aa == Antialiasing::kMsaa) {
    color_ = gl::make_renderbuffer();
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
  } else {
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    color_texture_ = gl::make_texture();
    glBindTexture(GL_TEXTURE_2D, color_texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    gl::set_sampling(GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color_texture_.id(),
                           0);
  }
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
  gl::label(GL_FRAMEBUFFER, framebuffer_.id(), "scene");
  return complete("scene", error);
}

void SceneTarget::begin() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
}

void SceneTarget::blit_to_window(int width, int height) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace flatline::render
