#include "app/session.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/error_line.hpp"
#include "app/kernel_seam.hpp"
#include "app/leak_report.hpp"
#include "app/process.hpp"
#include "app/settings_from.hpp"
#include "sim/autopilot.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

// Frame times for the percentiles: the first 4M frames (16 MB) at most, and an hour's
// worth at 60 Hz when the run lasts until the player quits.
constexpr std::int64_t kMaxTimedFrames = std::int64_t{1} << 22;
constexpr std::int64_t kUntilQuitTimedFrames = 60 * 60 * 60;

// How many frames the run lasts; -1: until the player quits. A replay also ends with its
// last tick (begin_frame). Headless: --frames (at most the replay's length, apply_replay) or
// kHeadlessFrames. Windowed: --frames, or until the window closes.
std::int64_t run_length(const Options& given, const Options& effective) {
  if (!given.no_window) return given.frames;
  return effective.frames >= 0 ? effective.frames : kHeadlessFrames;
}

struct Times {
  double median = 0.0, p99 = 0.0, max = 0.0;
};

Times summarise(std::vector<float>& ms) {
  Times t;
  t.max = ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end());
  t.median = percentile(ms, 0.5);
  t.p99 = percentile(ms, 0.99);
  return t;
}

std::string assets_dir(const Options& options) {
  return options.assets_dir.empty() ? std::string(FLATLINE_ASSET_DIR) : options.assets_dir;
}

// --warmup against the run's real length: --frames, --no-window's default, or a replay's
// ticks (known once it is read). "" if the warm-up ends before the run does.
std::string check_warmup(const Options& o, std::int64_t frames, bool replaying,
                         std::size_t replay_ticks) {
  std::int64_t length = frames;
  if (replaying) {
    const auto ticks = static_cast<std::int64_t>(replay_ticks);
    length = length < 0 ? ticks : std::min(length, ticks);
  }
  if (!o.warmup_given || length < 0 || o.warmup < length) return {};
  return "--warmup " + std::to_string(o.warmup) + " must be less than the run's " +
         std::to_string(length) + " frames" +
         (replaying ? " (the replay '" + o.replay_path + "' holds " + std::to_string(replay_ticks) +
                          " ticks)"
                    : std::string()) +
         ": the steady-state figures start after the warm-up";
}

// --spawn: the player's feet and view as given, if inside the level's playable square.
bool place_spawn(const Options& o, const ArenaLayout& level, World& world, std::string& error) {
  if (!o.spawn) return true;
  const glm::vec3 feet = o.spawn->feet;
  const float edge = level.half_extent;
  if (edge > 0.0f && (std::abs(feet.x) >= edge || std::abs(feet.z) >= edge)) {
    char line[160];
    std::snprintf(line, sizeof line,
                  "--spawn %g,%g,%g: outside the level's playable square (x and z within "
                  "+-%g m)",
                  static_cast<double>(feet.x), static_cast<double>(feet.y),
                  static_cast<double>(feet.z), static_cast<double>(edge));
    error = line;
    return false;
  }
  constexpr float kRadiansPerDegree = 3.14159265f / 180.0f;
  world.player.pos = world.player.prev_pos = feet;
  world.player.yaw = o.spawn->yaw_deg * kRadiansPerDegree;
  world.player.pitch = o.spawn->pitch_deg * kRadiansPerDegree;
  return true;
}

}  // namespace

