// The overlay (Dear ImGui 1.86): the proof, live. Per pool: capacity, active,
// allocations, peak_active, dropped/recycled/grown/misuse and a bar of active vs
// capacity; the process's heap allocations per frame beside each pool's
// allocations, both plotted (both flat in steady state); frame time, ticks,
// draw calls; Little's law per pool. It reads stats and writes tunables only.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "diag/heap_counter.hpp"
#include "overlay/imgui_arena.hpp"
#include "render/render_stats.hpp"
#include "render/scene.hpp"
#include "sim/stats.hpp"
#include "sim/world.hpp"

struct GLFWwindow;
struct ImFont;

namespace flatline::overlay {

// What the frame loop measured this frame.
struct FrameInfo {
  float frame_ms = 0.0f;
  int ticks = 0;  // simulation ticks run this frame
  double tick_hz = 60.0;
  double dropped_seconds = 0.0;    // frame time the clamp has thrown away, total
  heap::Counts heap_frame;         // allocations during the previous frame
  heap::Counts heap_since_warmup;  // screenshots left out: they are the next line
  heap::Counts heap_screenshots;   // what the screenshots the player asked for allocated
  bool warmed_up = false;
  const PoolReport* voices = nullptr;  // the sound's voices, a pool like the others; null: silent
};

// What the player can change from the overlay. The frame loop applies them.
struct Tunables {
  bool show_panel = true;  // F1
  bool paused = false;     // P
  int step_requests = 0;   // N while paused: ticks to run
  float time_scale = 1.0f;
  double tick_hz = 60.0;
  float rifle_rate = 12.0f;
  bool instancing = true;  // off: one draw call per object
  // Timestep lab: see what interpolation and the frame-time clamp do.
  bool interpolate = true;          // off: draw the last tick as is (stutters at 30 Hz)
  float max_frame_seconds = 0.25f;  // the clamp: longer frames drop their excess
  bool stall_requested = false;     // freeze the next frame for 0.5 s
  std::array<OverflowPolicy, kPoolCount> policy{};
  std::array<int, kPoolCount> capacity{};  // requested sizes...
  bool apply_capacity = false;             // ...applied at a safe point: a new round
  bool screenshot_requested = false;
  // "Break it" (overlay_lessons.cpp): switch a part of the pattern off and watch.
  bool pooling = true;           // off: new/delete per object, a naive scene list
  bool reset_on_release = true;  // off: reused objects keep last life's state
  bool clear_on_reuse = true;    // off: reused effects start with last life's trail
  bool swept_collision = true;   // off: discrete collision, bullets tunnel
  float bullet_speed = 300.0f;   // m/s, the tunnelling lab's slider
  int double_release_requests = 0;
  int stale_release_requests = 0;
  bool seeker_requested = false;  // arm the homing seeker on the next shot
  int inspect_pool = 0;           // the slot inspector's pool (PoolId)
  bool show_lessons = true;       // the two sections open (mirrors their headers)
  bool show_slots = false;
  // Sound: the master volume (0..1) and mute, shown when the game has a sound device.
  bool has_sound = false;
  float volume = 1.0f;
  bool muted = false;
};

Tunables tunables_from(const World& world);

class Overlay {
 public:
  Overlay() = default;
  Overlay(const Overlay&) = delete;
  Overlay& operator=(const Overlay&) = delete;
  ~Overlay();

  // Creates the ImGui context (its allocations in the overlay's own arena, no .ini file)
  // and the GLFW + OpenGL3 backends. `window` may be null: then no backend is set up and
  // frames are fed by hand (tests, headless).
  bool init(GLFWwindow* window, std::string& error);

  // Load-time warm-up: frames never shown that open every section, scroll the panel from
  // top to bottom and show every pool's slots, so each window, table and draw buffer is
  // made now, not when a person first opens or scrolls to it. `tunables` is a copy: the
  // warm-up changes nothing the game sees.
  void warm_up(const World& world, const render::RenderStats& render, const render::Camera& camera,
               Tunables tunables);

  // What a person does with the mouse, as calls (the overlay tour uses them). Each applies
  // in the next frame: scroll the panel or the slot inspector to a fraction of its height
  // (0 top, 1 bottom); close or open every section.
  void scroll_panel(float fraction) { panel_scroll_ = fraction; }
  void scroll_slots(float fraction) { slots_scroll_ = fraction; }
  void set_sections_open(bool open) { sections_open_ = open ? 1 : 0; }

  const ArenaStats& arena_stats() const;

  // Starts a frame. delta_seconds > 0 overrides the backend's wall-clock delta
  // (deterministic frames for tests and screenshots).
  void begin_frame(float delta_seconds, int width, int height);

  // Builds the HUD (crosshair, hit marker, score, damage numbers) and, if shown, the panel.
  void build(const World& world, const WorldStats& stats, const render::RenderStats& render,
             const render::Camera& camera, const FrameInfo& frame, Tunables& tunables);

  // Finishes the frame and draws it with GL (when a window was given).
  void end_frame();

  bool wants_mouse() const;

 private:
  struct History;  // ring buffers for the plots (overlay_internal.hpp)
  void record(const WorldStats& stats, const FrameInfo& frame);
  void pool_table(const WorldStats& stats, const render::RenderStats& render,
                  const FrameInfo& frame, Tunables& tunables);
  void heap_section(const WorldStats& stats, const FrameInfo& frame);
  void memory_lines(const FrameInfo& frame);  // screenshots, malloc, ImGui's arena
  void frame_section(const render::RenderStats& render, const FrameInfo& frame);
  void little_section(const WorldStats& stats);
  void controls_section(Tunables& tunables);
  void lessons_section(const World& world, const WorldStats& stats, Tunables& tunables);
  void broken_banner(const WorldStats& stats, const FrameInfo& frame);
  void slot_inspector(const World& world, Tunables& tunables);
  // The HUD (overlay_hud.cpp): crosshair, hit marker, score, damage numbers.
  void hud(const World& world, const render::Camera& camera, double tick_hz);

  bool initialised_ = false;
  bool has_backend_ = false;
  GLFWwindow* window_ = nullptr;
  int width_ = 0, height_ = 0;  // ImGui's display size this frame (window coordinates)
  History* history_ = nullptr;  // ring buffers for the plots, made once in init
  Arena* arena_ = nullptr;      // ImGui's memory, reserved in init
  ImFont* hud_font_ = nullptr;  // the HUD's large text, in the font atlas beside the panel's
  float panel_scroll_ = -1.0f;  // < 0: no scroll asked for
  float slots_scroll_ = -1.0f;
  int sections_open_ = -1;  // -1: as the person left them; 0 close all; 1 open all
};

}  // namespace flatline::overlay
