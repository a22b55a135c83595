// The overlay's arena (imgui_arena.hpp): size classes over one block, a free list per class.
#include "overlay/imgui_arena.hpp"

#include <bit>
#include <cstring>
#include <new>

namespace flatline::overlay {
namespace {

// Each block starts with a header naming its class, so free() needs no size. 16 bytes keep
// what follows aligned like malloc's memory.
constexpr std::size_t kHeader = 16;
constexpr int kMinClass = 5;  // 32-byte blocks: the header and 16 bytes
constexpr std::align_val_t kBlockAlign{64};

int class_of(std::size_t size) {
  const int c = static_cast<int>(std::bit_width(size + kHeader - 1));
  return c < kMinClass ? kMinClass : c;
}

}  // namespace

Arena::Arena(std::size_t capacity) {
  base_ = static_cast<std::byte*>(::operator new(capacity, kBlockAlign));  // reserved at load
  stats_.capacity = capacity;
}

Arena::~Arena() {
  ::operator delete(base_, kBlockAlign);
}

bool Arena::owns(const void* ptr) const {
  const auto* p = static_cast<const std::byte*>(ptr);
  return p >= base_ && p < base_ + stats_.capacity;
}

void* Arena::allocate(std::size_t size) {
  const int c = class_of(size);
  const std::size_t block = c < kClasses ? std::size_t{1} << c : 0;
  std::byte* at = nullptr;
  if (block == 0) {
    // Larger than any class: the heap.
  } else if (free_[static_cast<std::size_t>(c)] != nullptr) {  // reuse: pop the class's list
    at = static_cast<std::byte*>(free_[static_cast<std::size_t>(c)]);
    std::memcpy(&free_[static_cast<std::size_t>(c)], at + kHeader, sizeof(void*));
  } else if (stats_.capacity - stats_.high_water >= block) {  // carve a new block
    at = base_ + stats_.high_water;
    stats_.high_water += block;
  }
  if (at == nullptr) {  // the block is full: fall back to the heap, and count it
    ++stats_.fallbacks;
    return ::operator new(size);
  }
  std::memcpy(at, &c, sizeof c);
  stats_.in_use += block;
  ++stats_.allocations;
  return at + kHeader;
}

void Arena::free(void* ptr) {
  if (ptr == nullptr) return;
  if (!owns(ptr)) {  // a fallback block
    ::operator delete(ptr);
    return;
  }
  std::byte* at = static_cast<std::byte*>(ptr) - kHeader;
  int c = 0;
  std::memcpy(&c, at, sizeof c);
  // Push onto the class's free list: the link lives in the freed block itself.
  std::memcpy(at + kHeader, &free_[static_cast<std::size_t>(c)], sizeof(void*));
  free_[static_cast<std::size_t>(c)] = at;
  stats_.in_use -= std::size_t{1} << c;
}

void* Arena::imgui_alloc(std::size_t size, void* user_data) {
  return static_cast<Arena*>(user_data)->allocate(size);
}

void Arena::imgui_free(void* ptr, void* user_data) {
  static_cast<Arena*>(user_data)->free(ptr);
}

}  // namespace flatline::overlay
