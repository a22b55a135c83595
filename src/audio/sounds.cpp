#include "audio/sounds.hpp"

#include <sndfile.h>

namespace flatline::audio {
namespace {

// The rates a sound may have: telephone to studio. Past these a file is not a game sound,
// and its rate times its 10 s limit would leave an int.
constexpr int kMinSoundRate = 8000;
constexpr int kMaxSoundRate = 192000;

}  // namespace

bool load_sound_file(const std::string& path, SoundData& out, std::string& error) {
  SF_INFO info{};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (file == nullptr) {
    error = "cannot read sound '" + path + "': " + sf_strerror(nullptr);
    return false;
  }
  bool ok = true;
  if (info.channels != 1) {
    error = "sound '" + path + "' has " + std::to_string(info.channels) +
            " channels: it must be mono (to be placed in 3D)";
    ok = false;
  } else if (info.samplerate < kMinSoundRate || info.samplerate > kMaxSoundRate) {
    error = "sound '" + path + "' has a rate of " + std::to_string(info.samplerate) +
            " Hz: outside " + std::to_string(kMinSoundRate) + ".." + std::to_string(kMaxSoundRate);
    ok = false;
  } else if (info.frames <= 0 || info.frames > sf_count_t{10} * info.samplerate) {  // 64-bit
    error = "sound '" + path + "' is empty or longer than 10 s";
    ok = false;
  } else {
    out.rate = info.samplerate;
    out.samples.resize(static_cast<std::size_t>(info.frames));
    const sf_count_t got = sf_readf_short(file, out.samples.data(), info.frames);
    if (got != info.frames) {
      error = "sound '" + path + "' is cut short: " + std::to_string(got) + " of " +
              std::to_string(info.frames) + " samples";
      ok = false;
    }
  }
  sf_close(file);
  return ok;
}

}  // namespace flatline::audio
