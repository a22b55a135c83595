// Why: writes through a released object caught in debug builds, at no cost in Release.
//
// Debug poisoning (Nystrom's "clear freed memory to a magic value"): a released object is
// filled with 0xDB, and the next acquire of its slot checks the pattern. Debug builds only,
// and only for trivially copyable objects (memset over anything else is undefined).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#ifndef FLATLINE_POOL_POISON
#ifdef NDEBUG
#define FLATLINE_POOL_POISON 0
#else
#define FLATLINE_POOL_POISON 1
#endif
#endif

namespace flatline::detail {

// One flag per slot: "released and poisoned since". Compiles to nothing when disabled.
template <class T>
class PoisonFlags {
 public:
  static constexpr bool kEnabled = FLATLINE_POOL_POISON && std::is_trivially_copyable_v<T>;
  static constexpr unsigned char kByte = 0xDB;

  void reserve(std::size_t slots) {
    if constexpr (kEnabled) flags_.reserve(slots);
  }
  void resize(std::size_t slots) {
    if constexpr (kEnabled) flags_.resize(slots, 0);
  }
  std::size_t bytes() const { return flags_.capacity(); }  // one byte per reserved slot
  // A runtime switch on top of the build's: off, releases stop poisoning (the pool
  // first turns the poisoned idle objects back into reset ones: Pool::set_poisoning).
  void set_enabled(bool on) { on_ = on; }
  bool enabled() const { return kEnabled && on_; }
  void poison(int slot, T& object) {
    if constexpr (kEnabled) {
      if (!on_) return;
      std::memset(static_cast<void*>(&object), kByte, sizeof(T));
      flags_[slot] = 1;
    }
  }
  bool poisoned(int slot) const {
    if constexpr (kEnabled) return flags_[slot] != 0;
    return false;
  }
  // Written since it was poisoned? Any byte that is not kByte says so.
  static bool written(const T& object) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(&object);
    return std::any_of(bytes, bytes + sizeof(T), [](unsigned char b) { return b != kByte; });
  }
  // On acquire: a poisoned object written since its release is reported and counted, and
  // either way reset runs again, turning the poison back into the reset state; so a reset
  // that forgets a field shows 0xDB there instead of the last life's value.
  template <class Reset>
  void check(int slot, T& object, Reset& reset, const char* pool_name, std::size_t& violations) {
    if (!poisoned(slot)) return;  // always false, and compiled out, without poisoning
    if (written(object)) {
      ++violations;
      std::fprintf(stderr, "flatline: pool '%s' slot %d was written after release\n", pool_name,
                   slot);
    }
    reset(object);
    clear(slot);
  }
  // A checked object, or one destroyed (a re-made object is fresh from the factory).
  void clear(int slot) {
    if constexpr (kEnabled) flags_[slot] = 0;
  }

 private:
  std::vector<unsigned char> flags_;
  bool on_ = true;
};

}  // namespace flatline::detail
