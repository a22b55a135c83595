// Why: to price each of flatline::Pool's guarantees, added one at a time to a bare free list.
//
// Seven small pools, each the one before plus one guarantee:
//   Bare             the objects and a stack of free slot indices; nothing checked;
//   Generations      + a generation per slot, moved on at release: stale handles detected;
//   MisuseChecks     + a live flag per slot and counters: double, foreign and stale
//                    releases caught in O(1), counted and ignored;
//   LiveWalk         + a sparse set instead of flags and stack: the live slots dense, so
//                    for_each_active costs O(live) (a release swaps the last live slot in);
//   AcquisitionOrder + a stamp per acquire: the oldest live slot (RecycleOldest's victim);
//   ReentryGuard     + a busy flag around reset: calls back into the pool refused, counted;
//   Poisoning        + the debug feature: 0xDB over a released object, checked on acquire.
// pool_bench times them beside flatline::Pool (scripts/bench_pool_features.sh). Each must
// do its job: stages_do_their_jobs() checks them before pool_bench times anything, and
// tests/pool/pool_features_test.cpp runs it under ctest.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace pool_features {

#define STAGE_INLINE [[gnu::always_inline]] inline  // every stage alike, as flatline::Pool

template <class T, class Reset>
class Bare {
 public:
  using Id = int;
  explicit Bare(std::size_t capacity)
      : objects_(capacity), free_(capacity), top_(capacity), capacity_(capacity) {
    for (std::size_t i = 0; i < capacity; ++i)
      free_[i] = static_cast<int>(capacity - 1 - i);  // slot 0 on top
  }
  STAGE_INLINE int acquire() { return top_ == 0 ? -1 : free_[--top_]; }  // pop
  STAGE_INLINE T& object(int slot) { return objects_[slot]; }
  STAGE_INLINE void release(int slot) {
    Reset{}(objects_[slot]);
    free_[top_++] = slot;  // push
  }

 protected:
  std::vector<T> objects_;
  std::vector<int> free_;  // the free stack: its top is free_[top_ - 1]
  std::size_t top_;
  std::size_t capacity_;
};

template <class T, class Reset>
class Generations : public Bare<T, Reset> {
 public:
  struct Handle {
    int slot;
    std::uint32_t generation;
  };
  explicit Generations(std::size_t capacity)
      : Bare<T, Reset>(capacity), generations_(capacity, 1) {}
  STAGE_INLINE void release(int slot) {
    ++generations_[slot];  // the object leaves play: handles to it go stale
    Bare<T, Reset>::release(slot);
  }
  Handle handle_of(int slot) const { return {slot, generations_[slot]}; }
  bool alive(Handle handle) const { return generations_[handle.slot] == handle.generation; }

 protected:
  std::vector<std::uint32_t> generations_;
};

template <class T, class Reset>
class MisuseChecks : public Generations<T, Reset> {
  using Base = Generations<T, Reset>;

 public:
  using Handle = typename Base::Handle;
  explicit MisuseChecks(std::size_t capacity) : Base(capacity), live_(capacity, 0) {}
  STAGE_INLINE int acquire() {
    const int slot = Base::acquire();
    if (slot >= 0) live_[slot] = 1;
    return slot;
  }
  STAGE_INLINE void release(int slot) {
    if (static_cast<std::size_t>(static_cast<std::uint32_t>(slot)) >= this->capacity_) {
      ++foreign_;
      return;
    }
    if (!live_[slot]) {
      ++double_;
      return;
    }
    live_[slot] = 0;
    Base::release(slot);
  }
  void release(Handle handle) {  // a handle of a released object is stale: caught in O(1)
    if (static_cast<std::size_t>(static_cast<std::uint32_t>(handle.slot)) >= this->capacity_)
      ++foreign_;
    else if (!live_[handle.slot])
      ++double_;
    else if (!this->alive(handle))
      ++stale_;
    else
      release(handle.slot);
  }
  std::size_t misuse() const { return foreign_ + double_ + stale_; }
  bool healthy() const { return misuse() == 0; }
  std::size_t foreign_ = 0, double_ = 0, stale_ = 0;

 protected:
  std::vector<std::uint8_t> live_;
};

// From here the slot table of flatline::Pool in small: order_ is [live | free], and
// meta_[slot] = {where it sits in order_, its generation}.
template <class T, class Reset>
class LiveWalk {
 public:
  using Id = int;
  struct Handle {
    int slot;
    std::uint32_t generation;
  };
  explicit LiveWalk(std::size_t capacity)
      : objects_(capacity), order_(capacity), meta_(capacity), capacity_(capacity) {
    for (std::uint32_t i = 0; i < capacity_; ++i) {
      order_[i] = i;
      meta_[i] = Meta{i, 1};
    }
  }
  STAGE_INLINE int acquire() {
    return active_ == capacity_ ? -1 : static_cast<int>(order_[active_++]);  // pop
  }
  STAGE_INLINE T& object(int slot) { return objects_[slot]; }
  STAGE_INLINE void release(int slot) {
    if (!accept(slot)) return;
    Reset{}(objects_[slot]);
    retire(static_cast<std::uint32_t>(slot));
  }
  void release(Handle handle) {
    if (!accept(handle.slot)) return;  // foreign or double: counted
    if (meta_[handle.slot].generation != handle.generation) {
      ++stale_;  // the slot lives again, for another owner
      return;
    }
    release(handle.slot);
  }
  Handle handle_of(int slot) const { return {slot, meta_[slot].generation}; }
  bool alive(Handle handle) const {
    return live(handle.slot) && meta_[handle.slot].generation == handle.generation;
  }
  template <class Fn>
  void for_each_active(Fn&& fn) {
    for (std::uint32_t pos = 0; pos < active_; ++pos)
      fn(static_cast<int>(order_[pos]), objects_[order_[pos]]);
  }
  std::size_t misuse() const { return foreign_ + double_ + stale_; }
  bool healthy() const { return misuse() == 0; }
  std::size_t foreign_ = 0, double_ = 0, stale_ = 0;

