// Tests for src/app/run_report.hpp's stats file: written with nlohmann::json, it always parses
// (a number that is not finite is null, and named in "non_finite"), its keys are the ones
// tests, scripts/ab.py and the docs read, in the order they have always had, and its numbers
// keep their places.
#include "app/run_report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/heap_counter.hpp"

namespace flatline::app {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string path_of(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("flatline_run_report_test_" +
                    std::to_string(::getpid()));  // one per process: ctest runs tests side by side
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

// A windowed run's report with sound: every section of the file is written.
RunReport full_report() {
  RunReport r;
  r.has_render = true;
  r.has_voices = true;
  r.voices.name = "voices";
  for (std::size_t i = 0; i < r.world.pools.size(); ++i)
    r.world.pools[i].name = kPoolNames[i];
  r.gl_renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
  r.overlay_panels = "[\"pools\", \"heap\"]";
  return r;
}

Json write_and_parse(const RunReport& r, const std::string& name) {
  const std::string path = path_of(name);
  std::string error;
  EXPECT_TRUE(write_stats_json(r, path, error)) << error;
  std::ifstream in(path);
  return Json::parse(in);  // throws, failing the test, if the file is not JSON
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (const auto& item : object.items())
    names.push_back(item.key());
  return names;
}

using Keys = std::vector<std::string>;

// The keys the printf writer wrote, section by section and in its order; three were added
// since: heap.resize_allocations, render.window_resizes, the top-level non_finite list and the
// level's collision figures in world (level_triangles to bvh_build_ms).
TEST(StatsFile, HasTheKeysItAlwaysHadInTheirOrder) {
  const Json j = write_and_parse(full_report(), "keys.json");
  EXPECT_EQ(keys(j),
            (Keys{"frames",  "ticks",           "seed",        "tick_hz",    "kernel",
                  "threads", "dropped_seconds", "interrupted", "state_hash", "world",
                  "lessons", "lifecycle",       "pools",       "heap",       "rss_kb",
                  "tick_ms", "render",          "frame_ms",    "overlay",    "non_finite"}));
  EXPECT_EQ(keys(j["world"]),
            (Keys{"shots_fired", "bullet_hits", "score", "targets_broken", "level_triangles",
                  "degenerate_triangles", "bvh_nodes", "bvh_build_ms"}));
  EXPECT_EQ(keys(j["lessons"]),
            (Keys{"pooling", "reset_on_release", "swept_collision", "heap_live",
                  "heap_bullets_peak", "heap_news", "tunnelled", "clear_on_reuse", "lesson",
                  "lesson_at", "lesson_fired", "interpolation", "strict_pools", "leak_report",
                  "forget_lost", "trim_on_pause", "restart_at"}));
  EXPECT_EQ(keys(j["lifecycle"]), (Keys{"lost_forgotten", "trims", "trimmed", "rewarms", "rewarmed",
                                        "restarts", "destroyed_live"}));
  const Keys pool = {"policy",          "capacity",
                     "active",          "idle",
                     "allocations",     "peak_active",
                     "acquired",        "released",
                     "dropped",         "recycled",
                     "grown",           "misuse",
                     "double_releases", "foreign_releases",
                     "stale_releases",  "reentrant_calls",
                     "spawn_rate",      "mean_lifetime",
                     "little_k",        "recommended_capacity",
                     "sizing",          "bytes",
                     "sizing_by",       "forgotten",
                     "trimmed",         "destroyed"};
  Keys pool_names(kPoolNames.begin(), kPoolNames.end());
  pool_names.push_back("voices");
  EXPECT_EQ(keys(j["pools"]), pool_names);
  for (const char* name : kPoolNames) {
    EXPECT_EQ(keys(j["pools"][name]), pool) << name;
    EXPECT_EQ(keys(j["pools"][name]["bytes"]), (Keys{"cpu", "gpu"})) << name;
  }
  Keys voices = pool;
  voices.insert(voices.end(), {"stolen", "merged_events"});
  EXPECT_EQ(keys(j["pools"]["voices"]), voices);
  EXPECT_EQ(keys(j["heap"]),
            (Keys{"allocations_total", "bytes_total", "allocations_after_warmup",
                  "bytes_after_warmup", "screenshot_allocations", "resize_allocations",
                  "malloc_counted", "malloc_calls_total", "malloc_calls_after_warmup"}));
  EXPECT_EQ(keys(j["rss_kb"]), (Keys{"after_warmup", "end"}));
  EXPECT_EQ(keys(j["tick_ms"]), (Keys{"median", "p99", "max"}));
  EXPECT_EQ(
      keys(j["render"]),
      (Keys{"draw_calls_per_frame", "bullet_draw_calls_per_frame",
            "buffer_reallocations_after_warmup", "shadow_draw_calls_per_frame",
            "level_draw_calls_per_frame", "shadow_map_size", "msaa_samples", "fxaa", "antialiasing",
            "antialiasing_auto", "render_target_reallocations", "window_resizes", "gl_renderer"}));
  EXPECT_EQ(keys(j["frame_ms"]), (Keys{"median", "p99", "max", "first_shot"}));
  EXPECT_EQ(keys(j["overlay"]),
            (Keys{"mode", "panels", "tour_steps", "damage_numbers_on_screen", "imgui_arena"}));
  EXPECT_EQ(keys(j["overlay"]["imgui_arena"]),
            (Keys{"capacity", "high_water", "in_use", "fallbacks"}));
  EXPECT_EQ(j["overlay"]["panels"], Json::parse("[\"pools\", \"heap\"]"));
}

// Every lesson by flag shows in "lessons"; each pool's policy, size, verdict and the figure
// behind it in its row; forget, trim and destroy in "lifecycle".
TEST(StatsFile, LessonsPoliciesAndLifecycleCountsAreWritten) {
  RunReport r = full_report();
  r.lesson = "double-release";
  r.lesson_at = 60;
  r.lesson_fired = true;
  r.interpolation = false;
  r.strict_pools = true;
  r.world.pools[kSparks].policy = OverflowPolicy::Grow;
  r.world.pools[kSparks].stats.capacity = 64;
  r.world.pools[kBullets].stats.capacity = 128;
  r.world.pools[kBullets].stats.peak_active = 96;
  r.world.pools[kBullets].recommended = 26;
  r.world.pools[kDecals].stats.forgotten = 3;
  r.world.lifecycle.restarts = 2;
  r.world.lifecycle.trimmed = 40;
  const Json j = write_and_parse(r, "lessons.json");
  EXPECT_EQ(j["lessons"]["lesson"], "double-release");
  EXPECT_EQ(j["lessons"]["lesson_at"], 60);
  EXPECT_EQ(j["lessons"]["lesson_fired"], true);
  EXPECT_EQ(j["lessons"]["interpolation"], false);
  EXPECT_EQ(j["lessons"]["strict_pools"], true);
  EXPECT_EQ(j["pools"]["sparks"]["policy"], "grow");
  EXPECT_EQ(j["pools"]["sparks"]["capacity"], 64);
  EXPECT_EQ(j["pools"]["bullets"]["sizing"], "fits");  // 96 of 128 at peak: not roomy
  EXPECT_EQ(j["pools"]["bullets"]["sizing_by"], "peak_active");
  EXPECT_EQ(j["pools"]["decals"]["forgotten"], 3);
  EXPECT_EQ(j["lifecycle"]["restarts"], 2);
  EXPECT_EQ(j["lifecycle"]["trimmed"], 40);
}

TEST(StatsFile, AHeadlessRunHasNoWindowedSections) {
  RunReport r = full_report();
  r.has_render = false;
  r.has_voices = false;
  const Json j = write_and_parse(r, "headless.json");
  EXPECT_FALSE(j.contains("render") || j.contains("frame_ms") || j.contains("overlay"));
  EXPECT_FALSE(j["pools"].contains("voices"));
  EXPECT_EQ(j["non_finite"], Json::array());
}

TEST(StatsFile, ANumberThatIsNotFiniteIsNullAndNamed) {
  RunReport r = full_report();
  r.dropped_seconds = kInf;  // a time scale of 1e999, before the clamp
  r.tick_ms_p99 = -kInf;
  r.world.pools[kSparks].run_spawn_rate = kNaN;
  r.frame_ms_first_shot = kNaN;
  const Json j = write_and_parse(r, "non_finite.json");
  EXPECT_TRUE(j["dropped_seconds"].is_null());
  EXPECT_TRUE(j["tick_ms"]["p99"].is_null());
  EXPECT_TRUE(j["pools"]["sparks"]["spawn_rate"].is_null());
  EXPECT_TRUE(j["frame_ms"]["first_shot"].is_null());
  EXPECT_EQ(j["non_finite"], Json::parse(R"(["dropped_seconds", "pools.sparks.spawn_rate",
                                             "tick_ms.p99", "frame_ms.first_shot"])"));
  EXPECT_TRUE(j["tick_ms"]["median"].is_number());  // the finite ones are numbers as ever
}

TEST(StatsFile, NumbersKeepTheirPlacesAndTheHashIsHex) {
  RunReport r = full_report();
  r.tick_hz = 59.99999;
  r.dropped_seconds = 4.75;
  r.state_hash = 0xd3871fccb11b046dULL;
  r.world.pools[kBullets].run_spawn_rate = 466.33333;
  r.world.pools[kBullets].run_mean_lifetime = 0.384333;
  r.world.pools[kBullets].recommended = 26.4;
  const Json j = write_and_parse(r, "places.json");
  EXPECT_DOUBLE_EQ(j["tick_hz"].get<double>(), 60.0);  // three places, as "%.3f" gave
  EXPECT_DOUBLE_EQ(j["dropped_seconds"].get<double>(), 4.75);
  EXPECT_EQ(j["state_hash"], "d3871fccb11b046d");
  EXPECT_DOUBLE_EQ(j["pools"]["bullets"]["spawn_rate"].get<double>(), 466.333);
  EXPECT_DOUBLE_EQ(j["pools"]["bullets"]["mean_lifetime"].get<double>(), 0.3843);
  EXPECT_TRUE(j["pools"]["bullets"]["recommended_capacity"].is_number_integer());
  EXPECT_EQ(j["pools"]["bullets"]["recommended_capacity"].get<int>(), 26);
}

TEST(StatsFile, TextFromTheDriverIsEscapedAndTheFileStillParses) {
  RunReport r = full_report();
  r.gl_renderer = "a \"quoted\" \\ name\twith\ncontrol and \xff bytes";
  const Json j = write_and_parse(r, "driver.json");
  const std::string name = j["render"]["gl_renderer"];
  EXPECT_EQ(name.rfind("a \"quoted\" \\ name\twith\ncontrol and ", 0), 0u) << name;
}

// The run's heap counts are taken before the file is built: building it allocates, and
// none of that is in the counts it writes.
TEST(StatsFile, TheWriterAllocatesAfterTheCountsWereTaken) {
  RunReport r = full_report();
  r.heap_total.allocations = 1234;
  r.heap_after_warmup.allocations = 0;
  const heap::Mark writing;
  const Json j = write_and_parse(r, "counts.json");
  EXPECT_GT(writing.since().allocations, 0u);
  EXPECT_EQ(j["heap"]["allocations_total"], 1234);
  EXPECT_EQ(j["heap"]["allocations_after_warmup"], 0);
}

TEST(StatsFile, AnUnwritablePathIsAnErrorNamingIt) {
  std::string error;
  EXPECT_FALSE(write_stats_json(full_report(), "/nonexistent-dir/s.json", error));
  EXPECT_NE(error.find("/nonexistent-dir/s.json"), std::string::npos) << error;
}

}  // namespace
}  // namespace flatline::app
