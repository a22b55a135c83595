// The worker team (lab/kernel/worker_team.hpp): every job of every run is done exactly once,
// whatever the team's size, and run() returns only when all of them are.
#include "lab/kernel/worker_team.hpp"

#include <atomic>
#include <vector>

#include <gtest/gtest.h>

namespace flatline::lab {
namespace {

TEST(WorkerTeam, DoesEveryJobOnceThenReturns) {
  for (int threads : {1, 2, 3, 8}) {
    WorkerTeam team(threads);
    EXPECT_EQ(team.threads(), threads);
    for (int jobs : {0, 1, 5, 64, 1000}) {
      for (int round = 0; round < 20; ++round) {
        std::vector<std::atomic<int>> done(static_cast<std::size_t>(jobs));
        auto job = [&](int j) { done[static_cast<std::size_t>(j)].fetch_add(1); };
        team.run(jobs, job);
        for (int j = 0; j < jobs; ++j)  // all done by the time run() returned
          ASSERT_EQ(done[static_cast<std::size_t>(j)].load(), 1)
              << threads << " threads, job " << j << " of " << jobs;
      }
    }
  }
}

TEST(WorkerTeam, WritesOfEveryJobAreSeenAfterTheRun) {
  WorkerTeam team(4);
  std::vector<long> out(4096);  // plain writes: run() orders them before its return
  for (long round = 1; round <= 50; ++round) {
    auto job = [&](int j) {
      for (int k = 0; k < 64; ++k)
        out[static_cast<std::size_t>(j * 64 + k)] = round * (j * 64 + k);
    };
    team.run(64, job);
    for (std::size_t i = 0; i < out.size(); ++i)
      ASSERT_EQ(out[i], round * static_cast<long>(i));
  }
}

TEST(WorkerTeam, EndsWithoutARun) {
  const WorkerTeam team(3);  // made and destroyed: the workers are woken and leave
  EXPECT_EQ(team.threads(), 3);
}

}  // namespace
}  // namespace flatline::lab
