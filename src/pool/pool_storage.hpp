// Where a pool's objects live: one contiguous chunk made at load, plus equal-sized
// chunks added by growth. Objects never move, so a T& to a live object stays valid
// while the pool grows (a std::vector<T> would relocate them).
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

  template <class Factory>
  void init(std::size_t count, Factory& factory) {
    first_ = make_chunk(count, factory);
    first_size_ = count;
  }

  template <class Factory>
  void add_chunk(std::size_t count, Factory& factory) {
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
  // The flat fast path: slots below first_chunk_size() are first_chunk()[slot].
  T* first_chunk() const { return first_; }

 private:
  T* ptr(int slot) {
    const auto index =
        static_cast<std::size_t>(static_cast<std::uint32_t>(slot));  // no sign extension
    if (index < first_size_) [[likely]]
      return first_ + index;
    const std::size_t offset = index - first_size_;
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
