// Tests for src/audio/wav_writer.hpp: the header's sizes are worked out in 64 bits, so any
// rate gives a header (a field too small for its value says the most it can), never an
// overflow.
#include "audio/wav_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace flatline::audio {
namespace {

struct Header {
  std::uint32_t riff = 0, rate = 0, byte_rate = 0, data = 0;
  std::uint16_t channels = 0, block_align = 0;
};

Header write_and_read(int rate, int channels, int samples) {
  std::FILE* f = std::tmpfile();
  EXPECT_NE(f, nullptr);
  WavWriter wav;
  wav.begin(f, rate, channels);
  const std::int16_t zeros[8] = {};
  wav.write(std::span<const std::int16_t>(zeros, static_cast<std::size_t>(samples)));
  wav.end();
  unsigned char bytes[44] = {};
  std::rewind(f);
  EXPECT_EQ(std::fread(bytes, 1, sizeof bytes, f), sizeof bytes);
  std::fclose(f);
  Header h;
  std::memcpy(&h.riff, bytes + 4, 4);
  std::memcpy(&h.channels, bytes + 22, 2);
  std::memcpy(&h.rate, bytes + 24, 4);
  std::memcpy(&h.byte_rate, bytes + 28, 4);
  std::memcpy(&h.block_align, bytes + 32, 2);
  std::memcpy(&h.data, bytes + 40, 4);
  return h;
}

TEST(WavWriter, TheHeaderSaysTheRateAndSizes) {
  const Header h = write_and_read(48000, 2, 8);
  EXPECT_EQ(h.rate, 48000u);
  EXPECT_EQ(h.channels, 2u);
  EXPECT_EQ(h.byte_rate, 48000u * 4);
  EXPECT_EQ(h.block_align, 4u);
  EXPECT_EQ(h.data, 16u);
  EXPECT_EQ(h.riff, 36u + 16);
}

// 2e9 Hz stereo: 8e9 bytes a second, past an int and past the 32-bit field.
TEST(WavWriter, ARateTooHighForTheFieldSaturatesInsteadOfOverflowing) {
  const Header h = write_and_read(2'000'000'000, 2, 8);
  EXPECT_EQ(h.rate, 2'000'000'000u);
  EXPECT_EQ(h.byte_rate, UINT32_MAX);
  EXPECT_EQ(h.data, 16u);
}

}  // namespace
}  // namespace flatline::audio
