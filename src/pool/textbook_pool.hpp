// The textbook object pool (Nystrom; sokol_gfx's _sg_pool_alloc_index): objects made once.
#pragma once
#include <vector>

namespace flatline {
template <class T, class Reset>
class TextbookPool {
 public:
  template <class Factory>
  TextbookPool(Factory make, int capacity, Reset reset = {})
      : active_(capacity, 0), top_(capacity), reset_(reset) {
    for (int slot = 0; slot < capacity; ++slot) {
      objects_.push_back(make());            // every object is made here, once
      free_.push_back(capacity - 1 - slot);  // slot 0 on top: vended first
    }
  }
  // Acquire: pop the top of the free stack; -1 when every object is in use.
  int acquire() {
    if (top_ == 0) return -1;
    const int slot = free_[--top_];
    active_[slot] = 1;
    return slot;
  }
  // Release: reset the object and push its slot back. A second release is ignored.
  void release(int slot) {
    if (!active_[slot]) return;
    active_[slot] = 0;
    reset_(objects_[slot]);
    free_[top_++] = slot;
  }
  T& operator[](int slot) { return objects_[slot]; }

 protected:  // the rungs of lab/pool/pool_features.hpp build on these
  std::vector<T> objects_;
  std::vector<unsigned char> active_;  // 1 while the slot is checked out
  std::vector<int> free_;              // the free stack: its top is free_[top_ - 1]
  int top_;
  Reset reset_;
};
}  // namespace flatline
