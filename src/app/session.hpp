// One run of the game, windowed or headless: the same sequence in both.
//
//   load:       the level (assets/arena.gltf: its colliders become the World's arena), the
//               replay or the recording, the World with all its pools, the clock, the
//               sound's voices
//   per frame:  begin_frame (the warm-up mark, the frame timer)
//               tick() as many times as the clock says (each: choose the input, record, step)
//               end_frame (the frame's time)
//   at exit:    finish (the RunReport: stats file and summary line)
//
// The drivers differ only in where a frame's time comes from and what else a frame does:
// run_headless (app/headless.cpp) feeds the clock one tick per frame; run_windowed
// (app/windowed.cpp) feeds it real time and draws. Nothing here sees GL.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/output_file.hpp"
#include "app/replay.hpp"
#include "app/run_report.hpp"
#include "assets/level.hpp"
#include "audio/audio.hpp"
#include "audio/wav_writer.hpp"
#include "diag/heap_counter.hpp"
#include "settings/settings.hpp"
#include "sim/fixed_step.hpp"
#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline::app {

class Session {
 public:
  static constexpr double kStallSeconds = 5.0;

  Session() = default;
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Reads the level (--assets, else the source tree's assets/), then the replay (its seed and
  // settings win) or opens the recording, then makes the World: every pool filled now, not on the
  // first shot. False with `error` set on failure.
  bool load(const Options& options, std::string& error);

  // Starts a frame; false when the run is over: --frames reached, the replay played to its
  // last tick, or a stop signal (then the report says "interrupted").
  bool begin_frame();
  // One fixed step: the tick's input (DOOM's ticcmd_t: the replay's, else the scripted
  // player's, else the live player's), recorded if asked, then step(), then the state hash
  // if --hash-every says so. `tick_hz` is the rate the scripted player counts time in.
  // False, and nothing run, once the replay has ended or a stop signal came (a frame of many
  // long ticks ends at the next tick).
  bool tick(double tick_hz);
  // How much time this frame feeds the clock: `real_seconds`, or 5 s on the --stall-at
  // frame (a simulated stall: the clock's clamp runs 0.25 s of ticks and drops the rest).
  double frame_seconds(double real_seconds) const {
    return frame_ == options_.stall_at ? kStallSeconds : real_seconds;
  }
  // Ends the frame; returns its duration in milliseconds.
  float end_frame();
  // The report of the run, its summary line and stats file. `report` brings what the
  // driver measured itself (a window's draw calls); returns the process exit code.
  int finish(RunReport report);

  World& world() { return *world_; }
  audio::Audio& audio() { return audio_; }  // silent (not running) headless without --audio-out
  FixedStep& clock() { return clock_; }
  InputQueue& input() { return input_; }  // the live player: the window fills it
  const Options& options() const { return options_; }
  // The game's one Settings: filled from the command line at load (after a replay's), the pools'
  // policies read from the World it made; windowed, the overlay edits it and the frame loop
  // applies what changed (app/apply_settings.hpp).
  Settings& settings() { return settings_; }
  const WorldConfig& config() const { return config_; }
  // The level as loaded at start, once: meshes, materials and textures for the renderer;
  // its colliders are every round's arena (config().arena).
  const assets::Level& level() const { return level_; }
  // New pool sizes mean new pools, made at load time as always: a new round starts.
  void new_round(const WorldConfig& config);

  std::int64_t frame() const { return frame_; }
  bool at_warmup() const { return frame_ == options_.warmup; }
  bool warmed_up() const { return frame_ >= options_.warmup; }
  bool last_frame() const { return frames_ > 0 && frame_ + 1 == frames_; }
  // Allocations the player asked for (a screenshot): left out of the after-warm-up count
  // and reported apart.
  heap::Counts heap_since_warmup() const { return heap::totals() - warm_mark_ - set_aside_; }
  void set_aside(const heap::Counts& counts) { set_aside_ = set_aside_ + counts; }
  const heap::Counts& heap_set_aside() const { return set_aside_; }

 private:
  TickInput next_input(double tick_hz);
  std::unique_ptr<World> make_world(const WorldConfig& config);
  // What the command line schedules at a tick, before it is stepped: --lesson, --restart-at.
  void scheduled(World& world);
  std::int64_t lesson_tick() const {
    return options_.lesson_at >= 0 ? options_.lesson_at : options_.warmup;
  }
  bool start_audio(std::string& error);
  bool finish_audio(RunReport& report, std::string& error);
  bool replay_ended() const { return replaying_ && world_->tick >= replay_.size(); }

  Options options_;
  Settings settings_;
  assets::Level level_;            // read once in load(), kept for the renderer
  std::vector<TickInput> replay_;  // --replay: the recorded inputs, read at load
  bool replaying_ = false;
  ReplayWriter recorder_;  // --record
  audio::Audio audio_;     // the voices: after each tick, the tick's events are heard
  OutputFile audio_file_;  // --audio-out
  audio::WavWriter wav_;
  WorldConfig config_;
  std::unique_ptr<World> world_;
  int threads_ = 1;  // threads that tick the bullets (use_kernel)
  double bvh_build_ms_ = 0.0;
  FixedStep clock_;
  InputQueue input_;
  std::int64_t frames_ = -1;        // -1: until the player quits
  std::int64_t autofire_from_ = 0;  // the scripted player's first frame
  std::int64_t frame_ = 0;
  bool interrupted_ = false;
  bool lesson_fired_ = false;
  std::vector<float> frame_ms_;  // each frame's time (headless: its ticks'), for percentiles
  float first_shot_ms_ = 0.0f;
  std::chrono::steady_clock::time_point frame_begin_;
  heap::Counts warm_mark_;  // heap totals when steady state began
  heap::Counts set_aside_;
  std::uint64_t rss_kb_after_warmup_ = 0;  // 0 if the run ends before warm-up does
};

}  // namespace flatline::app
