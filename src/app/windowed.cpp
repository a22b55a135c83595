// The windowed frame loop. Like DOOM's D_DoomLoop, it reads top to bottom, one named phase
// after another: poll input -> fixed ticks -> render -> overlay and HUD -> settings -> present.
// The session (app/session.hpp) owns the world, the clock, the settings, replay and recording,
// and the report; what the loop uses beside it is a Game (app/game.hpp). A frame is one call
// of frame(): natively in a while loop, in the browser once per animation frame
// (browser_frame.cpp; scripts/web.sh builds it).
#include "app/windowed.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include "app/apply_settings.hpp"
#include "app/error_line.hpp"
#include "app/game.hpp"
#include "app/view_settings.hpp"
#include "render/scene.hpp"
#include "sim/stats.hpp"

namespace flatline::app {

// Allocations the player caused that are not the frame loop's own work, left out of the
// after-warm-up count and reported apart (a screenshot; drawing at a new window size). Before
// warm-up everything is load: nothing is set aside.
void set_aside(Game& g, const heap::Counts& taken, heap::Counts* bucket) {
  if (!g.session.warmed_up()) return;
  g.session.set_aside(taken);
  if (bucket != nullptr) *bucket = *bucket + taken;
  g.frame_start_heap = g.frame_start_heap + taken;  // nor in the overlay's per-frame count
}

namespace {

constexpr int kMaxSteps = FixedStep::kMaxTicksPerAdvance;  // N presses a frame, at most

// Load: the window, the renderer (compiles and warms every program), the overlay, the HUD.
bool load(Game& g, std::string& error) {
  const Options& o = g.session.options();
  platform::WindowOptions window_options;
  window_options.hidden = o.hidden;
#ifndef NDEBUG
  window_options.debug_context = true;  // KHR_debug messages in debug builds
#endif
  g.window = platform::Window::open(window_options, error);
  if (!g.window) return false;
  const std::string shaders = o.shaders_dir.empty() ? FLATLINE_SHADER_DIR : o.shaders_dir;
  render::RendererConfig config;
  config.shader_dir = shaders;
  config.warm_up = !o.no_warmup;
  g.report.gl_renderer = g.window->gl_renderer();  // copied now: no allocation after warm-up
  Settings& s = g.session.settings();              // the command line's (app/settings_from.cpp)
  s.audio.has_sound = g.session.audio().running();
  apply_antialiasing_option(o, g.window->gl_renderer(), s.render);  // auto asks the driver
  config.antialiasing = s.render.antialiasing;                      // the warm-up draws with it
  config.msaa_samples = s.render.msaa_samples;
  g.window->framebuffer_size(config.width, config.height);
  if (!g.renderer.init(g.session.world(), g.session.level(), config, error)) return false;
  const auto hud_font = [&g](ImFontAtlas& atlas) { g.hud.add_font(atlas); };
  if (!g.overlay.init(g.window->handle(), error, hud_font)) return false;
  if (!o.no_warmup)  // every panel, menu, scroll position and slot table made now
    g.overlay.warm_up(g.session.world(), g.renderer.stats(), s);
  g.window->set_cursor_captured(!o.hidden);
  g.applied = s;  // the session was made with these; the window opened as a window opens:
  g.applied.view.mouse_sensitivity = ViewSettings{}.mouse_sensitivity;
  g.applied.view.fullscreen = false;
  apply_settings(g.applied, s, g.requests, g.session, g.window.get());
  g.report.has_render = true;
  g.frame_start_heap = heap::totals();
  g.last_time = g.window->time();
  return true;
}

bool begin_frame(Game& g) {
  if (g.window->should_close() || !g.session.begin_frame()) return false;
  if (g.session.at_warmup()) g.reallocations_at_warmup = g.renderer.stats().buffer_reallocations;
  return true;
}

// 1. Poll: events become per-tick input data (the session's queue) and frame keys. P and N
// edit the timestep as the controls panel does.
platform::FrameKeys poll_input(Game& g) {
  g.window->set_ui_wants_mouse(g.overlay.wants_mouse());
  const platform::FrameKeys keys = g.window->poll(g.session.input());
  if (keys.quit > 0) return keys;
  TimeSettings& time = g.session.settings().time;
  if (keys.toggle_cursor % 2 == 1) g.window->set_cursor_captured(!g.window->cursor_captured());
  if (keys.pause % 2 == 1) time.paused = !time.paused;
  if (time.paused) g.requests.steps = std::min(g.requests.steps + keys.single_step, kMaxSteps);
  return keys;
}

// 2. Fixed steps (Fiedler's "Fix Your Timestep!"): real time in, whole ticks out.
int run_fixed_ticks(Game& g) {
  FixedStep& clock = g.session.clock();
  const TimeSettings& t = g.session.settings().time;
  const double now = g.window->time();
  const double real_dt =
      g.session.frame_seconds(g.session.options().fixed_dt ? clock.dt() : now - g.last_time);
  g.last_time = now;
  int ticks = clock.advance(t.paused ? 0.0 : real_dt * t.time_scale);
  if (t.paused) ticks += std::exchange(g.requests.steps, 0);
  for (int i = 0; i < ticks; ++i)
    if (!g.session.tick(clock.tick_hz())) break;  // the replay has ended, or a stop signal
  return ticks;
}

// 3. Render, blending the last two ticks by alpha (interpolation; without it the picture
// only moves on ticks). The first frame drawn at a new window size (a resize) is counted
// apart: the driver remakes what depends on the size (llvmpipe compiles new shader variants
// for a 1-pixel-high target, thousands of operator new calls), as a screenshot is counted.
void draw_world(Game& g) {
  g.window->framebuffer_size(g.width, g.height);
  const bool resized =
      g.drawn_width > 0 && (g.width != g.drawn_width || g.height != g.drawn_height);
  g.drawn_width = g.width;
  g.drawn_height = g.height;
  if (resized && g.session.warmed_up()) ++g.report.window_resizes;
  const heap::Mark drawing;
  const Settings& s = g.session.settings();
  g.alpha = s.time.paused || !s.time.interpolate ? 1.0f : g.session.clock().alpha();
  g.renderer.draw(g.session.world(), g.alpha, g.width, g.height, s.render);  // as they are
  if (resized) set_aside(g, drawing.since(), &g.resizes);
}

// 4. One Dear ImGui frame: the overlay's panels (they edit settings), and the HUD on the
// background list under them, the renderer's camera placing its damage numbers where drawn.
void draw_overlay_and_hud(Game& g, int ticks, const platform::FrameKeys& keys) {
  Session& s = g.session;
  Settings& settings = s.settings();
  const heap::Counts now_heap = heap::totals();
  g.info.heap_frame = now_heap - g.frame_start_heap;
  g.frame_start_heap = now_heap;
  g.info.heap_since_warmup = s.warmed_up() ? s.heap_since_warmup() : heap::Counts{};
  g.info.heap_screenshots = s.heap_set_aside() - g.resizes;  // the rest set aside: resizes
  g.info.heap_resizes = g.resizes;
  g.info.warmed_up = s.warmed_up();
  g.voices = s.audio().report();  // a copy of counters: no allocation
  g.info.voices = s.audio().running() ? &g.voices : nullptr;
  g.info.ticks = ticks;
  g.info.function_presses = keys.function_presses;  // F1..F9, counted as P and N are
  g.info.tick_hz = s.clock().tick_hz();
  g.info.dropped_seconds = s.clock().dropped_seconds();
  // The tour: one step every few frames once warmed up, so each step is seen for a moment.
  constexpr std::int64_t kFramesPerTourStep = 4;
  if (s.options().overlay_tour && s.warmed_up() && s.frame() % kFramesPerTourStep == 0)
    g.tour.step(g.overlay, settings, g.requests);
  g.overlay.begin_frame(s.options().fixed_dt ? static_cast<float>(s.clock().dt()) : -1.0f, g.width,
                        g.height);
  g.overlay.build(s.world(), collect_stats(s.world()), g.renderer.stats(), g.info, settings,
                  g.requests);
  const render::Camera camera =
      frame_camera(s.world(), g.alpha, g.width, g.height, settings.render);
  if (hud_shown(settings.view))  // after build(): an F1 press applies in this very frame
    g.hud.draw(s.world(), camera, g.info.tick_hz, settings.time.paused,
               settings.view.controls_card);
  else
    g.hud.hide();
  g.overlay.end_frame();
}

// 6. Present: a screenshot if asked (F12, the overlay, or the last frame of --screenshot),
// then swap.
void present(Game& g, const platform::FrameKeys& keys) {
  const bool last_shot = g.session.last_frame() && !g.session.options().screenshot_path.empty();
  if (keys.screenshot > 0 || std::exchange(g.requests.screenshot, false) || last_shot)
    take_screenshot(g);
  g.window->swap();
  if (std::exchange(g.requests.stall, false))  // the timestep lab's artificial stall
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
}

// The frame's time, and the most draw calls of any steady frame.
void end_frame(Game& g) {
  const bool steady = g.session.warmed_up();
  g.info.frame_ms = g.session.end_frame();
  if (!steady) return;
  const render::RenderStats& rs = g.renderer.stats();
  RunReport& r = g.report;
  r.draw_calls_per_frame = std::max(r.draw_calls_per_frame, rs.draw_calls);
  r.bullet_draw_calls_per_frame =
      std::max(r.bullet_draw_calls_per_frame, rs.draw_calls_per_kind[render::kDrawBullets]);
  r.shadow_draw_calls_per_frame = std::max(r.shadow_draw_calls_per_frame, rs.shadow_draw_calls);
  r.level_draw_calls_per_frame = std::max(r.level_draw_calls_per_frame, rs.level_draw_calls);
  r.shadow_map_size = g.session.settings().render.shadows ? rs.shadow_map_size : 0;
  r.msaa_samples = rs.msaa_samples;
  r.fxaa = rs.fxaa;
  r.antialiasing = render::antialiasing_name(rs.fxaa               ? render::Antialiasing::kFxaa
                                             : rs.msaa_samples > 0 ? render::Antialiasing::kMsaa
                                                                   : render::Antialiasing::kOff,
                                             rs.msaa_samples);
  r.render_target_reallocations = rs.target_reallocations;
  for (int i = 0; i < kPoolCount; ++i)  // as sized now: a Grow pool's buffer may have grown
    r.gpu_bytes[static_cast<std::size_t>(i)] = render::gpu_bytes_of_pool(rs, i);
}

int fail(const std::string& what) {
  print_error(what);
  return 1;
}

}  // namespace

// One frame: each phase a function above. False when the run is over (the player quit,
// --frames reached, a replay ended). The frame loop calls it; so does the browser, once per
// animation frame (browser_frame.cpp: the page's loop is the browser's, as in floooh's
// pacman.c, whose frame() serves native and web alike).
bool frame(Game& g) {
  if (!begin_frame(g)) return false;
  const platform::FrameKeys keys = poll_input(g);  // 1. events -> input, keys, pause
  if (keys.quit > 0) return false;
  const int ticks = run_fixed_ticks(g);  // 2. real time -> whole ticks
  draw_world(g);                         // 3. the world, blended by alpha
  draw_overlay_and_hud(g, ticks, keys);  // 4. reads the world, edits settings and requests
  // 5. Settings: held in range, then only what changed is applied (app/apply_settings.hpp).
  apply_settings(g.applied, g.session.settings(), g.requests, g.session, g.window.get());
  present(g, keys);  // 6. screenshot, swap
  end_frame(g);
  return true;
}

// The end of the run: the render half of the report, then the session's whole report.
int finish(Run& run) {
  Session& session = run.session;
  Game& game = run.game;
  if (session.frame() > session.options().warmup)
    game.report.buffer_reallocations_after_warmup =
        game.renderer.stats().buffer_reallocations - game.reallocations_at_warmup;
  const overlay::ArenaStats& arena = game.overlay.arena_stats();
  game.report.overlay_tour_steps = game.tour.steps_done();
  game.report.damage_numbers_on_screen = game.hud.damage_numbers_on_screen();
  game.report.overlay_mode = overlay::mode_name(session.settings().view.mode);
  game.report.antialiasing_auto = session.options().aa_auto;
  game.report.overlay_panels = open_panels_json(session.settings().view);
  game.report.imgui_arena_capacity = arena.capacity;
  game.report.imgui_arena_high_water = arena.high_water;
  game.report.imgui_arena_in_use = arena.in_use;
  game.report.imgui_arena_fallbacks = arena.fallbacks;
  game.report.heap_resizes = game.resizes;                  // a part of what the session set aside
  const int code = session.finish(std::move(game.report));  // moved: no copy counted
  return code == 0 && game.screenshot_failed ? 1 : code;
}

int run_windowed(const Options& options) {
  auto run = std::make_unique<Run>();
  std::string error;
  if (!run->session.load(options, error)) return fail(error);
  if (!load(run->game, error)) return fail(error);
#ifdef __EMSCRIPTEN__
  run_in_browser(std::move(run));  // returns at once: the page's loop runs the frames
  return 0;
#else
  while (frame(run->game)) {
  }
  return finish(*run);
#endif
}

}  // namespace flatline::app
