#include "app/run_report.hpp"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>

#include <nlohmann/json.hpp>

#include "app/error_line.hpp"
#include "app/output_file.hpp"
#include "pool/pool_meter.hpp"  // sizing(): the verdict the overlay shows

namespace flatline::app {
namespace {

// Keys in the order they are written: the file reads as before, section by section.
using Json = nlohmann::ordered_json;

// The report's real numbers, each rounded to the places the file has always given it. JSON
// has no inf or NaN: such a number is written as null and its key named in "non_finite".
class Reals {
 public:
  Json operator()(double value, int decimals, const std::string& key) {
    if (!std::isfinite(value)) {
      non_finite.push_back(key);
      return nullptr;
    }
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    // Whole numbers (no decimals) stay integers while a double holds them exactly.
    if (decimals == 0 && std::abs(rounded) < 9.0e15) return static_cast<std::int64_t>(rounded);
    return std::isfinite(rounded) ? rounded : value;
  }
  Json non_finite = Json::array();
};

// One row of "pools": its counts, Little's law over the whole run, its memory.
Json pool_json(const PoolReport& p, std::size_t gpu_bytes, Reals& real) {
  const PoolStats& s = p.stats;
  const std::string at = std::string("pools.") + p.name + ".";
  return Json{{"policy", to_string(p.policy)},
              {"capacity", s.capacity},
              {"active", s.active},
              {"idle", s.idle},
              {"allocations", s.allocations},
              {"peak_active", s.peak_active},
              {"acquired", s.acquired},
              {"released", s.released},
              {"dropped", s.dropped},
              {"recycled", s.recycled},
              {"grown", s.grown},
              {"misuse", s.misuse()},
              {"double_releases", s.double_releases},
              {"foreign_releases", s.foreign_releases},
              {"stale_releases", s.stale_releases},
              {"reentrant_calls", s.reentrant_calls},
              {"spawn_rate", real(p.run_spawn_rate, 3, at + "spawn_rate")},
              {"mean_lifetime", real(p.run_mean_lifetime, 4, at + "mean_lifetime")},
              {"little_k", real(p.little_k, 2, at + "little_k")},
              {"recommended_capacity", real(p.recommended, 0, at + "recommended_capacity")},
              // The overlay's verdict, run-wide.
              {"sizing", to_string(sizing(p.recommended, s, p.policy))},
              {"bytes", {{"cpu", p.cpu_bytes}, {"gpu", gpu_bytes}}},
              // The figure that drove the verdict: N, peak_active, dropped or recycled.
              {"sizing_by", to_string(sizing_verdict(p.recommended, s, p.policy).by)},
              // forget, trim, destroy (sim/lifecycle.hpp): objects ended each way.
              {"forgotten", s.forgotten},
              {"trimmed", s.trimmed},
              {"destroyed", s.destroyed}};
}

Json pools_json(const RunReport& r, Reals& real) {
  Json pools = Json::object();
  for (std::size_t i = 0; i < r.world.pools.size(); ++i)  // no renderer (--no-window): gpu 0
    pools[r.world.pools[i].name] = pool_json(r.world.pools[i], r.gpu_bytes[i], real);
  if (r.has_voices) {  // the sound's voices: a pool like the others, plus its stealing
    Json voices = pool_json(r.voices, 0, real);
    voices["stolen"] = r.voices_stolen;
    voices["merged_events"] = r.voice_events_merged;
    pools[r.voices.name] = std::move(voices);
  }
  return pools;
}

Json heap_json(const RunReport& r) {
  return Json{{"allocations_total", r.heap_total.allocations},
              {"bytes_total", r.heap_total.bytes},
              {"allocations_after_warmup", r.heap_after_warmup.allocations},
              {"bytes_after_warmup", r.heap_after_warmup.bytes},
              // The set-aside counts: screenshots, then the window's resizes (a part of it).
              {"screenshot_allocations", (r.heap_screenshots - r.heap_resizes).allocations},
              {"resize_allocations", r.heap_resizes.allocations},
              {"malloc_counted", heap::malloc_counted()},  // false: a sanitized build, 0s
              {"malloc_calls_total", r.heap_total.malloc_calls},
              {"malloc_calls_after_warmup", r.heap_after_warmup.malloc_calls}};
}

Json times_json(const char* section, double median, double p99, double max, Reals& real) {
  const std::string at = std::string(section) + ".";
  return Json{{"median", real(median, 4, at + "median")},
              {"p99", real(p99, 4, at + "p99")},
              {"max", real(max, 4, at + "max")}};
}

Json render_json(const RunReport& r) {
  return Json{{"draw_calls_per_frame", r.draw_calls_per_frame},
              {"bullet_draw_calls_per_frame", r.bullet_draw_calls_per_frame},
              {"buffer_reallocations_after_warmup", r.buffer_reallocations_after_warmup},
              {"shadow_draw_calls_per_frame", r.shadow_draw_calls_per_frame},
              {"level_draw_calls_per_frame", r.level_draw_calls_per_frame},
              {"shadow_map_size", r.shadow_map_size},
              {"msaa_samples", r.msaa_samples},
              {"fxaa", r.fxaa},
              {"antialiasing", r.antialiasing},
              {"antialiasing_auto", r.antialiasing_auto},
              {"render_target_reallocations", r.render_target_reallocations},
              {"window_resizes", r.window_resizes},
              {"gl_renderer", r.gl_renderer}};  // text from the driver, escaped as JSON
}

Json overlay_json(const RunReport& r) {
  // The open panels come as a JSON array of their names (view_settings.hpp).
  Json panels = Json::parse(r.overlay_panels, nullptr, false);
  if (panels.is_discarded()) panels = r.overlay_panels;
  return Json{{"mode", r.overlay_mode},
              {"panels", std::move(panels)},
              {"tour_steps", r.overlay_tour_steps},
              {"damage_numbers_on_screen", r.damage_numbers_on_screen},
              {"imgui_arena",
               {{"capacity", r.imgui_arena_capacity},
                {"high_water", r.imgui_arena_high_water},
                {"in_use", r.imgui_arena_in_use},
                {"fallbacks", r.imgui_arena_fallbacks}}}};
}

std::string hex16(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, v);
  return text;
}

Json stats_json(const RunReport& r) {
  Reals real;
  Json j;
  j["frames"] = r.frames;
  j["ticks"] = r.world.ticks;
  j["seed"] = r.seed;
  j["tick_hz"] = real(r.tick_hz, 3, "tick_hz");
  j["kernel"] = r.kernel;
  j["threads"] = r.threads;
  j["dropped_seconds"] = real(r.dropped_seconds, 6, "dropped_seconds");
  j["interrupted"] = r.interrupted;
  j["state_hash"] = hex16(r.state_hash);
  j["world"] = {{"shots_fired", r.world.shots_fired},
                {"bullet_hits", r.world.bullet_hits},
                {"score", r.world.score},
                {"targets_broken", r.world.score},
                {"level_triangles", r.world.level_triangles},
                {"degenerate_triangles", r.world.degenerate_triangles},
                {"bvh_nodes", r.world.bvh_nodes},
                {"bvh_build_ms", real(r.bvh_build_ms, 3, "world.bvh_build_ms")}};
  j["lessons"] = {{"pooling", r.world.pooling},
                  {"reset_on_release", r.world.reset_on_release},
                  {"swept_collision", r.world.swept_collision},
                  {"heap_live", r.world.heap_live},
                  {"heap_bullets_peak", r.world.heap_bullets_peak},
                  {"heap_news", r.world.heap_news},
                  {"tunnelled", r.world.tunnelled},
                  {"clear_on_reuse", r.world.clear_on_reuse},
                  {"lesson", r.lesson},
                  {"lesson_at", r.lesson_at},
                  {"lesson_fired", r.lesson_fired},
                  {"interpolation", r.interpolation},
                  {"strict_pools", r.strict_pools},
                  {"leak_report", r.leak_report},
                  {"forget_lost", r.world.forget_lost},
                  {"trim_on_pause", r.trim_on_pause},
                  {"restart_at", r.restart_at}};
  const LifecycleCounts& life = r.world.lifecycle;  // forget, trim, destroy in play
  j["lifecycle"] = {{"lost_forgotten", life.lost_forgotten},
                    {"trims", life.trims},
                    {"trimmed", life.trimmed},
                    {"rewarms", life.rewarms},
                    {"rewarmed", life.rewarmed},
                    {"restarts", life.restarts},
                    {"destroyed_live", life.destroyed_live}};
  j["pools"] = pools_json(r, real);
  j["heap"] = heap_json(r);
  j["rss_kb"] = {{"after_warmup", r.rss_kb_after_warmup}, {"end", r.rss_kb_end}};
  j["tick_ms"] = times_json("tick_ms", r.tick_ms_median, r.tick_ms_p99, r.tick_ms_max, real);
  if (r.has_render) {
    j["render"] = render_json(r);
    j["frame_ms"] = times_json("frame_ms", r.frame_ms_median, r.frame_ms_p99, r.frame_ms_max, real);
    j["frame_ms"]["first_shot"] = real(r.frame_ms_first_shot, 4, "frame_ms.first_shot");
    j["overlay"] = overlay_json(r);
  }
  j["non_finite"] = std::move(real.non_finite);
  return j;
}

}  // namespace

// The report is built whole in memory (after the run: its heap counts were read before), then
// written whole or not at all.
bool write_stats_json(const RunReport& r, const std::string& path, std::string& error) {
  std::string text;
  try {
    text = stats_json(r).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  } catch (const std::exception& e) {
    error = path + ": the stats could not be put as JSON: " + e.what();
    return false;
  }
  OutputFile out;
  if (!out.open(path, error)) return false;
  std::fwrite(text.data(), 1, text.size(), out.get());
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
    print_error("stats: " + error);
    return 1;
  }
  if (!stats_path.empty()) std::printf("flatline: stats written to %s\n", stats_path.c_str());
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0)
    std::fprintf(stderr, "flatline: the summary could not be written to stdout%s\n",
                 stats_path.empty() ? "" : " (the stats file is whole)");
  return report.interrupted ? 130 : 0;
}

}  // namespace flatline::app
