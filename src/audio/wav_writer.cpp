#include "audio/wav_writer.hpp"

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

// The canonical 44-byte header: RIFF, "fmt " (PCM), "data".
void header(unsigned char out[kHeaderBytes], int rate, int channels, std::uint32_t data_bytes) {
  std::memcpy(out, "RIFF", 4);
  put_u32(out + 4, 36 + data_bytes);
  std::memcpy(out + 8, "WAVEfmt ", 8);
  put_u32(out + 16, 16);
  put_u16(out + 20, 1);  // PCM
  put_u16(out + 22, static_cast<std::uint16_t>(channels));
  put_u32(out + 24, static_cast<std::uint32_t>(rate));
  put_u32(out + 28, static_cast<std::uint32_t>(rate * channels * 2));
  put_u16(out + 32, static_cast<std::uint16_t>(channels * 2));
  put_u16(out + 34, 16);
  std::memcpy(out + 36, "data", 4);
  put_u32(out + 40, data_bytes);
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
  const auto data = static_cast<std::uint32_t>(samples_ * sizeof(std::int16_t));
  unsigned char bytes[kHeaderBytes];
  header(bytes, rate_, channels_, data);
  if (std::fseek(file_, 0, SEEK_SET) == 0) std::fwrite(bytes, 1, sizeof bytes, file_);
  std::fseek(file_, 0, SEEK_END);
  file_ = nullptr;
}

}  // namespace flatline::audio
