// The pool fuzzer's driver: the two kinds of pool it runs (a std::function reset over
// objects that own heap memory, an inline reset over plain objects with debug poisoning),
// faults on command, and each operation applied to the pool and the model together, with
// what the pool must answer predicted from the model first.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "pool/pool.hpp"
#include "pool_model.hpp"

namespace fuzz {

using flatline::Handle;
using flatline::OverflowPolicy;

// Faults on command: with factory_countdown at n, the factory's n-th call from now throws;
// while reset_throws, every reset throws before touching its object.
struct Fault {};
inline int factory_countdown = 0;
inline bool reset_throws = false;
inline void factory_call() {
  if (factory_countdown > 0 && --factory_countdown == 0) throw Fault{};
}
inline void reset_call() {
  if (reset_throws) throw Fault{};
}

constexpr std::uint32_t kCanary = 0xC0FFEEu;
struct Plain {  // trivially copyable: debug poisoning covers it
  std::uint32_t value = 0;
  std::uint32_t canary = kCanary;
};
struct ResetPlain {  // the inline reset
  void operator()(Plain& o) const {
    reset_call();
    o = Plain{};
  }
};
struct Owning {  // owns heap memory: what the pool destroys is freed once
  std::unique_ptr<std::uint32_t> value;
  std::uint32_t canary = kCanary;
};

struct PlainKind {
  using Object = Plain;
  using PoolType = flatline::InlinePool<Plain, ResetPlain>;
  static PoolType make(std::size_t capacity, OverflowPolicy policy) {
    return PoolType(make_one, capacity, ResetPlain{}, policy);
  }
  static Plain make_one() {
    factory_call();
    return Plain{};
  }
  static bool fresh(const Plain& o) { return o.value == 0 && o.canary == kCanary; }
  static void use(Plain& o, int slot) { o.value = 1 + static_cast<std::uint32_t>(slot); }
};
struct OwningKind {
  using Object = Owning;
  using PoolType = flatline::Pool<Owning>;
  static PoolType make(std::size_t capacity, OverflowPolicy policy) {
    return PoolType(make_one, capacity, reset, policy);
  }
  static Owning make_one() {
    factory_call();
    return Owning{std::make_unique<std::uint32_t>(0)};
  }
  static void reset(Owning& o) {
    reset_call();
    *o.value = 0;
  }
  static bool fresh(const Owning& o) { return o.value && *o.value == 0 && o.canary == kCanary; }
  static void use(Owning& o, int slot) { *o.value = 1 + static_cast<std::uint32_t>(slot); }
};

template <class Kind>
class Driver {
 public:
  using PoolType = typename Kind::PoolType;
  static constexpr bool kPoisons = flatline::detail::PoisonFlags<typename Kind::Object>::kEnabled;

  Driver(FuzzedDataProvider& in, PoolType& pool, PoolModel& m) : in_(in), pool_(pool), m_(m) {}

  // What acquire must do, from the model: the slot, -1, or a Fault that changes nothing.
  int acquire() {
    const bool reset_fault = reset_throws, factory_fault = factory_countdown > 0;
    int expect = -2;  // any slot vacated before the last destroy()
    bool throws = false;
    if (!m_.free.empty()) {
      expect = m_.free.front();
      throws = reset_fault && m_.poison_of(expect);  // a poisoned slot is reset again
    } else if (m_.vacant > 0) {
      expect = m_.vacant_top();
      throws = factory_countdown == 1;
    } else if (m_.policy == OverflowPolicy::RecycleOldest && !m_.live.empty()) {
      expect = m_.oldest();
      throws = reset_fault;
    } else if (m_.policy == OverflowPolicy::Grow) {
      expect = static_cast<int>(m_.capacity());
      throws = factory_fault && static_cast<std::size_t>(factory_countdown) <= m_.next_chunk();
    } else {
      expect = -1;
    }
    int slot = -1;
    try {
      slot = pool_.acquire();
    } catch (const Fault&) {
      CHECK(throws);  // nothing changed but a write found before the reset threw
      if (expect >= 0 && !m_.free.empty()) m_.check_poison(expect);
      return -1;
    }
    CHECK(!throws);
    if (expect == -1) {
      CHECK(slot == -1);
      ++m_.dropped;
      return -1;
    }
    CHECK(slot == expect || (expect == -2 && m_.in_range(slot) && m_.at(slot) == State::Vacant));
    if (!m_.free.empty()) {
      m_.pop_free();
    } else if (m_.vacant > 0) {
      m_.remake(slot);
    } else if (m_.policy == OverflowPolicy::RecycleOldest && !m_.live.empty()) {
      m_.recycle_oldest();
    } else {
      m_.add_slots(m_.next_chunk());
      ++m_.grown;
      m_.pop_free();
    }
    CHECK(Kind::fresh(pool_[slot]));  // reset or new, never the last life's state
    Kind::use(pool_[slot], slot);
    return slot;
  }

