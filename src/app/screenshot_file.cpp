// The screenshot phase's file: the frame read back as PNG (render/screenshot.hpp) and written
// whole or not at all (output_file.hpp). A capture the player asks for (F12, the overlay, or
// the last frame of --screenshot) is not the frame loop's own work: its allocations are set
// aside, as the heap counts say.
#include <cstdio>
#include <string>
#include <vector>

#include "app/error_line.hpp"
#include "app/game.hpp"
#include "app/output_file.hpp"
#include "render/screenshot.hpp"

namespace flatline::app {
namespace {

// The frame as PNG, written whole or not at all (output_file.hpp).
bool write_screenshot(const std::string& path, int width, int height, std::string& error) {
  std::vector<unsigned char> png;
  if (!render::capture_png(width, height, png, error)) return false;
  OutputFile out;
  if (!out.open(path, error)) return false;
  std::fwrite(png.data(), 1, png.size(), out.get());
  return out.commit(error);
}

}  // namespace

void take_screenshot(Game& g) {
  const heap::Mark capture;  // a capture the player asked for is not the frame's own work
  const std::string& asked = g.session.options().screenshot_path;
  const std::string path = asked.empty() ? "flatline.png" : asked;
  std::string error;
  if (write_screenshot(path, g.width, g.height, error)) {
    std::printf("flatline: screenshot %s\n", path.c_str());
  } else {
    print_error("screenshot: " + error);
    g.screenshot_failed = true;
  }
  set_aside(g, capture.since(), nullptr);
}

}  // namespace flatline::app
