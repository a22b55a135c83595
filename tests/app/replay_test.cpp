#include "app/replay.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>

#include "app/settings_from.hpp"
#include "sim/autopilot.hpp"

namespace flatline::app {
namespace {

const std::filesystem::path kDir =
    std::filesystem::temp_directory_path() /
    ("flatline_replay_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side

std::string path_of(const char* name) {
  std::filesystem::create_directories(kDir);
  return (kDir / name).string();
}

// Records `ticks` ticks of autofire and returns the final state hash.
std::uint64_t record(const std::string& path, int ticks, std::uint64_t seed) {
  Options o;
  o.seed = seed;
  o.record_path = path;
  ReplayWriter writer;
  std::string error;
  EXPECT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
  auto world = std::make_unique<World>(world_config_from(o));
  for (int i = 0; i < ticks; ++i) {
    const TickInput input = autofire_input(*world, 60.0);
    writer.write(input);
    step(*world, input, 1.0f / 60.0f);
  }
  EXPECT_TRUE(writer.finish(error)) << error;
  return state_hash(*world);
}

TEST(Replay, ATickRoundTripsThroughItsBytes) {
  TickInput in;
  in.move_forward = -0.5f;
  in.move_right = 1.0f;
  in.look_yaw = 0.0123f;
  in.look_pitch = -0.25f;
  in.sprint = true;
  in.fire_held = true;
  in.fire_presses = 2;
  in.scatter_presses = 1;
  in.jump_presses = 3;
  unsigned char bytes[kReplayTickBytes];
  encode_tick(in, bytes);
  const TickInput out = decode_tick(bytes);
  EXPECT_EQ(out.move_forward, in.move_forward);
  EXPECT_EQ(out.look_yaw, in.look_yaw);
  EXPECT_EQ(out.look_pitch, in.look_pitch);
  EXPECT_TRUE(out.sprint && out.fire_held);
  EXPECT_FALSE(out.throw_held);
  EXPECT_EQ(out.fire_presses, 2);
  EXPECT_EQ(out.jump_presses, 3);
}

TEST(Replay, TheThrowKeyRoundTripsThroughItsFlags) {
  TickInput in;
  in.throw_held = true;
  unsigned char bytes[kReplayTickBytes];
  encode_tick(in, bytes);
  const TickInput out = decode_tick(bytes);
  EXPECT_TRUE(out.throw_held);
  EXPECT_FALSE(out.fire_held || out.sprint);
}

TEST(Replay, PlayingARecordingBackReachesTheSameStateHash) {
  const std::string path = path_of("session.flrp");
  const std::uint64_t recorded = record(path, 1200, 77);
  Options o;
  o.replay_path = path;
  std::vector<TickInput> inputs;
  std::string error;
  ASSERT_TRUE(apply_replay(o, builtin_level(), inputs, error)) << error;
  EXPECT_EQ(o.seed, 77u);
  ASSERT_EQ(inputs.size(), 1200u);
  auto world = std::make_unique<World>(world_config_from(o));
  for (const TickInput& input : inputs)
    step(*world, input, 1.0f / 60.0f);
  EXPECT_EQ(state_hash(*world), recorded);
}

// Reads `path`; the error (empty if the read succeeded) and what the read noted.
struct Read {
  bool ok = false;
  std::string error;
  ReplayReadNote note;
  std::vector<TickInput> inputs;
};
Read read(const std::string& path) {
  Read r;
  ReplayHeader header;
  r.ok = read_replay(path, header, r.inputs, r.note, r.error);
  return r;
}

std::vector<char> bytes_of(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}
void write_bytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream(path, std::ios::binary)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}
bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Replay, AFinishedRecordingReadsWholeWithItsEndMark) {
  const std::string path = path_of("finished.flrp");
  record(path, 600, 3);
  const Read r = read(path);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.note.finished);
  EXPECT_EQ(r.inputs.size(), 600u);
  // 600 ticks at 256 per block: blocks of 256, 256 and 88 ticks, then the end mark.
  EXPECT_EQ(bytes_of(path).size(), kReplayHeaderBytes + 3 * 8 + 600 * kReplayTickBytes + 16);
}

TEST(Replay, AFlippedCapacityByteNamesTheFileAndTheField) {
  const std::string path = path_of("capacity.flrp");
  record(path, 100, 1);
  std::vector<char> bytes = bytes_of(path);
  bytes[28] = static_cast<char>(bytes[28] ^ 0x01);  // capacity becomes 2^32 + 4096
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, path) && has(r.error, "bullet_capacity") && has(r.error, "at byte 24"))
      << r.error;
}

TEST(Replay, EveryHeaderBitFlipIsCaught) {
  const std::string path = path_of("header_bits.flrp");
  record(path, 10, 1);
  const std::vector<char> clean = bytes_of(path);
  for (std::size_t byte = 0; byte < kReplayHeaderBytes; ++byte) {
    for (int bit = 0; bit < 8; ++bit) {
      std::vector<char> bytes = clean;
      bytes[byte] = static_cast<char>(bytes[byte] ^ (1 << bit));
      write_bytes(path, bytes);
      const Read r = read(path);
      EXPECT_FALSE(r.ok) << "byte " << byte << " bit " << bit << " went unnoticed";
    }
  }
}

