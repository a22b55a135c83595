// Why: misuse located, not just counted (strict pools), and a leak report at exit.
//
// With strict pools on, a double, foreign or stale release logs one line: the pool, the kind
// of misuse and the caller's file:line, which SourceLocation gives as a defaulted
// argument of release(). Each acquire notes its own caller and tick in its slot's entry, so
// the objects still live at exit can say where they were acquired and how old they are.
// Off (the default), nothing is noted: acquire tests one flag, release's misuse branches
// are the only ones that look here, and its normal path is what it was.
//
// The entries are reserved with the pool's slots (add_slots), so a strict pool allocates
// nothing in play: a source_location names constants the compiler laid down.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include <version>
#if defined(__cpp_lib_source_location)
#include <source_location>
#endif

namespace flatline {

// The caller's file and line: SourceLocation where the library has it; else (Clang 14
// on libstdc++ 12 lacks the builtin it needs) the same two fields from __builtin_FILE() and
// __builtin_LINE(), which a default argument also evaluates at the call site.
#if defined(__cpp_lib_source_location)
using SourceLocation = std::source_location;
#else
class SourceLocation {
 public:
  static constexpr SourceLocation current(const char* file = __builtin_FILE(),
                                          std::uint_least32_t line = __builtin_LINE()) noexcept {
    SourceLocation at;
    at.file_ = file;
    at.line_ = line;
    return at;
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr std::uint_least32_t line() const noexcept { return line_; }

 private:
  const char* file_ = "";
  std::uint_least32_t line_ = 0;
};
#endif

// The three releases a pool refuses, as strict pools name them.
enum class Misuse { DoubleRelease, ForeignRelease, StaleRelease };

inline const char* to_string(Misuse m) {
  switch (m) {
    case Misuse::DoubleRelease:
      return "double release";
    case Misuse::ForeignRelease:
      return "foreign release";
    case Misuse::StaleRelease:
      return "stale release";
  }
  return "?";
}

// Where an object was acquired: its caller's file and line, and the tick (0 with no clock).
struct AcquireSite {
  const char* file = nullptr;  // null: not noted (strict pools were off at the time)
  std::uint32_t line = 0;
  std::uint64_t tick = 0;
};

// A compiler's path from the project's folder on: "src/sim/lessons.cpp", not "/home/.../src/...".
inline const char* project_path(const char* file) {
  const char* best = file;
  for (const char* folder : {"/src/", "/tests/", "/lab/", "/bench/", "/tools/"})
    for (const char* p = std::strstr(file, folder); p != nullptr; p = std::strstr(p + 1, folder))
      if (p + 1 > best) best = p + 1;
  return best;
}

namespace detail {

class AcquireSites {
 public:
  // Noting on: entries for every slot there is room for (the pool's reservation), now, at
  // load, never in play.
  void set_noting(bool on, std::size_t slots, std::size_t room) {
    noting_ = on;
    if (!on) return;
    sites_.reserve(room);
    sites_.resize(slots);
  }
  bool noting() const { return noting_; }
  void set_strict(bool on) { strict_ = on; }
  bool strict() const { return strict_; }
  void set_clock(const std::uint64_t* tick) { clock_ = tick; }
  std::uint64_t now() const { return clock_ != nullptr ? *clock_ : 0; }

  // The pool's add_slots: room and entries for new slots, if noting.
  void reserve(std::size_t room) {
    if (noting_) sites_.reserve(room);
  }
  void resize(std::size_t slots) {
    if (noting_) sites_.resize(slots);
  }
  std::size_t bytes() const { return sites_.capacity() * sizeof(AcquireSite); }

  // On acquire: the caller and the tick, in the slot's entry. Returns the slot.
  int noted(int slot, const SourceLocation& where) {
    if (noting_ && slot >= 0)
      sites_[static_cast<std::size_t>(slot)] = {where.file_name(), where.line(), now()};
    return slot;
  }
  const AcquireSite* at(int slot) const {
    const auto i = static_cast<std::size_t>(slot);
    return slot >= 0 && i < sites_.size() && sites_[i].file != nullptr ? &sites_[i] : nullptr;
  }

  // Strict pools: one line for a refused release, on the pool's log. A stack buffer: no heap.
  void report(Misuse kind, const char* pool, int slot, const SourceLocation& where,
              void (*log)(const char*)) const {
    if (!strict_ || log == nullptr) return;
    char line[320];
    const int n = std::snprintf(line, sizeof line,
                                "flatline: strict pools: %s in pool '%s' at %s:%u (slot %d",
                                to_string(kind), pool, project_path(where.file_name()),
                                static_cast<unsigned>(where.line()), slot);
    const AcquireSite* site = at(slot);
    if (site != nullptr && n > 0 && static_cast<std::size_t>(n) < sizeof line)
      std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n),
                    ", last acquired at %s:%u, tick %llu)", project_path(site->file),
                    static_cast<unsigned>(site->line), static_cast<unsigned long long>(site->tick));
    else if (n > 0 && static_cast<std::size_t>(n) + 1 < sizeof line)
      std::strcat(line, ")");
    log(line);
  }

 private:
  bool noting_ = false;  // acquires note their caller (strict pools, or the leak report)
  bool strict_ = false;  // refused releases are logged with their caller
  const std::uint64_t* clock_ = nullptr;
  std::vector<AcquireSite> sites_;  // by slot: the latest acquisition's caller
};

}  // namespace detail
}  // namespace flatline
