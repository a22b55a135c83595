// F12 / --screenshot: the last rendered frame, read back and written as PNG (stb).
#pragma once

#include <string>

namespace flatline::render {

// Reads the current framebuffer (width x height) and writes it to `path`.
// Returns false with `error` set if it cannot.
bool write_screenshot(const std::string& path, int width, int height, std::string& error);

}  // namespace flatline::render
