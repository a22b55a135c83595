// Command-line options of the `flatline` executable. Parsing is strict: an
// unknown flag or a bad value is an error with a one-line reason (exit 2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/pool_stats.hpp"

namespace flatline::app {

struct Options {
  bool help = false;
  bool no_window = false;       // run the world with no window and no GL
  std::int64_t frames = -1;     // -1: until quit (windowed) / 3600 (--no-window)
  std::uint64_t seed = 1;
  bool autofire = false;        // scripted player: hold the trigger, sweep, scatter
  std::string stats_path;       // JSON at exit
  std::size_t pool_size = 0;    // bullet pool capacity; 0 = the world's default
  std::optional<OverflowPolicy> overflow;  // bullet pool policy
  std::int64_t warmup = 60;     // ticks before the steady-state heap mark
  double tick_hz = 60.0;
};

struct ParseResult {
  Options options;
  std::string error;  // empty when parsing succeeded
};

ParseResult parse_options(int argc, const char* const* argv);
const char* usage();

constexpr std::size_t kMaxPoolSize = 10'000'000;

}  // namespace flatline::app
