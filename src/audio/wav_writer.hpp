// A PCM WAV file written as it grows: a header whose sizes are filled in at the end.
// 16-bit, interleaved channels. Writes go through the caller's FILE* (the caller owns the
// file and decides where it lands); nothing is allocated per write.
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>

namespace flatline::audio {

class WavWriter {
 public:
  void begin(std::FILE* file, int rate, int channels);
  void write(std::span<const std::int16_t> samples);
  // Puts the final sizes into the header (a file that cannot seek keeps the placeholders).
  void end();
  std::uint64_t frames() const { return samples_ / static_cast<std::uint64_t>(channels_); }

 private:
  std::FILE* file_ = nullptr;
  int rate_ = 0, channels_ = 0;
  std::uint64_t samples_ = 0;
};

}  // namespace flatline::audio
