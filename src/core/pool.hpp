// Object pool: every object is made at load time; play only moves slot indices.
//
// acquire() pops a free slot index off a stack, release() resets the object and
// pushes the index back: both O(1), no heap allocation. Bookkeeping (states,
// generations, acquisition order, the free stack) lives apart from the objects,
// as in sokol_gfx's pools, so misuse is caught without touching the payload.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/handle.hpp"
#include "core/pool_stats.hpp"
#include "core/pool_storage.hpp"

// Debug builds poison freed objects and check the poison on acquire (Nystrom's
// "clear freed memory to a magic value"): a write through a released object is caught.
#ifndef FLATLINE_POOL_POISON
#ifdef NDEBUG
#define FLATLINE_POOL_POISON 0
#else
#define FLATLINE_POOL_POISON 1
#endif
#endif

namespace flatline {

template <class T, unsigned kGenerationBits>
class PoolLease;

template <class T, unsigned kGenerationBits = 32>
class Pool {
 public:
  using Factory = std::function<T()>;
  using Reset = std::function<void(T&)>;
  using LogFn = void (*)(const char* line);
  using Lease = PoolLease<T, kGenerationBits>;

  // All `capacity` objects are created here, before play starts.
  Pool(Factory factory, std::size_t capacity, Reset reset,
       OverflowPolicy policy = OverflowPolicy::Drop)
      : factory_(std::move(factory)), reset_(std::move(reset)), policy_(policy) {
    storage_.init(capacity, factory_);  // throws and leaves nothing behind if the factory throws
    slots_.resize(capacity);
    free_.resize(capacity);
    vacant_.resize(capacity);
    for (std::size_t i = 0; i < capacity; ++i) {
      free_[i] = static_cast<int>(capacity - 1 - i);  // slot 0 on top: handed out first
    }
    free_top_ = capacity;
    stats_.allocations = capacity;
  }
  Pool(const Pool&) = delete;  // leases and handles point at this pool: it stays put
  Pool& operator=(const Pool&) = delete;
  ~Pool() { destroy(); }

  int acquire() {
    if (free_top_ > 0) [[likely]] {
      const int slot = free_[--free_top_];  // the free list: pop a stack of indices
      check_poison(slot);
      activate(slot);
      return slot;
    }
    return acquire_without_idle();
  }

  // Reset runs here, not in acquire(): a free object never holds stale state.
  void release(int slot) {
    if (!in_range(slot)) [[unlikely]] {
      ++stats_.foreign_releases;
      return;
    }
    if (slots_[slot].state != SlotState::Active) [[unlikely]] {
      ++stats_.double_releases;  // O(1): the state byte says it is already free
      return;
    }
    unlink(slot);
    Slot& s = slots_[slot];
    const std::uint32_t generation = s.generation;  // read once: GCC 12 otherwise stores twice
    s.state = SlotState::Free;
    s.generation = next_generation<kGenerationBits>(generation);
    reset_(storage_[slot]);
    poison(slot);
    free_[free_top_++] = slot;
    --active_;
    ++stats_.released;
  }

  Handle acquire_handle() {
    const int slot = acquire();  // a live slot or -1: handle_of's checks would be redundant
    if (slot < 0) return Handle{};
    return Handle{static_cast<std::uint32_t>(slot), slots_[slot].generation, id_};
  }
  Lease lease();  // a move-only owner that releases on scope exit (pool_lease.hpp)
  void release(Handle handle) {
    if (const int slot = check(handle); slot >= 0) release(slot);
  }

  // The handle of a live slot; the null handle for anything else.
  Handle handle_of(int slot) const {
    if (!in_range(slot) || slots_[slot].state != SlotState::Active) return Handle{};
    return Handle{static_cast<std::uint32_t>(slot), slots_[slot].generation, id_};
  }
  // A stale, foreign or null handle resolves to nothing.
  T* get(Handle handle) { return alive(handle) ? &storage_[static_cast<int>(handle.index)] : nullptr; }
  const T* get(Handle handle) const {
    return alive(handle) ? &storage_[static_cast<int>(handle.index)] : nullptr;
  }
  bool alive(Handle handle) const {
    return handle.pool == id_ && handle.index < slots_.size() &&
           slots_[handle.index].generation == handle.generation &&
           slots_[handle.index].state == SlotState::Active;
  }

  T& operator[](int slot) { return storage_[slot]; }
  const T& operator[](int slot) const { return storage_[slot]; }

