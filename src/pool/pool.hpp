// Object pool (Nystrom, Game Programming Patterns): every object is made at load and play
// only moves slot indices. It is textbook_pool.hpp (read that first), the same stack of free
// slots, plus the guarantees the game relies on, each a commented step below. The rarer
// paths (growth, forget, trim, destroy) are in pool_lifecycle.hpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "pool/handle.hpp"        // Handle {slot, generation, pool id}
#include "pool/pool_poison.hpp"   // debug builds: freed objects filled with 0xDB
#include "pool/pool_sites.hpp"    // strict pools: misuse located, a leak report
#include "pool/pool_stats.hpp"    // OverflowPolicy and the counters
#include "pool/pool_storage.hpp"  // the objects, in chunks that never move

namespace flatline {

template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class PoolLease;  // pool_lease.hpp

// ResetFn is what release() calls: std::function (the default) takes any callable, for an
// indirect call per release; a callable's own type inlines (InlinePool, at the end).
template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class Pool {
 public:
  using Factory = std::function<T()>;
  using Reset = ResetFn;
  using LogFn = void (*)(const char* line);
  using Lease = PoolLease<T, kGenerationBits, ResetFn>;

  // All `capacity` objects are made here, before play starts.
  Pool(Factory factory, std::size_t capacity, Reset reset,
       OverflowPolicy policy = OverflowPolicy::Drop)
      : reset_(std::move(reset)), factory_(std::move(factory)), policy_(policy) {
    add_slots(capacity);
  }
  Pool(const Pool&) = delete;  // leases and handles point at this pool: it stays put
  Pool& operator=(const Pool&) = delete;
  ~Pool() { destroy(); }

  // Acquire: pop the top of the free stack, the slot released last (its object still warm).
  // `where` is the caller's line, noted only under strict pools (pool_sites.hpp).
  int acquire(SourceLocation where = SourceLocation::current()) {
    if (in_reset_) return refuse_reentry(), -1;  // called from this pool's own reset
    if (free_top_ == 0) return sites_.noted(acquire_when_empty(), where);  // the policy answers
    const int slot = free_[free_top_ - 1];
    check_poison(slot);  // debug builds: was the object written while it was free?
    --free_top_;         // popped
    begin_life(slot);
    return sites_.noted(slot, where);  // strict pools: who took it, and when
  }

  // Release: reset the object, push its slot back on top of the free stack. Misuse is found
  // in O(1), as each slot knows its state; it is counted and ignored, and under strict pools
  // logged with the caller's file:line (`where`, pool_sites.hpp).
  void release(int slot, SourceLocation where = SourceLocation::current()) {
    if (!in_range(slot))
      refuse(stats_.foreign_releases, Misuse::ForeignRelease, slot, where);  // not this pool's
    else if (slots_[slot].state != State::Live)
      refuse(stats_.double_releases, Misuse::DoubleRelease, slot, where);  // already free
    else
      release_live(slot);
  }

  // Generations: a slot's generation moves on each time its object leaves play, so a
  // handle {slot, generation, pool id} kept past its object's life no longer matches.
  Handle acquire_handle(SourceLocation where = SourceLocation::current()) {
    const int slot = acquire(where);
    return slot < 0 ? Handle{} : handle_at(slot);
  }
  Handle handle_of(int slot) const { return is_active(slot) ? handle_at(slot) : Handle{}; }
  bool alive(Handle handle) const {
    const int slot = slot_of(handle);
    return handle.pool == id_ && is_active(slot) && slots_[slot].generation == handle.generation;
  }
  T* get(Handle handle) { return alive(handle) ? &storage_[slot_of(handle)] : nullptr; }
  const T* get(Handle handle) const { return alive(handle) ? &storage_[slot_of(handle)] : nullptr; }
  // A handle adds two checks to release(slot): its pool, and its generation. Another pool's
  // handle and a stale one are counted, the null handle ignored (pool_lifecycle.hpp).
  void release(Handle handle, SourceLocation where = SourceLocation::current());
  // A move-only owner that releases on scope exit (pool_lease.hpp).
  Lease lease(SourceLocation where = SourceLocation::current());

  T& operator[](int slot) { return storage_[slot]; }
  const T& operator[](int slot) const { return storage_[slot]; }
  bool is_active(int slot) const { return in_range(slot) && slots_[slot].state == State::Live; }
  // No object in the slot (trimmed, forgotten or destroyed): re-made on demand.
  bool is_vacant(int slot) const { return in_range(slot) && slots_[slot].state == State::Vacant; }
  std::uint32_t generation(int slot) const { return in_range(slot) ? slots_[slot].generation : 0; }
  // A live slot's acquisition number (1, 2, 3, ...): the order RecycleOldest takes them back in.
  std::uint64_t born(int slot) const { return in_range(slot) ? slots_[slot].born : 0; }
  std::size_t capacity() const { return slots_.size(); }
  std::size_t active_count() const { return static_cast<std::size_t>(live_count_); }
  std::size_t idle_count() const { return static_cast<std::size_t>(free_top_); }
  std::size_t allocations() const { return stats_.allocations; }
  std::size_t peak_active() const { return stats_.peak_active; }
  // For the slot inspector and the report: an idle slot's depth on the free stack (0: the
  // next acquire takes it; -1 for others), every counter, the CPU memory held.
  int free_depth(int slot) const;
  PoolStats stats() const;
  std::size_t memory_bytes() const;

  // What acquire() does when the free stack is empty (pool_stats.hpp).
  OverflowPolicy policy() const { return policy_; }
  void set_policy(OverflowPolicy policy);

  // Each live object as fn(slot, object), O(live): the dense live list, from its end. fn may
  // release or forget the slot it is given, or one given before: a release moves the last
  // live slot (visited already) into the hole. Objects acquired meanwhile are not visited.
  template <class Fn>
  void for_each_active(Fn&& fn);
  template <class Fn>
  void for_each_active(Fn&& fn) const;
  // The earliest-acquired live slot (what RecycleOldest takes next), or -1 (pool_lifecycle.hpp).
  int oldest_active() const;

  // Other ways out of play (pool_lifecycle.hpp): forget a live object that was lost, trim
  // idle objects beyond `keep`, destroy all. Emptied slots are re-made on demand.
  void forget(int slot);
  void forget(Handle handle);
  std::size_t trim(std::size_t keep);
  void destroy();
  // Re-makes up to `count` vacant slots' objects now, idle: warm-up again, at a safe point
  // (after a trim, a destroy). Returns how many were made.
  std::size_t rewarm(std::size_t count);
  std::size_t vacant_count() const { return vacant_.size(); }
  // No warm-up (a naive game): objects made a growth at a time at first demand, up to this.
  void make_on_demand_up_to(std::size_t capacity) { on_demand_to_ = capacity; }

  void set_poisoning(bool on);  // debug 0xDB poisoning (pool_poison.hpp); else a no-op
  bool poisoning() const { return poison_.enabled(); }
  void set_name(const char* name) { name_ = name; }
  const char* name() const { return name_; }
  void set_log(LogFn log) { log_ = log; }
  // Strict pools (pool_sites.hpp): refused releases logged with their caller's file:line. On,
  // or with the leak report's noting alone, each acquire notes its caller and the tick read
  // from `clock` (null: 0), for acquired_at(). Set at load: turning noting on allocates.
  void set_strict(bool on) {
    if (on) set_noting(true);
    sites_.set_strict(on);
  }
  void set_noting(bool on) { sites_.set_noting(on, capacity(), slots_.capacity()); }
  bool strict() const { return sites_.strict(); }
  void set_clock(const std::uint64_t* clock) { sites_.set_clock(clock); }
  std::uint64_t now() const { return sites_.now(); }
  // Where a live object was acquired: null if noting was off then.
  const AcquireSite* acquired_at(int slot) const {
    return is_active(slot) ? sites_.at(slot) : nullptr;
  }
  std::uint32_t id() const { return id_; }

 private:
  // What the pool knows of each slot, kept apart from the objects (as sokol_gfx does).
  enum class State : std::uint8_t { Idle, Live, Vacant };  // vacant: no object (re-made later)
  struct Slot {
    std::uint32_t generation = 1;  // never 0: Handle{} names no slot
    State state = State::Idle;
    int index = 0;           // its place in live_ while live, in free_ while idle
    std::uint64_t born = 0;  // its life's acquisition number: 1, 2, 3, ...
  };

  // Reset in release, not in acquire: a free object never holds stale state.
  void release_live(int slot) {
    if (in_reset_) return refuse_reentry();
    run_reset(storage_[slot]);  // first: if reset throws, the slot stays live, no count moves
    poison_.poison(slot, storage_[slot]);  // debug builds: 0xDB over the whole object
    end_life(slot);
    slots_[slot].state = State::Idle;
    slots_[slot].index = free_top_;
    free_[free_top_++] = slot;  // pushed on top of the free stack
  }
  // Reentry: a reset that called back into its own pool would meet a slot in mid-change, so
  // run_reset raises in_reset_ while reset runs and such calls are refused and counted.
  void run_reset(T& object);
  void refuse_reentry() { ++stats_.reentrant_calls; }
  // A refused release: counted; under strict pools, logged with where it came from.
  void refuse(std::size_t& count, Misuse kind, int slot, const SourceLocation& where) {
    ++count;
    sites_.report(kind, name_, slot, where, log_);
  }

  // A life begins: the slot joins the end of the live list, with the next acquisition number.
  void begin_life(int slot) {
    slots_[slot].state = State::Live;
    slots_[slot].index = live_count_;
    live_[live_count_++] = slot;
    slots_[slot].born = ++stats_.acquired;
    stats_.peak_active = std::max(stats_.peak_active, active_count());
  }
  // A life ends: the last live slot fills its hole in the live list (swap-remove), and the
  // slot's generation moves on, so handles to it go stale.
  void end_life(int slot) {
    const int last = live_[--live_count_];
    live_[slots_[slot].index] = last;
    slots_[last].index = slots_[slot].index;
    slots_[slot].generation = next_generation<kGenerationBits>(slots_[slot].generation);
  }

  // The free stack is empty: re-make a vacant slot's object, or the overflow policy answers.
  // It and the rarer paths it takes are in pool_lifecycle.hpp.
  int acquire_when_empty();
  int recycle_oldest();
  bool grow();
  void add_slots(std::size_t count);
  int remake_vacant();
  void vacate(int slot);
  void renumber_free_stack();

  static int slot_of(Handle handle) { return static_cast<int>(handle.index); }
  bool in_range(int slot) const { return slot >= 0 && slot < static_cast<int>(slots_.size()); }
  Handle handle_at(int slot) const {
    return Handle{static_cast<std::uint32_t>(slot), slots_[slot].generation, id_};
  }
  void check_poison(int slot);  // debug builds, on acquire: was it written while free?

  std::vector<Slot> slots_;  // by slot: generation, state, place, acquisition order
  std::vector<int> free_;    // the free stack: its top is free_[free_top_ - 1]
  int free_top_ = 0;
  std::vector<int> live_;  // the live slots, dense, for the O(live) walk
  int live_count_ = 0;
  std::vector<int> vacant_;            // slots with no object, the last vacated on top
  detail::ChunkedStorage<T> storage_;  // the objects; they never move
  [[no_unique_address]] Reset reset_;
  Factory factory_;
  OverflowPolicy policy_;
  bool in_reset_ = false;          // reset is running: calls back into this pool are refused
  detail::PoisonFlags<T> poison_;  // debug: released and filled with 0xDB since
  detail::AcquireSites sites_;     // strict pools: each live object's acquirer
  PoolStats stats_;                // capacity, active, idle, released: filled in by stats()
  std::uint32_t id_ = next_pool_id();
  const char* name_ = "pool";
  LogFn log_ = &log_to_stderr;
  std::size_t on_demand_to_ = 0;  // make_on_demand_up_to: grow below this, whatever the policy
};

// The reset most pools want, as a type: `object = T{}`.
template <class T>
struct ResetToDefault {
  void operator()(T& object) const { object = T{}; }
};
// A pool whose reset inlines: InlinePool<Bullet, ResetToDefault<Bullet>>, or
// InlinePool<Bullet, decltype(reset_lambda)>. The recommended form for hot pools.
template <class T, class ResetFn, unsigned kGenerationBits = 32>
using InlinePool = Pool<T, kGenerationBits, ResetFn>;

}  // namespace flatline

#include "pool/pool_lease.hpp"
#include "pool/pool_lifecycle.hpp"
