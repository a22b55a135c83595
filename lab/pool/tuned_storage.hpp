// Why: objects that never move, so a T& to a live object stays valid while the pool grows.
//
// A std::vector<T> would relocate them. One contiguous chunk is made at load; each growth
// adds a chunk twice the size of the one before (the first grown one as large as the load
// chunk, at least 16), so growing to n objects takes O(log n) chunks and a slot still finds
// its chunk in O(1). Until the pool grows, in_first_chunk() is also release's range check.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>

namespace flatline::lab::detail {

template <class T>
class TunedStorage {
 public:
  TunedStorage() = default;
  TunedStorage(const TunedStorage&) = delete;
  TunedStorage& operator=(const TunedStorage&) = delete;
  // The pool destroys the objects; this frees the raw memory.
  ~TunedStorage() {
    free_raw(first_);
    for (std::size_t j = 0; j < grown_count_; ++j)
      free_raw(grown_[j]);
  }

  // The first chunk is made at load (a pool made with capacity 0 makes it when it first
  // grows); a later chunk must be next_chunk_size() objects, so that ptr() can find it.
  template <class Factory>
  void add_chunk(std::size_t count, Factory& factory) {
    if (first_size_ == 0) {
      first_ = make_chunk(count, factory);
      first_size_ = count;
      return;
    }
    grown_[grown_count_] = make_chunk(count, factory);  // throws and leaves nothing behind
    if (grown_count_++ == 0) base_ = count;
  }
  // Growth: grown chunk j holds base << j objects (base: the load chunk's size, at least 16).
  std::size_t next_chunk_size() const {
    if (first_size_ == 0) return kMinChunk;
    return (grown_count_ == 0 ? std::max(first_size_, kMinChunk) : base_) << grown_count_;
  }
  bool can_grow() const { return grown_count_ < kMaxChunks; }

  T& operator[](int slot) { return *ptr(slot); }
  const T& operator[](int slot) const { return *const_cast<TunedStorage*>(this)->ptr(slot); }

  template <class Factory>
  void construct(int slot, Factory& factory) {
    ::new (static_cast<void*>(ptr(slot))) T(factory());
  }
  void destroy(int slot) { ptr(slot)->~T(); }
  std::size_t first_chunk_size() const { return first_size_; }
  // Every slot is in the first chunk until the pool grows: for release, one compare is both
  // the range check and "which chunk" (a negative slot converts to a huge index).
  bool in_first_chunk(int slot) const { return index(slot) < first_size_; }
  T& first_chunk_at(int slot) { return first_[index(slot)]; }  // in_first_chunk(slot)

 private:
  static std::size_t index(int slot) {  // no sign extension
    return static_cast<std::size_t>(static_cast<std::uint32_t>(slot));
  }
  T* ptr(int slot) {
    if (in_first_chunk(slot)) [[likely]]
      return first_ + index(slot);
    // Grown chunk j starts base * (2^j - 1) past the first chunk: j is the bit width of
    // offset / base + 1, less one. O(1), and no chunk ever moves.
    const std::size_t offset = index(slot) - first_size_;
    const std::size_t j = std::bit_width(offset / base_ + 1) - 1;
    return grown_[j] + (offset - base_ * ((std::size_t{1} << j) - 1));
  }

  // Strong guarantee: if the factory throws, the objects made so far are destroyed
  // and the memory freed before the exception leaves.
  template <class Factory>
  static T* make_chunk(std::size_t count, Factory& factory) {
    if (count == 0) return nullptr;
    T* raw = static_cast<T*>(::operator new (count * sizeof(T), std::align_val_t{alignof(T)}));
    std::size_t made = 0;
    try {
      for (; made < count; ++made)
        ::new (static_cast<void*>(raw + made)) T(factory());
    } catch (...) {
      while (made > 0)
        raw[--made].~T();
      free_raw(raw);
      throw;
    }
    return raw;
  }
  static void free_raw(T* raw) {
    if (raw != nullptr) ::operator delete (static_cast<void*>(raw), std::align_val_t{alignof(T)});
  }

  static constexpr std::size_t kMinChunk = 16;
  static constexpr std::size_t kMaxChunks = 32;  // 16 << 31 objects: far past INT32_MAX slots

  T* first_ = nullptr;
  std::size_t first_size_ = 0;
  std::size_t base_ = 1;  // the first grown chunk's size
  std::array<T*, kMaxChunks> grown_{};
  std::size_t grown_count_ = 0;
};

}  // namespace flatline::lab::detail
