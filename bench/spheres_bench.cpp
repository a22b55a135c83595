// spheres_bench: the thrown spheres' tick (sim/spheres.cpp) with the ring full, 100 live:
// each sphere swept against the level's BVH and the targets, every pair of spheres tested,
// the player's capsule, then the overlap push-out. Two states of the built-in level: a
// hundred in flight, just thrown in a fan, and a hundred at rest in a heap (touching pairs,
// every sphere on the floor or on another). Each iteration puts the spheres back as they were
// (a copy of 100 small structs, timed with the tick), so every tick measured is the same one.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <vector>

#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace {

using flatline::Sphere;
using flatline::TickInput;
using flatline::World;
using flatline::WorldConfig;

constexpr float kDt = 1.0f / 60.0f;

// The live spheres by slot, to put back each iteration.
std::vector<std::pair<int, Sphere>> snapshot(World& world) {
  std::vector<std::pair<int, Sphere>> saved;
  world.spheres.pool.for_each_active([&](int slot, const Sphere& s) {
    saved.push_back({slot, s});
  });
  return saved;
}

// A hundred thrown in a fan away from the targets, the last just now.
std::unique_ptr<World> in_flight() {
  auto world = std::make_unique<World>(WorldConfig{});
  for (int i = 0; i < 30; ++i)
    flatline::step(*world, TickInput{}, kDt);  // the player lands
  for (int i = 0; i < 100; ++i) {
    world->player.yaw = 3.1415926f + 0.02f * static_cast<float>(i - 50);
    world->player.pitch = 0.1f + 0.004f * static_cast<float>(i % 25);
    flatline::launch_sphere(*world, flatline::throw_speed(0.3f));
    flatline::update_spheres(*world, kDt);  // a tick apart: spread along the fan
  }
  return world;
}

// A hundred dropped on the floor in a tight square, settled into a heap for ten seconds.
std::unique_ptr<World> at_rest() {
  auto world = std::make_unique<World>(WorldConfig{});
  for (int i = 0; i < 100; ++i) {
    Sphere* s = flatline::spawn_object(*world, world->spheres);
    s->pos = {12.0f + 0.3f * static_cast<float>(i % 10), 0.5f + 0.45f * static_cast<float>(i / 50),
              0.3f * static_cast<float>((i / 10) % 5)};
    flatline::begin_life(*s, true);
  }
  for (int i = 0; i < 600; ++i)
    flatline::update_spheres(*world, kDt);
  return world;
}

void run_tick(benchmark::State& state, World& world) {
  const auto saved = snapshot(world);
  for (auto _ : state) {
    for (const auto& [slot, sphere] : saved)
      world.spheres.pool[slot] = sphere;
    flatline::update_spheres(world, kDt);
    benchmark::DoNotOptimize(world.spheres.pool[saved.front().first].pos);
  }
  state.counters["live"] = static_cast<double>(world.spheres.pool.active_count());
  state.counters["spheres/s"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * static_cast<double>(saved.size()),
      benchmark::Counter::kIsRate);
}

void BM_SphereTick_InFlight(benchmark::State& state) {
  const auto world = in_flight();
  run_tick(state, *world);
}
BENCHMARK(BM_SphereTick_InFlight)->Unit(benchmark::kMicrosecond);

void BM_SphereTick_AtRest(benchmark::State& state) {
  const auto world = at_rest();
  run_tick(state, *world);
}
BENCHMARK(BM_SphereTick_AtRest)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
