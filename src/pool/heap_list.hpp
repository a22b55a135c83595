// The anti-pattern, kept on purpose for the "pooling off" switch: what a shooter
// does without a pool. Every spawn `new`s an object and appends it to a scene
// list; every despawn searches the list, erases the entry (shifting the rest) and
// `delete`s the object, like a scene graph that creates a mesh per shot, adds it to the
// scene and removes and disposes of it on hit: one heap allocation per
// object (plus the list's own regrowth), a linear search per removal, and objects
// scattered over the heap instead of side by side. The overlay's heap plot and
// frame-time plot show the cost; Pool (pool.hpp) is the fix.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace flatline {

template <class T>
class HeapList {
 public:
  HeapList() = default;
  HeapList(const HeapList&) = delete;  // owns raw objects: not copyable
  HeapList& operator=(const HeapList&) = delete;
  ~HeapList() { clear(); }

  // new + push_back: the allocation a pool avoids, on every shot.
  T* spawn() {
    T* object = new T{};
    scene_.push_back(object);  // may reallocate the list as well
    ++news_;
    peak_ = std::max(peak_, scene_.size());
    return object;
  }

  // find + erase + delete: O(live) per removal, like Array.splice(indexOf(x), 1).
  void despawn(T* object) {
    const auto it = std::find(scene_.begin(), scene_.end(), object);
    if (it == scene_.end()) return;
    scene_.erase(it);
    delete object;
    ++deletes_;
  }

  // Every live object; the body may despawn the object it is given (only that one).
  template <class Fn>
  void for_each(Fn&& fn) {
    for (std::size_t i = scene_.size(); i > 0; --i)
      fn(*scene_[i - 1]);
  }
  template <class Fn>
  void for_each(Fn&& fn) const {
    for (std::size_t i = scene_.size(); i > 0; --i)
      fn(static_cast<const T&>(*scene_[i - 1]));
  }

  // True if `object` is still in the list: a linear search, the only way a raw
  // pointer can be checked (a pool answers the same question in O(1) with a handle).
  bool contains(const T* object) const {
    return std::find(scene_.begin(), scene_.end(), object) != scene_.end();
  }

  void clear() {
    for (T* object : scene_)
      delete object;
    deletes_ += scene_.size();
    scene_.clear();
  }

  std::size_t size() const { return scene_.size(); }
  std::size_t peak() const { return peak_; }
  std::uint64_t news() const { return news_; }
  std::uint64_t deletes() const { return deletes_; }

 private:
  std::vector<T*> scene_;  // the naive scene list: pointers to scattered heap objects
  std::size_t peak_ = 0;
  std::uint64_t news_ = 0;
  std::uint64_t deletes_ = 0;
};

}  // namespace flatline