  bool is_active(int slot) const { return in_range(slot) && slots_[slot].state == SlotState::Active; }
  std::size_t capacity() const { return slots_.size(); }
  std::size_t active_count() const { return active_; }
  std::size_t idle_count() const { return free_top_; }
  std::size_t allocations() const { return stats_.allocations; }
  std::size_t peak_active() const { return stats_.peak_active; }
  std::uint32_t generation(int slot) const { return in_range(slot) ? slots_[slot].generation : 0; }
  OverflowPolicy policy() const { return policy_; }
  void set_policy(OverflowPolicy policy) { policy_ = policy; }
  std::uint32_t id() const { return id_; }

  PoolStats stats() const {
    PoolStats s = stats_;
    s.capacity = capacity();
    s.active = active_;
    s.idle = free_top_;
    return s;
  }

  // Live objects, earliest-acquired first: O(live), not O(capacity). The body may
  // release the slot it is given (the next link is read before the call).
  template <class Fn>
  void for_each_active(Fn&& fn) {
    for (int slot = head_; slot >= 0;) {
      const int next = slots_[slot].next;
      fn(slot, storage_[slot]);
      slot = next;
    }
  }
  template <class Fn>
  void for_each_active(Fn&& fn) const {
    for (int slot = head_; slot >= 0; slot = slots_[slot].next) fn(slot, storage_[slot]);
  }
  int oldest_active() const { return head_; }

  // A live object that was lost (its owner died holding it): the slot leaves play
  // without its object going back to idle. The object is destroyed, not reset.
  // Not-live slots are ignored, as in the Luau module.
  void forget(int slot) {
    if (!is_active(slot)) return;
    unlink(slot);
    retire_to_vacant(slot);
    --active_;
    ++stats_.forgotten;
  }
  void forget(Handle handle) {
    if (alive(handle)) forget(static_cast<int>(handle.index));
  }

  // Destroys idle objects beyond `keep` (their slots stay, empty, and are re-made
  // by the factory if demand returns). Live objects are untouched.
  std::size_t trim(std::size_t keep) {
    std::size_t destroyed = 0;
    while (free_top_ > keep) {
      retire_to_vacant(free_[--free_top_]);
      ++destroyed;
    }
    stats_.trimmed += destroyed;
    return destroyed;
  }

  // Destroys every idle and every checked-out object; every handle goes stale.
  void destroy() {
    for (int slot = head_; slot >= 0;) {
      const int next = slots_[slot].next;
      retire_to_vacant(slot);
      slot = next;
    }
    head_ = tail_ = -1;
    active_ = 0;
    trim(0);
  }

  void set_name(const char* name) { name_ = name; }
  const char* name() const { return name_; }
  void set_log(LogFn log) { log_ = log; }

 private:
  enum class SlotState : std::uint8_t { Free, Active, Vacant };
  struct Slot {
    std::int32_t prev = -1;  // acquisition order: an intrusive list, oldest at head_
    std::int32_t next = -1;
    std::uint32_t generation = 1;
    SlotState state = SlotState::Free;
    bool poisoned = false;  // debug: released and filled with kPoisonByte since
  };

  // One compare: a negative slot converts to a huge unsigned index.
  bool in_range(int slot) const { return static_cast<std::uint32_t>(slot) < slots_.size(); }

  int check(Handle handle) {
    if (handle.pool != id_ || handle.index >= slots_.size()) {
      ++stats_.foreign_releases;
      return -1;
    }
    const Slot& s = slots_[handle.index];
    if (s.generation != handle.generation) {
      // Out of date: either the slot is free again (a second release) or it was re-vended.
      ++(s.state == SlotState::Active ? stats_.stale_releases : stats_.double_releases);
      return -1;
    }
    return static_cast<int>(handle.index);
  }

  void activate(int slot) {
    Slot& s = slots_[slot];
    s.state = SlotState::Active;
    s.prev = tail_;  // spawn order tracked in O(1): append at the tail
    s.next = -1;
    if (tail_ >= 0) slots_[tail_].next = slot; else head_ = slot;
    tail_ = slot;
    // The peak is stored only when it rises, not on every acquire.
    if (++active_ > stats_.peak_active) [[unlikely]] stats_.peak_active = active_;
    ++stats_.acquired;
  }

  void unlink(int slot) {
    const Slot& s = slots_[slot];
    if (s.prev >= 0) slots_[s.prev].next = s.next; else head_ = s.next;
    if (s.next >= 0) slots_[s.next].prev = s.prev; else tail_ = s.prev;
  }

