#include "audio/cues.hpp"

#include <algorithm>
#include <glm/geometric.hpp>

namespace flatline::audio {

Sound sound_of(const GameEvent& event) {
  switch (event.kind) {
    case EventKind::RifleShot:
      return Sound::Rifle;
    case EventKind::ScatterShot:
      return Sound::Scatter;
    case EventKind::CasingBounce:
      return Sound::Casing;
    case EventKind::TargetBroken:
      return Sound::TargetBreak;
    case EventKind::Impact:
      break;
  }
  switch (event.surface) {
    case Surface::Glass:
      return Sound::ImpactGlass;
    case Surface::Target:
      return Sound::ImpactTarget;
    default:
      return Sound::ImpactWall;
  }
}

void add_event(CueList& list, const GameEvent& event) {
  const Sound sound = sound_of(event);
  for (std::size_t i = 0; i < list.size; ++i) {
    Cue& cue = list.cues[i];
    if (cue.sound == sound && glm::distance(cue.pos, event.pos) <= kMergeMetres) {
      cue.gain = std::min(cue.gain + kMergeGainStep, kMaxCueGain);
      ++cue.merged;
      ++list.merged;
      return;
    }
  }
  if (list.size == CueList::kCapacity) {
    ++list.overflow;
    return;
  }
  list.cues[list.size++] = Cue{sound, event.pos, kCueGain, 1};
}

std::uint64_t collect_cues(const EventLog& log, std::uint64_t& cursor, CueList& list) {
  list.size = 0;
  list.merged = list.overflow = 0;
  std::uint64_t lost = 0;
  if (log.written() - cursor > EventLog::kCapacity) {  // lapped: the oldest are gone
    lost = log.written() - cursor - EventLog::kCapacity;
    cursor += lost;
  }
  for (; cursor < log.written(); ++cursor)
    add_event(list, log.at(cursor));
  return lost;
}

}  // namespace flatline::audio
