// F12 / --screenshot: the last rendered frame, read back and encoded as PNG (stb). The app
// writes the bytes to the file (src/app/output_file.hpp: whole or not at all).
#pragma once

#include <string>
#include <vector>

namespace flatline::render {

// Reads the current framebuffer (width x height) and encodes it as PNG into `png`.
// Returns false with `error` set if it cannot.
bool capture_png(int width, int height, std::vector<unsigned char>& png, std::string& error);

}  // namespace flatline::render