bool Session::load(const Options& options, std::string& error) {
  options_ = options;
  // First, before any file is written or window opened: a missing level is one line.
  if (!assets::load_level(assets_dir(options), level_, error)) return false;
  const LevelId level{level_fingerprint(level_.collision), "'" + level_.source + "'"};
  replaying_ = !options.replay_path.empty();
  if (replaying_ && !apply_replay(options_, level, replay_, error)) return false;
  frames_ = run_length(options, options_);
  options_.frames = frames_;
  error = check_warmup(options, frames_, replaying_, replay_.size());
  if (!error.empty()) return false;
  // Opened (and locked) now, emptied only when the run starts: begin_frame.
  if (!start_recording(options_, level, recorder_, error)) return false;
  // Windowed, the scripted player waits for the warm-up frames to pass: its first shot then
  // lands in a steady frame, and frame_ms.first_shot measures the first-shot hitch alone.
  // Headless, it fires from the first tick (the recorded hashes in tests/data count on it).
  autofire_from_ = options.no_window ? 0 : options.warmup;
  settings_ = settings_from(options_);
  config_ = world_config_from(settings_.sim);
  config_.arena = level_.collision;  // new rounds copy config_: the same boxes
  world_ = make_world(config_);      // the level's BVH built and every pool filled now
  if (!place_spawn(options_, level_.collision, *world_, error)) return false;
  read_pools(*world_, settings_.sim);  // the policies the World gave the other pools
  threads_ = use_kernel(*world_, options_.kernel, options_.threads);  // the game's, or the lab's
  if (!start_audio(error)) return false;
  clock_ = FixedStep(settings_.time.tick_hz);
  frame_ms_.assign(static_cast<std::size_t>(frames_ >= 0 ? std::min(frames_, kMaxTimedFrames)
                                                         : kUntilQuitTimedFrames),
                   0.0f);
  return true;
}

// The World, its arena built first on a clock of the app's (the sim reads none): the BVH's
// build time goes in the stats file, world.bvh_build_ms.
std::unique_ptr<World> Session::make_world(const WorldConfig& config) {
  const auto start = std::chrono::steady_clock::now();
  Arena arena = make_arena(config.arena);
  bvh_build_ms_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return std::make_unique<World>(config, std::move(arena));
}

void Session::new_round(const WorldConfig& config) {
  config_ = config;
  config_.arena = level_.collision;  // a round changes pools, never the level
  world_ = make_world(config_);
  use_kernel(*world_, options_.kernel, options_.threads);
  audio_.follow_new_world();
}

// Windowed, the default device (none: silent, one line). --audio-out: a loopback device
// rendered tick by tick into the WAV, in --no-window too. Headless otherwise: no sound.
bool Session::start_audio(std::string& error) {
  const bool to_file = !options_.audio_out_path.empty();
  if (options_.no_window && !to_file) return true;
  audio::AudioOptions a;
  a.sounds_dir = assets_dir(options_) + "/sounds";
  a.loopback = to_file;
  a.muted = settings_.audio.muted;
  a.tick_hz = settings_.time.tick_hz;
  std::string note;
  if (!audio_.init(a, error, note)) return false;
  if (to_file && !audio_.running()) {
    error = "--audio-out: " + note;
    return false;
  }
  if (!note.empty()) print_error(note);
  if (to_file) {
    if (!audio_file_.open(options_.audio_out_path, error)) return false;
    wav_.begin(audio_file_.get(), audio::Audio::kRate, 2);
  }
  return true;
}

bool Session::finish_audio(RunReport& report, std::string& error) {
  report.has_voices = audio_.running();
  report.voices = audio_.report();
  report.voices_stolen = audio_.stolen();
  report.voice_events_merged = audio_.merged();
  if (audio_file_.get() == nullptr) return true;
  wav_.end();
  return audio_file_.commit(error);
}

bool Session::begin_frame() {
  if (frame_ == 0) recorder_.start();  // the run has started: the recording replaces the old
  if (frames_ >= 0 && frame_ >= frames_) return false;
  if (replay_ended()) return false;
  if (stop_requested()) {
    interrupted_ = true;
    return false;
  }
  if (at_warmup()) {  // steady state starts here: from now on, no allocation
    warm_mark_ = heap::totals();
    rss_kb_after_warmup_ = resident_kb();
  }
  frame_begin_ = std::chrono::steady_clock::now();
  return true;
}

bool Session::tick(double tick_hz) {
  // The replay's bound: a replay ends with its last recorded tick, however many ticks the
  // clock asks for (a stall frame asks for 15 at once).
  if (replay_ended() || stop_requested()) return false;
  const TickInput input = next_input(tick_hz);
  if (recorder_.is_open()) recorder_.write(input);
  scheduled(*world_);
  step(*world_, input, static_cast<float>(clock_.dt()));
  audio_.after_tick(*world_);  // the tick's events become sounds
  if (audio_file_.get() != nullptr) wav_.write(audio_.rendered());
  const auto every = static_cast<std::uint64_t>(options_.hash_every);
  if (every > 0 && world_->tick % every == 0)
    std::printf("tick %" PRIu64 " hash %016" PRIx64 "\n", world_->tick, state_hash(*world_));
  return true;
}

