#include "render/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>  // implementation is in Debian's libstb

#include <vector>

namespace flatline::render {

bool write_screenshot(const std::string& path, int width, int height, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "no framebuffer to capture (window minimised?)";
    return false;
  }
  const auto row = static_cast<std::size_t>(width) * 4;
  std::vector<unsigned char> pixels(row * static_cast<std::size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);  // GL's first row is the bottom one; PNG's is the top
  const int ok =
      stbi_write_png(path.c_str(), width, height, 4, pixels.data(), static_cast<int>(row));
  if (ok == 0) {
    error = "cannot write screenshot '" + path + "'";
    return false;
  }
  return true;
}

}  // namespace flatline::render
