#include "app/headless.hpp"

#include <cstdio>
#include <string>

#include "app/error_line.hpp"
#include "app/run_report.hpp"
#include "app/session.hpp"

namespace flatline::app {

int run_headless(const Options& options) {
  Session session;
  std::string error;
  if (!session.load(options, error)) {
    print_error(error);
    return 1;
  }
  const Options& o = session.options();
  FixedStep& clock = session.clock();
  while (session.begin_frame()) {
    // Headless, every frame lasts exactly one tick of simulated time (except a --stall-at
    // frame). The scripted player counts time in the rate as given, not the clock's 1/dt,
    // which can be a bit off it (49 Hz, for one): headless runs are compared hash for hash.
    const int ticks = clock.advance(session.frame_seconds(clock.dt()));
    for (int i = 0; i < ticks; ++i)
      if (!session.tick(o.tick_hz)) break;  // the replay has ended, or a stop signal
    session.end_frame();
  }
  return session.finish(RunReport{});
}

}  // namespace flatline::app
