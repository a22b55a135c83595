#include "app/run_report.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <string>

#include "app/output_file.hpp"
#include "pool/pool_meter.hpp"  // sizing(): the verdict the overlay shows

namespace flatline::app {
namespace {

// One row of "pools", its closing brace left to the caller (a row may add keys).
void write_pool(std::FILE* f, const PoolReport& p, std::size_t gpu_bytes) {
  const PoolStats& s = p.stats;
  std::fprintf(f,
               "    \"%s\": {\"policy\": \"%s\", \"capacity\": %zu, \"active\": %zu, "
               "\"idle\": %zu, \"allocations\": %zu, \"peak_active\": %zu, \"acquired\": %zu, "
               "\"released\": %zu, \"dropped\": %zu, \"recycled\": %zu, \"grown\": %zu, "
               "\"misuse\": %zu, \"double_releases\": %zu, \"foreign_releases\": %zu, "
               "\"stale_releases\": %zu, \"reentrant_calls\": %zu, \"spawn_rate\": %.3f, "
               "\"mean_lifetime\": %.4f, \"little_k\": %.2f, \"recommended_capacity\": %.0f, "
               "\"sizing\": \"%s\", \"bytes\": {\"cpu\": %zu, \"gpu\": %zu}",
               p.name, to_string(p.policy), s.capacity, s.active, s.idle, s.allocations,
               s.peak_active, s.acquired, s.released, s.dropped, s.recycled, s.grown, s.misuse(),
               s.double_releases, s.foreign_releases, s.stale_releases, s.reentrant_calls,
               p.run_spawn_rate, p.run_mean_lifetime, p.little_k, p.recommended,
               to_string(sizing(p.recommended, s, p.policy)),  // the overlay's verdict, run-wide
               p.cpu_bytes, gpu_bytes);
}

// Text from outside (a driver's name) as a JSON string: quotes, backslashes and control
// characters become '?'; nothing a reader needs is lost, and nothing is allocated.
void write_json_text(std::FILE* f, const std::string& text) {
  std::fputc('"', f);
  for (const char c : text)
    std::fputc(c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20 ? '?' : c, f);
  std::fputc('"', f);
}

}  // namespace

bool write_stats_json(const RunReport& r, const std::string& path, std::string& error) {
  OutputFile out;
  if (!out.open(path, error)) return false;
  std::FILE* f = out.get();
  std::fprintf(f, "{\n  \"frames\": %" PRId64 ",\n  \"ticks\": %" PRIu64 ",\n", r.frames,
               r.world.ticks);
  std::fprintf(f, "  \"seed\": %" PRIu64 ",\n  \"tick_hz\": %.3f,\n  \"dropped_seconds\": %.6f,\n",
               r.seed, r.tick_hz, r.dropped_seconds);
  std::fprintf(f, "  \"interrupted\": %s,\n  \"state_hash\": \"%016" PRIx64 "\",\n",
               r.interrupted ? "true" : "false", r.state_hash);
  std::fprintf(f,
               "  \"world\": {\"shots_fired\": %" PRIu64 ", \"bullet_hits\": %" PRIu64
               ", \"score\": %u, \"targets_broken\": %u},\n",
               r.world.shots_fired, r.world.bullet_hits, r.world.score, r.world.score);
  std::fprintf(f,
               "  \"lessons\": {\"pooling\": %s, \"reset_on_release\": %s, "
               "\"swept_collision\": %s, \"heap_live\": %zu, \"heap_bullets_peak\": %zu, "
               "\"heap_news\": %" PRIu64 ", \"tunnelled\": %" PRIu64 ", \"clear_on_reuse\": %s},\n",
               r.world.pooling ? "true" : "false", r.world.reset_on_release ? "true" : "false",
               r.world.swept_collision ? "true" : "false", r.world.heap_live,
               r.world.heap_bullets_peak, r.world.heap_news, r.world.tunnelled,
               r.world.clear_on_reuse ? "true" : "false");
  std::fprintf(f, "  \"pools\": {\n");
  for (std::size_t i = 0; i < r.world.pools.size(); ++i) {
    write_pool(f, r.world.pools[i], r.gpu_bytes[i]);  // no renderer (--no-window): gpu 0
    std::fprintf(f, "}%s\n", i + 1 < r.world.pools.size() || r.has_voices ? "," : "");
  }
  if (r.has_voices) {  // the sound's voices: a pool like the others, plus its stealing
    write_pool(f, r.voices, 0);
    std::fprintf(f, ", \"stolen\": %" PRIu64 ", \"merged_events\": %" PRIu64 "}\n", r.voices_stolen,
                 r.voice_events_merged);
  }
  std::fprintf(f, "  },\n");
  std::fprintf(f,
               "  \"heap\": {\"allocations_total\": %" PRIu64 ", \"bytes_total\": %" PRIu64
               ", \"allocations_after_warmup\": %" PRIu64 ", \"bytes_after_warmup\": %" PRIu64
               ", \"screenshot_allocations\": %" PRIu64
               ", \"malloc_counted\": %s"
               ", \"malloc_calls_total\": %" PRIu64 ", \"malloc_calls_after_warmup\": %" PRIu64
               "},\n",
               r.heap_total.allocations, r.heap_total.bytes, r.heap_after_warmup.allocations,
               r.heap_after_warmup.bytes, r.heap_screenshots.allocations,
               heap::malloc_counted() ? "true" : "false",  // false: a sanitized build, 0s
               r.heap_total.malloc_calls, r.heap_after_warmup.malloc_calls);
  std::fprintf(f, "  \"rss_kb\": {\"after_warmup\": %" PRIu64 ", \"end\": %" PRIu64 "},\n",
               r.rss_kb_after_warmup, r.rss_kb_end);
  std::fprintf(f, "  \"tick_ms\": {\"median\": %.4f, \"p99\": %.4f, \"max\": %.4f}",
               r.tick_ms_median, r.tick_ms_p99, r.tick_ms_max);
  if (r.has_render) {
    std::fprintf(
        f,
        ",\n  \"render\": {\"draw_calls_per_frame\": %d, \"bullet_draw_calls_per_frame\": %d, "
        "\"buffer_reallocations_after_warmup\": %" PRIu64
        ", \"shadow_draw_calls_per_frame\": %d, "
        "\"level_draw_calls_per_frame\": %d, \"shadow_map_size\": %d, \"msaa_samples\": %d, "
        "\"fxaa\": %s, \"antialiasing\": \"%s\", \"antialiasing_auto\": %s, "
        "\"render_target_reallocations\": %d, \"gl_renderer\": ",
        r.draw_calls_per_frame, r.bullet_draw_calls_per_frame, r.buffer_reallocations_after_warmup,
        r.shadow_draw_calls_per_frame, r.level_draw_calls_per_frame, r.shadow_map_size,
        r.msaa_samples, r.fxaa ? "true" : "false", r.antialiasing,
        r.antialiasing_auto ? "true" : "false", r.render_target_reallocations);
    write_json_text(f, r.gl_renderer);
    std::fprintf(f, "},\n");
    std::fprintf(f,
                 "  \"frame_ms\": {\"median\": %.4f, \"p99\": %.4f, \"max\": %.4f, "
                 "\"first_shot\": %.4f}",
                 r.frame_ms_median, r.frame_ms_p99, r.frame_ms_max, r.frame_ms_first_shot);
    std::fprintf(f,
                 ",\n  \"overlay\": {\"mode\": \"%s\", \"panels\": %s, \"tour_steps\": %d, "
                 "\"damage_numbers_on_screen\": %d, "
                 "\"imgui_arena\": {\"capacity\": %zu, \"high_water\": %zu, \"in_use\": %zu, "
                 "\"fallbacks\": %" PRIu64 "}}",
                 r.overlay_mode.c_str(), r.overlay_panels.c_str(), r.overlay_tour_steps,
                 r.damage_numbers_on_screen, r.imgui_arena_capacity, r.imgui_arena_high_water,
                 r.imgui_arena_in_use, r.imgui_arena_fallbacks);
  }
  std::fprintf(f, "\n}\n");
  return out.commit(error);
}

double percentile(std::vector<float>& values, double q) {
  if (values.empty()) return 0.0;
  const auto k = static_cast<std::size_t>(q * static_cast<double>(values.size() - 1) + 0.5);
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

void print_summary(const RunReport& r, std::FILE* out) {
  std::fprintf(out,
               "flatline: %" PRIu64 " ticks, seed %" PRIu64 ", %" PRIu64
               " shots, %u targets broken, heap allocations after warm-up: %" PRIu64 "\n",
               r.world.ticks, r.seed, r.world.shots_fired, r.world.score,
               r.heap_after_warmup.allocations);
  if (!r.world.pooling)
    std::fprintf(out, "  pooling off: %" PRIu64 " objects new'd, %zu still on the heap lists\n",
                 r.world.heap_news, r.world.heap_live);
  if (!r.world.swept_collision)
    std::fprintf(out, "  discrete collision: %" PRIu64 " hits missed (tunnelled)\n",
                 r.world.tunnelled);
  std::fprintf(out, "  %-15s %9s %7s %11s %11s %8s %9s %6s %7s\n", "pool", "capacity", "active",
               "allocations", "peak_active", "dropped", "recycled", "grown", "misuse");
  const auto row = [&](const PoolReport& p) {
    const PoolStats& s = p.stats;
    std::fprintf(out, "  %-15s %9zu %7zu %11zu %11zu %8zu %9zu %6zu %7zu\n", p.name, s.capacity,
                 s.active, s.allocations, s.peak_active, s.dropped, s.recycled, s.grown,
                 s.misuse());
  };
  for (const PoolReport& p : r.world.pools)
    row(p);
  if (r.has_voices) row(r.voices);
}

// The stats file first: a closed stdout (a pipe whose reader quit) must not lose it.
int finish_run(const RunReport& report, const std::string& stats_path) {
  std::string error;
  const bool stats_ok = stats_path.empty() || write_stats_json(report, stats_path, error);
  print_summary(report, stdout);
  if (!stats_ok) {
    std::fprintf(stderr, "flatline: stats: %s\n", error.c_str());
    return 1;
  }
  if (!stats_path.empty()) std::printf("flatline: stats written to %s\n", stats_path.c_str());
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0)
    std::fprintf(stderr, "flatline: the summary could not be written to stdout%s\n",
                 stats_path.empty() ? "" : " (the stats file is whole)");
  return report.interrupted ? 130 : 0;
}

}  // namespace flatline::app
