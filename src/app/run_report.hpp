// What a run reports at exit: the stats file (--stats PATH) and a summary line.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/heap_counter.hpp"
#include "core/stats.hpp"

namespace flatline::app {

struct RunReport {
  std::int64_t frames = 0;
  std::uint64_t seed = 0;
  double tick_hz = 60.0;
  double dropped_seconds = 0.0;
  bool interrupted = false;  // stopped early by SIGINT/SIGTERM
  WorldStats world;
  std::uint64_t state_hash = 0;
  heap::Counts heap_total;
  heap::Counts heap_after_warmup;
  double tick_ms_median = 0.0;
  double tick_ms_p99 = 0.0;
  double tick_ms_max = 0.0;
};

// Writes the report as JSON. Returns false (and errno set) if the file cannot be written.
bool write_stats_json(const RunReport& report, const std::string& path);
void print_summary(const RunReport& report, std::FILE* out);

// Checks up front that `path` can be written, so a long run does not end in a lost
// report. Returns an empty string, or the reason.
std::string check_writable(const std::string& path);

}  // namespace flatline::app
