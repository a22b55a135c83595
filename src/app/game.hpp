// What the windowed frame loop uses beside the session (app/session.hpp): the window, the
// renderer, the HUD and the overlay, and what one phase of a frame hands the next. The
// phases are windowed.cpp; the screenshot is screenshot_file.cpp; the browser's frame is
// browser_frame.cpp (the browser build only, scripts/web.sh).
#pragma once

#include <cstdint>
#include <memory>

#include "app/run_report.hpp"
#include "app/session.hpp"
#include "diag/heap_counter.hpp"
#include "hud/hud.hpp"
#include "overlay/overlay.hpp"
#include "overlay/overlay_tour.hpp"
#include "platform/window.hpp"
#include "render/renderer.hpp"

namespace flatline::app {

// Everything the frame loop uses beside the session, made at load.
struct Game {
  explicit Game(Session& s) : session(s) {}
  Session& session;
  std::unique_ptr<platform::Window> window;
  render::Renderer renderer;
  hud::Hud hud;  // crosshair, hit marker, score, damage numbers: drawn whatever the overlay shows
  overlay::Overlay overlay;
  Settings applied;               // what the game runs with: the settings phase compares
  Requests requests;              // one-shot: the overlay and keys fill them, the loop consumes
  overlay::FrameInfo info;        // what the overlay shows about the frames
  PoolReport voices;              // the sound's voices this frame, for the pools table
  overlay::OverlayTour tour;      // --overlay-tour: a person's use of the panel, scripted
  heap::Counts frame_start_heap;  // heap totals at the last overlay phase
  heap::Counts resizes;           // set aside: drawing at a new window size (see draw_world)
  int drawn_width = 0, drawn_height = 0;  // the framebuffer the last frame was drawn at
  double last_time = 0.0;                 // the window's clock at the last fixed-tick phase
  int width = 0, height = 0;              // the framebuffer, this frame
  float alpha = 1.0f;                     // where the picture is between the last two ticks
  RunReport report;                       // the render half of the report
  bool screenshot_failed = false;         // a screenshot could not be written: the run exits 1
  std::uint64_t reallocations_at_warmup = 0;
};

// A run: the session and what the frame loop uses beside it. On the heap, made at load: in
// the browser it outlives run_windowed, which returns once the page's loop is set.
struct Run {
  Session session;
  Game game{session};
};

// One frame, every phase (windowed.cpp). False when the run is over (the player quit,
// --frames reached, a replay ended).
bool frame(Game& g);

// The end of the run: the render half of the report, then the session's whole report; the
// process exit code (windowed.cpp).
int finish(Run& run);

// Allocations the player caused that are not the frame loop's own work (windowed.cpp).
void set_aside(Game& g, const heap::Counts& taken, heap::Counts* bucket);

// The frame as a PNG file, at --screenshot's path or flatline.png (screenshot_file.cpp).
void take_screenshot(Game& g);

#ifdef __EMSCRIPTEN__
// Hands the run to the browser's loop, frame() once per animation frame (browser_frame.cpp).
void run_in_browser(std::unique_ptr<Run> run);
#endif

}  // namespace flatline::app
