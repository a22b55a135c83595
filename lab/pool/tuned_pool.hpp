// Why: the pool of src/pool/pool.hpp tuned for speed, kept beside it as a lab exhibit.
//
// The same guarantees, the same vending order and the same counters as flatline::Pool
// (tests/pool/pool_contract.hpp checks both; forget() aside, which here also moves the free
// stack's bottom slot to its top), bought back in instructions: the free stack and the live
// list folded into one permutation (tuned_slots.hpp), the quiet pop (one compare folds "a
// slot is idle", "no new high-water mark" and "no acquisition log"), an acquisition log
// that finds the oldest in O(1) amortised instead of a scan, the first chunk's bound as
// release's range check, and forced inlining with the rare cases out of line.
// docs/perf/pool_features.md has what each buys. No lease(): see src/pool/pool_lease.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "lab/pool/tuned_slots.hpp"  // the slot table: free stack, generations, live walk
#include "lab/pool/tuned_storage.hpp"
#include "pool/handle.hpp"
#include "pool/pool_poison.hpp"  // debug builds: freed objects filled with 0xDB
#include "pool/pool_stats.hpp"   // OverflowPolicy and the counters

namespace flatline::lab {

namespace detail {
// True for the scope of a reset call, false again however it ends (a reset may throw).
class ResetScope {
 public:
  explicit ResetScope(bool& flag) : flag_(flag) { flag_ = true; }
  ~ResetScope() { flag_ = false; }
  ResetScope(const ResetScope&) = delete;
  ResetScope& operator=(const ResetScope&) = delete;

