// The lab's worker team (worker_team.hpp): made once, woken per run by an atomic epoch.
#include "lab/kernel/worker_team.hpp"

#include <cassert>

namespace flatline::lab {

WorkerTeam::WorkerTeam(int threads) {
  const int workers = threads > 1 ? threads - 1 : 0;
  workers_.reserve(static_cast<std::size_t>(workers));
  for (int i = 0; i < workers; ++i)
    workers_.emplace_back([this] { work(); });
}

WorkerTeam::~WorkerTeam() {
  stop_.store(true, std::memory_order_relaxed);  // before the epoch moves on: a waker sees it
  epoch_.fetch_add(1, std::memory_order_release);
  epoch_.notify_all();
  for (std::thread& t : workers_)
    t.join();
}

void WorkerTeam::run_erased(int jobs, Call call, void* context) {
  assert(jobs >= 0 && jobs <= kMaxJobs);
  if (jobs == 0) return;
  const std::uint32_t run = epoch_.load(std::memory_order_relaxed) + 1;
  call_.store(call, std::memory_order_relaxed);
  context_.store(context, std::memory_order_relaxed);
  done_.store(0, std::memory_order_relaxed);
  work_.store(pack(run, jobs, 0), std::memory_order_release);  // publishes the run
  if (!workers_.empty()) {
    epoch_.store(run, std::memory_order_release);  // wakes the workers
    epoch_.notify_all();
  }
  take_jobs(run);
  // Every job taken is done, and what it wrote is visible here, once done_ is jobs.
  for (int done = done_.load(std::memory_order_acquire); done != jobs;
       done = done_.load(std::memory_order_acquire))
    done_.wait(done, std::memory_order_acquire);
}

void WorkerTeam::take_jobs(std::uint32_t run) {
  std::uint64_t word = work_.load(std::memory_order_acquire);
  for (;;) {
    const int jobs = static_cast<int>(word >> 16 & 0xFFFF), job = static_cast<int>(word & 0xFFFF);
    if (static_cast<std::uint32_t>(word >> 32) != run || job >= jobs) return;  // none left
    if (!work_.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel,
                                     std::memory_order_acquire))
      continue;  // another thread took it: `word` is the counter now
    // The run cannot end before this job does: call_ and context_ are still this run's.
    call_.load(std::memory_order_relaxed)(context_.load(std::memory_order_relaxed), job);
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == jobs) done_.notify_all();
    word = work_.load(std::memory_order_acquire);
  }
}

void WorkerTeam::work() {
  std::uint32_t seen = 0;
  for (;;) {
    epoch_.wait(seen, std::memory_order_acquire);  // until a run begins (or the team ends)
    seen = epoch_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_relaxed)) return;
    take_jobs(seen);
  }
}

int machine_threads() {
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(cores);
}

}  // namespace flatline::lab