  void retire_to_vacant(int slot) {
    Slot& s = slots_[slot];
    if (s.state == SlotState::Active) s.generation = next_generation<kGenerationBits>(s.generation);
    s.state = SlotState::Vacant;
    s.poisoned = false;
    storage_.destroy(slot);
    vacant_[vacant_top_++] = slot;
  }

  // The slow path (vacant slots, overflow policies) stays out of line: acquire() inlines small.
  [[gnu::noinline]] int acquire_without_idle() {
    if (vacant_top_ > 0) {  // a slot emptied by trim/forget/destroy: re-make its object
      const int slot = vacant_[vacant_top_ - 1];
      storage_.construct(slot, factory_);  // may throw: nothing has changed yet
      --vacant_top_;
      ++stats_.allocations;
      slots_[slot].state = SlotState::Free;
      activate(slot);
      return slot;
    }
    switch (policy_) {
      case OverflowPolicy::Drop:
        break;
      case OverflowPolicy::RecycleOldest:
        if (head_ >= 0) return recycle_oldest();
        break;
      case OverflowPolicy::Grow:
        if (grow()) return acquire();
        break;
    }
    ++stats_.dropped;
    return -1;
  }

  int recycle_oldest() {
    const int slot = head_;
    unlink(slot);
    Slot& s = slots_[slot];
    s.generation = next_generation<kGenerationBits>(s.generation);  // its old owner's handle goes stale
    reset_(storage_[slot]);
    s.state = SlotState::Free;
    --active_;
    ++stats_.recycled;
    activate(slot);
    return slot;
  }

  bool grow() {
    const std::size_t old_capacity = slots_.size();
    const std::size_t chunk = std::max<std::size_t>(storage_.first_chunk_size(), kMinGrowChunk);
    if (old_capacity + chunk > static_cast<std::size_t>(INT32_MAX)) return false;
    const std::size_t new_capacity = old_capacity + chunk;
    // Reserve bookkeeping first, then make the objects: a throwing factory leaves every count unchanged.
    slots_.reserve(new_capacity);
    free_.reserve(new_capacity);
    vacant_.reserve(new_capacity);
    storage_.add_chunk(chunk, factory_);  // new objects go in a new chunk: live T& never move
    slots_.resize(new_capacity);
    free_.resize(new_capacity);
    vacant_.resize(new_capacity);
    for (std::size_t i = 0; i < chunk; ++i) {
      free_[free_top_++] = static_cast<int>(new_capacity - 1 - i);
    }
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

  static constexpr bool kPoison = FLATLINE_POOL_POISON && std::is_trivially_copyable_v<T>;
  static constexpr unsigned char kPoisonByte = 0xDB;

  // Only released objects are poisoned; fresh ones from the factory are vended as made.
  // Debug builds run reset again on acquire to turn poison back into the reset state,
  // so a reset that forgets a field shows 0xDB garbage there instead of last life's value.
  void poison(int slot) {
    if constexpr (kPoison) {
      std::memset(static_cast<void*>(&storage_[slot]), kPoisonByte, sizeof(T));
      slots_[slot].poisoned = true;
    }
  }
  void check_poison(int slot) {
    if constexpr (kPoison) {
      if (!slots_[slot].poisoned) return;
      slots_[slot].poisoned = false;
      const auto* bytes = reinterpret_cast<const unsigned char*>(&storage_[slot]);
      if (std::any_of(bytes, bytes + sizeof(T), [](unsigned char b) { return b != kPoisonByte; })) {
        ++stats_.poison_violations;
        std::fprintf(stderr, "flatline: pool '%s' slot %d was written after release\n", name_, slot);
      }
      reset_(storage_[slot]);  // from poison back to the reset state
    }
  }

  static void log_to_stderr(const char* line) { std::fprintf(stderr, "%s\n", line); }
  static constexpr std::size_t kMinGrowChunk = 16;

  Factory factory_;
  Reset reset_;
  OverflowPolicy policy_;
  detail::ChunkedStorage<T> storage_;
  std::vector<Slot> slots_;
  std::vector<int> free_;    // stack of idle slots; free_top_ is its size
  std::vector<int> vacant_;  // stack of slots with no object (trimmed, forgotten, destroyed)
  std::size_t free_top_ = 0;
  std::size_t vacant_top_ = 0;
  std::size_t active_ = 0;
  int head_ = -1;  // earliest-acquired live slot: what RecycleOldest takes
  int tail_ = -1;
  PoolStats stats_;
  std::uint32_t id_ = next_pool_id();
  const char* name_ = "pool";
  LogFn log_ = &log_to_stderr;
};

}  // namespace flatline

#include "core/pool_lease.hpp"
