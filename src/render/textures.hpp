// The level's images as GL textures: sRGB (the GPU turns them linear when sampled, so
// lighting adds light, not gamma-encoded numbers), mipmapped, repeating.
#pragma once

#include <vector>

#include "assets/level.hpp"
#include "render/gl_object.hpp"

namespace flatline::render {

struct Textures {
  std::vector<gl::Texture> images;  // one per Level::images
  gl::Texture white;                // for materials without a texture

  GLuint of(int image) const {
    return image >= 0 && static_cast<std::size_t>(image) < images.size()
               ? images[static_cast<std::size_t>(image)].id()
               : white.id();
  }
};

Textures upload_textures(const assets::Level& level);

}  // namespace flatline::render