 protected:
  struct Meta {
    std::uint32_t pos;
    std::uint32_t generation;
  };
  bool live(int slot) const { return meta_[slot].pos < active_; }
  STAGE_INLINE bool accept(int slot) {  // misuse caught in O(1) and counted
    if (static_cast<std::uint32_t>(slot) >= capacity_) {
      ++foreign_;
      return false;
    }
    if (!live(slot)) {
      ++double_;
      return false;
    }
    return true;
  }
  // live -> free: the last live slot fills the hole; the slot goes on top of the free run.
  STAGE_INLINE void retire(std::uint32_t slot) {
    const std::uint32_t last_pos = --active_;
    const std::uint32_t pos = meta_[slot].pos;
    if (pos != last_pos) {
      const std::uint32_t last = order_[last_pos];
      order_[pos] = last;
      meta_[last].pos = pos;
      order_[last_pos] = slot;
      meta_[slot].pos = last_pos;
    }
    ++meta_[slot].generation;
  }

  std::vector<T> objects_;
  std::vector<std::uint32_t> order_;
  std::vector<Meta> meta_;
  std::uint32_t active_ = 0;
  std::uint32_t capacity_;
};

template <class T, class Reset>
class AcquisitionOrder : public LiveWalk<T, Reset> {
 public:
  explicit AcquisitionOrder(std::size_t capacity)
      : LiveWalk<T, Reset>(capacity), stamps_(capacity, 0) {}
  STAGE_INLINE int acquire() {
    if (this->active_ == this->capacity_) return -1;
    const std::uint32_t slot = this->order_[this->active_++];
    stamps_[slot] = ++clock_;  // the life's acquisition number
    return static_cast<int>(slot);
  }
  int oldest() const {  // the live slot with the smallest stamp: O(live)
    int oldest = -1;
    std::uint64_t best = UINT64_MAX;
    for (std::uint32_t pos = 0; pos < this->active_; ++pos) {
      const std::uint32_t slot = this->order_[pos];
      if (stamps_[slot] < best) best = stamps_[slot], oldest = static_cast<int>(slot);
    }
    return oldest;
  }

 protected:
  std::vector<std::uint64_t> stamps_;
  std::uint64_t clock_ = 0;
};

template <class T, class Reset>
class ReentryGuard : public AcquisitionOrder<T, Reset> {
 public:
  using AcquisitionOrder<T, Reset>::AcquisitionOrder;
  using Handle = typename AcquisitionOrder<T, Reset>::Handle;
  STAGE_INLINE int acquire() {
    if (busy_) [[unlikely]]
      return ++reentrant_, -1;  // called from a reset: refused
    return AcquisitionOrder<T, Reset>::acquire();
  }
  STAGE_INLINE void release(int slot) {
    if (busy_ || !this->accept(slot)) [[unlikely]] {
      reentrant_ += busy_;
      return;
    }
    run_reset(this->objects_[slot]);
    this->retire(static_cast<std::uint32_t>(slot));
  }
  void release(Handle) = delete;  // this stage prices the index API only
  std::size_t reentrant_ = 0;

 protected:
  STAGE_INLINE void run_reset(T& object) {  // flatline::Pool also clears it if reset throws
    busy_ = true;
    Reset{}(object);
    busy_ = false;
  }
  bool busy_ = false;
};

template <class T, class Reset>
class Poisoning : public ReentryGuard<T, Reset> {
  static_assert(std::is_trivially_copyable_v<T>, "memset over anything else is undefined");
  static constexpr unsigned char kByte = 0xDB;

 public:
  using Handle = typename ReentryGuard<T, Reset>::Handle;
  explicit Poisoning(std::size_t capacity)
      : ReentryGuard<T, Reset>(capacity), poisoned_(capacity, 0) {}
  STAGE_INLINE int acquire() {
    const int slot = ReentryGuard<T, Reset>::acquire();
    if (slot >= 0 && poisoned_[slot]) [[unlikely]]
      unpoison(slot);
    return slot;
  }
  STAGE_INLINE void release(int slot) {
    if (this->busy_ || !this->accept(slot)) [[unlikely]] {
      this->reentrant_ += this->busy_;
      return;
    }
    T& object = this->objects_[slot];
    this->run_reset(object);
    std::memset(static_cast<void*>(&object), kByte, sizeof(T));
    poisoned_[slot] = 1;
    this->retire(static_cast<std::uint32_t>(slot));
  }
  void release(Handle) = delete;  // this stage prices the index API only
  std::size_t violations_ = 0;

 private:
  void unpoison(int slot) {  // written since its release? Then reset it again
    const auto* bytes = reinterpret_cast<const unsigned char*>(&this->objects_[slot]);
    if (std::any_of(bytes, bytes + sizeof(T), [](unsigned char b) { return b != kByte; }))
      ++violations_;
    Reset{}(this->objects_[slot]);
    poisoned_[slot] = 0;
  }
  std::vector<std::uint8_t> poisoned_;
};

}  // namespace pool_features
