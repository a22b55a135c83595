#include "audio/sounds.hpp"

#include <sndfile.h>

namespace flatline::audio {

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
  } else if (info.frames <= 0 || info.frames > 10 * info.samplerate) {
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
