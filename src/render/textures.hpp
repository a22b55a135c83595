// The level's images as GL textures: sRGB (the GPU turns them linear when sampled, so
// lighting adds light, not gamma-encoded numbers), mipmapped, repeating.
#pragma once

#include <string>
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

// Every image of the level, once each fits the driver's GL_MAX_TEXTURE_SIZE (the loader has
// its own limit, assets/level_limits.hpp, which a driver may still be below). False with one
// line in `error` naming the image and both sizes.
bool upload_textures(const assets::Level& level, Textures& textures, std::string& error);

// The check alone, against the largest side `max_size` a driver takes.
bool fits_texture_limit(const assets::Image& image, int max_size, std::string& error);

}  // namespace flatline::render
