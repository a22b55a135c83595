// The pool fuzzer's reference: what every slot of a pool must be (live, idle, vacant), its
// generation, the free stack's order, acquisition order, and every counter, kept with plain
// containers. pool_fuzz.cpp applies each operation to both and compares them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <list>
#include <vector>

#include "pool/pool.hpp"

namespace fuzz {

[[noreturn]] inline void fail(const char* what, int line) {
  std::fprintf(stderr, "pool_fuzz: invariant broken at line %d: %s\n", line, what);
  std::abort();
}
#define CHECK(cond) \
  if (!(cond)) ::fuzz::fail(#cond, __LINE__)

enum class State : char { Idle, Live, Vacant };

struct PoolModel {
  flatline::OverflowPolicy policy = flatline::OverflowPolicy::Drop;
  std::size_t first_capacity = 0;
  std::vector<State> state;        // by slot
  std::vector<std::uint32_t> gen;  // by slot: moves on each time its object leaves play
  std::vector<char> poisoned;      // by slot: released since, so acquire resets it again
  std::vector<char> written;       // by slot: poisoned, then written through a stale index
  std::deque<int> free;            // the free stack, top first
  std::list<int> live;             // acquisition order, earliest first
  std::vector<std::list<int>::iterator> where;  // by slot: its place in `live` while live
  // The vacant run is a stack too: trim and forget push on its top, a re-make pops it.
  // Below the slots pushed since the last destroy(), its order is the pool's own.
  std::vector<int> vacant_known;  // top last
  std::size_t vacant = 0, allocations = 0, peak = 0, acquired = 0;
  std::size_t dropped = 0, recycled = 0, grown = 0, forgotten = 0, trimmed = 0, destroyed = 0;
  std::size_t double_releases = 0, foreign = 0, stale = 0, poison_violations = 0;

  std::size_t capacity() const { return state.size(); }
  bool in_range(int slot) const { return slot >= 0 && static_cast<std::size_t>(slot) < capacity(); }
  State at(int slot) const { return state[static_cast<std::size_t>(slot)]; }
  bool is_live(int slot) const { return in_range(slot) && at(slot) == State::Live; }
  std::uint32_t& gen_of(int slot) { return gen[static_cast<std::size_t>(slot)]; }
  char& poison_of(int slot) { return poisoned[static_cast<std::size_t>(slot)]; }
  char& written_of(int slot) { return written[static_cast<std::size_t>(slot)]; }
  // Acquiring a poisoned slot checks it: a write since its release is one violation.
  void check_poison(int slot) {
    if (poison_of(slot) && written_of(slot)) ++poison_violations;
  }
  void clear_poison(int slot) { poison_of(slot) = written_of(slot) = 0; }
  int oldest() const { return live.empty() ? -1 : live.front(); }

  // New slots go under the free stack, in slot order.
  void add_slots(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      free.push_back(static_cast<int>(state.size()));
      state.push_back(State::Idle);
      gen.push_back(1);
      poisoned.push_back(0);
      written.push_back(0);
      where.push_back(live.end());
    }
    allocations += count;
  }
  // The chunk Grow adds: the load chunk's size (16 at least) doubled per growth since; a pool
  // made empty makes 16 first, and that chunk counts as its load chunk.
  std::size_t next_chunk() const {
    if (first_capacity == 0) return grown == 0 ? 16 : std::size_t{16} << (grown - 1);
    return std::max<std::size_t>(first_capacity, 16) << grown;
  }
  void begin_life(int slot) {
    state[static_cast<std::size_t>(slot)] = State::Live;
    where[static_cast<std::size_t>(slot)] = live.insert(live.end(), slot);
    ++acquired;
    peak = std::max(peak, live.size());
  }
  void end_life(int slot, State to) {  // live -> idle or vacant; handles to it go stale
    live.erase(where[static_cast<std::size_t>(slot)]);
    state[static_cast<std::size_t>(slot)] = to;
    bump(slot);
  }
  void bump(int slot) {
    std::uint32_t& g = gen_of(slot);
    g = g == UINT32_MAX ? 1 : g + 1;
  }

  void pop_free() {
    const int slot = free.front();
    free.pop_front();
    check_poison(slot);
    clear_poison(slot);
    begin_life(slot);
  }
  // The slot the next re-make takes, or -2 for any slot vacated before the last destroy().
  int vacant_top() const { return vacant_known.empty() ? -2 : vacant_known.back(); }
  void remake(int slot) {  // a vacant slot's object made again
    if (!vacant_known.empty()) vacant_known.pop_back();
    --vacant;
    ++allocations;
    begin_life(slot);
  }
  void recycle_oldest() {
    const int slot = live.front();
    live.splice(live.end(), live, live.begin());  // the newest in acquisition order now
    bump(slot);
    ++acquired;
    ++recycled;
  }
  void release(int slot, bool poisons) {
    end_life(slot, State::Idle);
    free.push_front(slot);
    poison_of(slot) = poisons ? 1 : 0;
  }
  // Forget moves the slot onto the vacant stack; the free stack is untouched.
  void forget(int slot) {
    end_life(slot, State::Vacant);
    vacant_known.push_back(slot);
    ++vacant;
    ++forgotten;
  }
  // Trim destroys from the bottom of the free stack, released longest ago.
  std::size_t trim(std::size_t keep) {
    std::size_t n = 0;
    for (; free.size() > keep; ++n) {
      const int slot = free.back();
      free.pop_back();
      state[static_cast<std::size_t>(slot)] = State::Vacant;
      clear_poison(slot);
      vacant_known.push_back(slot);
      ++vacant;
    }
    trimmed += n;
    return n;
  }
  void destroy() {
    for (const int slot : live)
      bump(slot);
    destroyed += live.size();
    trimmed += free.size();
    live.clear();
    free.clear();
    std::fill(state.begin(), state.end(), State::Vacant);
    std::fill(poisoned.begin(), poisoned.end(), 0);
    std::fill(written.begin(), written.end(), 0);
    vacant = capacity();
    vacant_known.clear();
  }
};

// Every counter, the top of the free stack, and the oldest live slot while RecycleOldest
// keeps its log: O(1) amortised.
template <class P>
void check_counts(const P& pool, const PoolModel& m) {
  const flatline::PoolStats s = pool.stats();
  CHECK(pool.capacity() == m.capacity() && s.capacity == m.capacity());
  CHECK(pool.active_count() == m.live.size() && s.active == m.live.size());
  CHECK(pool.idle_count() == m.free.size());
  CHECK(m.live.size() + m.free.size() + m.vacant == m.capacity());
  CHECK(pool.allocations() == m.allocations);
  CHECK(pool.peak_active() == m.peak);
  CHECK(pool.policy() == m.policy);
  CHECK(s.acquired == m.acquired);
  CHECK(s.dropped == m.dropped && s.recycled == m.recycled && s.grown == m.grown);
  CHECK(s.forgotten == m.forgotten && s.trimmed == m.trimmed && s.destroyed == m.destroyed);
  CHECK(s.double_releases == m.double_releases);
  CHECK(s.foreign_releases == m.foreign);
  CHECK(s.stale_releases == m.stale);
  CHECK(s.poison_violations == m.poison_violations);
  CHECK(pool.free_depth(m.free.empty() ? -1 : m.free.front()) == (m.free.empty() ? -1 : 0));
  if (m.policy == flatline::OverflowPolicy::RecycleOldest)
    CHECK(pool.oldest_active() == m.oldest());
}

// Every slot's state and generation, each idle slot's depth on the free stack, and the
// oldest live slot (a scan of the live run unless RecycleOldest keeps its log): O(capacity).
template <class P>
void check_slots(const P& pool, const PoolModel& m) {
  CHECK(pool.oldest_active() == m.oldest());
  static std::vector<int> depth;  // reused: no allocation per check
  depth.assign(m.capacity(), -1);
  for (std::size_t i = 0; i < m.free.size(); ++i)
    depth[static_cast<std::size_t>(m.free[i])] = static_cast<int>(i);
  for (std::size_t i = 0; i < m.capacity(); ++i) {
    const int slot = static_cast<int>(i);
    CHECK(pool.is_active(slot) == (m.at(slot) == State::Live));
    CHECK(pool.generation(slot) == m.gen[i]);
    CHECK(pool.free_depth(slot) == depth[i]);
  }
  CHECK(!pool.is_active(-1) && !pool.is_active(static_cast<int>(m.capacity())));
  CHECK(pool.free_depth(static_cast<int>(m.capacity())) == -1);
}

}  // namespace fuzz
