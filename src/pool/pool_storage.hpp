// Why: objects that never move, so a T& to a live object stays valid while the pool grows.
//
// A std::vector<T> would relocate them. One contiguous chunk is made at load; growth adds
// equal-sized chunks. Until the pool grows, in_first_chunk() is also release's range check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

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
    for (T* chunk : grown_)
      free_raw(chunk);
  }

  // The first chunk is made at load; later ones (growth) share one size.
  template <class Factory>
  void add_chunk(std::size_t count, Factory& factory) {
    if (first_size_ == 0) {  // the first chunk (a pool made with capacity 0 has none yet)
      first_ = make_chunk(count, factory);
      first_size_ = count;
      return;
    }
    grown_.reserve(grown_.size() + 1);  // may throw before any object is made
    T* chunk = make_chunk(count, factory);
    grown_.push_back(chunk);
    chunk_size_ = count;
  }

  T& operator[](int slot) { return *ptr(slot); }
  const T& operator[](int slot) const { return *const_cast<ChunkedStorage*>(this)->ptr(slot); }

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
    const std::size_t offset = index(slot) - first_size_;
    return grown_[offset / chunk_size_] + offset % chunk_size_;
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

  T* first_ = nullptr;
  std::size_t first_size_ = 0;
  std::size_t chunk_size_ = 1;
  std::vector<T*> grown_;
};

}  // namespace flatline::detail
