// Render targets beyond the window: the sun's shadow map, and the buffer the 3D scene is
// drawn into before it reaches the window: multisampled (MSAA, resolved by a blit) or a
// plain texture that the FXAA pass reads.
#pragma once

#include <string>

#include "render/antialiasing.hpp"
#include "render/gl_object.hpp"

namespace flatline::render {

// A depth texture the shadow pass draws into; read back with hardware depth comparison
// (sampler2DShadow) and linear filtering: each lookup is a 2x2 percentage-closer filter.
// The level never moves, so its depth is drawn once, into a map of its own; each frame
// starts from a copy of it and adds only what moves.
class ShadowMap {
 public:
  bool init(int size, std::string& error);
  void begin_static() const;  // binds the level's map, clears it, sets the viewport
  void begin() const;         // binds the frame's map, copies the level's in, sets the viewport
  GLuint texture() const { return texture_.id(); }
  int size() const { return size_; }

 private:
  gl::Framebuffer framebuffer_, static_framebuffer_;
  gl::Texture texture_, static_texture_;
  int size_ = 0;
};

// The scene's colour and depth: multisampled renderbuffers (MSAA) or a colour texture
// (FXAA). Made at load, and again only when the window's size changes (counted).
class SceneTarget {
 public:
  // Sizes the buffers for a width x height window; false with `error` if GL refuses.
  bool fit(int width, int height, Antialiasing aa, int samples, std::string& error);
  void begin() const;                                           // draw into it
  void blit_to_window(int width, int height) const;             // MSAA: resolve into the window's
  GLuint color_texture() const { return color_texture_.id(); }  // FXAA reads this
  int reallocations() const { return reallocations_; }

 private:
  gl::Framebuffer framebuffer_;
  gl::Renderbuffer color_, depth_;
  gl::Texture color_texture_;
  int width_ = 0, height_ = 0, samples_ = 0, reallocations_ = -1;  // the first fit is load
  Antialiasing aa_ = Antialiasing::kOff;
};

}  // namespace flatline::render
