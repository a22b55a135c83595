// From the simulation's events to what the mixer plays: cues, merged, and the voice to steal
// when every voice is busy. No OpenAL here: this is the policy, tested on its own.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>

#include "audio/sounds.hpp"
#include "sim/events.hpp"

namespace flatline::audio {

// A sound to start this tick, where, how loud.
struct Cue {
  Sound sound = Sound::Rifle;
  glm::vec3 pos{0.0f};
  float gain = 0.0f;
  int merged = 1;  // events folded into this cue
};

// A tick's cues. Fixed size, made once: collecting them never allocates.
struct CueList {
  static constexpr std::size_t kCapacity = 64;
  std::array<Cue, kCapacity> cues;
  std::size_t size = 0;
  std::uint64_t merged = 0;    // this batch: events folded into an earlier cue
  std::uint64_t overflow = 0;  // this batch: events with no room left (after merging)
};

// Which sound an event makes.
Sound sound_of(const GameEvent& event);

// Merging: an event within kMergeMetres of a cue of the same sound in the same batch adds to
// that cue (a little louder) instead of starting its own voice, so a scatter shot's eight
// pellet impacts take one voice, not eight.
inline constexpr float kMergeMetres = 2.5f;
inline constexpr float kCueGain = 0.4f;  // one event; several voices at once stay below clipping
inline constexpr float kMergeGainStep = 0.06f;
inline constexpr float kMaxCueGain = 0.7f;
void add_event(CueList& list, const GameEvent& event);

// Reads events [cursor, log.written()) into `list` (cleared first) and moves the cursor on.
// Returns how many were lost because the reader fell more than the log's capacity behind.
std::uint64_t collect_cues(const EventLog& log, std::uint64_t& cursor, CueList& list);

// A busy voice as the stealing policy sees it.
struct VoiceView {
  int slot = -1;
  int priority = 0;
  std::uint64_t started = 0;  // when it started: lower is older
};

// The voice a cue of `priority` may take: the lowest priority, and of those the oldest; none
// (-1) if every voice outranks the cue. `voices` are the busy voices, any order.
template <class Range>
int choose_victim(const Range& voices, int priority) {
  int victim = -1;
  int best_priority = priority + 1;  // a victim must not outrank the newcomer
  std::uint64_t best_started = UINT64_MAX;
  for (const VoiceView& v : voices) {
    if (v.priority < best_priority || (v.priority == best_priority && v.started < best_started)) {
      victim = v.slot;
      best_priority = v.priority;
      best_started = v.started;
    }
  }
  return victim;
}

}  // namespace flatline::audio
