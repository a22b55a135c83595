#include "audio/wav_writer.hpp"

#include <algorithm>
#include <cstring>

namespace flatline::audio {
namespace {

constexpr long kHeaderBytes = 44;

void put_u32(unsigned char* p, std::uint32_t v) {
  std::memcpy(p, &v, 4);  // little-endian, as this machine is
}
void put_u16(unsigned char* p, std::uint16_t v) {
  std::memcpy(p, &v, 2);
}

// A size as the header's 32-bit field holds it: past 4 GiB, the most it can say.
std::uint32_t field(std::uint64_t value) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(value, UINT32_MAX));
}

// The canonical 44-byte header: RIFF, "fmt " (PCM), "data". Sizes are worked out in 64 bits
// (a high rate times the channels and bytes overflows an int) and saturate in their fields.
void header(unsigned char out[kHeaderBytes], int rate, int channels, std::uint64_t data_bytes) {
  const std::uint64_t rate64 = rate > 0 ? static_cast<std::uint64_t>(rate) : 0;
  const std::uint64_t frame_bytes = channels > 0 ? static_cast<std::uint64_t>(channels) * 2 : 0;
  const std::uint32_t data = field(std::min<std::uint64_t>(data_bytes, UINT32_MAX - 36));
  std::memcpy(out, "RIFF", 4);
  put_u32(out + 4, 36 + data);
  std::memcpy(out + 8, "WAVEfmt ", 8);
  put_u32(out + 16, 16);
  put_u16(out + 20, 1);  // PCM
  put_u16(out + 22, static_cast<std::uint16_t>(std::min<std::uint64_t>(frame_bytes / 2, 0xFFFF)));
  put_u32(out + 24, field(rate64));
  put_u32(out + 28, field(rate64 * frame_bytes));
  put_u16(out + 32, static_cast<std::uint16_t>(std::min<std::uint64_t>(frame_bytes, 0xFFFF)));
  put_u16(out + 34, 16);
  std::memcpy(out + 36, "data", 4);
  put_u32(out + 40, data);
}

}  // namespace

void WavWriter::begin(std::FILE* file, int rate, int channels) {
  file_ = file;
  rate_ = rate;
  channels_ = channels;
  samples_ = 0;
  unsigned char bytes[kHeaderBytes];
  header(bytes, rate, channels, 0);
  std::fwrite(bytes, 1, sizeof bytes, file_);
}

void WavWriter::write(std::span<const std::int16_t> samples) {
  if (file_ == nullptr || samples.empty()) return;
  std::fwrite(samples.data(), sizeof(std::int16_t), samples.size(), file_);
  samples_ += samples.size();
}

void WavWriter::end() {
  if (file_ == nullptr) return;
  const std::uint64_t data = samples_ * sizeof(std::int16_t);
  unsigned char bytes[kHeaderBytes];
  header(bytes, rate_, channels_, data);
  if (std::fseek(file_, 0, SEEK_SET) == 0) std::fwrite(bytes, 1, sizeof bytes, file_);
  std::fseek(file_, 0, SEEK_END);
  file_ = nullptr;
}

}  // namespace flatline::audio
