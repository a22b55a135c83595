// Why: the TunedPool members off its hot paths, so that tuned_pool.hpp shows those first.
//
// Its report, the walk over live objects, the rarer paths of release and of the overflow
// policies, and objects made or destroyed after load (forget, trim, destroy, growth).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "lab/pool/tuned_pool.hpp"  // which includes this file at its end; #pragma once breaks the cycle

namespace flatline::lab {

template <class T, unsigned kGenerationBits, class ResetFn>
PoolStats TunedPool<T, kGenerationBits, ResetFn>::stats() const {
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

// What the pool holds in CPU memory: every slot's object (a vacant slot keeps its room)
// and the bookkeeping reserved for every slot (the slot table, debug poison flags).
template <class T, unsigned kGenerationBits, class ResetFn>
std::size_t TunedPool<T, kGenerationBits, ResetFn>::memory_bytes() const {
  return capacity() * sizeof(T) + slots_.reserved_bytes() + poison_.bytes();
}

// The live run from its end to its start (not acquisition order). The body may release or
// forget the slot it is given, or any slot it was given before: those sit above the walk,
// and a release swaps the last live slot (visited, or acquired during the walk) into the
// hole, so nothing still to visit moves. Objects acquired during the walk are not visited.
template <class T, unsigned kGenerationBits, class ResetFn>
template <class Fn>
void TunedPool<T, kGenerationBits, ResetFn>::for_each_active(Fn&& fn) {
  for (std::size_t pos = slots_.active(); pos > 0;) {
    const int slot = slots_.at(--pos);
    fn(slot, storage_[slot]);
    pos = std::min(pos, slots_.active());  // never walk past the live run (a destroy() in fn)
  }
}
template <class T, unsigned kGenerationBits, class ResetFn>
template <class Fn>
void TunedPool<T, kGenerationBits, ResetFn>::for_each_active(Fn&& fn) const {
  for (std::size_t pos = slots_.active(); pos > 0;) {
    const int slot = slots_.at(--pos);
    fn(slot, storage_[slot]);
    pos = std::min(pos, slots_.active());
  }
}

// release(int) for a slot past the first chunk: a grown chunk's slot, or not one of this
// pool's slots at all (out of range, negative): counted as foreign.
template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::release_beyond_first_chunk(int slot) {
  if (!slots_.in_range(slot)) {
    ++stats_.foreign_releases;
  } else if (!slots_.live(slot)) {
    ++stats_.double_releases;
  } else {
    release_live(slot, storage_[slot]);
  }
}

template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::set_policy(OverflowPolicy policy) {
  if (in_reset_) return refuse_reentry();
  policy_ = policy;
  slots_.set_logging(policy == OverflowPolicy::RecycleOldest);
}

// The reset, with the pool marked busy: a reset that releases its own slot, acquires, or
// destroys the pool would meet a slot in mid-change, so those calls are refused meanwhile.
template <class T, unsigned kGenerationBits, class ResetFn>
inline void TunedPool<T, kGenerationBits, ResetFn>::run_reset(T& object) {
  const detail::ResetScope busy(in_reset_);
  reset_(object);
}

// RecycleOldest: the earliest-acquired live object is reset and starts a new life in its
// slot. Its old owner's handles go stale; a bare slot index kept by the old owner does not.
template <class T, unsigned kGenerationBits, class ResetFn>
int TunedPool<T, kGenerationBits, ResetFn>::recycle_oldest() {
  const int slot = slots_.oldest();
  run_reset(storage_[slot]);  // first: if reset throws, the old owner keeps its object
  slots_.renew(slot);         // a new generation, and the newest in acquisition order
  ++stats_.recycled;
  return slot;
}

// A live object that was lost (its owner died holding it): the slot leaves play without
// its object going back to idle. The object is destroyed, not reset. Not-live slots are
// ignored.
template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::forget(int slot) {
  if (in_reset_) return refuse_reentry();
  if (!is_active(slot)) return;
  destroy_object(slot);
  slots_.vacate(slot);  // live -> vacant; its generation moves on
  ++stats_.forgotten;
}

template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::forget(Handle handle) {
  if (alive(handle)) forget(slot_of(handle));
}

// Destroys idle objects beyond `keep`, from the bottom of the free stack (released longest
// ago). Their slots stay, vacant. Live objects are untouched.
template <class T, unsigned kGenerationBits, class ResetFn>
std::size_t TunedPool<T, kGenerationBits, ResetFn>::trim(std::size_t keep) {
  if (in_reset_) return refuse_reentry(), 0;
  std::size_t destroyed = 0;
  for (; slots_.idle() > keep; ++destroyed)
    destroy_object(slots_.vacate_idle());
  stats_.trimmed += destroyed;
  return destroyed;
}

// Destroys every idle and every checked-out object; every handle goes stale.
// Live objects destroyed count in stats().destroyed, idle ones in stats().trimmed.
template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::destroy() {
  if (in_reset_) return refuse_reentry();
  const std::size_t live = slots_.active();
  const std::size_t idle = slots_.idle();
  for (std::size_t pos = 0; pos < live + idle; ++pos)
    destroy_object(slots_.at(pos));
  slots_.vacate_all();
  stats_.destroyed += live;
  stats_.trimmed += idle;
}

// Turning poisoning off first checks and resets every poisoned idle object, so none is
// vended as 0xDB later (for a game whose reset is about to become a no-op). From a reset,
// refused: that check would run reset from within itself.
template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::set_poisoning(bool on) {
  if (in_reset_) return refuse_reentry();
  if (!on) {
    const std::size_t end = slots_.active() + slots_.idle();
    for (std::size_t pos = slots_.active(); pos < end; ++pos)
      check_poison(slots_.at(pos));
  }
  poison_.set_enabled(on);
}

template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::destroy_object(int slot) {
  storage_.destroy(slot);
  poison_.clear(slot);  // a re-made object is fresh, not poisoned
}

// A slot emptied by trim, forget or destroy, when the free stack is empty: its object is
// made again by the factory.
template <class T, unsigned kGenerationBits, class ResetFn>
int TunedPool<T, kGenerationBits, ResetFn>::remake_vacant() {
  const int slot = slots_.vacant_top();
  storage_.construct(slot, factory_);  // may throw: nothing has changed yet
  slots_.pop_vacant();
  ++stats_.allocations;
  return slot;
}

// Grow: a new chunk twice the size of the last one (the first as large as the load chunk,
// at least 16 objects), under INT32_MAX slots. Capacity at least doubles, so growing to n
// objects takes O(log n) growths and costs O(1) per object, amortised.
template <class T, unsigned kGenerationBits, class ResetFn>
bool TunedPool<T, kGenerationBits, ResetFn>::grow() {
  const std::size_t old_capacity = capacity();
  const std::size_t chunk = storage_.next_chunk_size();
  if (!storage_.can_grow() || old_capacity + chunk > static_cast<std::size_t>(INT32_MAX))
    return false;
  add_slots(chunk);  // a new chunk: live objects never move
  ++stats_.grown;
  if (log_ != nullptr) log_growth(log_, name_, old_capacity, capacity(), stats_.grown);
  return true;
}

// Bookkeeping is reserved before the factory runs: if either throws, every count is
// unchanged and no object is left behind. It grows geometrically (at least doubling), so
// each slot's bookkeeping is copied O(1) times on average however the pool grows.
template <class T, unsigned kGenerationBits, class ResetFn>
void TunedPool<T, kGenerationBits, ResetFn>::add_slots(std::size_t count) {
  const std::size_t room = std::max(capacity() + count, 2 * capacity());
  slots_.reserve(room);
  poison_.reserve(room);
  storage_.add_chunk(count, factory_);  // throws and leaves nothing behind if the factory throws
  slots_.add_idle(count);               // at the bottom of the free stack; allocates nothing
  poison_.resize(capacity());
  stats_.allocations += count;
}

}  // namespace flatline::lab
