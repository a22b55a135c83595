#include "app/headless.hpp"

#include <cinttypes>
#include <cstdio>
#include <string>

#include "app/run_report.hpp"
#include "app/session.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

constexpr double kStallSeconds = 5.0;

void print_hash_if_due(const World& world, std::int64_t every) {
  if (every > 0 && world.tick % static_cast<std::uint64_t>(every) == 0)
    std::printf("tick %" PRIu64 " hash %016" PRIx64 "\n", world.tick, state_hash(world));
}

}  // namespace

int run_headless(const Options& options) {
  Session session;
  std::string error;
  if (!session.load(options, error)) {
    std::fprintf(stderr, "flatline: %s\n", error.c_str());
    return 1;
  }
  const Options& o = session.options();
  FixedStep& clock = session.clock();
  while (session.begin_frame()) {
    // Headless, every frame lasts exactly one tick of simulated time, except a
    // --stall-at frame, which lasts 5 s: the clamp runs 0.25 s of ticks and drops the rest.
    const double frame_seconds = session.frame() == o.stall_at ? kStallSeconds : clock.dt();
    // The scripted player counts time in the rate as given, not the clock's 1/dt, which can
    // be a bit off it (49 Hz, for one): headless runs are compared hash for hash.
    for (int n = clock.advance(frame_seconds); n > 0 && session.tick(o.tick_hz); --n)
      print_hash_if_due(session.world(), o.hash_every);
    session.end_frame();
  }
  return session.finish(RunReport{});
}

}  // namespace flatline::app
