// What a run reports at exit: the stats file (--stats PATH) and a summary line.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "diag/heap_counter.hpp"
#include "sim/stats.hpp"

namespace flatline::app {

struct RunReport {
  std::int64_t frames = 0;
  std::uint64_t seed = 0;
  double tick_hz = 60.0;
  const char* kernel = "scalar";  // who ticked the bullets (--kernel)
  int threads = 1;                // on how many threads (--threads)
  double dropped_seconds = 0.0;
  bool interrupted = false;  // stopped early by SIGINT/SIGTERM
  WorldStats world;
  double bvh_build_ms = 0.0;  // the level's BVH, built at load (wall clock: the app measures)
  // The lessons by flag and the switches outside the World (the stats file's "lessons").
  const char* lesson = "none";  // --lesson: double-release, stale-handle, seeker
  std::int64_t lesson_at = -1;  // the tick it fired at (-1: none)
  bool lesson_fired = false;
  bool interpolation = true;  // --no-interpolation, or the controls panel, at exit
  bool strict_pools = false;
  bool leak_report = false;
  bool trim_on_pause = false;
  std::int64_t restart_at = -1;
  std::uint64_t state_hash = 0;
  heap::Counts heap_total;
  heap::Counts heap_after_warmup;  // what was set aside excluded: it is reported apart
  // Set aside (Session::set_aside): what the screenshots the player asked for allocated and,
  // windowed, the frames drawn at a new window size (heap_resizes, a part of it).
  heap::Counts heap_screenshots;
  heap::Counts heap_resizes;
  std::uint64_t rss_kb_after_warmup = 0;  // resident memory: flat in a soak run
  std::uint64_t rss_kb_end = 0;
  double tick_ms_median = 0.0;
  double tick_ms_p99 = 0.0;
  double tick_ms_max = 0.0;

  // Sound, when it ran (windowed, or --audio-out): the voices, a row of the pools table.
  bool has_voices = false;
  PoolReport voices;
  std::uint64_t voices_stolen = 0;
  std::uint64_t voice_events_merged = 0;

  // Windowed runs only.
  bool has_render = false;
  int draw_calls_per_frame = 0;         // most in any frame after warm-up
  int bullet_draw_calls_per_frame = 0;  // most in any frame after warm-up
  int shadow_draw_calls_per_frame = 0;  // most in any frame after warm-up, the sun's pass
  int level_draw_calls_per_frame = 0;   // the level's meshes: one per material
  int shadow_map_size = 0;              // texels on a side; 0: shadows off
  int msaa_samples = 0;
  bool fxaa = false;
  const char* antialiasing = "off";     // at the last steady frame: off, fxaa, msaa2/4/8
  bool antialiasing_auto = false;       // --aa auto chose it from the driver
  std::string gl_renderer;              // GL_RENDERER: which driver drew (llvmpipe: the CPU)
  int render_target_reallocations = 0;  // the multisampled buffers remade (window resized)
  int window_resizes = 0;               // frames drawn at a new window size after warm-up
  std::uint64_t buffer_reallocations_after_warmup = 0;
  std::array<std::size_t, kPoolCount> gpu_bytes{};  // each pool's instance buffer (0: none)
  double frame_ms_median = 0.0;
  double frame_ms_p99 = 0.0;
  double frame_ms_max = 0.0;
  double frame_ms_first_shot = 0.0;  // the frame that fired the first bullet (warm-up's proof)
  // The overlay's own memory (ImGui's arena) and the tour's steps (--overlay-tour).
  int overlay_tour_steps = 0;
  // The HUD's (hud::Hud): readable in the last frame (the screenshot's); 0 if the HUD was not
  // drawn. Written in the file's "overlay" section, where it has always been.
  int damage_numbers_on_screen = 0;
  std::string overlay_mode = "compact";  // at exit: off, compact or full (--overlay, F1)
  std::string overlay_panels = "[]";     // the panels open beside the strip, a JSON array
  std::size_t imgui_arena_capacity = 0;
  std::size_t imgui_arena_high_water = 0;
  std::size_t imgui_arena_in_use = 0;
  std::uint64_t imgui_arena_fallbacks = 0;
};

// The value below which a fraction q of `values` lies (reorders them; call after the run).
double percentile(std::vector<float>& values, double q);

// Writes the report as JSON (nlohmann::json, indented), whole or not at all (output_file.hpp).
// A number that is not finite is written as null and its key named in the top-level list
// "non_finite", so the file always parses. Returns false with `error` naming the file if it
// cannot be written.
bool write_stats_json(const RunReport& report, const std::string& path, std::string& error);
void print_summary(const RunReport& report, std::FILE* out);

// The end of every run: the summary on stdout, the stats file if asked for.
// Returns the process exit code (0; 1 if the stats cannot be written; 130 if interrupted).
int finish_run(const RunReport& report, const std::string& stats_path);

}  // namespace flatline::app
