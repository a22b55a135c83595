// What tick_bench.cpp shares with its other benchmark files (tick_first_pass.cpp).
#pragma once

#include <cstddef>
#include <vector>

#include "sim/world.hpp"

namespace flatline::tick_bench {

constexpr float kDt = 1.0f / 60.0f;

// This thread's CPU time in seconds, and what reading it costs (a system call here).
double thread_seconds();
double timer_overhead();

// 10^6 bullets in the arena's air, each clear of everything for one tick (seeded, made once).
const std::vector<Bullet>& placements(const World& world);

// tick_first_pass.cpp: the first pass alone, from the pool's objects and from columns.
void register_first_pass_benchmarks(const std::size_t* sizes, std::size_t count);

// tick_threads.cpp: the parallel update and the bound on 1 and 2 threads, in wall time.
void register_thread_benchmarks(const std::size_t* sizes, std::size_t count);

}  // namespace flatline::tick_bench
