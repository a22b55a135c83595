// Why: the lesson's ladder: from the textbook pool to flatline::Pool, one guarantee a rung.
//
// Each rung is a small pool, the one before plus one guarantee:
//   Textbook         src/pool/textbook_pool.hpp: the objects, an active flag each and a stack
//                    of free slot indices; a double release is ignored, nothing else checked;
//   Generations      + a generation per slot, moved on at release: stale handles detected;
//   MisuseChecks     + counters: double, foreign and stale releases caught in O(1), counted
//                    and ignored;
//   LiveWalk         + a sparse set instead of flags and stack: the live slots dense, so
//                    for_each_active costs O(live) (a release swaps the last live slot in);
//   AcquisitionOrder + a stamp per acquire: the oldest live slot (RecycleOldest's victim);
//   ReentryGuard     + a busy flag around reset: calls back into the pool refused, counted;
//   Poisoning        + the debug feature: 0xDB over a released object, checked on acquire.
// The top rung is src/pool/pool.hpp itself, which has them all (with a free stack and a live
// list side by side, and acquisition order as a list). pool_bench times every rung beside it
// (scripts/bench_pool_features.sh). Each must do its job: pool_features_checks.hpp checks
// them before pool_bench times anything, and lab/tests/pool_features_test.cpp under ctest.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "pool/textbook_pool.hpp"

namespace pool_features {

template <class T, class Reset>
class Textbook : public flatline::TextbookPool<T, Reset> {
 public:
  using Id = int;
  explicit Textbook(std::size_t capacity)
      : flatline::TextbookPool<T, Reset>([] { return T{}; }, static_cast<int>(capacity)) {}
  T& object(int slot) { return this->objects_[slot]; }
};

template <class T, class Reset>
class Generations : public Textbook<T, Reset> {
 public:
  struct Handle {
    int slot;
    std::uint32_t generation;
  };
  explicit Generations(std::size_t capacity)
      : Textbook<T, Reset>(capacity), generations_(capacity, 1) {}
  void release(int slot) {
    if (this->active_[slot]) ++generations_[slot];  // the object leaves play: handles go stale
    Textbook<T, Reset>::release(slot);
  }
  Handle handle_of(int slot) const { return {slot, generations_[slot]}; }
  bool alive(Handle handle) const {
    return this->active_[handle.slot] && generations_[handle.slot] == handle.generation;
  }

 protected:
  std::vector<std::uint32_t> generations_;
};

template <class T, class Reset>
class MisuseChecks : public Generations<T, Reset> {
  using Base = Generations<T, Reset>;

 public:
  using Handle = typename Base::Handle;
  using Base::Base;
  void release(int slot) {
    if (!in_range(slot)) {
      ++foreign_;
      return;
    }
    if (!this->active_[slot]) {
      ++double_;
      return;
    }
    Base::release(slot);
  }
  void release(Handle handle) {  // a handle of a released object is stale: caught in O(1)
    if (!in_range(handle.slot))
      ++foreign_;
    else if (!this->active_[handle.slot])
      ++double_;
    else if (!this->alive(handle))
      ++stale_;
    else
      release(handle.slot);
  }
  std::size_t misuse() const { return foreign_ + double_ + stale_; }
  bool healthy() const { return misuse() == 0; }
  std::size_t foreign_ = 0, double_ = 0, stale_ = 0;

 private:
  bool in_range(int slot) const {
    return slot >= 0 && static_cast<std::size_t>(slot) < this->active_.size();
  }
};

// From here a sparse set (as in EnTT): one array, order_ = [live | free], holds every slot
// once, and meta_[slot] = {where it sits in order_, its generation}. The free run is the free
// stack, its top at order_[active_]. pool.hpp keeps the same two runs as two arrays, live_
// and free_, which read more plainly and vend in the same order.
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
  int acquire() {
    return active_ == capacity_ ? -1 : static_cast<int>(order_[active_++]);  // pop
  }
  T& object(int slot) { return objects_[slot]; }
  void release(int slot) {
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
  bool accept(int slot) {  // misuse caught in O(1) and counted
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
  void retire(std::uint32_t slot) {
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
  int acquire() {
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
  int acquire() {
    if (busy_) return ++reentrant_, -1;  // called from a reset: refused
    return AcquisitionOrder<T, Reset>::acquire();
  }
  void release(int slot) {
    if (busy_ || !this->accept(slot)) {
      reentrant_ += busy_;
      return;
    }
    run_reset(this->objects_[slot]);
    this->retire(static_cast<std::uint32_t>(slot));
  }
  void release(Handle) = delete;  // this stage prices the index API only
  std::size_t reentrant_ = 0;

 protected:
  void run_reset(T& object) {  // flatline::Pool also clears it if reset throws
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
  int acquire() {
    const int slot = ReentryGuard<T, Reset>::acquire();
    if (slot >= 0 && poisoned_[slot]) unpoison(slot);
    return slot;
  }
  void release(int slot) {
    if (this->busy_ || !this->accept(slot)) {
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
