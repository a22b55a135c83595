// Command-line options of the `flatline` executable. Parsing is strict: an
// unknown flag or a bad value is an error with a one-line reason (exit 2).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "pool/pool_stats.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// Who ticks the bullets: the game's own scalar code (src/sim/bullets.cpp), or the lab's fast
// kernel (lab/kernel/fast_kernel.hpp), which plays the same game bit for bit at scale.
enum class Kernel { Scalar, Fast };

// --lesson: a misuse demo fired once at a tick, as the overlay's "break it" buttons do
// (sim/lessons.hpp): a double release, a stale handle's release, the homing seeker.
enum class Lesson { None, DoubleRelease, StaleHandle, Seeker };
const char* to_string(Lesson lesson);  // "double-release", ... ("none")

// Strict pools (pool/pool_sites.hpp): on by default where asserts are, in Debug builds.
#ifdef NDEBUG
inline constexpr bool kStrictPoolsByDefault = false;
#else
inline constexpr bool kStrictPoolsByDefault = true;
#endif

// --spawn X,Y,Z[,YAW_DEG[,PITCH_DEG]]: where the player's feet start and where it looks
// (degrees, as the sim's angles: yaw 0 looks north, down -z; 90 looks west; pitch up > 0).
struct SpawnPoint {
  glm::vec3 feet{0.0f};
  float yaw_deg = 0.0f;
  float pitch_deg = 0.0f;
  bool operator==(const SpawnPoint&) const = default;
};
constexpr double kMaxSpawnCoordinate = 1000.0;  // no level reaches further (level_limits.hpp)
constexpr double kMaxSpawnPitch = 89.0;

struct Options {
  bool help = false;
  bool no_window = false;    // run the world with no window and no GL
  std::int64_t frames = -1;  // -1: until quit (windowed) / 3600 (--no-window)
  std::uint64_t seed = 1;
  bool autofire = false;                   // scripted player: hold the trigger, sweep, scatter
  std::string stats_path;                  // JSON at exit
  std::size_t pool_size = 0;               // bullet pool capacity; 0 = the world's default
  std::optional<OverflowPolicy> overflow;  // bullet pool policy
  // --pool-size KIND=N, --overflow KIND=POLICY: any other pool's (by PoolId; the bullets'
  // are the two above, whichever way they were typed).
  std::array<std::size_t, kPoolCount> kind_pool_size{};
  std::array<std::optional<OverflowPolicy>, kPoolCount> kind_overflow{};
  double fire_rate = 0.0;     // rifle shots per second; 0 = the world's default
  std::int64_t warmup = 60;   // ticks before the steady-state heap mark
  bool warmup_given = false;  // --warmup was typed: it must be shorter than the run
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
  bool no_tone_mapping = false;     // the picture's parts, each priced by frame_cost.sh:
  bool no_soft_shadows = false;     // ... one shadow lookup, a hard edge (else auto:
  bool soft_shadows = false;        // ... on a GPU, not on a software rasteriser; or forced on)
  bool no_fog = false;              // ... no linear fog
  bool no_controls_card = false;    // no controls card at start (pictures, recordings)
  bool aa_auto = true;              // --aa auto (the default): FXAA on a GPU, off on llvmpipe
  bool fxaa = false;                // --aa fxaa, or
  int msaa = 0;                     // multisampling with 2, 4 or 8 samples, or neither (off)
  bool overlay_tour = false;        // after warm-up, use every part of the panel (overlay_tour.hpp)
  std::string overlay = "compact";  // off | compact | full | a panel's name (kOverlayViews)
  double fov = 0.0;                 // vertical field of view, degrees; 0 = the default
  double sensitivity = 0.0;         // mouse look, times the default; 0 = the default
  bool fullscreen = false;          // start on the primary monitor
  // Teaching switches (README "Break it on purpose"): each turns one part of the pattern off.
  bool no_pooling = false;            // new/delete per object and a naive scene list
  bool no_reset = false;              // released objects keep last life's state
  bool no_clear_on_reuse = false;     // reused effects start with last life's trail
  bool discrete = false;              // discrete collision: bullets tunnel through the thin wall
  double bullet_speed = 0.0;          // rifle speed, m/s (pellets in proportion); 0 = the default
  bool no_warmup = false;             // pools start empty, no warm-up draw: first-use hitches
  bool no_interpolation = false;      // draw the last tick as is (TimeSettings::interpolate)
  Lesson lesson = Lesson::None;       // fired once, at lesson_at
  std::int64_t lesson_at = -1;        // the tick; -1: the end of the warm-up (--warmup)
  std::int64_t full_visual_cap = -1;  // bullets drawn in full before the tracer fallback; -1: 64
  // Misuse located, leaks listed (pool/pool_sites.hpp).
  bool strict_pools = kStrictPoolsByDefault;  // --strict-pools / --no-strict-pools
  bool leak_report = false;                   // at exit: live objects, acquirer, age
  // forget, trim and destroy in play (sim/lifecycle.hpp).
  bool forget_lost = false;         // bullets lost to the world are forgotten, not released
  bool trim_on_pause = false;       // idle effect objects destroyed on pause, re-made on resume
  std::int64_t restart_at = -1;     // the level restarts at this tick: pools destroyed, re-made
  std::optional<SpawnPoint> spawn;  // --spawn: the player's start (inside the level's square)
  bool lessons_used() const {
    return no_pooling || no_reset || no_clear_on_reuse || discrete || bullet_speed > 0.0 ||
           lesson != Lesson::None || forget_lost || trim_on_pause || restart_at >= 0 ||
           full_visual_cap >= 0 || other_pools_set();
  }
  bool other_pools_set() const {  // a pool other than the bullets' sized or given a policy
    for (int id = kBullets + 1; id < kPoolCount; ++id)
      if (kind_pool_size[static_cast<std::size_t>(id)] > 0 ||
          kind_overflow[static_cast<std::size_t>(id)])
        return true;
    return false;
  }
};

struct ParseResult {
  Options options;
  std::string error;  // empty when parsing succeeded
};

ParseResult parse_options(int argc, const char* const* argv);
const char* usage();

// The flags of options_lessons.cpp: every lesson by flag, and the pools by name. Consumes
// `flag` (and its value, through `value`) and returns true if it is one of them; `error` is
// set if its value is bad.
bool parse_lesson_flag(std::string_view flag, const std::function<bool(std::string_view&)>& value,
                       Options& o, std::string& error);
const char* lesson_usage();

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
