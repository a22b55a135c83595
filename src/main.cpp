// Flatline: a first-person shooter that teaches object pooling.
//
// main() reads the command line and hands the run to one of two drivers of the same
// session (src/app/session.hpp: load, then per frame the fixed ticks, then the report):
//   windowed     src/app/windowed.cpp: poll input -> fixed ticks -> render -> overlay -> present
//   --no-window  src/app/headless.cpp: one tick per frame, no window and no GL
#include <cstdio>
#include <string>

#include "app/headless.hpp"
#include "app/options.hpp"
#include "app/output_file.hpp"
#include "app/process.hpp"
#include "app/run_report.hpp"
#include "app/windowed.hpp"

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
  // Say so now if an output cannot be written, or would overwrite the input, not after an
  // hour of play. Nothing is created yet: outputs are written whole at the end.
  if (const std::string why = check_outputs(options); !why.empty()) {
    std::fprintf(stderr, "flatline: %s\n", why.c_str());
    return 2;
  }
  install_stop_handlers();
  return options.no_window ? run_headless(options) : run_windowed(options);
}