  // Release through `how`; a throwing reset leaves the slot live and every count as it was.
  template <class How>
  void release_live(int slot, How how) {
    try {
      how();
    } catch (const Fault&) {
      CHECK(reset_throws);
      return;
    }
    CHECK(!reset_throws);
    m_.release(slot, kPoisons && pool_.poisoning());
  }

  // A handle's fate as the pool must judge it: released, stale, a second release, foreign.
  void release_handle(Handle h) {
    const int slot = static_cast<int>(h.index);
    const bool ours = h.pool == pool_.id() && m_.in_range(slot);
    const bool alive = ours && m_.is_live(slot) && m_.gen_of(slot) == h.generation;
    CHECK(pool_.alive(h) == alive);
    CHECK(pool_.get(h) == (alive ? &pool_[slot] : nullptr));
    if (alive) return release_live(slot, [&] { pool_.release(h); });
    pool_.release(h);
    if (!ours) {
      m_.foreign += h.is_null() ? 0 : 1;
    } else {
      ++(m_.is_live(slot) ? m_.stale : m_.double_releases);
    }
  }

  // Release by slot number: live, already free, or not one of this pool's slots.
  void release_slot(int slot) {
    if (m_.is_live(slot)) return release_live(slot, [&] { pool_.release(slot); });
    pool_.release(slot);
    ++(m_.in_range(slot) ? m_.double_releases : m_.foreign);
  }

  // Every handle still held resolves exactly when the model says it is alive.
  void check_handles() const {
    for (const Handle h : held) {
      const int slot = static_cast<int>(h.index);
      const bool alive =
          h.pool == pool_.id() && m_.is_live(slot) && m_.gen[h.index] == h.generation;
      CHECK(pool_.alive(h) == alive);
      CHECK(pool_.get(h) == (alive ? &pool_[slot] : nullptr));
    }
  }

  int pick_live() {
    if (m_.live.empty()) return -1;
    auto it = m_.live.begin();
    std::advance(it, in_.ConsumeIntegralInRange<std::size_t>(0, m_.live.size() - 1));
    return *it;
  }
  int pick_slot() {
    return in_.ConsumeIntegralInRange<int>(-2, static_cast<int>(m_.capacity()) + 1);
  }

  // The walk visits every live slot once; its body may release or forget the slot it is
  // given, or release one it was given before.
  void sweep() {
    const std::uint64_t mask = in_.ConsumeIntegral<std::uint64_t>();
    std::vector<char> seen(m_.capacity(), 0);
    std::vector<int> earlier;  // visited and still live from `first` on
    std::size_t first = 0, visited = 0;
    const std::size_t live = m_.live.size();
    pool_.for_each_active([&](int slot, auto& object) {
      CHECK(m_.is_live(slot) && !seen[static_cast<std::size_t>(slot)]);
      CHECK(object.canary == kCanary);
      seen[static_cast<std::size_t>(slot)] = 1;
      const unsigned what = (mask >> (2 * (visited++ % 32))) & 3u;
      if (what == 1) {
        release_slot(slot);
      } else if (what == 2) {
        pool_.forget(slot);
        m_.forget(slot);
      } else {
        if (what == 3 && first < earlier.size()) release_slot(earlier[first++]);
        earlier.push_back(slot);
      }
    });
    CHECK(visited == live);
  }

  std::vector<Handle> held;

 private:
  FuzzedDataProvider& in_;
  PoolType& pool_;
  PoolModel& m_;
};

// Counters after every operation; every slot and a walk of the live objects when `full`.
template <class Kind>
void check_all(const typename Kind::PoolType& pool, const PoolModel& m, bool full) {
  fuzz::check_counts(pool, m);
  if (!full) return;
  fuzz::check_slots(pool, m);
  std::size_t visited = 0;
  pool.for_each_active([&](int slot, const auto& o) {
    CHECK(m.is_live(slot) && o.canary == kCanary);
    ++visited;
  });
  CHECK(visited == m.live.size());
}

}  // namespace fuzz
