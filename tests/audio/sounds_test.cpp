// Tests for src/audio/sounds.hpp: the committed sounds load; a missing, corrupt or stereo
// file is one error that names it.
#include "audio/sounds.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace flatline::audio {
namespace {

const std::string kSounds = std::string(FLATLINE_ASSET_DIR) + "/sounds/";
const std::filesystem::path kDir = std::filesystem::temp_directory_path() / "flatline_sounds_test";

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

}  // namespace
}  // namespace flatline::audio