// --lesson fires once, as the overlay's button would (sim/lessons.hpp); --restart-at destroys
// and re-makes every pool (sim/lifecycle.hpp). Neither mixes with a recording (options.cpp).
void Session::scheduled(World& world) {
  const auto tick = static_cast<std::int64_t>(world.tick);
  if (options_.lesson != Lesson::None && !lesson_fired_ && tick >= lesson_tick()) {
    lesson_fired_ = true;
    if (options_.lesson == Lesson::DoubleRelease) demo_double_release(world);
    if (options_.lesson == Lesson::StaleHandle) demo_stale_release(world);
    if (options_.lesson == Lesson::Seeker) arm_seeker(world);
  }
  if (options_.restart_at >= 0 && tick == options_.restart_at) restart_level(world);
}

TickInput Session::next_input(double tick_hz) {
  if (replaying_) return replay_[static_cast<std::size_t>(world_->tick)];
  if (options_.autofire && frame_ >= autofire_from_) return autofire_input(*world_, tick_hz);
  return input_.next_tick();  // the window's events; headless, nobody at the keys: all zero
}

float Session::end_frame() {
  const std::chrono::duration<float, std::milli> took =
      std::chrono::steady_clock::now() - frame_begin_;
  if (first_shot_ms_ == 0.0f && world_->shots_fired > 0)  // the first-shot hitch
    first_shot_ms_ = took.count();
  if (static_cast<std::size_t>(frame_) < frame_ms_.size())
    frame_ms_[static_cast<std::size_t>(frame_)] = took.count();
  ++frame_;
  return took.count();
}

int Session::finish(RunReport report) {
  std::string error;
  const bool recorded = recorder_.finish(error);
  if (!recorded) print_error("recording: " + error);
  const bool sounded = finish_audio(report, error);
  if (!sounded) print_error("--audio-out: " + error);
  const heap::Counts end = heap::totals();
  report.frames = frame_;
  report.seed = options_.seed;
  report.tick_hz = clock_.tick_hz();
  report.kernel = options_.kernel == Kernel::Fast ? "fast" : "scalar";
  report.threads = threads_;
  report.dropped_seconds = clock_.dropped_seconds();
  report.interrupted = interrupted_;
  report.world = collect_stats(*world_);
  report.bvh_build_ms = bvh_build_ms_;
  report.lesson = to_string(options_.lesson);
  report.lesson_at = options_.lesson != Lesson::None ? lesson_tick() : -1;
  report.lesson_fired = lesson_fired_;
  report.interpolation = settings_.time.interpolate;
  report.strict_pools = settings_.sim.strict_pools;
  report.leak_report = options_.leak_report;
  report.trim_on_pause = settings_.sim.trim_on_pause;
  report.restart_at = options_.restart_at;
  report.state_hash = state_hash(*world_);
  report.heap_total = end;
  report.heap_after_warmup =
      frame_ > options_.warmup ? end - warm_mark_ - set_aside_ : heap::Counts{};
  report.heap_screenshots = set_aside_;
  report.rss_kb_after_warmup = rss_kb_after_warmup_;
  report.rss_kb_end = resident_kb();

  frame_ms_.resize(std::min(frame_ms_.size(), static_cast<std::size_t>(frame_)));
  const Times times = summarise(frame_ms_);
  // A windowed frame is timed whole (frame_ms); a headless one is its ticks (tick_ms).
  if (report.has_render) {
    report.frame_ms_median = times.median;
    report.frame_ms_p99 = times.p99;
    report.frame_ms_max = times.max;
    report.frame_ms_first_shot = first_shot_ms_;
  } else {
    report.tick_ms_median = times.median;
    report.tick_ms_p99 = times.p99;
    report.tick_ms_max = times.max;
  }
  const int code = finish_run(report, options_.stats_path);
  if (options_.leak_report) print_leak_report(*world_, stdout);  // after the run's figures
  return code == 0 && (!recorded || !sounded) ? 1 : code;
}

}  // namespace flatline::app
