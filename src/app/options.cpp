#include "app/options.hpp"

#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#include "app/error_line.hpp"

namespace flatline::app {
namespace {

template <class Int>
bool parse_int(std::string_view text, Int& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

bool parse_double(std::string_view text, double& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

// What was typed, quoted for a one-line error: control bytes as \n, \t or \xHH.
std::string quoted(std::string_view text) {
  std::string out(1, '\'');  // appended, not "'" + ...: GCC 12 warns falsely on that (-Wrestrict)
  out += one_line(text);
  out += '\'';
  return out;
}

bool known_overlay_view(std::string_view v) {
  for (const std::string_view name : kOverlayViews)
    if (v == name) return true;
  return false;
}

// The flags of this file; options_lessons.cpp adds its own (lesson_usage()).
const char* base_usage() {
  return "usage: flatline [options]\n"
         "  --no-window          run the simulation headless (no window, no GL)\n"
         "  --frames N           run N frames, then quit (N >= 1; --no-window default 3600)\n"
         "  --seed N             world seed (default 1)\n"
         "  --autofire           scripted player: hold fire, sweep the aim, scatter shots\n"
         "  --stats PATH         write statistics as JSON to PATH at exit\n"
         "  --pool-size N        bullet pool capacity (1..10000000)\n"
         "  --overflow POLICY    bullet pool overflow: drop | recycle-oldest | grow\n"
         "  --fire-rate R        rifle shots per second (0 < R <= 10000000; default 12),\n"
         "                       to fill a big pool in a stress run (not with --record/--replay)\n"
         "  --warmup N           ticks before the steady-state heap mark (default 60)\n"
         "  --tick-hz HZ         simulation rate (10..1000, default 60)\n"
         "  --kernel KIND        who ticks the bullets: scalar (default, the game's code) or\n"
         "                       fast (the lab's kernel: the same game, bit for bit, at scale)\n"
         "  --threads N          threads of the fast kernel's tick (1..64; default: the\n"
         "                       machine's cores); the same game for every N\n"
         "  --record PATH        record the seed and every tick's input to PATH\n"
         "  --replay PATH        play a recording back (its seed and settings win)\n"
         "  --hash-every N       print the world's state hash every N ticks\n"
         "  --stall-at N         make frame N last 5 s (simulated), to watch the frame clamp\n"
         "  --audio-out PATH     render the sound, tick by tick, to a WAV file (not the device)\n"
         "  --mute               no sound (the voices still play, at zero volume)\n"
         "  --assets DIR         arena.gltf, textures/, sounds/ (default: the tree's assets/)\n"
         "  --hidden             keep the game window invisible (still renders)\n"
         "  --screenshot PATH    write the last frame as PNG to PATH\n"
         "  --shaders DIR        where the GLSL files are (default: the source tree's shaders/)\n"
         "  --fixed-dt           every frame advances exactly one tick (deterministic frames)\n"
         "  --no-instancing      draw one object per draw call, to see what instancing saves\n"
         "  --no-shadows         skip the sun's shadow pass (everything sunlit)\n"
         "  --no-instance-ring   rewrite one instance buffer per kind each frame (no ring)\n"
         "  --no-tone-mapping    no ACES filmic tone mapping (colours clip at white)\n"
         "  --no-soft-shadows    one filtered shadow lookup (a hard, one-texel edge); by default\n"
         "                       soft on a GPU, hard on a software rasteriser (its cost)\n"
         "  --soft-shadows       four filtered shadow lookups (a soft edge), whatever draws\n"
         "  --no-fog             no linear fog toward the horizon\n"
         "  --no-controls-card   no card of the controls at start (windowed)\n"
         "  --aa MODE            anti-aliasing: auto (default: fxaa on a GPU, off on a\n"
         "                       software rasteriser), fxaa, msaa2, msaa4, msaa8 or off\n"
         "  --overlay-tour       after warm-up, open every panel, scroll, flip every switch\n"
         "                       and back, press the misuse buttons (windowed)\n"
         "  --overlay VIEW       what shows at start: off | compact (default) | full | a panel:\n"
         "                       pools heap frame little controls lessons slots settings\n"
         "  --fov DEG            vertical field of view (40..110, default 70)\n"
         "  --sensitivity X      mouse look sensitivity (0.1..5, default 1)\n"
         "  --fullscreen         start fullscreen on the primary monitor (windowed)\n"
         "  --no-pooling         new/delete every bullet and effect, kept in a naive scene list\n"
         "  --no-reset           skip reset on release: reused objects keep last life's state\n"
         "  --no-clear-on-reuse  reused effects keep last life's trail (tracers draw across)\n"
         "  --discrete           discrete collision (end points only): bullets tunnel\n"
         "  --bullet-speed MPS   rifle bullet speed in m/s (1..2000, default 300); scatter\n"
         "                       pellets keep their proportion (220 at 300)\n"
         "  --full-visual-cap N  live bullets drawn in full (0..10000000, default 64); past it\n"
         "                       a bullet is drawn as a cheap tracer, never refused\n"
         "  --no-warmup          no warm-up: pools start empty and grow on demand (allocating),\n"
         "                       instance buffers grow with them, nothing drawn while loading\n"
         "  --help               this text\n";
}

}  // namespace

const char* usage() {
  static const std::string text = std::string(base_usage()) + lesson_usage();
  return text.c_str();
}

ParseResult parse_options(int argc, const char* const* argv) {
  ParseResult result;
  Options& o = result.options;
  auto fail = [&](std::string message) {
    result.error = std::move(message);
    return result;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string_view flag = argv[i];
    auto value = [&](std::string_view& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string_view v;
    if (flag == "--help" || flag == "-h") {
      o.help = true;
    } else if (flag == "--no-window") {
      o.no_window = true;
    } else if (flag == "--autofire") {
      o.autofire = true;
    } else if (flag == "--frames") {
      if (!value(v) || !parse_int(v, o.frames) || o.frames < 1)
        return fail("--frames needs a whole number of frames >= 1");
    } else if (flag == "--seed") {
      if (!value(v) || !parse_int(v, o.seed)) return fail("--seed needs a non-negative integer");
    } else if (flag == "--stats") {
      if (!value(v) || v.empty()) return fail("--stats needs a file path");
      o.stats_path = std::string(v);
    } else if (flag == "--kernel") {
      if (!value(v)) return fail("--kernel needs scalar or fast");
      if (v != "scalar" && v != "fast")
        return fail("--kernel needs scalar or fast, not " + quoted(v));
      o.kernel = v == "fast" ? Kernel::Fast : Kernel::Scalar;
    } else if (flag == "--threads") {
      if (!value(v) || !parse_int(v, o.threads) || o.threads < 1 || o.threads > kMaxThreads)
        return fail("--threads needs a thread count from 1 to 64");
    } else if (flag == "--fire-rate") {
      if (!value(v) || !parse_double(v, o.fire_rate) ||
          !(o.fire_rate > 0.0 && o.fire_rate <= kMaxFireRate))
        return fail("--fire-rate needs shots per second, more than 0 and at most 10000000");
    } else if (flag == "--warmup") {
      if (!value(v) || !parse_int(v, o.warmup) || o.warmup < 0)
        return fail("--warmup needs a number of ticks >= 0");
      o.warmup_given = true;
    } else if (flag == "--tick-hz") {
      if (!value(v) || !parse_double(v, o.tick_hz) ||
          !(o.tick_hz >= kMinTickHz && o.tick_hz <= kMaxTickHz))
        return fail("--tick-hz needs a rate from 10 to 1000");
    } else if (flag == "--record") {
      if (!value(v) || v.empty()) return fail("--record needs a file path");
      o.record_path = std::string(v);
    } else if (flag == "--replay") {
      if (!value(v) || v.empty()) return fail("--replay needs a file path");
      o.replay_path = std::string(v);
    } else if (flag == "--hash-every") {
      if (!value(v) || !parse_int(v, o.hash_every) || o.hash_every < 1)
        return fail("--hash-every needs a number of ticks >= 1");
    } else if (flag == "--stall-at") {
      if (!value(v) || !parse_int(v, o.stall_at) || o.stall_at < 0)
        return fail("--stall-at needs a frame number >= 0");
    } else if (flag == "--audio-out") {
      if (!value(v) || v.empty()) return fail("--audio-out needs a file path");
      o.audio_out_path = std::string(v);
    } else if (flag == "--mute") {
      o.mute = true;
    } else if (flag == "--assets") {
      if (!value(v) || v.empty()) return fail("--assets needs a folder");
      o.assets_dir = std::string(v);
    } else if (flag == "--hidden") {
      o.hidden = true;
    } else if (flag == "--fixed-dt") {
      o.fixed_dt = true;
    } else if (flag == "--no-shadows") {
      o.no_shadows = true;
    } else if (flag == "--no-instance-ring") {
      o.no_instance_ring = true;
    } else if (flag == "--no-tone-mapping") {
      o.no_tone_mapping = true;
    } else if (flag == "--no-soft-shadows") {
      o.no_soft_shadows = true;
    } else if (flag == "--soft-shadows") {
      o.soft_shadows = true;
    } else if (flag == "--no-fog") {
      o.no_fog = true;
    } else if (flag == "--no-controls-card") {
      o.no_controls_card = true;
    } else if (flag == "--aa") {
      if (!value(v) || (v != "auto" && v != "off" && v != "fxaa" && v != "msaa2" && v != "msaa4" &&
                        v != "msaa8"))
        return fail("--aa needs auto, fxaa, msaa2, msaa4, msaa8 or off");
      o.aa_auto = v == "auto";
      o.fxaa = v == "fxaa";
      o.msaa = v.rfind("msaa", 0) == 0 ? v[4] - '0' : 0;
    } else if (flag == "--no-instancing") {
      o.no_instancing = true;
    } else if (flag == "--overlay-tour") {
      o.overlay_tour = true;
    } else if (flag == "--overlay") {
      if (!value(v) || !known_overlay_view(v))
        return fail(
            "--overlay needs off, compact, full or a panel (pools, heap, frame, little, "
            "controls, lessons, slots, settings)" +
            (v.empty() ? std::string() : ", not " + quoted(v)));
      o.overlay = std::string(v);
    } else if (flag == "--fov") {
      if (!value(v) || !parse_double(v, o.fov) || !(o.fov >= kMinFov && o.fov <= kMaxFov))
        return fail("--fov needs a vertical field of view from 40 to 110 degrees");
    } else if (flag == "--sensitivity") {
      if (!value(v) || !parse_double(v, o.sensitivity) ||
          !(o.sensitivity >= kMinSensitivity && o.sensitivity <= kMaxSensitivity))
        return fail("--sensitivity needs a factor from 0.1 to 5");
    } else if (flag == "--fullscreen") {
      o.fullscreen = true;
    } else if (flag == "--no-pooling") {
      o.no_pooling = true;
    } else if (flag == "--no-reset") {
      o.no_reset = true;
    } else if (flag == "--no-clear-on-reuse") {
      o.no_clear_on_reuse = true;
    } else if (flag == "--discrete") {
      o.discrete = true;
    } else if (flag == "--full-visual-cap") {
      if (!value(v) || !parse_int(v, o.full_visual_cap) || o.full_visual_cap < 0 ||
          o.full_visual_cap > static_cast<std::int64_t>(kMaxPoolSize))
        return fail("--full-visual-cap needs a number of bullets, 0..10000000");
    } else if (flag == "--no-warmup") {
      o.no_warmup = true;
    } else if (flag == "--bullet-speed") {
      if (!value(v) || !parse_double(v, o.bullet_speed) ||
          !(o.bullet_speed >= 1.0 && o.bullet_speed <= kMaxBulletSpeed))
        return fail("--bullet-speed needs metres per second from 1 to 2000");
    } else if (flag == "--screenshot") {
      if (!value(v) || v.empty()) return fail("--screenshot needs a file path");
      o.screenshot_path = std::string(v);
    } else if (flag == "--shaders") {
      if (!value(v) || v.empty()) return fail("--shaders needs a folder");
      o.shaders_dir = std::string(v);
    } else if (std::string error; parse_lesson_flag(flag, value, o, error)) {
      if (!error.empty())
        return fail(error);  // the pools by name, the lessons (options_lessons.cpp)
    } else {
      return fail("unknown option " + quoted(flag));
    }
  }
  if (o.lesson_at >= 0 && o.lesson == Lesson::None)
    return fail("--lesson-at needs --lesson: which lesson to fire");
  // The flags that change the game beyond what a recording stores (the bullets' pool only).
  if ((o.lesson != Lesson::None || o.forget_lost || o.trim_on_pause || o.restart_at >= 0 ||
       o.other_pools_set()) &&
      (!o.record_path.empty() || !o.replay_path.empty()))
    return fail(
        "--lesson, --forget-lost, --trim-on-pause, --restart-at and a pool other than the "
        "bullets' (--pool-size/--overflow KIND=...) cannot be combined with --record or "
        "--replay");
  // A recording stores the seed, tick rate and bullet pool, not the fire rate: it would
  // replay differently, so the two do not mix.
  if (o.fire_rate > 0.0 && (!o.record_path.empty() || !o.replay_path.empty()))
    return fail("--fire-rate cannot be combined with --record or --replay");
  // Nor do the teaching switches: a recording replays the pattern as designed.
  if (o.lessons_used() && (!o.record_path.empty() || !o.replay_path.empty()))
    return fail(
        "--no-pooling, --no-reset, --no-clear-on-reuse, --discrete, --bullet-speed and "
        "--full-visual-cap cannot be combined with --record or --replay");
  // The steady-state heap figures count from the end of the warm-up: a run that ends
  // first would report 0 allocations after warm-up, a figure that measured nothing. The
  // run's length: --frames, else --no-window's default; a replay's is known once it is
  // read (Session::load checks it then).
  if (o.warmup_given && o.frames >= 1 && o.warmup >= o.frames)
    return fail("--warmup " + std::to_string(o.warmup) + " must be less than --frames " +
                std::to_string(o.frames) + ": the steady-state figures start after the warm-up");
  if (o.warmup_given && o.frames < 0 && o.no_window && o.replay_path.empty() &&
      o.warmup >= kHeadlessFrames)
    return fail("--warmup " + std::to_string(o.warmup) + " must be less than the " +
                std::to_string(kHeadlessFrames) +
                " frames --no-window runs without --frames: the steady-state figures start "
                "after the warm-up");
  if (o.spawn && (!o.record_path.empty() || !o.replay_path.empty()))
    return fail("--spawn cannot be combined with --record or --replay");
  // The tour flips the teaching switches: it would replay differently, like them.
  if (o.overlay_tour && (!o.record_path.empty() || !o.replay_path.empty()))
    return fail("--overlay-tour cannot be combined with --record or --replay");
  if (o.no_window && o.overlay_tour)
    return fail("--overlay-tour needs a window: --no-window has no overlay");
  if (o.no_window && !o.screenshot_path.empty())
    return fail("--screenshot needs a window: --no-window draws no picture to capture");
  return result;
}

}  // namespace flatline::app
