// libFuzzer target for the pool: bytes become a sequence of pool operations
// (acquire, release, double/foreign/stale release, handles, leases, trim, forget,
// growth) run against a simple reference model; every invariant is checked after
// every operation. Build and run: scripts/fuzz.sh [seconds].
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <vector>

#include "pool/pool.hpp"

namespace {

using flatline::Handle;
using flatline::OverflowPolicy;

constexpr std::uint32_t kCanary = 0xC0FFEEu;
struct Obj {
  std::uint32_t value = 0;
  std::uint32_t canary = kCanary;
};

[[noreturn]] void fail(const char* what, int line) {
  std::fprintf(stderr, "pool_fuzz: invariant broken at line %d: %s\n", line, what);
  std::abort();
}
#define CHECK(cond) \
  if (!(cond)) fail(#cond, __LINE__)

// The reference: which slots are live, in acquisition order, and what every counter must read.
struct Model {
  std::list<int> live;     // earliest acquired first
  std::vector<char> flag;  // live, by slot: O(1) lookups
  std::size_t capacity = 0, first_capacity = 0, allocations = 0, idle = 0, vacant = 0;
  std::size_t peak = 0, dropped = 0, recycled = 0, grown = 0;
  std::size_t double_releases = 0, foreign = 0, stale = 0;
  bool is_live(int slot) const {
    return slot >= 0 && static_cast<std::size_t>(slot) < flag.size() &&
           flag[static_cast<std::size_t>(slot)];
  }
  void add(int slot) {
    if (flag.size() <= static_cast<std::size_t>(slot))
      flag.resize(static_cast<std::size_t>(slot) + 1, 0);
    flag[static_cast<std::size_t>(slot)] = 1;
    live.push_back(slot);
  }
  void remove(int slot) {  // the slot's life ends: every handle to it goes stale
    live.remove(slot);
    flag[static_cast<std::size_t>(slot)] = 0;
    for (Held& held : handles)
      if (static_cast<int>(held.handle.index) == slot) held.alive = false;
  }
  struct Held {
    Handle handle;
    bool alive = true;
  };
  std::vector<Held> handles;  // some alive, some stale by now
};

template <class P>
void check_all(const P& pool, const Model& m) {
  const flatline::PoolStats s = pool.stats();
  CHECK(pool.active_count() == m.live.size());
  CHECK(pool.capacity() == m.capacity);
  CHECK(pool.allocations() == m.allocations);
  CHECK(pool.idle_count() == m.idle);
  CHECK(pool.peak_active() == m.peak);
  CHECK(s.dropped == m.dropped && s.recycled == m.recycled && s.grown == m.grown);
  CHECK(s.double_releases == m.double_releases);
  CHECK(s.foreign_releases == m.foreign);
  CHECK(s.stale_releases == m.stale);
  for (std::size_t i = 0; i < m.capacity; ++i)
    CHECK(pool.is_active(static_cast<int>(i)) == m.is_live(static_cast<int>(i)));
  std::size_t visited = 0;
  pool.for_each_active([&](int slot, const Obj& o) {
    CHECK(m.is_live(slot));
    CHECK(o.canary == kCanary);
    ++visited;
  });
  CHECK(visited == m.live.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const auto policy = static_cast<OverflowPolicy>(in.ConsumeIntegralInRange<int>(0, 2));
  Model m;
  m.capacity = m.first_capacity = m.allocations = m.idle =
      in.ConsumeIntegralInRange<std::size_t>(0, 40);
  flatline::Pool<Obj> pool([] { return Obj{}; }, m.capacity, [](Obj& o) { o = Obj{}; }, policy);
  flatline::Pool<Obj> other([] { return Obj{}; }, 4, [](Obj& o) { o = Obj{}; });
  pool.set_log([](const char*) {});

  auto acquired = [&](int slot, bool recycle) {
    CHECK(slot >= 0 && static_cast<std::size_t>(slot) < pool.capacity());
    CHECK(pool[slot].value == 0 && pool[slot].canary == kCanary);  // reset, never stale
    pool[slot].value = 1 + static_cast<std::uint32_t>(slot);
    if (recycle) m.remove(slot);
    m.add(slot);
    m.peak = std::max(m.peak, m.live.size());
  };
  auto acquire = [&]() -> int {
    const std::size_t before = m.live.size();
    if (m.idle > 0) {
      --m.idle;
    } else if (m.vacant > 0) {
      --m.vacant;
      ++m.allocations;
    } else if (policy == OverflowPolicy::RecycleOldest && before > 0) {
      const int oldest = m.live.front();
      const int slot = pool.acquire();
      CHECK(slot == oldest);  // the earliest-acquired live slot
      ++m.recycled;
      acquired(slot, true);
      return slot;
    } else if (policy == OverflowPolicy::Grow) {
      // Each grown chunk is twice the one before; a pool made empty makes its load chunk first.
      const std::size_t chunk = m.first_capacity == 0
                                    ? (m.grown == 0 ? 16 : std::size_t{16} << (m.grown - 1))
                                    : std::max<std::size_t>(m.first_capacity, 16) << m.grown;
      m.capacity += chunk;
      m.allocations += chunk;
      m.idle += chunk - 1;
      ++m.grown;
    } else {
      CHECK(pool.acquire() == -1);
      ++m.dropped;
      return -1;
    }
    const int slot = pool.acquire();
    CHECK(!m.is_live(slot));
    acquired(slot, false);
    return slot;
  };
  auto release_live = [&](int slot) {
    pool.release(slot);
    m.remove(slot);
    ++m.idle;
  };

  while (in.remaining_bytes() > 0) {
    switch (in.ConsumeIntegralInRange<int>(0, 9)) {
      case 0:
        acquire();
        break;
      case 1:  // release a live slot
        if (!m.live.empty()) {
          auto it = m.live.begin();
          std::advance(it, in.ConsumeIntegralInRange<std::size_t>(0, m.live.size() - 1));
          release_live(*it);
        }
        break;
      case 2:  // release a slot that is not live: a double release
        for (int slot = 0; slot < static_cast<int>(m.capacity); ++slot) {
          if (m.is_live(slot)) continue;
          pool.release(slot);
          ++m.double_releases;
          break;
        }
        break;
      case 3:  // out of range: foreign
        pool.release(in.ConsumeBool()
                         ? -1 - in.ConsumeIntegral<std::uint8_t>()
                         : static_cast<int>(m.capacity) + in.ConsumeIntegral<std::uint8_t>());
        ++m.foreign;
        break;
      case 4: {  // take a handle to a newly acquired slot
        const int slot = acquire();
        if (slot >= 0) m.handles.push_back({pool.handle_of(slot), true});
        break;
      }
      case 5:  // release through a held handle: live, stale or already released
        if (!m.handles.empty()) {
          const std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, m.handles.size() - 1);
          const Model::Held held = m.handles[i];
          m.handles.erase(m.handles.begin() + static_cast<std::ptrdiff_t>(i));
          CHECK(pool.alive(held.handle) == held.alive);  // generations tell lives apart
          const int slot = static_cast<int>(held.handle.index);
          const bool slot_live = m.is_live(slot);
          pool.release(held.handle);
          if (held.alive) {
            m.remove(slot);
            ++m.idle;
          } else if (slot_live) {
            ++m.stale;  // its slot was re-vended: the new owner keeps it
          } else {
            ++m.double_releases;
          }
        }
        break;
      case 6: {  // a lease for one scope: the slot goes back when it ends
        const int slot = acquire();
        if (slot >= 0) {
          flatline::PoolLease<Obj, 32> lease(pool, pool.handle_of(slot));
          CHECK(lease && lease.slot() == slot);
          m.remove(slot);
          ++m.idle;
        }
        break;
      }
      case 7: {  // trim
        const std::size_t keep = in.ConsumeIntegralInRange<std::size_t>(0, 8);
        const std::size_t expect = m.idle > keep ? m.idle - keep : 0;
        CHECK(pool.trim(keep) == expect);
        m.idle -= expect;
        m.vacant += expect;
        break;
      }
      case 8:  // forget a live slot: it leaves play without going back to idle
        if (!m.live.empty()) {
          const int slot = m.live.back();
          pool.forget(slot);
          m.remove(slot);
          ++m.vacant;
        }
        break;
      case 9: {  // a handle from another pool is foreign
        const Handle h = other.acquire_handle();
        pool.release(h);
        if (!h.is_null()) ++m.foreign;
        other.release(h);
        break;
      }
    }
    check_all(pool, m);
  }
  return 0;
}
