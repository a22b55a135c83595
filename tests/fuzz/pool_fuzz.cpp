// libFuzzer target for the pool: bytes become a sequence of pool operations run against a
// reference model (pool_model.hpp) and checked after every operation: acquire (LIFO from the
// free stack, vacant slots re-made, each overflow policy), release by slot, handle and lease,
// double, foreign and stale releases, get and alive, trim, forget, destroy and set_policy
// mid-run, a walk that releases as it goes, factories and resets that throw on command, and
// capacities up to a few thousand. Both reset forms run the same sequence (pool_driver.hpp).
// Build and run: scripts/fuzz.sh [seconds].
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>

#include "pool_driver.hpp"

namespace {

using flatline::Handle;
using flatline::OverflowPolicy;
using fuzz::check_all;
using fuzz::Driver;
using fuzz::Fault;
using fuzz::PoolModel;

constexpr std::size_t kMaxHeld = 64;
constexpr std::size_t kEverySlotUpTo = 64;  // larger pools: every slot checked each 16th op
constexpr std::size_t kMaxBurst = 64;
constexpr std::size_t kMaxFill = 8192;  // a pool grown past this is not filled again

// A factory that throws while the pool is made: the constructor throws, nothing is left.
template <class Kind>
void construct_failing(std::size_t capacity, OverflowPolicy policy, int countdown) {
  fuzz::factory_countdown = countdown;
  bool threw = false;
  try {
    typename Kind::PoolType pool = Kind::make(capacity, policy);
  } catch (const Fault&) {
    threw = true;
  }
  CHECK(threw);
  fuzz::factory_countdown = 0;
}

template <class Kind>
void run(FuzzedDataProvider& in) {
  PoolModel m;
  m.policy = static_cast<OverflowPolicy>(in.ConsumeIntegralInRange<int>(0, 2));
  const bool large = in.ConsumeIntegralInRange<int>(0, 7) == 0;
  m.first_capacity = large ? in.ConsumeIntegralInRange<std::size_t>(41, 4096)
                           : in.ConsumeIntegralInRange<std::size_t>(0, 40);
  if (m.first_capacity > 0 && in.ConsumeIntegralInRange<int>(0, 7) == 0)
    construct_failing<Kind>(m.first_capacity, m.policy,
                            in.ConsumeIntegralInRange<int>(1, static_cast<int>(m.first_capacity)));
  typename Kind::PoolType pool = Kind::make(m.first_capacity, m.policy);
  typename Kind::PoolType other = Kind::make(4, OverflowPolicy::Drop);
  pool.set_log([](const char*) {});
  m.add_slots(m.first_capacity);
  Driver<Kind> d(in, pool, m);
  auto& held = d.held;

  for (std::size_t op = 0; in.remaining_bytes() > 0; ++op) {
    switch (in.ConsumeIntegralInRange<int>(0, 19)) {
      case 0:
        d.acquire();
        break;
      case 1:  // release a live slot
        if (const int slot = d.pick_live(); slot >= 0) d.release_slot(slot);
        break;
      case 2:  // release any slot number: live, free (a double release), out of range
        d.release_slot(in.ConsumeBool() ? d.pick_slot() : in.ConsumeIntegral<int>());
        break;
      case 3:  // take a handle to a newly acquired slot
        if (const int slot = d.acquire(); slot >= 0) {
          const Handle h = pool.handle_of(slot);
          CHECK(h.index == static_cast<std::uint32_t>(slot) && h.pool == pool.id());
          CHECK(h.generation == m.gen_of(slot));
          if (held.size() < kMaxHeld) held.push_back(h);
        }
        break;
      case 4:  // release through a held handle: alive, stale or already released
        if (!held.empty()) {
          const auto i = in.ConsumeIntegralInRange<std::size_t>(0, held.size() - 1);
          d.release_handle(held[i]);
          if (in.ConsumeBool()) held.erase(held.begin() + static_cast<std::ptrdiff_t>(i));
        }
        break;
      case 5:  // a lease for one scope: the slot goes back when it ends
        if (const int slot = d.acquire(); slot >= 0) {
          {
            typename Kind::PoolType::Lease lease(pool, pool.handle_of(slot));
            CHECK(lease && lease.slot() == slot && lease.get() == &pool[slot]);
          }
          m.release(slot, Driver<Kind>::kPoisons && pool.poisoning());
        }
        break;
      case 6: {  // trim: idle objects past `keep` destroyed, released longest ago first
        const auto keep = in.ConsumeBool()
                              ? in.ConsumeIntegralInRange<std::size_t>(0, 8)
                              : in.ConsumeIntegralInRange<std::size_t>(0, m.capacity());
        CHECK(pool.trim(keep) == m.trim(keep));
        break;
      }
      case 7:  // forget by slot (live or not: only live slots are forgotten)
        if (const int slot = in.ConsumeBool() ? d.pick_live() : d.pick_slot(); m.is_live(slot)) {
          pool.forget(slot);
          m.forget(slot);
        } else {
          pool.forget(slot);
        }
        break;
      case 8:  // forget through a held handle: only an alive one counts
        if (!held.empty()) {
          const Handle h = held[in.ConsumeIntegralInRange<std::size_t>(0, held.size() - 1)];
          const bool alive = pool.alive(h);
          pool.forget(h);
          if (alive) m.forget(static_cast<int>(h.index));
        }
        break;
      case 9: {  // a handle from another pool is foreign
        const Handle h = other.acquire_handle();
        d.release_handle(h);
        other.release(h);
        break;
      }
      case 10: {  // switch the overflow policy mid-run
        m.policy = static_cast<OverflowPolicy>(in.ConsumeIntegralInRange<int>(0, 2));
        pool.set_policy(m.policy);
        break;
      }
      case 11:  // destroy every object mid-run, then keep playing: slots are re-made
        pool.destroy();
        m.destroy();
        break;
      case 12:  // the factory throws on its n-th call (a re-made slot or a growth)
        fuzz::factory_countdown = in.ConsumeIntegralInRange<int>(1, 40);
        d.acquire();
        break;
      case 13:  // the reset throws in a release: the slot stays live
        fuzz::reset_throws = true;
        if (const int slot = d.pick_live(); slot >= 0) d.release_slot(slot);
        break;
      case 14:  // the reset throws in an acquire (a recycle, or a poisoned slot reset again)
        fuzz::reset_throws = true;
        d.acquire();
        break;
      case 15: {  // a burst of acquires, or acquires until the pool is full and overflows
        const std::size_t to_full = m.free.size() + m.vacant + 1;
        const auto n = in.ConsumeBool() && m.capacity() <= kMaxFill
                           ? to_full
                           : in.ConsumeIntegralInRange<std::size_t>(1, kMaxBurst);
        for (std::size_t i = 0; i < n; ++i)
          d.acquire();
        break;
      }
      case 16: {  // a burst of releases, newest or oldest first
        const bool newest = in.ConsumeBool();
        for (auto n = in.ConsumeIntegralInRange<std::size_t>(1, kMaxBurst);
             n > 0 && !m.live.empty(); --n)
          d.release_slot(newest ? m.live.back() : m.live.front());
        break;
      }
      case 17:  // walk the live objects, releasing or forgetting some on the way
        d.sweep();
        break;
      case 18:  // LIFO: a slot released now is the next one acquired
        if (const int slot = d.pick_live(); slot >= 0) {
          d.release_slot(slot);
          CHECK(d.acquire() == slot);
        }
        break;
      case 19:  // a use after release: debug poisoning finds the write on the next acquire
        if constexpr (Driver<Kind>::kPoisons) {
          if (const int slot = d.pick_live(); slot >= 0) {
            d.release_slot(slot);
            pool[slot].value = 7;
            m.written_of(slot) = 1;
          }
        }
        break;
    }
    fuzz::factory_countdown = 0;
    fuzz::reset_throws = false;
    check_all<Kind>(pool, m, m.capacity() <= kEverySlotUpTo || op % 16 == 0);
    d.check_handles();
  }
  check_all<Kind>(pool, m, true);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) {
    run<fuzz::PlainKind>(in);
  } else {
    run<fuzz::OwningKind>(in);
  }
  return 0;
}
