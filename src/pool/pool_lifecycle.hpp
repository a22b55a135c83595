// Why: the Pool members off the acquire/release path, so that pool.hpp reads in one sitting.
//
// The counters' report and the slot inspector's free depth, the walk over live objects,
// release by handle, the reset guard, the policy switch and what a full pool does (recycle
// the oldest, grow), objects made or destroyed after load (forget, trim, destroy, re-making a
// vacant slot), the memory report, and the poison check with its switch.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "pool/pool.hpp"  // pool.hpp includes this file at its end; #pragma once breaks the cycle

namespace flatline {

// The counters. Every life ends exactly one way (released, recycled, forgotten, destroyed)
// or is live, so releases need no counter of their own.
template <class T, unsigned kGenerationBits, class ResetFn>
PoolStats Pool<T, kGenerationBits, ResetFn>::stats() const {
  PoolStats s = stats_;
  s.capacity = capacity();
  s.active = active_count();
  s.idle = idle_count();
  s.released = s.acquired - s.recycled - s.forgotten - s.destroyed - s.active;
  return s;
}

// An idle slot's index counts from the free stack's bottom; its depth, from the top.
template <class T, unsigned kGenerationBits, class ResetFn>
int Pool<T, kGenerationBits, ResetFn>::free_depth(int slot) const {
  if (!in_range(slot) || slots_[slot].state != State::Idle) return -1;
  return free_top_ - 1 - slots_[slot].index;
}

// The live list from its end: a release inside fn swaps the last live slot, visited already,
// into the hole. min() stops the walk at the list's end if fn shortened it by more (destroy()).
template <class T, unsigned kGenerationBits, class ResetFn>
template <class Fn>
void Pool<T, kGenerationBits, ResetFn>::for_each_active(Fn&& fn) {
  for (int i = live_count_; i > 0; i = std::min(i, live_count_)) {
    const int slot = live_[--i];
    fn(slot, storage_[slot]);
  }
}
template <class T, unsigned kGenerationBits, class ResetFn>
template <class Fn>
void Pool<T, kGenerationBits, ResetFn>::for_each_active(Fn&& fn) const {
  for (int i = live_count_; i > 0; i = std::min(i, live_count_)) {
    const int slot = live_[--i];
    fn(slot, storage_[slot]);
  }
}

// By handle: its pool first, then its generation; what is left is for release(slot) to judge.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::release(Handle handle, SourceLocation where) {
  if (handle.is_null()) return;  // a no-op, like `delete nullptr`: not misuse
  const int slot = slot_of(handle);
  if (handle.pool != id_)
    refuse(stats_.foreign_releases, Misuse::ForeignRelease, slot, where);  // another pool's
  else if (is_active(slot) && slots_[slot].generation != handle.generation)
    refuse(stats_.stale_releases, Misuse::StaleRelease, slot, where);  // re-vended since
  else
    release(slot, where);  // out of range, released already (counted), or released now
}

// The reset, with the pool marked busy: in_reset_ drops again however reset ends (it may
// throw), so a pool whose reset threw is not refused for ever.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::run_reset(T& object) {
  in_reset_ = true;
  try {
    reset_(object);
  } catch (...) {
    in_reset_ = false;
    throw;
  }
  in_reset_ = false;
}

template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::set_policy(OverflowPolicy policy) {
  if (in_reset_) return refuse_reentry();
  policy_ = policy;
}

// Drop refuses (fine for sparks); RecycleOldest re-vends the oldest live object (decals);
// Grow makes a new chunk of objects: it allocates, so it is counted and logged. Objects made
// at first demand (make_on_demand_up_to) come before any policy.
template <class T, unsigned kGenerationBits, class ResetFn>
int Pool<T, kGenerationBits, ResetFn>::acquire_when_empty() {
  if (!vacant_.empty()) return remake_vacant();
  if (capacity() < on_demand_to_ && grow()) return acquire();  // made at first demand
  if (policy_ == OverflowPolicy::RecycleOldest && live_count_ > 0) return recycle_oldest();
  if (policy_ == OverflowPolicy::Grow && grow()) return acquire();
  ++stats_.dropped;
  return -1;
}

