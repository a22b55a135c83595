// The game's settings, as plain data: one Settings the app owns, in named groups, and the
// one-shot Requests a frame's buttons and keys make. Like pacman.c's state, these are
// structs and nothing else: the command line fills Settings once at start
// (app/settings_from.cpp), the overlay edits it and fills Requests (src/overlay/), and the
// frame loop applies what changed in one phase after the overlay (app/apply_settings.cpp).
//
// This header sits just above the simulation, so every layer that edits or reads settings can
// see it: the app (which links no GL), the renderer (its group is render's settings) and the
// overlay (which links render and sim, not app).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/world.hpp"

namespace flatline {

// Anti-aliasing (render/antialiasing.hpp): none, one FXAA pass, or multisampling.
enum class Antialiasing { kOff, kFxaa, kMsaa };

// What the overlay shows (overlay/overlay_view.hpp): no panel, the compact strip, or every
// teaching panel at once.
enum class OverlayMode { Off, Compact, Full };

// The teaching panels, one window each, in menu and key order (F2 is the first).
enum Panel : int {
  kPanelPools,
  kPanelHeap,
  kPanelFrame,
  kPanelLittle,
  kPanelControls,
  kPanelLessons,
  kPanelSlots,
  kPanelSettings,
  kPanelCount
};

inline constexpr float kDefaultFovDegrees = 70.0f;  // vertical field of view

// The simulation: what a WorldConfig is built from (at load, and for each new round), and the
// teaching switches, which take effect on the next tick.
struct SimSettings {
  std::uint64_t seed = 1;
  // Pool sizes take effect only in a new round (Requests::new_round); policies at once.
  std::array<int, kPoolCount> capacity{};
  std::array<OverflowPolicy, kPoolCount> policy{};
  float rifle_rate = 12.0f;  // shots/s with the trigger held: WorldConfig's (a test holds it)
  float bullet_speed = WorldConfig::kRifleSpeed;  // the rifle's, m/s; pellets in proportion
  // Live bullets drawn in full; past it the cheap fallback (a tracer). Takes effect at once.
  int full_visual_cap = static_cast<int>(WorldConfig::kFullVisualCap);
  // "Break it on purpose": each switch turns one part of the pattern off.
  bool pooling = true;           // off: new/delete per object, a naive scene list
  bool reset_on_release = true;  // off: reused objects keep last life's state
  bool clear_on_reuse = true;    // off: reused effects start with last life's trail
  bool swept_collision = true;   // off: discrete collision, bullets tunnel
  bool prewarm_pools = true;     // off: pools start empty (a load-time switch, --no-warmup)
  // Misuse located (pool/pool_sites.hpp), load-time switches: refused releases logged with
  // their caller; acquirers noted (for strict pools and the leak report).
  bool strict_pools = false;
  bool note_acquirers = false;
  // forget, trim and destroy in play (sim/lifecycle.hpp).
  bool forget_lost = false;    // bullets lost to the world are forgotten (takes effect at once)
  bool trim_on_pause = false;  // pause trims idle effect objects; resume re-makes them
};

// The timestep (Fiedler's "Fix Your Timestep!"): the tick rate, how fast game time runs, the
// frame-time clamp, pause, and whether the picture is blended between ticks.
struct TimeSettings {
  double tick_hz = 60.0;
  float time_scale = 1.0f;
  float max_frame_seconds = 0.25f;  // the clamp: longer frames drop their excess
  bool paused = false;              // P
  bool interpolate = true;          // off: draw the last tick as is (stutters at 30 Hz)
};

// The renderer's switches (render/renderer.hpp takes this group as it is).
struct RenderSettings {
  bool instancing = true;     // off: one draw call per object (to show what instancing saves)
  bool shadows = true;        // off: the shadow pass is skipped and everything is sunlit
  bool instance_ring = true;  // off: every frame rewrites the buffer the last frame drew from
  Antialiasing antialiasing = Antialiasing::kFxaa;  // a change remakes the scene's target
  int msaa_samples = 4;                             // with kMsaa: 2, 4 or 8
  float fov_degrees = kDefaultFovDegrees;
  // The picture (docs/rendering.md): each can be switched off, to price it.
  bool tone_mapping = true;          // off: no ACES filmic curve, colours clip at 1
  bool soft_shadows = true;          // off: one filtered shadow lookup, a one-texel edge
  bool fog = true;                   // off: no linear fog, the far walls as sharp as the near
  bool software_rasteriser = false;  // a fact, not a choice: the driver draws on the CPU
};

// How the game is seen and steered. Defaults suit a 1080p monitor: a mouse sweep across the
// screen turns about 240 degrees.
struct ViewSettings {
  OverlayMode mode = OverlayMode::Compact;  // F1 cycles off, compact, full
  std::array<bool, kPanelCount> panels{};   // open beside the strip (F2..F9, the menu bar)
  int inspect_pool = 0;                     // the slot inspector's pool (PoolId)
  float mouse_sensitivity = 1.0f;           // times the platform's radians per pixel
  bool fullscreen = false;                  // the primary monitor at its current video mode
  bool controls_card = true;  // the HUD's card of the controls at start (hud/controls_card.hpp)
};

// Sound: the master volume (0..1) and mute.
struct AudioSettings {
  float volume = 1.0f;
  bool muted = false;
  bool has_sound = false;  // a fact, not a choice: a sound device is open
};

struct Settings {
  SimSettings sim;
  TimeSettings time;
  RenderSettings render;
  ViewSettings view;
  AudioSettings audio;
};

// What a button or key asks for once. The frame loop consumes each request when it acts on it
// and sets it back to zero: a request is an event, not a setting.
struct Requests {
  int steps = 0;            // N while paused: ticks to run
  int double_releases = 0;  // misuse on demand, counted in the pools table
  int stale_releases = 0;
  bool seeker = false;         // arm the homing seeker on the next shot
  bool stall = false;          // freeze the next frame for 0.5 s (the timestep lab)
  bool screenshot = false;     // F12, or the controls' button
  bool new_round = false;      // apply the pool sizes: new pools, made at a safe point
  bool restart_level = false;  // every pool destroyed and re-made, the level as at load
};

// The sizes and policies `world`'s pools were made with: what a new game's panel starts from.
inline void read_pools(const World& world, SimSettings& sim) {
  for (int i = 0; i < kPoolCount; ++i) {
    const auto slot = static_cast<std::size_t>(i);
    sim.capacity[slot] = static_cast<int>(pool_stats(world, i).capacity);
    visit_pool(world, i, [&](const auto& pool) { sim.policy[slot] = pool.policy(); });
  }
}

}  // namespace flatline
