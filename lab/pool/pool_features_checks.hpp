// Why: a stage that did not do its job would price nothing, so each is checked first.
//
// stages_do_their_jobs() runs every stage of pool_features.hpp through the job its
// guarantee promises (and Textbook through the failure that the next rungs prevent).
// pool_bench refuses to time anything if it fails; lab/tests/pool_features_test.cpp
// runs it under ctest, so the sanitizer build checks it too.
#pragma once

#include <cstddef>
#include <functional>
#include <random>
#include <set>
#include <string>

#include "pool_features.hpp"

namespace pool_features {

struct Probe {
  int value = 0;
  int other = 0;
};
struct ResetProbe {
  void operator()(Probe& probe) const { probe = Probe{}; }
};

#define STAGE_EXPECT(cond)                                                 \
  if (!(cond)) {                                                           \
    *failure = std::string(__func__) + ": expected " + #cond + " (line " + \
               std::to_string(__LINE__) + ")";                             \
    return false;                                                          \
  }

inline bool textbook_is_a_lifo_stack_that_resets(std::string* failure) {
  Textbook<Probe, ResetProbe> pool(4);
  std::set<int> slots;
  for (int i = 0; i < 4; ++i)
    slots.insert(pool.acquire());
  STAGE_EXPECT(slots == (std::set<int>{0, 1, 2, 3}));
  STAGE_EXPECT(pool.acquire() == -1);
  pool.object(2).value = 7;
  pool.release(2);
  STAGE_EXPECT(pool.acquire() == 2);  // the slot released last comes back first
  STAGE_EXPECT(pool.object(2).value == 0);
  pool.release(2);
  pool.release(2);  // ignored: the active flag says the slot is free already
  STAGE_EXPECT(pool.acquire() == 2 && pool.acquire() == -1);
  // What Textbook cannot tell: a slot index kept past its release names the next owner's
  // object, and releasing it takes that object away from its new owner.
  const int kept = 2;
  pool.release(kept);
  const int new_owner = pool.acquire();
  pool.object(new_owner).value = 9;
  pool.release(kept);  // the old owner, late: accepted
  STAGE_EXPECT(new_owner == kept && pool.object(new_owner).value == 0);
  return true;
}

inline bool generations_make_old_handles_stale(std::string* failure) {
  Generations<Probe, ResetProbe> pool(4);
  const int a = pool.acquire();
  const auto handle = pool.handle_of(a);
  STAGE_EXPECT(pool.alive(handle));
  pool.release(a);
  STAGE_EXPECT(!pool.alive(handle));
  const int b = pool.acquire();
  STAGE_EXPECT(b == a && !pool.alive(handle) && pool.alive(pool.handle_of(b)));
  return true;
}

inline bool misuse_is_counted_and_ignored(std::string* failure) {
  MisuseChecks<Probe, ResetProbe> pool(4);
  const int a = pool.acquire();
  pool.release(a);
  pool.release(a);
  STAGE_EXPECT(pool.double_ == 1);
  pool.release(-1);
  pool.release(4);
  STAGE_EXPECT(pool.foreign_ == 2);
  const int x = pool.acquire();
  const int y = pool.acquire();
  STAGE_EXPECT(x != y);  // the free stack survived the double release
  const auto handle = pool.handle_of(x);
  pool.release(x);
  STAGE_EXPECT(pool.acquire() == x);  // x lives again, for another owner
  pool.release(handle);
  STAGE_EXPECT(pool.stale_ == 1 && pool.misuse() == 4);
  return true;
}

template <class Stage>
bool walk_visits_exactly_the_live(Stage& pool, std::size_t capacity, std::string* failure) {
  std::mt19937 rng(42);
  std::set<int> live;
  for (int step = 0; step < 2000; ++step) {
    if (live.empty() || (rng() % 3 != 0 && live.size() < capacity)) {
      live.insert(pool.acquire());
    } else {
      auto it = live.begin();
      std::advance(it, static_cast<long>(rng() % live.size()));
      pool.release(*it);
      live.erase(it);
    }
    std::set<int> walked;
    std::size_t visits = 0;
    pool.for_each_active([&](int slot, Probe&) {
      walked.insert(slot);
      ++visits;
    });
    STAGE_EXPECT(walked == live && visits == live.size());
  }
  STAGE_EXPECT(pool.misuse() == 0);
  return true;
}

inline bool live_walk_visits_exactly_the_live(std::string* failure) {
  LiveWalk<Probe, ResetProbe> walked(16);
  if (!walk_visits_exactly_the_live(walked, 16, failure)) return false;
  LiveWalk<Probe, ResetProbe> pool(4);
  pool.release(-1);
  pool.release(4);
  const int a = pool.acquire();
  const auto handle = pool.handle_of(a);
  pool.release(a);
  pool.release(a);
  STAGE_EXPECT(pool.acquire() == a);
  pool.release(handle);
  STAGE_EXPECT(pool.foreign_ == 2 && pool.double_ == 1 && pool.stale_ == 1);
  return true;
}

inline bool acquisition_order_finds_the_oldest(std::string* failure) {
  AcquisitionOrder<Probe, ResetProbe> pool(8);
  if (!walk_visits_exactly_the_live(pool, 8, failure)) return false;
  AcquisitionOrder<Probe, ResetProbe> fresh(8);
  const int a = fresh.acquire();
  const int b = fresh.acquire();
  const int c = fresh.acquire();
  STAGE_EXPECT(fresh.oldest() == a);
  fresh.release(a);
  STAGE_EXPECT(fresh.oldest() == b);
  const int d = fresh.acquire();  // a's slot again, now the newest
  fresh.release(b);
  STAGE_EXPECT(fresh.oldest() == c);
  fresh.release(c);
  STAGE_EXPECT(fresh.oldest() == d);
  return true;
}

// A reset that calls back into its pool: releases its own object's slot again, then acquires.
struct CallingReset {
  static inline std::function<void(Probe&)> hook;
  void operator()(Probe& probe) const {
    probe = Probe{};
    if (hook) hook(probe);
  }
};

inline bool reentry_guard_refuses_calls_from_reset(std::string* failure) {
  ReentryGuard<Probe, ResetProbe> pool(4);
  if (!walk_visits_exactly_the_live(pool, 4, failure)) return false;
  ReentryGuard<Probe, CallingReset> guarded(4);
  int got = 0;
  CallingReset::hook = [&](Probe& probe) {
    guarded.release(static_cast<int>(&probe - &guarded.object(0)));  // would recurse
    got = guarded.acquire();
  };
  const int a = guarded.acquire();
  guarded.release(a);
  CallingReset::hook = nullptr;
  STAGE_EXPECT(guarded.reentrant_ == 2 && got == -1 && guarded.healthy());
  STAGE_EXPECT(guarded.acquire() == a);  // released once, and the guard is down again
  return true;
}

inline bool poisoning_catches_a_write_after_release(std::string* failure) {
  Poisoning<Probe, ResetProbe> pool(4);
  int a = pool.acquire();
  pool.release(a);
  a = pool.acquire();  // a clean release and acquire: no violation
  STAGE_EXPECT(pool.violations_ == 0 && pool.object(a).value == 0);
  pool.release(a);
  pool.object(a).other = 5;  // a write through the released object
  const int b = pool.acquire();
  STAGE_EXPECT(b == a && pool.violations_ == 1);
  STAGE_EXPECT(pool.object(b).value == 0 && pool.object(b).other == 0);  // reset again
  return true;
}

#undef STAGE_EXPECT

// True if every stage does its job; otherwise false, and *failure says which check failed.
inline bool stages_do_their_jobs(std::string* failure) {
  return reentry_guard_refuses_calls_from_reset(failure) &&
         textbook_is_a_lifo_stack_that_resets(failure) &&
         generations_make_old_handles_stale(failure) && misuse_is_counted_and_ignored(failure) &&
         live_walk_visits_exactly_the_live(failure) &&
         acquisition_order_finds_the_oldest(failure) &&
         poisoning_catches_a_write_after_release(failure);
}

}  // namespace pool_features
