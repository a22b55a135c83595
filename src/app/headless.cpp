#include "app/headless.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/run_report.hpp"
#include "core/autopilot.hpp"
#include "core/fixed_step.hpp"
#include "core/heap_counter.hpp"
#include "core/stats.hpp"
#include "core/world.hpp"

namespace flatline::app {
namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) { g_stop = 1; }

}  // namespace

void install_stop_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}
bool stop_requested() { return g_stop != 0; }

int run_headless(const Options& o) {
  const WorldConfig config = world_config_from(o);
  const std::int64_t frames = o.frames > 0 ? o.frames : 3600;

  // Load: everything the loop needs is made here, before the first tick.
  auto world = std::make_unique<World>(config);
  FixedStep clock(o.tick_hz);
  const auto dt = static_cast<float>(clock.dt());
  std::vector<float> tick_ms(static_cast<std::size_t>(frames), 0.0f);
  heap::Counts warm_mark = heap::totals();

  std::int64_t frame = 0;
  for (; frame < frames && !stop_requested(); ++frame) {
    if (frame == o.warmup) warm_mark = heap::totals();  // steady state starts here
    const auto start = std::chrono::steady_clock::now();
    // Headless, every frame lasts exactly one tick of simulated time.
    for (int n = clock.advance(clock.dt()); n > 0; --n) {
      const TickInput input = o.autofire ? autofire_input(*world, o.tick_hz) : TickInput{};
      step(*world, input, dt);
    }
    const std::chrono::duration<float, std::milli> took = std::chrono::steady_clock::now() - start;
    tick_ms[static_cast<std::size_t>(frame)] = took.count();
  }
  const heap::Counts end = heap::totals();

  RunReport report;
  report.frames = frame;
  report.seed = o.seed;
  report.tick_hz = o.tick_hz;
  report.dropped_seconds = clock.dropped_seconds();
  report.interrupted = frame < frames;
  report.world = collect_stats(*world);
  report.state_hash = state_hash(*world);
  report.heap_total = end;
  report.heap_after_warmup = frame > o.warmup ? end - warm_mark : heap::Counts{};
  tick_ms.resize(static_cast<std::size_t>(frame));
  report.tick_ms_max = tick_ms.empty() ? 0.0 : *std::max_element(tick_ms.begin(), tick_ms.end());
  report.tick_ms_median = percentile(tick_ms, 0.5);
  report.tick_ms_p99 = percentile(tick_ms, 0.99);

  return finish_run(report, o.stats_path);
}

}  // namespace flatline::app