// The live slot with the smallest acquisition number: a scan, O(live), paid when a full pool
// recycles; keeping acquisition order instead (lab/pool/tuned_pool.hpp) costs every acquire.
template <class T, unsigned kGenerationBits, class ResetFn>
int Pool<T, kGenerationBits, ResetFn>::oldest_active() const {
  int oldest = -1;
  for (int i = 0; i < live_count_; ++i) {
    const int slot = live_[i];
    if (oldest < 0 || slots_[slot].born < slots_[oldest].born) oldest = slot;
  }
  return oldest;
}

// RecycleOldest: the oldest live object is reset and becomes the newest, in its slot (and
// its place in the live list). The old owner's handles go stale; a bare index does not.
template <class T, unsigned kGenerationBits, class ResetFn>
int Pool<T, kGenerationBits, ResetFn>::recycle_oldest() {
  const int slot = oldest_active();
  run_reset(storage_[slot]);  // first: if reset throws, the old owner keeps its object
  slots_[slot].generation = next_generation<kGenerationBits>(slots_[slot].generation);
  slots_[slot].born = ++stats_.acquired;  // the newest life now
  ++stats_.recycled;
  return slot;
}

// A live object that was lost (its owner died holding it): it is destroyed, not reset, and
// its slot left vacant. Slots that are not live are ignored.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::forget(int slot) {
  if (in_reset_) return refuse_reentry();
  if (!is_active(slot)) return;
  end_life(slot);  // out of the live list; its generation moves on
  vacate(slot);
  ++stats_.forgotten;
}
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::forget(Handle handle) {
  if (alive(handle)) forget(slot_of(handle));
}

// Destroys idle objects beyond `keep`, from the bottom of the free stack (released longest
// ago). Their slots stay, vacant. Live objects are untouched.
template <class T, unsigned kGenerationBits, class ResetFn>
std::size_t Pool<T, kGenerationBits, ResetFn>::trim(std::size_t keep) {
  if (in_reset_) return refuse_reentry(), 0;
  const std::size_t idle = idle_count();
  const int count = static_cast<int>(idle > keep ? idle - keep : 0);
  for (int i = 0; i < count; ++i)
    vacate(free_[i]);
  std::copy(free_.begin() + count, free_.begin() + free_top_, free_.begin());  // the rest, down
  free_top_ -= count;
  renumber_free_stack();
  stats_.trimmed += static_cast<std::size_t>(count);
  return static_cast<std::size_t>(count);
}

// Destroys every idle and every live object; every handle goes stale. Live objects
// destroyed count in stats().destroyed, idle ones in stats().trimmed.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::destroy() {
  if (in_reset_) return refuse_reentry();
  stats_.trimmed += idle_count();
  stats_.destroyed += active_count();
  for (int i = 0; i < free_top_; ++i)
    vacate(free_[i]);
  free_top_ = 0;
  while (live_count_ > 0) {
    const int slot = live_[live_count_ - 1];
    end_life(slot);
    vacate(slot);
  }
}

// Vacant slots' objects made again, from the vacant stack's top, each pushed on the free
// stack: what a warm-up at load does, for slots emptied since.
template <class T, unsigned kGenerationBits, class ResetFn>
std::size_t Pool<T, kGenerationBits, ResetFn>::rewarm(std::size_t count) {
  if (in_reset_) return refuse_reentry(), 0;
  std::size_t made = 0;
  for (; made < count && !vacant_.empty(); ++made) {
    const int slot = vacant_.back();
    storage_.construct(slot, factory_);  // may throw: this slot is still vacant
    vacant_.pop_back();
    slots_[slot].state = State::Idle;
    slots_[slot].index = free_top_;
    free_[free_top_++] = slot;
    ++stats_.allocations;
  }
  return made;
}

// On acquire, a poisoned object is checked and reset again (pool_poison.hpp). That reset runs
// behind the reentry guard too: a reset that calls back into its pool is refused here as well.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::check_poison(int slot) {
  auto guarded_reset = [this](T& object) { run_reset(object); };
  poison_.check(slot, storage_[slot], guarded_reset, name_, stats_.poison_violations);
}

