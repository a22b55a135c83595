// The frame loop in the browser: the page's loop is the browser's, so frame() (windowed.cpp)
// runs once per animation frame (emscripten_set_main_loop, as in floooh's pacman.c, whose
// frame() serves native and web alike). Only the browser build compiles this file
// (web/CMakeLists.txt, scripts/web.sh); the native loop is a while loop in run_windowed.
#include <emscripten/emscripten.h>

#include <memory>

#include "app/game.hpp"

namespace flatline::app {
namespace {

// The browser calls this once per animation frame. At the end of a finite run it stops the
// loop, writes the report and tells the page (web/index.html: Module.onRunEnd).
void browser_frame(void* arg) {
  Run& run = *static_cast<Run*>(arg);
  if (frame(run.game)) return;
  emscripten_cancel_main_loop();
  const int code = finish(run);  // the run is kept: the canvas keeps its last picture
  EM_ASM(
      {
        if (Module.onRunEnd) Module.onRunEnd($0);
      },
      code);
}

}  // namespace

void run_in_browser(std::unique_ptr<Run> run) {
  // The page's loop is the browser's: frame() per requestAnimationFrame.
  emscripten_set_main_loop_arg(browser_frame, run.release(), 0, false);
}

}  // namespace flatline::app
