// Flatline: a first-person shooter that teaches object pooling.
//
// This file reads top to bottom: parse the command line, check what the run will
// need before starting it, then run the game. `--no-window` runs the simulation
// headless (the load harness, src/app/headless.cpp).
#include <cstdio>

#include "app/headless.hpp"
#include "app/options.hpp"
#include "app/run_report.hpp"

int main(int argc, char** argv) {
  using namespace flatline::app;
  const ParseResult parsed = parse_options(argc, argv);
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "flatline: %s\n%s", parsed.error.c_str(), usage());
    return 2;
  }
  const Options& options = parsed.options;
  if (options.help) {
    std::fputs(usage(), stdout);
    return 0;
  }
  // Say so now if the report cannot be written, not after an hour of play.
  if (!options.stats_path.empty()) {
    if (const std::string why = check_writable(options.stats_path); !why.empty()) {
      std::fprintf(stderr, "flatline: --stats: %s\n", why.c_str());
      return 2;
    }
  }
  install_stop_handlers();
  if (options.no_window) return run_headless(options);

  // NOTE: the windowed game (GLFW window, instanced rendering, ImGui overlay) is the
  // next milestone; until it lands, only the headless harness runs.
  std::fprintf(stderr,
               "flatline: the windowed game is not built yet; run the simulation with "
               "--no-window (see --help)\n");
  return 2;
}