// Turning poisoning off first checks and resets every poisoned idle object, so none is
// vended as 0xDB later (for a game whose reset is about to become a no-op). From a reset,
// refused: that check would run reset from within itself.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::set_poisoning(bool on) {
  if (in_reset_) return refuse_reentry();
  if (!on) {
    for (int i = free_top_; i > 0; --i)
      check_poison(free_[i - 1]);  // from the top of the free stack down
  }
  poison_.set_enabled(on);
}

// What the pool holds in CPU memory: every slot's object (a vacant slot keeps its room)
// and the bookkeeping reserved for every slot (the slot table, its lists, poison flags).
template <class T, unsigned kGenerationBits, class ResetFn>
std::size_t Pool<T, kGenerationBits, ResetFn>::memory_bytes() const {
  const std::size_t lists = free_.capacity() + live_.capacity() + vacant_.capacity();
  return capacity() * sizeof(T) + slots_.capacity() * sizeof(Slot) + lists * sizeof(int) +
         poison_.bytes() + sites_.bytes();
}

// Grow: a new chunk at least as large as the pool (pool_storage.hpp), under INT32_MAX slots.
// Capacity at least doubles, so growing to n objects costs O(1) per object, amortised.
template <class T, unsigned kGenerationBits, class ResetFn>
bool Pool<T, kGenerationBits, ResetFn>::grow() {
  const std::size_t old_capacity = capacity();
  const std::size_t chunk = storage_.next_chunk_size();
  if (!storage_.can_grow() || old_capacity + chunk > static_cast<std::size_t>(INT32_MAX))
    return false;
  add_slots(chunk);  // a new chunk: live objects never move
  ++stats_.grown;
  if (log_ != nullptr) log_growth(log_, name_, old_capacity, capacity(), stats_.grown);
  return true;
}

// New slots go under the free stack, so a fresh pool vends slot 0, 1, 2, ... Bookkeeping is
// reserved before the factory runs: if either throws, every count is unchanged and no object
// is left behind. It at least doubles, so play never allocates for it.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::add_slots(std::size_t count) {
  const std::size_t first = capacity();
  const std::size_t room = std::max(first + count, 2 * first);
  slots_.reserve(room);
  free_.reserve(room);
  live_.reserve(room);
  vacant_.reserve(room);
  poison_.reserve(room);
  sites_.reserve(room);
  storage_.add_chunk(count, factory_);  // throws and leaves nothing behind if the factory throws
  slots_.resize(first + count);
  free_.resize(first + count);
  live_.resize(first + count);
  poison_.resize(first + count);
  sites_.resize(first + count);
  const int added = static_cast<int>(count);  // the idle slots move up, the new go under them
  std::copy_backward(free_.begin(), free_.begin() + free_top_, free_.begin() + free_top_ + added);
  for (int i = 0; i < added; ++i)
    free_[i] = static_cast<int>(first) + added - 1 - i;  // the lowest new slot highest
  free_top_ += added;
  renumber_free_stack();
  stats_.allocations += count;
}

// A slot emptied by trim, forget or destroy, when the free stack is empty: its object is made
// again by the factory. The slot vacated last is re-made first.
template <class T, unsigned kGenerationBits, class ResetFn>
int Pool<T, kGenerationBits, ResetFn>::remake_vacant() {
  const int slot = vacant_.back();
  storage_.construct(slot, factory_);  // may throw: nothing has changed yet
  vacant_.pop_back();
  begin_life(slot);
  ++stats_.allocations;
  return slot;
}

// The object is destroyed and the slot goes on top of the vacant stack.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::vacate(int slot) {
  storage_.destroy(slot);
  poison_.clear(slot);  // a re-made object is fresh, not poisoned
  slots_[slot].state = State::Vacant;
  vacant_.push_back(slot);
}

// Each idle slot's index, after slots went in or out at the bottom of the free stack.
template <class T, unsigned kGenerationBits, class ResetFn>
void Pool<T, kGenerationBits, ResetFn>::renumber_free_stack() {
  for (int i = 0; i < free_top_; ++i)
    slots_[free_[i]].index = i;
}

}  // namespace flatline
