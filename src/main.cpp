// Flatline: a first-person shooter that teaches object pooling.
//
// main() reads the command line and hands the run to one of two drivers of the same
// session (src/app/session.hpp: load, then per frame the fixed ticks, then the report):
//   windowed     src/app/windowed.cpp: poll input -> fixed ticks -> render -> overlay -> present
//   --no-window  src/app/headless.cpp: one tick per frame, no window and no GL
#include <cstdio>
#include <string>

#include "app/error_line.hpp"
#include "app/headless.hpp"
#include "app/options.hpp"
#include "app/output_checks.hpp"
#include "app/output_file.hpp"
#include "app/process.hpp"
#include "app/windowed.hpp"

int main(int argc, char** argv) {
  using namespace flatline::app;
  const ParseResult parsed = parse_options(argc, argv);
  if (!parsed.error.empty()) {
    print_error(parsed.error);
    std::fputs(usage(), stderr);
    return 2;
  }
  const Options& options = parsed.options;
  if (options.help) {
    std::fputs(usage(), stdout);
    return 0;
  }
  // Say so now if an output cannot be written, or would overwrite an input or another
  // output, not after an hour of play. Nothing is created yet.
  const std::string shaders = options.no_window             ? std::string()
                              : options.shaders_dir.empty() ? std::string(FLATLINE_SHADER_DIR)
                                                            : options.shaders_dir;
  if (const std::string why = check_outputs(options, shaders); !why.empty()) {
    print_error(why);
    return 2;
  }
  // The recording has one writer: its lock is held from here to the end of the run (the
  // file is left as it was until the run starts).
  JournalLock recording;
  if (std::string why;
      !options.record_path.empty() && !recording.acquire(options.record_path, why)) {
    print_error(why);
    return 2;
  }
  install_stop_handlers();
  return options.no_window ? run_headless(options) : run_windowed(options);
}
