// physics_bench: the level's BVH against brute force over every triangle, for the three
// queries the game asks (a bullet's segment, a sphere, the player's capsule), at two level
// sizes. Both sides answer the same queries in the same run, and the table printed at the
// end divides one by the other (CPU time: the machine may be shared): what the hierarchy buys.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "physics/bvh.hpp"
#include "physics/triangle_soup.hpp"

namespace {

using flatline::Contact;
using flatline::Triangle;
using flatline::TriangleBvh;

constexpr float kExtent = 40.0f;  // the level is a cube this far from the centre each way
constexpr int kQueryCount = 1024;

// A soup of small triangles scattered through the level, a few large ones across it.
std::vector<Triangle> make_soup(int count, std::mt19937& rng) {
  std::uniform_real_distribution<float> coord(-kExtent, kExtent);
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  std::vector<Triangle> soup;
  soup.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    const glm::vec3 centre(coord(rng), coord(rng), coord(rng));
    const float size = (i % 200 == 0) ? kExtent : 1.5f;
    const auto corner = [&] { return centre + size * glm::vec3(unit(rng), unit(rng), unit(rng)); };
    soup.push_back({corner(), corner(), corner()});
  }
  return soup;
}

// One level and the queries asked of it: a tick of a bullet (5 m), a sphere, a capsule.
struct Level {
  std::vector<Triangle> soup;
  TriangleBvh bvh;
  std::vector<glm::vec3> starts;
  std::vector<glm::vec3> steps;
};

const Level& level(int count) {
  static std::map<int, Level> levels;
  auto [it, made] = levels.try_emplace(count);
  if (made) {
    std::mt19937 rng(static_cast<unsigned>(count));
    std::uniform_real_distribution<float> coord(-kExtent, kExtent);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    it->second.soup = make_soup(count, rng);
    it->second.bvh = TriangleBvh(it->second.soup);
    for (int i = 0; i < kQueryCount; ++i) {
      it->second.starts.emplace_back(coord(rng), coord(rng), coord(rng));
      it->second.steps.push_back(5.0f * glm::normalize(glm::vec3(unit(rng), unit(rng), 1.0f)));
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
    const glm::vec3 step = lv.steps[i];
    i = (i + 1) % lv.starts.size();
    if constexpr (kQuery == Query::kSegment) {
      benchmark::DoNotOptimize(kBvh ? lv.bvh.first_hit(p, p + step, 0.0f)
                                    : flatline::first_hit_brute_force(lv.soup, p, p + step, 0.0f));
    } else if constexpr (kQuery == Query::kSphere) {
      benchmark::DoNotOptimize(kBvh ? lv.bvh.sphere_contacts(p, 0.5f, out)
                                    : flatline::sphere_contacts_brute_force(lv.soup, p, 0.5f, out));
    } else {
      const glm::vec3 top = p + glm::vec3(0.0f, 0.0f, 1.0f);  // the player: 0.35 m by 1.7 m
      benchmark::DoNotOptimize(
          kBvh ? lv.bvh.capsule_contacts(p, top, 0.35f, out)
               : flatline::capsule_contacts_brute_force(lv.soup, p, top, 0.35f, out));
    }
  }
}

BENCHMARK(run<Query::kSegment, false>)->Name("segment/brute")->Arg(2000)->Arg(20000);
BENCHMARK(run<Query::kSegment, true>)->Name("segment/bvh")->Arg(2000)->Arg(20000);
BENCHMARK(run<Query::kSphere, false>)->Name("sphere/brute")->Arg(2000)->Arg(20000);
BENCHMARK(run<Query::kSphere, true>)->Name("sphere/bvh")->Arg(2000)->Arg(20000);
BENCHMARK(run<Query::kCapsule, false>)->Name("capsule/brute")->Arg(2000)->Arg(20000);
BENCHMARK(run<Query::kCapsule, true>)->Name("capsule/bvh")->Arg(2000)->Arg(20000);

// Prints as usual and keeps each run's time per query, for the ratio table.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs)
      times_[run.benchmark_name()] = run.GetAdjustedCPUTime();
    ConsoleReporter::ReportRuns(runs);
  }
  void print_ratios() const {
    std::printf("\nbrute force CPU time / BVH CPU time, same run:\n");
    for (const char* query : {"segment", "sphere", "capsule"}) {
      for (const char* size : {"2000", "20000"}) {
        const auto brute = times_.find(std::string(query) + "/brute/" + size);
        const auto bvh = times_.find(std::string(query) + "/bvh/" + size);
        if (brute == times_.end() || bvh == times_.end() || bvh->second <= 0.0) continue;
        std::printf("  %-8s %6s triangles: %8.1fx\n", query, size, brute->second / bvh->second);
      }
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
