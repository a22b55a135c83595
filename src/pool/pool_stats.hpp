// What a pool reports: its overflow policy and the counters the overlay and the
// stats file show. Plain data, so it can be copied out once per frame.
#pragma once

#include <cstddef>
#include <cstdio>

namespace flatline {

// What acquire() does when no object is idle: the four answers to "the pool is full".
enum class OverflowPolicy {
  Drop,           // return -1: fine for cosmetic effects (sparks, damage numbers)
  RecycleOldest,  // reset and re-vend the earliest-acquired live object: decals, casings
  Grow,           // make more objects: allocates, so it is logged and counted
};

struct PoolStats {
  std::size_t capacity = 0;           // slots (objects that exist or may be re-made in place)
  std::size_t active = 0;             // checked out now
  std::size_t idle = 0;               // made, reset and ready to vend: the free stack
  std::size_t allocations = 0;        // objects the factory has made, ever
  std::size_t peak_active = 0;        // high-water mark of active
  std::size_t acquired = 0;           // acquires that returned a slot (recycles included)
  std::size_t released = 0;           // live objects given back (misuse not included)
  std::size_t dropped = 0;            // acquires refused: exhausted under Drop
  std::size_t recycled = 0;           // live objects taken back under RecycleOldest
  std::size_t grown = 0;              // growth events under Grow
  std::size_t double_releases = 0;    // released a slot that was not live
  std::size_t foreign_releases = 0;   // a slot out of range, or a handle of another pool
  std::size_t stale_releases = 0;     // a handle whose slot has been re-vended since
  std::size_t reentrant_calls = 0;    // a call into the pool from its own reset: refused
  std::size_t forgotten = 0;          // live objects dropped by forget()
  std::size_t trimmed = 0;            // idle objects destroyed by trim() or destroy()
  std::size_t destroyed = 0;          // live objects destroyed by destroy() (or ~Pool)
  std::size_t poison_violations = 0;  // debug: a freed object was written to

  // Every life ends exactly one way, so:
  //   acquired == released + recycled + forgotten + destroyed + active.
  std::size_t misuse() const {
    return double_releases + foreign_releases + stale_releases + reentrant_calls;
  }
};

inline const char* to_string(OverflowPolicy policy) {
  switch (policy) {
    case OverflowPolicy::Drop:
      return "drop";
    case OverflowPolicy::RecycleOldest:
      return "recycle-oldest";
    case OverflowPolicy::Grow:
      return "grow";
  }
  return "?";
}

// Where a pool's log lines go unless set_log() says otherwise.
inline void log_to_stderr(const char* line) {
  std::fprintf(stderr, "%s\n", line);
}
// The line a pool logs when it grows (OverflowPolicy::Grow): growth allocates in play.
inline void log_growth(void (*log)(const char*), const char* name, std::size_t from, std::size_t to,
                       std::size_t growths) {
  char line[160];
  std::snprintf(line, sizeof line,
                "flatline: pool '%s' grew from %zu to %zu objects (growth #%zu); size it from "
                "peak_active instead",
                name, from, to, growths);
  log(line);
}

}  // namespace flatline
