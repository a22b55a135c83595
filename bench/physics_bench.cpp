// physics_bench: the level's BVH against brute force over every triangle, for the three
// queries the game asks: a bullet's tick (a 5 m segment), a casing's tick (a 1 cm sphere swept
// 10 cm) and the player's capsule (overlap-and-push), on the committed level
// (assets/arena.gltf, box colliders included, as make_arena builds it) and on ten copies of
// it side by side. Both sides answer the same queries in the same run, and the table printed
// at the end divides one by the other (CPU time: the machine may be shared): what the
// hierarchy buys. scripts/bench_physics.sh runs it and keeps the table.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "assets/level.hpp"
#include "physics/bvh.hpp"
#include "physics/triangle_soup.hpp"
#include "sim/arena.hpp"

namespace {

using flatline::Contact;
using flatline::Triangle;
using flatline::TriangleBvh;

constexpr int kQueryCount = 1024;
constexpr float kCopyPitch = 64.0f;  // metres between copies: the 62 m level and a gap
constexpr int kCopiesPerRow = 5;     // ten copies: a grid of 5 along x by 2 along z

// The committed level's solid triangles, as the game collides with them.
const std::vector<Triangle>& committed_triangles() {
  static const std::vector<Triangle> triangles = [] {
    flatline::assets::Level level;
    std::string error;
    if (!flatline::assets::load_level(FLATLINE_ASSET_DIR, level, error)) {
      std::fprintf(stderr, "physics_bench: %s\n", error.c_str());
      std::exit(1);
    }
    return flatline::make_arena(level.collision).triangles;
  }();
  return triangles;
}

// Copy k's offset on the grid: row-major, kCopiesPerRow copies to a row.
glm::vec3 copy_offset(int k) {
  return {kCopyPitch * static_cast<float>(k % kCopiesPerRow), 0.0f,
          kCopyPitch * static_cast<float>(k / kCopiesPerRow)};
}

// One level (the committed one, copied `copies` times) and the queries asked of it, each at
// a random place in a random copy: inside the walls, between the floor and 3 m up.
struct Level {
  std::vector<Triangle> soup;
  TriangleBvh bvh;
  std::vector<glm::vec3> starts;
  std::vector<glm::vec3> dirs;  // unit, mostly level
};

const Level& level(int copies) {
  static std::map<int, Level> levels;
  auto [it, made] = levels.try_emplace(copies);
  if (made) {
    Level& lv = it->second;
    for (int k = 0; k < copies; ++k)
      for (const Triangle& t : committed_triangles())
        lv.soup.push_back({t.a + copy_offset(k), t.b + copy_offset(k), t.c + copy_offset(k)});
    lv.bvh = TriangleBvh(lv.soup);
    std::mt19937 rng(static_cast<unsigned>(copies));
    std::uniform_real_distribution<float> across(-29.5f, 29.5f);
    std::uniform_real_distribution<float> up(0.0f, 3.0f);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_int_distribution<int> which(0, copies - 1);
    for (int i = 0; i < kQueryCount; ++i) {
      lv.starts.push_back(glm::vec3(across(rng), up(rng), across(rng)) + copy_offset(which(rng)));
      lv.dirs.push_back(glm::normalize(glm::vec3(unit(rng), 0.3f * unit(rng), unit(rng))));
    }
  }
  return it->second;
}

enum class Query { kSegment, kSphere, kCapsule };

template <Query kQuery, bool kBvh>
void run(benchmark::State& state) {
  const Level& lv = level(static_cast<int>(state.range(0)));
  std::array<Contact, 16> out{};
  std::size_t i = 0;
  for (auto _ : state) {
    const glm::vec3 p = lv.starts[i];
    const glm::vec3 dir = lv.dirs[i];
    i = (i + 1) % lv.starts.size();
    if constexpr (kQuery == Query::kSegment) {  // a bullet's tick: 300 m/s for 1/60 s
      const glm::vec3 end = p + 5.0f * dir;
      benchmark::DoNotOptimize(kBvh ? lv.bvh.first_hit(p, end, 0.0f)
                                    : flatline::first_hit_brute_force(lv.soup, p, end, 0.0f));
    } else if constexpr (kQuery == Query::kSphere) {  // a casing's tick (effects.cpp's fly)
      const glm::vec3 end = p + 0.1f * dir;
      benchmark::DoNotOptimize(kBvh ? lv.bvh.first_hit(p, end, 0.01f)
                                    : flatline::first_hit_brute_force(lv.soup, p, end, 0.01f));
    } else {  // the player standing at p: 0.35 m by 1.8 m (player.cpp's capsule)
      const glm::vec3 a = p + glm::vec3(0.0f, 0.35f, 0.0f);
      const glm::vec3 b = p + glm::vec3(0.0f, 1.45f, 0.0f);
      benchmark::DoNotOptimize(
          kBvh ? lv.bvh.capsule_contacts(a, b, 0.35f, out)
               : flatline::capsule_contacts_brute_force(lv.soup, a, b, 0.35f, out));
    }
  }
}

BENCHMARK(run<Query::kSegment, false>)->Name("segment/brute")->Arg(1)->Arg(10);
BENCHMARK(run<Query::kSegment, true>)->Name("segment/bvh")->Arg(1)->Arg(10);
BENCHMARK(run<Query::kSphere, false>)->Name("sphere/brute")->Arg(1)->Arg(10);
BENCHMARK(run<Query::kSphere, true>)->Name("sphere/bvh")->Arg(1)->Arg(10);
BENCHMARK(run<Query::kCapsule, false>)->Name("capsule/brute")->Arg(1)->Arg(10);
BENCHMARK(run<Query::kCapsule, true>)->Name("capsule/bvh")->Arg(1)->Arg(10);

// Prints as usual and keeps each benchmark's CPU time per query (the median when repeated),
// for the ratio table.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Iteration || median)
        times_[run.run_name.str()] = run.GetAdjustedCPUTime();
    }
    ConsoleReporter::ReportRuns(runs);
  }
  // A Markdown table: per query and level size, ns per query each way and their ratio.
  void print_ratios() const {
    std::printf("\nbrute force CPU time / BVH CPU time, same run:\n\n");
    std::printf(
        "| query | level (%zu triangles): brute | BVH | ratio | 10 copies (%zu "
        "triangles): brute | BVH | ratio |\n",
        level(1).soup.size(), level(10).soup.size());
    std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
    for (const char* query : {"segment", "sphere", "capsule"}) {
      std::printf("| %s |", query);
      for (const char* copies : {"1", "10"}) {
        const auto brute = times_.find(std::string(query) + "/brute/" + copies);
        const auto bvh = times_.find(std::string(query) + "/bvh/" + copies);
        if (brute == times_.end() || bvh == times_.end() || bvh->second <= 0.0) {
          std::printf(" - | - | - |");
          continue;
        }
        std::printf(" %.0f ns | %.0f ns | %.0fx |", brute->second, bvh->second,
                    brute->second / bvh->second);
      }
      std::printf("\n");
    }
  }

 private:
  std::map<std::string, double> times_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratios();
  benchmark::Shutdown();
  return 0;
}
