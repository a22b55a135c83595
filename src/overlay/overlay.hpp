// The overlay (Dear ImGui 1.86): the proof, live. By default a compact strip in a corner:
// frame time, draw calls, heap allocations this frame, each pool's active / peak /
// allocations as small bars. A menu bar and keys open the teaching panels as windows: pools
// (capacity, active, allocations, dropped/recycled/grown/misuse), heap (plotted beside each
// pool's allocations: both flat in steady state), frame, Little's law, controls, the
// "break it" lessons, the slot inspector and settings. It reads stats and writes settings and
// requests.
//
// The overlay owns Dear ImGui: its context, its arena, its backends and its frame. The HUD
// (src/hud/) is not the overlay's: the frame loop draws it into the same ImGui frame, between
// begin_frame() and end_frame(), on the background list under the panels.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "diag/heap_counter.hpp"
#include "overlay/imgui_arena.hpp"
#include "overlay/overlay_math.hpp"
#include "overlay/overlay_view.hpp"
#include "render/antialiasing.hpp"
#include "render/render_stats.hpp"
#include "settings/settings.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

struct GLFWwindow;
struct ImFontAtlas;

namespace flatline::overlay {

// What the frame loop measured this frame.
struct FrameInfo {
  float frame_ms = 0.0f;
  int ticks = 0;  // simulation ticks run this frame
  double tick_hz = 60.0;
  double dropped_seconds = 0.0;    // frame time the clamp has thrown away, total
  heap::Counts heap_frame;         // allocations during the previous frame
  heap::Counts heap_since_warmup;  // screenshots and resizes left out: they are the next lines
  heap::Counts heap_screenshots;   // what the screenshots the player asked for allocated
  heap::Counts heap_resizes;       // what drawing at a new window size made the driver allocate
  bool warmed_up = false;
  // F1..F9 presses since the last frame, counted by the platform as P and N are: a tap
  // shorter than a frame is never lost (ImGui's polled key state would miss it).
  std::array<int, 9> function_presses{};
  const PoolReport* voices = nullptr;  // the sound's voices, a pool like the others; null: silent
};

// What the player can change from the overlay: the game's one Settings, and the one-shot
// Requests its buttons make (settings/settings.hpp). The frame loop applies both, after the
// overlay, in one phase (app/apply_settings.cpp).
using ::flatline::Requests;
using ::flatline::Settings;

class Overlay {
 public:
  Overlay() = default;
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;
  ~Overlay();

  // Fonts besides the panel's, added to ImGui's atlas before it is built (the HUD's).
  using AddFonts = std::function<void(ImFontAtlas&)>;

  // Creates the ImGui context (its allocations in the overlay's own arena, no .ini file)
  // and the GLFW + OpenGL3 backends. `window` may be null: then no backend is set up and
  // frames are fed by hand (tests, headless). The atlas holds the panel's font first (ImGui's
  // default), then whatever `add_fonts` adds.
  bool init(GLFWwindow* window, std::string& error, const AddFonts& add_fonts = {});

  // Load-time warm-up: frames never shown that open every panel alone and all together,
  // scroll each from top to bottom, open the menus and show every pool's slots, so each
  // window, table and draw buffer is made now, not when a person first opens or scrolls it.
  // `settings` is a copy: the warm-up changes nothing the game sees.
  void warm_up(const World& world, const render::RenderStats& render, Settings settings);

  // What a person does with the mouse, as calls (the overlay tour uses them). Each applies
  // in the next frame: scroll every open panel, or the slot inspector's table, to a fraction
  // of its height (0 top, 1 bottom); open the menu bar's menu `menu` (0 overlay, 1 panels)
  // or, with -1, close it.
  void scroll_panel(float fraction) { panel_scroll_ = fraction; }
  void scroll_slots(float fraction) { slots_scroll_ = fraction; }
  void open_menu(int menu) { menu_request_ = menu < 0 ? kCloseMenus : menu; }

  const ArenaStats& arena_stats() const;

  // Starts a frame. delta_seconds > 0 overrides the backend's wall-clock delta
  // (deterministic frames for tests and screenshots).
  void begin_frame(float delta_seconds, int width, int height);

  // Reads the overlay's keys (F1 cycles the mode, F2..F9 toggle panels) unless ImGui has
  // the keyboard, then builds what the mode shows: the menu bar, the compact strip, the
  // panels. Off, it builds nothing.
  // The panels edit `settings` and add to `requests`; nothing else is written.
  void build(const World& world, const WorldStats& stats, const render::RenderStats& render,
             const FrameInfo& frame, Settings& settings, Requests& requests);

  // Finishes the frame and draws it with GL (when a window was given).
  void end_frame();

  bool wants_mouse() const;

 private:
  struct History;  // ring buffers for the plots (overlay_internal.hpp)
  struct Inputs;   // what build() was given (overlay_internal.hpp)
  void record(const WorldStats& stats, const FrameInfo& frame);
  // The windows (overlay_windows.cpp, overlay_compact.cpp, overlay_settings.cpp).
  void read_keys(ViewSettings& view, const FrameInfo& frame);
  void menu_bar(ViewSettings& view);
  void compact_strip(const Inputs& in);
  void panel_windows(const Inputs& in);
  void place_panel(int panel, OverlayMode mode, int order);
  float beside_strip() const;
  void panel_body(int panel, const Inputs& in);
  void settings_section(Settings& settings);
  void pool_table(const WorldStats& stats, const render::RenderStats& render,
                  const FrameInfo& frame, SimSettings& sim, Requests& requests);
  void heap_section(const WorldStats& stats, const FrameInfo& frame);
  void memory_lines(const FrameInfo& frame);  // screenshots, malloc, ImGui's arena
  void frame_section(const render::RenderStats& render, const FrameInfo& frame);
  void little_section(const WorldStats& stats);
  void controls_section(Settings& settings, Requests& requests);
  void lessons_section(const World& world, const WorldStats& stats, Settings& settings,
                       Requests& requests);
  void broken_banner(const WorldStats& stats, const FrameInfo& frame);
  void slot_inspector(const World& world, ViewSettings& view);

  bool initialised_ = false;
  bool has_backend_ = false;
  GLFWwindow* window_ = nullptr;
  int width_ = 0, height_ = 0;  // ImGui's display size this frame (window coordinates)
  History* history_ = nullptr;  // ring buffers for the plots, made once in init
  Arena* arena_ = nullptr;      // ImGui's memory, reserved in init
  float panel_scroll_ = -1.0f;  // < 0: no scroll asked for
  float slots_scroll_ = -1.0f;
  static constexpr int kNoMenuRequest = -2, kCloseMenus = -1;
  int menu_request_ = kNoMenuRequest;
  float menu_height_ = 0.0f;    // the main menu bar's height: the windows go below it
  float strip_right_ = 0.0f;    // the compact strip's right edge this frame (0: not shown yet)
  float placed_beside_ = 0.0f;  // the x compact mode's panels were last placed at
  OverlayMode placed_for_ = OverlayMode::Off;  // the mode the panels were last arranged for
  FirstShot first_shot_;                       // the first shot's frame, marked on the strip's plot
};

}  // namespace flatline::overlay
