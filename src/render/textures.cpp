#include "render/textures.hpp"

#include <cstdint>

namespace flatline::render {
namespace {

gl::Texture upload(int width, int height, const std::uint8_t* rgba, const char* label) {
  gl::Texture texture = gl::make_texture();
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               rgba);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glGenerateMipmap(GL_TEXTURE_2D);
  // Bilinear within the nearest mip level: trilinear costs a software rasteriser far more
  // (scripts/frame_cost.sh prices the passes).
  gl::set_sampling(GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT);
  gl::label(GL_TEXTURE, texture.id(), label);
  return texture;
}

}  // namespace

bool fits_texture_limit(const assets::Image& image, int max_size, std::string& error) {
  if (image.width <= max_size && image.height <= max_size) return true;
  error = image.name + ": " + std::to_string(image.width) + "x" + std::to_string(image.height) +
          " is larger than this GL driver's GL_MAX_TEXTURE_SIZE, " + std::to_string(max_size);
  return false;
}

bool upload_textures(const assets::Level& level, Textures& textures, std::string& error) {
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  for (const assets::Image& image : level.images)  // all checked before any is made
    if (!fits_texture_limit(image, max_size, error)) return false;
  textures = Textures{};
  for (const assets::Image& image : level.images)
    textures.images.push_back(
        upload(image.width, image.height, image.rgba.data(), image.name.c_str()));
  const std::uint8_t white[4] = {255, 255, 255, 255};
  textures.white = upload(1, 1, white, "white");
  glBindTexture(GL_TEXTURE_2D, 0);
  return true;
}

}  // namespace flatline::render
