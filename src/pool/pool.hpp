// Object pool: every object is made at load time; play only moves slot indices.
//
// acquire() takes the top of a stack of idle slots, release() resets the object and
// puts its slot back on top: both O(1), no heap allocation. Bookkeeping (which slots
// are live, generations, acquisition order) lives apart from the objects, as in
// sokol_gfx's pools, so misuse is caught without touching the payload: the slot
// table in pool_slots.hpp, a sparse set whose idle run is the free stack.
//
// Speed. acquire() and release() are forced inline and keep their slow cases (a new
// peak, the RecycleOldest log, growth, misuse, slots in grown chunks) out of line. The
// reset is the third template parameter: Pool<T> holds it in a std::function (any
// callable, one indirect call per release); InlinePool<T, ResetFn> names its type and
// inlines it, the form to use for hot pools. README, "Performance of the pool", has
// the measurements.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <utility>

#include "pool/handle.hpp"
#include "pool/pool_poison.hpp"
#include "pool/pool_slots.hpp"
#include "pool/pool_stats.hpp"
#include "pool/pool_storage.hpp"

namespace flatline {

template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class PoolLease;

// The reset most pools want, as a type: `object = T{}`. Pool<T, 32, ResetToDefault<T>>
// (or InlinePool<T, ResetToDefault<T>>) calls it inline, where the default std::function
// costs an indirect call on every release.
template <class T>
struct ResetToDefault {
  void operator()(T& object) const { object = T{}; }
};

// ResetFn: what release() calls. std::function (the default) takes any callable, as the
// contract says; a callable's own type (a functor, or decltype of a captureless lambda)
// lets the compiler inline it. Both behave the same; only the speed differs.
template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class Pool {
 public:
  using Factory = std::function<T()>;
  using Reset = ResetFn;
  using LogFn = void (*)(const char* line);
  using Lease = PoolLease<T, kGenerationBits, ResetFn>;

  // All `capacity` objects are created here, before play starts.
  Pool(Factory factory, std::size_t capacity, Reset reset,
       OverflowPolicy policy = OverflowPolicy::Drop)
      : reset_(std::move(reset)), factory_(std::move(factory)), policy_(policy) {
    reserve_bookkeeping(capacity);      // first: if it cannot allocate, no object exists yet
    storage_.init(capacity, factory_);  // throws and leaves nothing behind if the factory throws
    add_idle_slots(capacity);           // allocates nothing: reserved above
    stats_.allocations = capacity;
    slots_.set_logging(policy == OverflowPolicy::RecycleOldest);  // the acquisition log
  }
  Pool(const Pool&) = delete;  // leases and handles point at this pool: it stays put
  Pool& operator=(const Pool&) = delete;
  ~Pool() { destroy(); }

  [[gnu::always_inline]] int acquire() {
    if (slots_.can_vend_fast()) [[likely]] {  // idle slots, no new peak, no log to write
      check_poison(slots_.top_idle());
      return slots_.vend_fast();  // the free stack: pop its top
    }
    return acquire_slow();
  }

  // Reset runs here, not in acquire(): a free object never holds stale state.
  [[gnu::always_inline]] void release(int slot) {
    // One compare is both the range check and the storage's "which chunk": the first
    // chunk holds every slot until the pool grows (a negative slot converts to a huge index).
    const auto index = static_cast<std::size_t>(static_cast<std::uint32_t>(slot));
    if (index < storage_.first_chunk_size()) [[likely]] {
      if (!slots_.live(slot)) [[unlikely]] {
        ++stats_.double_releases;  // O(1): its place in the slot table says it is not live
        return;
      }
      release_live(slot, storage_.first_chunk()[index]);
      return;
    }
    release_past_first_chunk(slot);
  }

  Handle acquire_handle() {
    const int slot = acquire();  // a live slot or -1: handle_of's checks would be redundant
    if (slot < 0) return Handle{};
    return Handle{static_cast<std::uint32_t>(slot), slots_.generation(slot), id_};
  }
  Lease lease();  // a move-only owner that releases on scope exit (pool_lease.hpp)
  // Releasing the null handle is a no-op, like `delete nullptr`: not counted as misuse.
  void release(Handle handle) {
    if (const int slot = check(handle); slot >= 0) release_live(slot, storage_[slot]);
  }

  // The handle of a live slot; the null handle for anything else.
  Handle handle_of(int slot) const {
    if (!is_active(slot)) return Handle{};
    return Handle{static_cast<std::uint32_t>(slot), slots_.generation(slot), id_};
  }
  // A stale, foreign or null handle resolves to nothing.
  T* get(Handle handle) {
    return alive(handle) ? &storage_[static_cast<int>(handle.index)] : nullptr;
  }
  const T* get(Handle handle) const {
    return alive(handle) ? &storage_[static_cast<int>(handle.index)] : nullptr;
  }
  bool alive(Handle handle) const {
    const auto slot = static_cast<int>(handle.index);
    return handle.pool == id_ && slots_.in_range(slot) &&
           slots_.generation(slot) == handle.generation && slots_.live(slot);
  }

  T& operator[](int slot) { return storage_[slot]; }
  const T& operator[](int slot) const { return storage_[slot]; }

  bool is_active(int slot) const { return slots_.in_range(slot) && slots_.live(slot); }
  std::size_t capacity() const { return slots_.capacity(); }
  std::size_t active_count() const { return slots_.active(); }
  std::size_t idle_count() const { return slots_.idle(); }
  std::size_t allocations() const { return stats_.allocations; }
  std::size_t peak_active() const { return slots_.peak(); }
  std::uint32_t generation(int slot) const {
    return slots_.in_range(slot) ? slots_.generation(slot) : 0;
  }
  OverflowPolicy policy() const { return policy_; }
  // RecycleOldest keeps a log of acquisitions (pool_slots.hpp); switching to it fills
  // the log from the live slots, oldest first: O(live log live), no allocation.
  void set_policy(OverflowPolicy policy) {
    policy_ = policy;
    slots_.set_logging(policy == OverflowPolicy::RecycleOldest);
  }
  std::uint32_t id() const { return id_; }
  // Where an idle slot sits on the free stack: 0 is its top, the next acquire()'s
  // slot. -1 for a live, vacant or out-of-range slot. (The overlay's slot inspector.)
  int free_depth(int slot) const {
    if (!slots_.in_range(slot)) return -1;
    const std::size_t pos = slots_.position(slot);
    const std::size_t top = slots_.active();
    return pos >= top && pos < top + slots_.idle() ? static_cast<int>(pos - top) : -1;
  }

  PoolStats stats() const {
    PoolStats s = stats_;
    s.capacity = capacity();
    s.active = slots_.active();
    s.idle = slots_.idle();
    s.peak_active = slots_.peak();
    // Two counters the hot paths do not keep: every acquire stamps a new life, and
    // every life ends exactly one way (released, recycled, forgotten, destroyed) or is live.
    s.acquired = static_cast<std::size_t>(slots_.acquisitions());
    s.released = s.acquired - s.recycled - s.forgotten - s.destroyed - s.active;
    return s;
  }

  // Live objects, O(live) not O(capacity), in the slot table's order (not acquisition
  // order): the live run from its end to its start. The body may release or forget the
  // slot it is given, or any slot it was given before: those sit above the walk, and a
  // release swaps the last live slot (visited, or acquired during the walk) into the hole,
  // so nothing still to visit moves. Objects acquired during the walk are not visited.
  template <class Fn>
  void for_each_active(Fn&& fn) {
    for (std::size_t pos = slots_.active(); pos > 0;) {
      const int slot = slots_.at(--pos);
      fn(slot, storage_[slot]);
      pos = std::min(pos, slots_.active());  // never walk past the live run (a destroy() in fn)
    }
  }
  template <class Fn>
  void for_each_active(Fn&& fn) const {
    for (std::size_t pos = slots_.active(); pos > 0;) {
      const int slot = slots_.at(--pos);
      fn(slot, storage_[slot]);
      pos = std::min(pos, slots_.active());
    }
  }
  // The earliest-acquired live slot (what RecycleOldest takes next), or -1. Exact under
  // every policy: O(1) amortized under RecycleOldest, a scan of the live run otherwise.
  int oldest_active() const { return slots_.oldest(); }

  // A live object that was lost (its owner died holding it): the slot leaves play
  // without its object going back to idle. The object is destroyed, not reset.
  // Not-live slots are ignored, as in the Luau module.
  void forget(int slot) {
    if (!is_active(slot)) return;
    destroy_object(slot);
    slots_.vacate(slot);  // live -> vacant; its generation moves on
    ++stats_.forgotten;
  }
  void forget(Handle handle) {
    if (alive(handle)) forget(static_cast<int>(handle.index));
  }

  // Destroys idle objects beyond `keep` (their slots stay, empty, and are re-made
  // by the factory if demand returns). Live objects are untouched.
  std::size_t trim(std::size_t keep) {
    std::size_t destroyed = 0;
    for (; slots_.idle() > keep; ++destroyed)
      destroy_object(slots_.vacate_idle());
    stats_.trimmed += destroyed;
    return destroyed;
  }

  // Destroys every idle and every checked-out object; every handle goes stale.
  // Live objects destroyed count in stats().destroyed, idle ones in stats().trimmed.
  void destroy() {
    const std::size_t live = slots_.active();
    const std::size_t idle = slots_.idle();
    for (std::size_t pos = 0; pos < live + idle; ++pos)
      destroy_object(slots_.at(pos));
    slots_.vacate_all();
    stats_.destroyed += live;
    stats_.trimmed += idle;
  }

  // Debug poisoning (pool_poison.hpp) on or off at run time; a no-op in builds without it.
  // Turning it off first checks and resets every poisoned idle object, so none is vended
  // as 0xDB later (for a game whose reset is about to become a no-op: reset runs here).
  void set_poisoning(bool on) {
    if (!on) {
      const std::size_t end = slots_.active() + slots_.idle();
      for (std::size_t pos = slots_.active(); pos < end; ++pos)
        check_poison(slots_.at(pos));
    }
    poison_.set_enabled(on);
  }
  bool poisoning() const { return poison_.enabled(); }

  void set_name(const char* name) { name_ = name; }
  const char* name() const { return name_; }
  void set_log(LogFn log) { log_ = log; }

 private:
  // A handle names a live slot of this pool: its slot; otherwise counted, and -1.
  int check(Handle handle) {
    const auto slot = static_cast<int>(handle.index);
    if (handle.pool != id_ || !slots_.in_range(slot)) [[unlikely]] {
      if (!handle.is_null()) ++stats_.foreign_releases;
      return -1;
    }
    const bool live = slots_.live(slot);
    if (slots_.generation(slot) != handle.generation || !live) [[unlikely]] {
      // Out of date: the slot was re-vended since (stale) or is free (a second release).
      ++(live ? stats_.stale_releases : stats_.double_releases);
      return -1;
    }
    return slot;
  }

  void release_live(int slot, T& object) {
    reset_(object);  // first: if reset throws, the slot stays live and no count changes
    poison_.poison(slot, object);  // debug builds: 0xDB over the whole object
    slots_.retire(slot);           // onto the free stack's top; its generation moves on
  }
  // A slot in a grown chunk, or not one of this pool's slots at all.
  [[gnu::noinline]] void release_past_first_chunk(int slot) {
    if (!slots_.in_range(slot)) [[unlikely]] {
      ++stats_.foreign_releases;
      return;
    }
    if (!slots_.live(slot)) [[unlikely]] {
      ++stats_.double_releases;
      return;
    }
    release_live(slot, storage_[slot]);
  }

  // The slow path (a new peak, the RecycleOldest log, vacant slots, overflow policies)
  // stays out of line: acquire() inlines small.
  [[gnu::noinline]] int acquire_slow() {
    if (slots_.has_idle()) {
      check_poison(slots_.top_idle());
      return slots_.vend_idle();  // logs the acquisition, raises the peak
    }
    if (slots_.vacant() > 0) {  // a slot emptied by trim/forget/destroy: re-make its object
      const int slot = slots_.top_vacant();
      storage_.construct(slot, factory_);  // may throw: nothing has changed yet
      slots_.vend_vacant();
      ++stats_.allocations;
      return slot;
    }
    switch (policy_) {
      case OverflowPolicy::Drop:
        break;
      case OverflowPolicy::RecycleOldest:
        if (slots_.active() > 0) return recycle_oldest();
        break;
      case OverflowPolicy::Grow:
        if (grow()) return acquire();
        break;
    }
    ++stats_.dropped;
    return -1;
  }

  int recycle_oldest() {
    const int slot = slots_.oldest();
    reset_(storage_[slot]);  // first: if reset throws, the old owner keeps its object
    slots_.renew(slot);      // new generation (its old owner's handle goes stale), newest again
    ++stats_.recycled;
    return slot;
  }

  bool grow() {
    const std::size_t old_capacity = capacity();
    const std::size_t chunk = std::max<std::size_t>(storage_.first_chunk_size(), kMinGrowChunk);
    if (old_capacity + chunk > static_cast<std::size_t>(INT32_MAX)) return false;
    const std::size_t new_capacity = old_capacity + chunk;
    // Reserve bookkeeping first, then make the objects: a throwing factory leaves every count
    // unchanged.
    reserve_bookkeeping(new_capacity);
    storage_.add_chunk(chunk, factory_);  // new objects go in a new chunk: live T& never move
    add_idle_slots(chunk);
    stats_.allocations += chunk;
    ++stats_.grown;
    if (log_ != nullptr) {
      char line[160];
      std::snprintf(line, sizeof line,
                    "flatline: pool '%s' grew from %zu to %zu objects (growth #%zu); size it "
                    "from peak_active instead",
                    name_, old_capacity, new_capacity, stats_.grown);
      log_(line);
    }
    return true;
  }

  void reserve_bookkeeping(std::size_t capacity) {
    slots_.reserve(capacity);
    poison_.reserve(capacity);
  }
  void add_idle_slots(std::size_t count) {  // no allocation: reserve_bookkeeping() came first
    slots_.add_idle(count);
    poison_.resize(slots_.capacity());
  }
  void destroy_object(int slot) {
    storage_.destroy(slot);
    poison_.clear(slot);  // a re-made object is fresh, not poisoned
  }

  // Only released objects are poisoned; fresh ones from the factory are vended as made.
  // Debug builds run reset again on acquire to turn poison back into the reset state,
  // so a reset that forgets a field shows 0xDB garbage there instead of last life's value.
  void check_poison(int slot) {
    if (!poison_.poisoned(slot)) return;  // always false, and compiled out, in Release
    if (poison_.written(storage_[slot])) {
      ++stats_.poison_violations;
      std::fprintf(stderr, "flatline: pool '%s' slot %d was written after release\n", name_, slot);
    }
    reset_(storage_[slot]);  // from poison back to the reset state
    poison_.clear(slot);
  }

  static void log_to_stderr(const char* line) { std::fprintf(stderr, "%s\n", line); }
  static constexpr std::size_t kMinGrowChunk = 16;

  // What acquire() and release() touch first, together: the slot table's hot fields,
  // the first chunk's address and size, and the reset when it is a stateless functor.
  detail::SlotTable<kGenerationBits>
      slots_;  // live / idle / vacant, generations, acquisition order, peak
  detail::ChunkedStorage<T> storage_;
  [[no_unique_address]] Reset reset_;
  Factory factory_;
  OverflowPolicy policy_;
  detail::PoisonFlags<T> poison_;  // debug: released and filled with 0xDB since
  PoolStats stats_;  // its capacity, active, idle, peak and acquired are filled in by stats()
  std::uint32_t id_ = next_pool_id();
  const char* name_ = "pool";
  LogFn log_ = &log_to_stderr;
};

// A pool whose reset is inlined: InlinePool<Bullet, ResetToDefault<Bullet>>, or
// InlinePool<Bullet, decltype(reset_lambda)>. The recommended form for hot pools.
template <class T, class ResetFn, unsigned kGenerationBits = 32>
using InlinePool = Pool<T, kGenerationBits, ResetFn>;

}  // namespace flatline

#include "pool/pool_lease.hpp"
