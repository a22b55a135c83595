// The overlay's own memory: Dear ImGui allocates from one block reserved at load, not from
// the game's heap, so using the panel never shows up as a game heap allocation.
//
// The block is carved into power-of-two size classes; each class keeps a free list threaded
// through its freed blocks (the pool's free stack again, one per size), so a freed block is
// reused by the next request of its class. A request the block cannot serve falls back to
// the heap (operator new: the game's counter sees it) and is counted, never a crash.
// Single-threaded, as ImGui is.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace flatline::overlay {

struct ArenaStats {
  std::size_t capacity = 0;       // bytes reserved at load
  std::size_t high_water = 0;     // bytes of the block ever carved: what ImGui needed at most
  std::size_t in_use = 0;         // bytes in live blocks now (headers and rounding included)
  std::uint64_t allocations = 0;  // served from the block
  std::uint64_t fallbacks = 0;    // served by the heap: the block was full
};

class Arena {
 public:
  explicit Arena(std::size_t capacity);
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena();

  void* allocate(std::size_t size);
  void free(void* ptr);
  const ArenaStats& stats() const { return stats_; }

  // ImGui::SetAllocatorFunctions' signatures; user_data is the Arena.
  static void* imgui_alloc(std::size_t size, void* user_data);
  static void imgui_free(void* ptr, void* user_data);

 private:
  static constexpr int kClasses = 48;  // blocks of 2^0 .. 2^47 bytes (the small ones unused)
  bool owns(const void* ptr) const;

  std::byte* base_ = nullptr;
  std::array<void*, kClasses> free_{};  // each class's free list: its head
  ArenaStats stats_;
};

}  // namespace flatline::overlay
