#include "app/headless.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/process.hpp"
#include "app/replay.hpp"
#include "app/run_report.hpp"
#include "sim/autopilot.hpp"
#include "sim/fixed_step.hpp"
#include "diag/heap_counter.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

namespace flatline::app {
namespace {

constexpr double kStallSeconds = 5.0;
volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) {
  g_stop = 1;
}

}  // namespace

void install_stop_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}
bool stop_requested() {
  return g_stop != 0;
}

int run_headless(const Options& options) {
  Options o = options;
  std::string error;
  std::vector<TickInput> replay;  // --replay: the recorded inputs, read at load
  if (!o.replay_path.empty() && !apply_replay(o, replay, error)) {
    std::fprintf(stderr, "flatline: %s\n", error.c_str());
    return 1;
  }
  ReplayWriter recorder;  // --record
  if (!start_recording(o, recorder, error)) {
    std::fprintf(stderr, "flatline: %s\n", error.c_str());
    return 1;
  }
  const WorldConfig config = world_config_from(o);
  const std::int64_t frames = o.frames >= 0 ? o.frames : 3600;

  // Load: everything the loop needs is made here, before the first tick.
  auto world = std::make_unique<World>(config);
  FixedStep clock(o.tick_hz);
  const auto dt = static_cast<float>(clock.dt());
  // Frame times for the percentiles: the first 4M frames (16 MB) at most.
  constexpr std::int64_t kMaxTimedFrames = std::int64_t{1} << 22;
  std::vector<float> tick_ms(static_cast<std::size_t>(std::min(frames, kMaxTimedFrames)), 0.0f);
  heap::Counts warm_mark = heap::totals();
  std::uint64_t rss_after_warmup = resident_kb();

  std::int64_t frame = 0;
  for (; frame < frames && !stop_requested(); ++frame) {
    if (frame == o.warmup) {  // steady state starts here
      warm_mark = heap::totals();
      rss_after_warmup = resident_kb();
    }
    const auto start = std::chrono::steady_clock::now();
    // Headless, every frame lasts exactly one tick of simulated time, except a
    // --stall-at frame, which lasts 5 s: the clamp runs 0.25 s of ticks and drops the rest.
    const double frame_seconds = frame == o.stall_at ? kStallSeconds : clock.dt();
    for (int n = clock.advance(frame_seconds); n > 0; --n) {
      const TickInput input = !replay.empty() ? replay[static_cast<std::size_t>(world->tick)]
                              : o.autofire    ? autofire_input(*world, o.tick_hz)
                                              : TickInput{};
      if (recorder.is_open()) recorder.write(input);
      step(*world, input, dt);
      if (o.hash_every > 0 && world->tick % static_cast<std::uint64_t>(o.hash_every) == 0)
        std::printf("tick %" PRIu64 " hash %016" PRIx64 "\n", world->tick, state_hash(*world));
    }
    const std::chrono::duration<float, std::milli> took = std::chrono::steady_clock::now() - start;
    if (frame < kMaxTimedFrames) tick_ms[static_cast<std::size_t>(frame)] = took.count();
  }
  if (!recorder.finish(error)) std::fprintf(stderr, "flatline: %s\n", error.c_str());
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
  report.rss_kb_after_warmup = rss_after_warmup;
  report.rss_kb_end = resident_kb();
  report.heap_after_warmup = frame > o.warmup ? end - warm_mark : heap::Counts{};
  tick_ms.resize(static_cast<std::size_t>(std::min(frame, kMaxTimedFrames)));
  report.tick_ms_max = tick_ms.empty() ? 0.0 : *std::max_element(tick_ms.begin(), tick_ms.end());
  report.tick_ms_median = percentile(tick_ms, 0.5);
  report.tick_ms_p99 = percentile(tick_ms, 0.99);

  return finish_run(report, o.stats_path);
}

}  // namespace flatline::app
