// A fixed team of worker threads for the lab's parallel tick: made once, at load, and
// woken once per tick. run(jobs, fn) calls fn(job) for every job in [0, jobs) on the team
// and the calling thread, and returns when all are done.
//
// Jobs are handed out by one atomic counter, whoever is free taking the next (the "work
// queue" of a job system, as in Intel's oneTBB or Naughty Dog's fibers, cut to a counter):
// on a machine shared with other processes, a thread that loses its core takes fewer jobs
// instead of holding the tick up, and a run waits for the jobs begun, never for a worker
// that has not woken yet (it finds nothing left, or joins a later run). Which thread ran a job is
// left to chance, so a job must write only what is its own (its slice of an output array): the
// caller merges the slices in job order, and the result is the same for every thread count.
//
// Waking and waiting use C++20 atomic wait/notify (a futex on Linux): no lock, and no heap
// allocation after the threads are made.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace flatline::lab {

class WorkerTeam {
 public:
  // `threads` in all, the caller's included: threads - 1 workers (none for 1).
  explicit WorkerTeam(int threads);
  ~WorkerTeam();
  WorkerTeam(const WorkerTeam&) = delete;
  WorkerTeam& operator=(const WorkerTeam&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // fn(job) for each job in [0, jobs), spread over the team; returns when every job is done.
  // At most kMaxJobs jobs a run.
  static constexpr int kMaxJobs = 0xFFFF;
  template <class Fn>
  void run(int jobs, Fn& fn) {
    run_erased(
        jobs, [](void* f, int job) { (*static_cast<Fn*>(f))(job); }, &fn);
  }

 private:
  using Call = void (*)(void*, int);
  void run_erased(int jobs, Call call, void* context);
  void take_jobs(std::uint32_t run);  // the caller and each worker: jobs of `run` while any
  void work();                        // a worker's loop: sleep until a run begins, take jobs

  // The counter a job is taken from: this run's number, its job count and the next job, in
  // one word, so a worker that wakes late can never take a job of a run that is over.
  static std::uint64_t pack(std::uint32_t run, int jobs, int next) {
    return std::uint64_t{run} << 32 | static_cast<std::uint64_t>(jobs) << 16 |
           static_cast<std::uint64_t>(next);
  }

  std::vector<std::thread> workers_;
  std::atomic<std::uint32_t> epoch_{0};  // the run's number: one more per run wakes the workers
  std::atomic<std::uint64_t> work_{0};   // pack(run, jobs, next job)
  std::atomic<int> done_{0};             // jobs of this run finished
  std::atomic<Call> call_{nullptr};      // this run's job, stored before work_ (release)
  std::atomic<void*> context_{nullptr};
  std::atomic<bool> stop_{false};  // the team is being destroyed: the workers leave
};

// The machine's cores (std::thread::hardware_concurrency), at least 1.
int machine_threads();

}  // namespace flatline::lab
