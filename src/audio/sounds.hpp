// The game's sounds: which file each is, how much each matters when voices run out, and the
// loader (libsndfile). Files are 16-bit mono (a positioned source must be mono), authored by
// tools/make_sounds.py into assets/sounds/.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace flatline::audio {

enum class Sound : std::uint8_t {
  Rifle,
  Scatter,
  ImpactWall,
  ImpactGlass,
  ImpactTarget,
  Casing,
  TargetBreak,
  kCount
};
inline constexpr std::size_t kSoundCount = static_cast<std::size_t>(Sound::kCount);
inline constexpr std::array<const char*, kSoundCount> kSoundFiles = {
    "rifle.wav",         "scatter.wav", "impact_wall.wav", "impact_glass.wav",
    "impact_target.wav", "casing.wav",  "target_break.wav"};

// Priority when every voice is busy: a new sound may take the voice of a lower one, never
// of a higher one. A broken target beats a shot beats an impact beats a casing's tink.
constexpr int priority_of(Sound sound) {
  switch (sound) {
    case Sound::TargetBreak:
      return 4;
    case Sound::Rifle:
    case Sound::Scatter:
      return 3;
    case Sound::ImpactTarget:
    case Sound::ImpactGlass:
      return 2;
    case Sound::ImpactWall:
      return 1;
    default:
      return 0;
  }
}

struct SoundData {
  std::vector<std::int16_t> samples;  // mono
  int rate = 0;                       // samples per second
};

// Reads a mono sound file. False with `error` naming the file (missing, not a sound, not mono).
bool load_sound_file(const std::string& path, SoundData& out, std::string& error);

}  // namespace flatline::audio
