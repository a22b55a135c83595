// The browser build's sound loader: libsndfile has no WebAssembly port, and the game's sounds
// are plain RIFF WAVE files (16-bit PCM, mono), so this reads that one format and refuses the
// rest with the same one-line messages as the native loader (sounds.cpp).
#include <cstdio>
#include <cstring>
#include <memory>

#include "audio/sounds.hpp"

namespace flatline::audio {
namespace {

constexpr int kMinSoundRate = 8000;  // as sounds.cpp: telephone to studio
constexpr int kMaxSoundRate = 192000;

std::uint32_t le32(const unsigned char* p) {
  return p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}
std::uint16_t le16(const unsigned char* p) {
  return static_cast<std::uint16_t>(p[0] | p[1] << 8);
}

struct Closer {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

bool load_sound_file(const std::string& path, SoundData& out, std::string& error) {
  const std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "rb"));
  unsigned char head[12];
  if (!file || std::fread(head, 1, 12, file.get()) != 12 || std::memcmp(head, "RIFF", 4) != 0 ||
      std::memcmp(head + 8, "WAVE", 4) != 0) {
    error = "cannot read sound '" + path + "': not a RIFF WAVE file";
    return false;
  }
  int channels = 0, bits = 0, format = 0;
  unsigned char chunk[8];
  while (std::fread(chunk, 1, 8, file.get()) == 8) {  // fmt first, then data
    const std::uint32_t size = le32(chunk + 4);
    if (std::memcmp(chunk, "fmt ", 4) == 0 && size >= 16) {
      unsigned char fmt[16];
      if (std::fread(fmt, 1, 16, file.get()) != 16) break;
      format = le16(fmt);
      channels = le16(fmt + 2);
      out.rate = static_cast<int>(le32(fmt + 4));
      bits = le16(fmt + 14);
      std::fseek(file.get(), static_cast<long>(size - 16 + (size & 1)), SEEK_CUR);
    } else if (std::memcmp(chunk, "data", 4) == 0) {
      if (format != 1 || bits != 16) {
        error = "cannot read sound '" + path + "': only 16-bit PCM WAV in the browser";
      } else if (channels != 1) {
        error = "sound '" + path + "' has " + std::to_string(channels) +
                " channels: it must be mono (to be placed in 3D)";
      } else if (out.rate < kMinSoundRate || out.rate > kMaxSoundRate) {
        error = "sound '" + path + "' has a rate of " + std::to_string(out.rate) + " Hz: outside " +
                std::to_string(kMinSoundRate) + ".." + std::to_string(kMaxSoundRate);
      } else if (size < 2 || size / 2 > std::uint32_t{10} * static_cast<std::uint32_t>(out.rate)) {
        error = "sound '" + path + "' is empty or longer than 10 s";
      } else {
        out.samples.resize(size / 2);
        const std::size_t got = std::fread(out.samples.data(), 2, out.samples.size(), file.get());
        if (got == out.samples.size()) return true;  // WebAssembly is little-endian, as WAV
        error = "sound '" + path + "' is cut short: " + std::to_string(got) + " of " +
                std::to_string(out.samples.size()) + " samples";
      }
      return false;
    } else {
      std::fseek(file.get(), static_cast<long>(size + (size & 1)), SEEK_CUR);
    }
  }
  error = "cannot read sound '" + path + "': no audio data";
  return false;
}

}  // namespace flatline::audio
