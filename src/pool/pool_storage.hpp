// Why: objects that never move, so a T& to a live object stays valid while the pool grows.
//
// A std::vector<T> would relocate them. One chunk of objects is made at load; each growth
// adds a chunk (the first grown one as large as the load chunk, at least 16, then twice the
// one before), so growing to n objects takes O(log n) chunks. at_[slot] says where a slot's
// object lives: finding it is one load, whichever chunk holds it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <new>
#include <vector>

namespace flatline::detail {

template <class T>
class ChunkedStorage {
 public:
  ChunkedStorage() = default;
  ChunkedStorage(const ChunkedStorage&) = delete;
  ChunkedStorage& operator=(const ChunkedStorage&) = delete;
  ~ChunkedStorage() {  // the pool destroys the objects; this frees the raw memory
    for (std::size_t i = 0; i < chunk_count_; ++i)
      ::operator delete (static_cast<void*>(chunks_[i]), std::align_val_t{alignof(T)});
  }

  // `count` more objects, made by the factory, in a new chunk after the others. Strong
  // guarantee: if the factory throws, nothing is left behind and nothing has changed.
  template <class Factory>
  void add_chunk(std::size_t count, Factory& factory) {
    if (count == 0) return;
    at_.reserve(at_.size() + count);  // room first: the pushes below cannot throw
    T* chunk = static_cast<T*>(::operator new (count * sizeof(T), std::align_val_t{alignof(T)}));
    std::size_t made = 0;
    try {
      for (; made < count; ++made)
        ::new (static_cast<void*>(chunk + made)) T(factory());
    } catch (...) {
      while (made > 0)
        chunk[--made].~T();
      ::operator delete (static_cast<void*>(chunk), std::align_val_t{alignof(T)});
      throw;
    }
    chunks_[chunk_count_++] = chunk;
    for (std::size_t i = 0; i < count; ++i)
      at_.push_back(chunk + i);
    last_chunk_ = count;
  }
  // How many objects the next growth adds: the pool at least doubles each time.
  std::size_t next_chunk_size() const {
    if (chunk_count_ == 0) return kMinChunk;
    return chunk_count_ == 1 ? std::max(last_chunk_, kMinChunk) : 2 * last_chunk_;
  }

  T& operator[](int slot) { return *at_[static_cast<std::size_t>(slot)]; }
  const T& operator[](int slot) const { return *at_[static_cast<std::size_t>(slot)]; }
  // A vacant slot keeps its room: its object is made again in place, or destroyed.
  template <class Factory>
  void construct(int slot, Factory& factory) {
    ::new (static_cast<void*>(at_[static_cast<std::size_t>(slot)])) T(factory());
  }
  void destroy(int slot) { at_[static_cast<std::size_t>(slot)]->~T(); }
  bool can_grow() const { return chunk_count_ < kMaxChunks; }
  std::size_t bookkeeping_bytes() const { return at_.capacity() * sizeof(T*); }

 private:
  static constexpr std::size_t kMinChunk = 16;
  static constexpr std::size_t kMaxChunks = 32;  // 16 << 31 objects: past INT32_MAX slots

  std::array<T*, kMaxChunks> chunks_{};  // each chunk's raw memory, in the order made
  std::size_t chunk_count_ = 0;
  std::vector<T*> at_;  // by slot: where its object lives (in one of the chunks)
  std::size_t last_chunk_ = 0;
};

}  // namespace flatline::detail