TEST(Replay, ACorruptTickIsReportedWithTheBlockWhereItStarts) {
  const std::string path = path_of("payload.flrp");
  record(path, 600, 1);
  std::vector<char> bytes = bytes_of(path);
  // Tick 300 lies in the second block (ticks 256..511): its look_yaw's lowest byte.
  const std::size_t second_block = kReplayHeaderBytes + 8 + 256 * kReplayTickBytes;
  bytes[second_block + 4 + 44 * kReplayTickBytes + 8] ^= 0x01;
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, "block at tick 256 fails its checksum") &&
              has(r.error, "at byte " + std::to_string(second_block)))
      << r.error;
}

TEST(Replay, AKilledRecordingGivesBackEveryCompleteBlock) {
  const std::string path = path_of("killed.flrp");
  record(path, 2000, 1);  // 7 full blocks, then 208 ticks
  const std::vector<char> whole = bytes_of(path);
  const std::size_t block = 8 + 256 * kReplayTickBytes;
  // Cut at every place a kill could leave the file: inside each block, and at its end.
  for (std::size_t blocks = 1; blocks <= 3; ++blocks) {
    for (std::size_t extra : {std::size_t{0}, std::size_t{3}, std::size_t{4}, block - 1}) {
      const std::size_t size = kReplayHeaderBytes + blocks * block + extra;
      write_bytes(path, std::vector<char>(whole.begin(), whole.begin() + static_cast<long>(size)));
      const Read r = read(path);
      ASSERT_TRUE(r.ok) << r.error;
      EXPECT_FALSE(r.note.finished);
      EXPECT_EQ(r.inputs.size(), blocks * 256) << "cut at " << size;
      EXPECT_EQ(r.note.ignored_bytes, extra);
    }
  }
}

TEST(Replay, AFileWithNoCompleteBlockIsAClearError) {
  const std::string path = path_of("empty.flrp");
  record(path, 1000, 1);
  std::vector<char> bytes = bytes_of(path);
  bytes.resize(kReplayHeaderBytes + 100);
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, path) && has(r.error, "no complete block")) << r.error;
}

// A run that ends before its first tick still finishes its recording: an end mark after
// no block. Replaying it would play nothing and exit 0, so it is refused by name.
TEST(Replay, AFinishedRecordingOfNoTicksIsAClearError) {
  const std::string path = path_of("no_ticks.flrp");
  record(path, 0, 1);
  ASSERT_EQ(bytes_of(path).size(), kReplayHeaderBytes + kReplayEndBytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.inputs.empty());
  EXPECT_TRUE(has(r.error, path) && has(r.error, "holds no ticks") &&
              has(r.error, "at byte " + std::to_string(kReplayHeaderBytes)))
      << r.error;
}

TEST(Replay, BytesAfterTheEndMarkAreReported) {
  const std::string path = path_of("trailing.flrp");
  record(path, 100, 1);
  std::vector<char> bytes = bytes_of(path);
  bytes.insert(bytes.end(), {'x', 'y', 'z'});
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, "3 bytes after the end of the recording")) << r.error;
}

TEST(Replay, NonFiniteAndOutOfRangeInputsAreRefused) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const std::pair<TickInput, const char*> bad[] = {
      {TickInput{nan, 0, 0, 0}, "non-finite"},
      {TickInput{0, 0, inf, 0}, "non-finite"},
      {TickInput{2.0f, 0, 0, 0}, "stick past"},
  };
  for (const auto& [input, why] : bad) {
    const std::string path = path_of("nonfinite.flrp");
    Options o;
    o.record_path = path;
    ReplayWriter writer;
    std::string error;
    ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
    for (int i = 0; i < 10; ++i)
      writer.write(i == 7 ? input : TickInput{});
    ASSERT_TRUE(writer.finish(error)) << error;
    const Read r = read(path);
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(has(r.error, "tick 7: ") && has(r.error, why)) << r.error;
  }
}

TEST(Replay, AnOlderVersionAndAForeignFileAreRefusedByName) {
  const std::string path = path_of("old.flrp");
  record(path, 10, 1);
  std::vector<char> bytes = bytes_of(path);
  bytes[4] = 1;  // version 1
  write_bytes(path, bytes);
  Read r = read(path);
  EXPECT_TRUE(!r.ok && has(r.error, "version 1, an older format")) << r.error;
  std::ofstream(path) << std::string(100, 'x');
  r = read(path);
  EXPECT_TRUE(!r.ok && has(r.error, "at byte 0") && has(r.error, "no FLRP mark")) << r.error;
}

TEST(Replay, AShortHeaderAndAMissingFileAreClearErrors) {
  const std::string path = path_of("short.flrp");
  std::ofstream(path) << "FLRP";
  Read r = read(path);
  EXPECT_TRUE(!r.ok && has(r.error, "at byte 4")) << r.error;
  r = read(path_of("missing.flrp"));
  EXPECT_TRUE(!r.ok && has(r.error, "cannot read replay")) << r.error;
}

TEST(Replay, Crc32MatchesTheStandardCheckValue) {
  const unsigned char text[] = "123456789";
  EXPECT_EQ(crc32(text, 9), 0xCBF43926u);  // the CRC-32/ISO-HDLC check value
  EXPECT_EQ(crc32(text + 4, 5, crc32(text, 4)), 0xCBF43926u);
}

}  // namespace
}  // namespace flatline::app
