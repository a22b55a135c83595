// Tests for src/audio/sounds.hpp: the committed sounds load; a missing, corrupt or stereo
// file is one error that names it.
#include "audio/sounds.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace flatline::audio {
namespace {

const std::string kSounds = std::string(FLATLINE_ASSET_DIR) + "/sounds/";
const std::filesystem::path kDir =
    std::filesystem::temp_directory_path() /
    ("flatline_sounds_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Sounds, EveryCommittedSoundLoadsAsMono48k) {
  for (const char* name : kSoundFiles) {
    SoundData data;
    std::string error;
    ASSERT_TRUE(load_sound_file(kSounds + name, data, error)) << error;
    EXPECT_EQ(data.rate, 48000) << name;
    EXPECT_GT(data.samples.size(), 1000u) << name;
  }
}

TEST(Sounds, AMissingFileIsAnErrorNamingIt) {
  SoundData data;
  std::string error;
  EXPECT_FALSE(load_sound_file(kSounds + "nope.wav", data, error));
  EXPECT_TRUE(has(error, "nope.wav")) << error;
}

TEST(Sounds, ACorruptFileIsAnErrorNamingIt) {
  std::filesystem::create_directories(kDir);
  const std::string path = (kDir / "corrupt.wav").string();
  std::ofstream(path) << "RIFF....WAVEfmt this is not a sound";
  SoundData data;
  std::string error;
  EXPECT_FALSE(load_sound_file(path, data, error));
  EXPECT_TRUE(has(error, path)) << error;
}

TEST(Sounds, AStereoFileIsRefusedItCannotBePlaced) {
  std::filesystem::create_directories(kDir);
  const std::string path = (kDir / "stereo.wav").string();
  // A minimal 16-bit stereo WAV of 4 frames.
  const unsigned char wav[] = {'R',  'I',  'F', 'F', 52, 0,    0, 0, 'W', 'A', 'V', 'E',
                               'f',  'm',  't', ' ', 16, 0,    0, 0, 1,   0,   2,   0,
                               0x80, 0xBB, 0,   0,   0,  0xEE, 2, 0, 4,   0,   16,  0,
                               'd',  'a',  't', 'a', 16, 0,    0, 0, 1,   0,   2,   0,
                               3,    0,    4,   0,   5,  0,    6, 0, 7,   0,   8,   0};
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(wav), sizeof wav);
  SoundData data;
  std::string error;
  EXPECT_FALSE(load_sound_file(path, data, error));
  EXPECT_TRUE(has(error, path) && has(error, "mono")) << error;
}

// A rate of 3e8 Hz: ten seconds of it is past an int (the length check once overflowed), and
// no game sound has it. Refused by name, with the rate.
TEST(Sounds, AnAbsurdRateIsRefusedNamingIt) {
  std::filesystem::create_directories(kDir);
  const std::string path = (kDir / "fast.wav").string();
  const std::uint32_t rate = 300'000'000;
  unsigned char wav[52] = {'R', 'I', 'F', 'F', 44, 0, 0, 0, 'W', 'A', 'V', 'E', 'f',
                           'm', 't', ' ', 16,  0,  0, 0, 1, 0,   1,   0,   0,   0,
                           0,   0,   0,   0,   0,  0, 2, 0, 16,  0,   'd', 'a', 't',
                           'a', 8,   0,   0,   0,  1, 0, 2, 0,   3,   0};
  std::memcpy(wav + 24, &rate, 4);
  const std::uint32_t byte_rate = rate * 2;
  std::memcpy(wav + 28, &byte_rate, 4);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(wav), sizeof wav);
  SoundData data;
  std::string error;
  EXPECT_FALSE(load_sound_file(path, data, error));
  EXPECT_TRUE(has(error, path) && has(error, "300000000 Hz")) << error;
}

}  // namespace
}  // namespace flatline::audio
