#include "render/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>  // implementation is in Debian's libstb

namespace flatline::render {
namespace {

void append(void* context, void* data, int size) {
  auto* png = static_cast<std::vector<unsigned char>*>(context);
  const auto* bytes = static_cast<const unsigned char*>(data);
  png->insert(png->end(), bytes, bytes + size);
}

}  // namespace

bool capture_png(int width, int height, std::vector<unsigned char>& png, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "no framebuffer to capture (window minimised?)";
    return false;
  }
  const auto row = static_cast<std::size_t>(width) * 4;
  std::vector<unsigned char> pixels(row * static_cast<std::size_t>(height));
  GLint alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows packed tight, whatever the width
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glPixelStorei(GL_PACK_ALIGNMENT, alignment);  // GL state as the caller left it
  stbi_flip_vertically_on_write(1);  // GL's first row is the bottom one; PNG's is the top
  png.clear();
  if (stbi_write_png_to_func(&append, &png, width, height, 4, pixels.data(),
                             static_cast<int>(row)) == 0 ||
      png.empty()) {
    error = "cannot encode the screenshot as PNG";
    return false;
  }
  return true;
}

}  // namespace flatline::render
