// Flatline: a first-person shooter that teaches object pooling.
//
// This file is the frame loop, and reads top to bottom:
//   load everything (window, world with all its pools, renderer, overlay),
//   then every frame: poll input -> run the fixed ticks -> render with alpha ->
//   overlay -> swap.
// `--no-window` runs the same simulation headless (src/app/headless.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "app/headless.hpp"
#include "app/options.hpp"
#include "app/process.hpp"
#include "app/replay.hpp"
#include "app/run_report.hpp"
#include "sim/autopilot.hpp"
#include "sim/fixed_step.hpp"
#include "diag/heap_counter.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"
#include "overlay/overlay.hpp"
#include "platform/window.hpp"
#include "render/renderer.hpp"
#include "render/screenshot.hpp"

namespace {

using namespace flatline;

int fail(const std::string& what) {
  std::fprintf(stderr, "flatline: %s\n", what.c_str());
  return 1;
}

// Tunables the overlay changed, applied between frames: a safe point.
void apply_tunables(overlay::Tunables& t, std::unique_ptr<World>& world, FixedStep& clock,
                    WorldConfig& config) {
  world->config.rifle_rate = t.rifle_rate;
  // The teaching switches ("Break it on purpose"): they take effect on the next tick.
  world->config.pooling = t.pooling;
  set_reset_on_release(*world, t.reset_on_release);
  world->config.swept_collision = t.swept_collision;
  world->config.rifle_speed = t.bullet_speed;
  for (; t.double_release_requests > 0; --t.double_release_requests)
    demo_double_release(*world);
  for (; t.stale_release_requests > 0; --t.stale_release_requests)
    demo_stale_release(*world);
  if (std::exchange(t.seeker_requested, false)) arm_seeker(*world);
  clock.set_tick_hz(t.tick_hz);
  clock.set_max_frame_seconds(t.max_frame_seconds);
  for (int i = 0; i < kPoolCount; ++i)
    set_pool_policy(*world, i, t.policy[static_cast<std::size_t>(i)]);
  if (!t.apply_capacity) return;
  t.apply_capacity = false;
  // New sizes mean new pools, made at load time as always: a new round starts.
  config.bullet_capacity = static_cast<std::size_t>(t.capacity[kBullets]);
  config.spark_capacity = static_cast<std::size_t>(t.capacity[kSparks]);
  config.decal_capacity = static_cast<std::size_t>(t.capacity[kDecals]);
  config.casing_capacity = static_cast<std::size_t>(t.capacity[kCasings]);
  config.damage_number_capacity = static_cast<std::size_t>(t.capacity[kDamageNumbers]);
  config.tracer_capacity = static_cast<std::size_t>(t.capacity[kTracers]);
  config.bullet_policy = t.policy[kBullets];
  config.rifle_rate = t.rifle_rate;
  config.pooling = t.pooling;
  config.reset_on_release = t.reset_on_release;
  config.swept_collision = t.swept_collision;
  config.rifle_speed = t.bullet_speed;
  world = std::make_unique<World>(config);
}

int run_game(const app::Options& options) {
  // --- Load: everything the frame loop will need is made here. ---
  app::Options o = options;
  std::string error;
  std::vector<TickInput> replay;  // --replay: recorded inputs instead of the mouse and keyboard
  if (!o.replay_path.empty() && !app::apply_replay(o, replay, error)) return fail(error);
  o.frames = options.frames;   // windowed, a replay ends with its last tick, not a frame count
  app::ReplayWriter recorder;  // --record
  if (!app::start_recording(o, recorder, error)) return fail(error);
  platform::WindowOptions window_options;
  window_options.hidden = o.hidden;
#ifndef NDEBUG
  window_options.debug_context = true;  // KHR_debug messages in debug builds
#endif
  const auto window = platform::Window::open(window_options, error);
  if (!window) return fail(error);

  WorldConfig config = app::world_config_from(o);
  auto world = std::make_unique<World>(config);  // every pool filled now, not on the first shot
  render::Renderer renderer;
  const std::string shaders = o.shaders_dir.empty() ? FLATLINE_SHADER_DIR : o.shaders_dir;
  if (!renderer.init(*world, shaders, error, !o.no_warmup))
    return fail(error);  // compiles and warms every program
  overlay::Overlay overlay;
  if (!overlay.init(window->handle(), error)) return fail(error);
  overlay::Tunables tunables = overlay::tunables_from(*world);
  tunables.tick_hz = o.tick_hz;
  tunables.instancing = !o.no_instancing;
  window->set_cursor_captured(!o.hidden);

  FixedStep clock(o.tick_hz);
  InputQueue input;
  render::RenderSettings render_settings;
  const std::int64_t frames = o.frames;  // -1: until the player quits
  std::vector<float> frame_ms(frames > 0 ? static_cast<std::size_t>(frames) : 60 * 60 * 60, 0.0f);
  app::RunReport report;
  report.has_render = true;
  heap::Counts warm_mark = heap::totals();
  heap::Counts frame_start_heap = heap::totals();
  heap::Counts screenshot_heap;  // allocations of screenshot captures, reported apart
  overlay::FrameInfo info;
  std::uint64_t reallocations_at_warmup = 0;
  double last_time = window->time();

  std::int64_t frame = 0;
  const auto replay_running = [&] { return replay.empty() || world->tick < replay.size(); };
  for (; (frames < 0 || frame < frames) && replay_running() && !window->should_close() &&
         !app::stop_requested();
       ++frame) {
    if (frame == o.warmup) {  // steady state starts here
      warm_mark = heap::totals();
      report.rss_kb_after_warmup = app::resident_kb();
      reallocations_at_warmup = renderer.stats().buffer_reallocations;
    }
    const auto frame_begin = std::chrono::steady_clock::now();

    // --- 1. Poll: events become per-tick input data and frame keys. ---
    window->set_ui_wants_mouse(overlay.wants_mouse());
    const platform::FrameKeys keys = window->poll(input);
    if (keys.quit > 0) break;
    if (keys.toggle_overlay % 2 == 1) tunables.show_panel = !tunables.show_panel;
    if (keys.toggle_cursor % 2 == 1) window->set_cursor_captured(!window->cursor_captured());
    if (keys.pause % 2 == 1) tunables.paused = !tunables.paused;
    if (tunables.paused) tunables.step_requests += keys.single_step;
    apply_tunables(tunables, world, clock, config);

    // --- 2. Fixed steps: real time in, whole ticks out. ---
    const double now = window->time();
    const double real_dt = o.fixed_dt ? clock.dt() : now - last_time;
    last_time = now;
    int ticks = clock.advance(tunables.paused ? 0.0 : real_dt * tunables.time_scale);
    if (tunables.paused) ticks += std::exchange(tunables.step_requests, 0);
    const auto dt = static_cast<float>(clock.dt());
    // Windowed, the scripted player waits for the warm-up frames to pass: its first shot then
    // lands in a steady frame, and frame_ms.first_shot measures the first-shot hitch alone.
    const bool autofire_now = o.autofire && frame >= o.warmup;
    for (int i = 0; i < ticks; ++i) {
      if (!replay.empty() && world->tick >= replay.size()) break;  // the recording has ended
      const TickInput tick_input = !replay.empty() ? replay[static_cast<std::size_t>(world->tick)]
                                   : autofire_now  ? autofire_input(*world, clock.tick_hz())
                                                   : input.next_tick();
      if (recorder.is_open()) recorder.write(tick_input);
      step(*world, tick_input, dt);
    }

    // --- 3. Render, blending the last two ticks by alpha. ---
    int width = 0, height = 0;
    window->framebuffer_size(width, height);
    // Interpolation blends the last two ticks; without it the picture only moves on ticks.
    const float alpha = tunables.paused || !tunables.interpolate ? 1.0f : clock.alpha();
    render_settings.instancing = tunables.instancing;
    renderer.draw(*world, alpha, width, height, render_settings);

    // --- 4. Overlay: reads stats, writes tunables. ---
    const heap::Counts now_heap = heap::totals();
    info.heap_frame = now_heap - frame_start_heap;
    frame_start_heap = now_heap;
    info.heap_since_warmup = frame >= o.warmup ? now_heap - warm_mark : heap::Counts{};
    info.warmed_up = frame >= o.warmup;
    info.ticks = ticks;
    info.tick_hz = clock.tick_hz();
    info.dropped_seconds = clock.dropped_seconds();
    const float aspect = height > 0 ? static_cast<float>(width) / static_cast<float>(height) : 1.0f;
    overlay.begin_frame(o.fixed_dt ? dt : -1.0f, width, height);
    overlay.build(*world, collect_stats(*world), renderer.stats(),
                  render::make_camera(*world, alpha, aspect), info, tunables);
    overlay.end_frame();

    // --- 5. Screenshot if asked (F12, or the last frame of --screenshot), then swap. ---
    const bool last_frame = frames > 0 && frame + 1 == frames;
    if (keys.screenshot > 0 || tunables.screenshot_requested ||
        (last_frame && !o.screenshot_path.empty())) {
      tunables.screenshot_requested = false;
      const heap::Mark capture;  // a capture the player asked for is not the frame's own work
      const std::string path = o.screenshot_path.empty() ? "flatline.png" : o.screenshot_path;
      if (render::write_screenshot(path, width, height, error))
        std::printf("flatline: screenshot %s\n", path.c_str());
      else
        std::fprintf(stderr, "flatline: %s\n", error.c_str());
      screenshot_heap = screenshot_heap + capture.since();
      frame_start_heap = frame_start_heap + capture.since();
    }
    window->swap();
    if (std::exchange(tunables.stall_requested, false))  // the timestep lab's artificial stall
      std::this_thread::sleep_for(std::chrono::milliseconds(500));

    const std::chrono::duration<float, std::milli> took =
        std::chrono::steady_clock::now() - frame_begin;
    info.frame_ms = took.count();
    if (report.frame_ms_first_shot == 0.0 && world->shots_fired > 0)  // the first-shot hitch
      report.frame_ms_first_shot = took.count();
    if (static_cast<std::size_t>(frame) < frame_ms.size())
      frame_ms[static_cast<std::size_t>(frame)] = took.count();
    if (frame >= o.warmup) {
      const render::RenderStats& rs = renderer.stats();
      report.draw_calls_per_frame = std::max(report.draw_calls_per_frame, rs.draw_calls);
      report.bullet_draw_calls_per_frame = std::max(report.bullet_draw_calls_per_frame,
                                                    rs.draw_calls_per_kind[render::kDrawBullets]);
    }
  }

  // --- Report. ---
  if (!recorder.finish(error)) std::fprintf(stderr, "flatline: %s\n", error.c_str());
  const heap::Counts end = heap::totals();
  report.frames = frame;
  report.seed = o.seed;
  report.tick_hz = clock.tick_hz();
  report.dropped_seconds = clock.dropped_seconds();
  report.interrupted = app::stop_requested();
  report.world = collect_stats(*world);
  report.state_hash = state_hash(*world);
  report.heap_total = end;
  report.rss_kb_end = app::resident_kb();
  report.heap_after_warmup = frame > o.warmup ? end - warm_mark - screenshot_heap : heap::Counts{};
  report.heap_screenshots = screenshot_heap;
  report.buffer_reallocations_after_warmup =
      frame > o.warmup ? renderer.stats().buffer_reallocations - reallocations_at_warmup : 0;
  frame_ms.resize(std::min(frame_ms.size(), static_cast<std::size_t>(frame)));
  report.frame_ms_max =
      frame_ms.empty() ? 0.0 : *std::max_element(frame_ms.begin(), frame_ms.end());
  report.frame_ms_median = app::percentile(frame_ms, 0.5);
  report.frame_ms_p99 = app::percentile(frame_ms, 0.99);
  return app::finish_run(report, o.stats_path);
}

}  // namespace

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
  // Say so now if an output cannot be written, not after an hour of play.
  for (const std::string* path :
       {&options.stats_path, &options.screenshot_path, &options.record_path}) {
    if (path->empty()) continue;
    if (const std::string why = check_writable(*path); !why.empty()) {
      std::fprintf(stderr, "flatline: %s\n", why.c_str());
      return 2;
    }
  }
  install_stop_handlers();
  return options.no_window ? run_headless(options) : run_game(options);
}
