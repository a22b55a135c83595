// Command-line options of the `flatline` executable. Parsing is strict: an
// unknown flag or a bad value is an error with a one-line reason (exit 2).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pool/pool_stats.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// Who ticks the bullets: the game's own scalar code (src/sim/bullets.cpp), or the lab's fast
// kernel (lab/kernel/fast_kernel.hpp), which plays the same game bit for bit at scale.
enum class Kernel { Scalar, Fast };

struct Options {
  bool help = false;
  bool no_window = false;    // run the world with no window and no GL
  std::int64_t frames = -1;  // -1: until quit (windowed) / 3600 (--no-window)
  std::uint64_t seed = 1;
  bool autofire = false;                   // scripted player: hold the trigger, sweep, scatter
  std::string stats_path;                  // JSON at exit
  std::size_t pool_size = 0;               // bullet pool capacity; 0 = the world's default
  std::optional<OverflowPolicy> overflow;  // bullet pool policy
  double fire_rate = 0.0;                  // rifle shots per second; 0 = the world's default
  std::int64_t warmup = 60;                // ticks before the steady-state heap mark
  bool warmup_given = false;               // --warmup was typed: it must be shorter than the run
  double tick_hz = 60.0;
  Kernel kernel = Kernel::Scalar;  // --kernel scalar | fast
  int threads = 0;                 // --threads N for the fast kernel; 0: the machine's cores
  std::string record_path;         // write the seed and every tick's input here
  std::string replay_path;         // play a recording back instead of live input
  std::int64_t hash_every = 0;     // print the state hash every N ticks (0: never)
  std::int64_t stall_at = -1;      // frame N takes 5 s (a simulated stall)
  // Sound (audio/): windowed plays to the default device; --audio-out renders the mix to a
  // WAV tick by tick instead, in --no-window too.
  std::string audio_out_path;  // WAV of the whole run (a loopback device, deterministic)
  bool mute = false;           // voices still play, at zero gain
  std::string assets_dir;      // empty: the assets/ folder of the source tree
  // Windowed only.
  bool hidden = false;              // an invisible window: renders and reads back the same
  std::string screenshot_path;      // the last frame as PNG
  std::string shaders_dir;          // empty: the shaders/ folder of the source tree
  bool fixed_dt = false;            // every frame advances exactly one tick: deterministic frames
  bool no_instancing = false;       // one draw call per object, to compare
  bool no_shadows = false;          // skip the sun's shadow pass
  bool no_instance_ring = false;    // one instance buffer per kind, rewritten every frame
  bool aa_auto = true;              // --aa auto (the default): FXAA on a GPU, off on llvmpipe
  bool fxaa = false;                // --aa fxaa, or
  int msaa = 0;                     // multisampling with 2, 4 or 8 samples, or neither (off)
  bool overlay_tour = false;        // after warm-up, use every part of the panel (overlay_tour.hpp)
  std::string overlay = "compact";  // off | compact | full | a panel's name (kOverlayViews)
  double fov = 0.0;                 // vertical field of view, degrees; 0 = the default
  double sensitivity = 0.0;         // mouse look, times the default; 0 = the default
  bool fullscreen = false;          // start on the primary monitor
  // Teaching switches (README "Break it on purpose"): each turns one part of the pattern off.
  bool no_pooling = false;         // new/delete per object and a naive scene list
  bool no_reset = false;           // released objects keep last life's state
  bool no_clear_on_reuse = false;  // reused effects start with last life's trail
  bool discrete = false;           // discrete collision: bullets tunnel through the thin wall
  double bullet_speed = 0.0;       // rifle speed, m/s (pellets in proportion); 0 = the default
  bool no_warmup = false;          // pools start empty, no warm-up draw: first-use hitches
  bool lessons_used() const {
    return no_pooling || no_reset || no_clear_on_reuse || discrete || bullet_speed > 0.0;
  }
};

struct ParseResult {
  Options options;
  std::string error;  // empty when parsing succeeded
};

ParseResult parse_options(int argc, const char* const* argv);
const char* usage();

// --overlay's values: the modes, then the panels (overlay/overlay_view.hpp names the same).
inline constexpr std::array<std::string_view, 11> kOverlayViews = {
    "off",    "compact",  "full",    "pools", "heap",    "frame",
    "little", "controls", "lessons", "slots", "settings"};
constexpr double kMinFov = 40.0, kMaxFov = 110.0;  // --fov range, degrees
constexpr double kMinSensitivity = 0.1, kMaxSensitivity = 5.0;

constexpr std::int64_t kHeadlessFrames = 3600;  // --no-window without --frames: a minute
constexpr std::size_t kMaxPoolSize = 10'000'000;
constexpr double kMinTickHz = 10.0;  // --tick-hz range, and a recording's
constexpr double kMaxTickHz = 1000.0;
constexpr double kMaxBulletSpeed = 2000.0;     // m/s: the tunnelling lab's top speed
constexpr int kMaxThreads = 64;                // --threads' highest
constexpr double kMaxFireRate = 10'000'000.0;  // shots per second: enough to fill any pool

}  // namespace flatline::app