 private:
  bool& flag_;
};
}  // namespace detail

template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class TunedPool {
 public:
  using Factory = std::function<T()>;
  using Reset = ResetFn;
  using LogFn = void (*)(const char* line);

  // All `capacity` objects are made here, before play starts.
  TunedPool(Factory factory, std::size_t capacity, Reset reset,
            OverflowPolicy policy = OverflowPolicy::Drop)
      : reset_(std::move(reset)), factory_(std::move(factory)) {
    add_slots(capacity);  // the objects, every slot on the free stack
    set_policy(policy);
  }
  TunedPool(const TunedPool&) = delete;  // handles point at this pool: it stays put
  TunedPool& operator=(const TunedPool&) = delete;
  ~TunedPool() { destroy(); }

  // Acquire: pop the top of the free stack, the slot released last (its object still warm).
  // The pair is forced inline, rare cases out of line (docs/perf/pool_features.md).
  [[gnu::always_inline]] int acquire() {
    if (!slots_.can_pop_quietly() || in_reset_) [[unlikely]]
      return acquire_noting();  // an empty stack, a new high-water mark, RecycleOldest's log
    const int slot = slots_.free_top();
    check_poison(slot);         // debug builds: was the object written while it was free?
    slots_.pop_free_quietly();  // idle -> live: the new life gets the next acquisition stamp
    return slot;
  }

  // Release: reset the object, push its slot back on top of the free stack. Misuse is
  // found in O(1), as the slot table knows each slot's state; it is counted and ignored.
  [[gnu::always_inline]] void release(int slot) {
    // One compare is the range check: until the pool grows, the first chunk holds every slot.
    if (!storage_.in_first_chunk(slot)) [[unlikely]] {
      release_beyond_first_chunk(slot);  // a grown chunk's slot, or a foreign one (counted)
      return;
    }
    if (!slots_.live(slot)) [[unlikely]] {
      ++stats_.double_releases;  // already free: the slot table says so in O(1)
      return;
    }
    release_live(slot, storage_.first_chunk_at(slot));
  }

 private:
  // Reset in release, not in acquire: a free object never holds stale state.
  [[gnu::always_inline]] void release_live(int slot, T& object) {
    if (in_reset_) [[unlikely]]
      return refuse_reentry();
    run_reset(object);  // first: if reset throws, the slot stays live and no count changes
    poison_.poison(slot, object);  // debug builds: 0xDB over the whole object
    slots_.push_free(slot);        // push it on top of the free stack; its generation moves on
  }
  [[gnu::noinline]] void release_beyond_first_chunk(int slot);
  [[gnu::always_inline]] void run_reset(T& object);  // calls back from reset: refused, counted
  [[gnu::noinline]] void refuse_reentry() { ++stats_.reentrant_calls; }

 public:
  // Generations: a slot's generation moves on each time its object leaves play, so a
  // handle {slot, generation, pool id} kept past its object's life no longer matches.
  Handle acquire_handle() {
    const int slot = acquire();
    return slot < 0 ? Handle{} : handle_at(slot);
  }
  Handle handle_of(int slot) const { return is_active(slot) ? handle_at(slot) : Handle{}; }
  bool alive(Handle handle) const {
    const int slot = slot_of(handle);
    return handle.pool == id_ && slots_.in_range(slot) &&
           slots_.generation(slot) == handle.generation && slots_.live(slot);
  }
  T* get(Handle handle) { return alive(handle) ? &storage_[slot_of(handle)] : nullptr; }
  const T* get(Handle handle) const { return alive(handle) ? &storage_[slot_of(handle)] : nullptr; }
  // Releasing the null handle is a no-op, like `delete nullptr`: not counted as misuse.
  void release(Handle handle) {
    if (const int slot = check(handle); slot >= 0) release_live(slot, storage_[slot]);
  }

  T& operator[](int slot) { return storage_[slot]; }
  const T& operator[](int slot) const { return storage_[slot]; }
  bool is_active(int slot) const { return slots_.in_range(slot) && slots_.live(slot); }
  std::uint32_t generation(int slot) const {
    return slots_.in_range(slot) ? slots_.generation(slot) : 0;
  }
  std::size_t capacity() const { return slots_.capacity(); }
  std::size_t active_count() const { return slots_.active(); }
  std::size_t idle_count() const { return slots_.idle(); }
  std::size_t allocations() const { return stats_.allocations; }
  std::size_t peak_active() const { return slots_.peak(); }
  // An idle slot's depth on the free stack (0: the next acquire takes it); -1 for others.
  int free_depth(int slot) const { return slots_.free_depth(slot); }
  PoolStats stats() const;           // every counter (defined in tuned_lifecycle.hpp)
  std::size_t memory_bytes() const;  // CPU memory: the objects and their bookkeeping

  OverflowPolicy policy() const { return policy_; }
  // RecycleOldest logs acquisitions; switching it on fills the log: O(live log live).
  void set_policy(OverflowPolicy policy);

  // Each live object as fn(slot, object), O(live); fn may release or forget what it is given.
  template <class Fn>
  void for_each_active(Fn&& fn);
  template <class Fn>
  void for_each_active(Fn&& fn) const;
  // The earliest-acquired live slot (what RecycleOldest takes next), or -1.
  int oldest_active() const { return slots_.oldest(); }

  // Other ways out of play: forget a live object that was lost, trim idle objects beyond
  // `keep`, destroy all. Emptied (vacant) slots are re-made by the factory on demand.
  void forget(int slot);
  void forget(Handle handle);
  std::size_t trim(std::size_t keep);
  void destroy();
  // No warm-up (a naive game): objects made a growth at a time at first demand, up to it.
  void make_on_demand_up_to(std::size_t capacity) { on_demand_to_ = capacity; }

  void set_poisoning(bool on);  // debug 0xDB poisoning (pool_poison.hpp); else a no-op
  bool poisoning() const { return poison_.enabled(); }
  void set_name(const char* name) { name_ = name; }
  const char* name() const { return name_; }
  void set_log(LogFn log) { log_ = log; }
  std::uint32_t id() const { return id_; }

 private:
  static int slot_of(Handle handle) { return static_cast<int>(handle.index); }
  Handle handle_at(int slot) const {
    return Handle{static_cast<std::uint32_t>(slot), slots_.generation(slot), id_};
  }
  // A handle to a live slot of this pool gives its slot; any other is counted, and -1.
  int check(Handle handle) {
    const int slot = slot_of(handle);
    if (handle.pool != id_ || !slots_.in_range(slot)) {
      if (!handle.is_null()) ++stats_.foreign_releases;
      return -1;
    }
    const bool live = slots_.live(slot);
    if (slots_.generation(slot) != handle.generation || !live) {
      // Out of date: the slot was re-vended since (stale) or is free (a second release).
      ++(live ? stats_.stale_releases : stats_.double_releases);
      return -1;
    }
    return slot;
  }

  // The pop with something to note, out of line so that acquire() inlines small.
  [[gnu::noinline]] int acquire_noting() {
    if (in_reset_) return refuse_reentry(), -1;
    if (slots_.free_empty()) return acquire_without_idle();
    const int slot = slots_.free_top();
    check_poison(slot);
    slots_.pop_free();  // notes the high-water mark and RecycleOldest's log
    return slot;
  }
  // The free stack is empty: re-make a vacant slot's object, or the pool is full and its
  // overflow policy answers.
  int acquire_without_idle() {
    if (slots_.vacant() > 0) return remake_vacant();
    if (capacity() < on_demand_to_ && grow()) return acquire();  // made at first demand
    switch (policy_) {
      case OverflowPolicy::Drop:  // refuse: fine for cosmetic effects
        break;
      case OverflowPolicy::RecycleOldest:  // the oldest live object starts a new life
        if (slots_.active() > 0) return recycle_oldest();
        break;
      case OverflowPolicy::Grow:  // a new chunk of objects: allocates, so counted and logged
        if (grow()) return acquire();
        break;
    }
    ++stats_.dropped;
    return -1;
  }
  int recycle_oldest();  // these, and the rest of the class, in tuned_lifecycle.hpp
  int remake_vacant();
  bool grow();
  void add_slots(std::size_t count);
  void destroy_object(int slot);
  void check_poison(int slot) {  // compiled out in builds without poisoning
    auto guarded_reset = [this](T& object) { run_reset(object); };  // reentry refused here too
    poison_.check(slot, storage_[slot], guarded_reset, name_, stats_.poison_violations);
  }

  // What acquire() and release() touch first, together: the hot fields of both tables.
  detail::SlotTable<kGenerationBits> slots_;  // live / idle / vacant, generations, order
  detail::TunedStorage<T> storage_;           // the objects; they never move
  [[no_unique_address]] Reset reset_;
  Factory factory_;
  OverflowPolicy policy_ = OverflowPolicy::Drop;
  bool in_reset_ = false;  // reset is running: calls back into this pool are refused
  flatline::detail::PoisonFlags<T> poison_;  // debug: released and filled with 0xDB since
  PoolStats stats_;  // its capacity, active, idle, peak and acquired are filled in by stats()
  std::uint32_t id_ = next_pool_id();
  const char* name_ = "pool";
  LogFn log_ = &log_to_stderr;
  std::size_t on_demand_to_ = 0;  // make_on_demand_up_to: grow below this, whatever the policy
};

}  // namespace flatline::lab

#include "lab/pool/tuned_lifecycle.hpp"
