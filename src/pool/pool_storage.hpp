// Why: objects that never move, so a T& to a live object stays valid while the pool grows.
//
// A std::vector<T> would relocate them. One contiguous chunk is made at load; each growth
// adds a chunk twice the size of the one before (the first grown one as large as the load
// chunk, at least 16), so growing to n objects takes O(log n) chunks and a slot still finds
// its chunk in O(1).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>

namespace flatline::detail {

template <class T>
class ChunkedStorage {
 public:
  ChunkedStorage() = default;
  ChunkedStorage(const ChunkedStorage&) = delete;
  ChunkedStorage& operator=(const ChunkedStorage&) = delete;
  // The pool destroys the objects; this frees the raw memory.
  ~ChunkedStorage() {
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
  const T& operator[](int slot) const { return *const_cast<ChunkedStorage*>(this)->ptr(slot); }

  template <class Factory>
  void construct(int slot, Factory& factory) {
    ::new (static_cast<void*>(ptr(slot))) T(factory());
  }
  void destroy(int slot) { ptr(slot)->~T(); }

 private:
  T* ptr(int slot) {
    const auto index = static_cast<std::size_t>(slot);  // a slot of this pool: 0 or more
    if (index < first_size_) return first_ + index;
    // Grown chunk j starts base * (2^j - 1) past the first chunk: j is the bit width of
    // offset / base + 1, less one. O(1), and no chunk ever moves.
    const std::size_t offset = index - first_size_;
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

}  // namespace flatline::detail
