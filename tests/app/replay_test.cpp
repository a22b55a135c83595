#include "app/replay.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "sim/autopilot.hpp"

namespace flatline::app {
namespace {

const std::filesystem::path kDir = std::filesystem::temp_directory_path() / "flatline_replay_test";

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
  EXPECT_TRUE(start_recording(o, writer, error)) << error;
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
  EXPECT_EQ(out.fire_presses, 2);
  EXPECT_EQ(out.jump_presses, 3);
}

TEST(Replay, PlayingARecordingBackReachesTheSameStateHash) {
  const std::string path = path_of("session.flrp");
  const std::uint64_t recorded = record(path, 1200, 77);
  Options o;
  o.replay_path = path;
  std::vector<TickInput> inputs;
  std::string error;
  ASSERT_TRUE(apply_replay(o, inputs, error)) << error;
  EXPECT_EQ(o.seed, 77u);
  ASSERT_EQ(inputs.size(), 1200u);
  auto world = std::make_unique<World>(world_config_from(o));
  for (const TickInput& input : inputs)
    step(*world, input, 1.0f / 60.0f);
  EXPECT_EQ(state_hash(*world), recorded);
}

TEST(Replay, ATruncatedFileNamesTheFileAndTheByteOffset) {
  const std::string path = path_of("truncated.flrp");
  record(path, 100, 1);
  std::filesystem::resize_file(path, kReplayHeaderBytes + 50 * kReplayTickBytes + 7);
  ReplayHeader header;
  std::vector<TickInput> inputs;
  std::string error;
  EXPECT_FALSE(read_replay(path, header, inputs, error));
  EXPECT_NE(error.find(path), std::string::npos) << error;
  EXPECT_NE(error.find("at byte " + std::to_string(kReplayHeaderBytes + 50 * kReplayTickBytes + 7)),
            std::string::npos)
      << error;
}

TEST(Replay, AFileThatIsNotARecordingIsRefusedAtByteZero) {
  const std::string path = path_of("not_a_replay.flrp");
  std::ofstream(path) << std::string(100, 'x');
  ReplayHeader header;
  std::vector<TickInput> inputs;
  std::string error;
  EXPECT_FALSE(read_replay(path, header, inputs, error));
  EXPECT_NE(error.find("at byte 0"), std::string::npos) << error;
}

TEST(Replay, AShortHeaderAndAMissingFileAreClearErrors) {
  const std::string path = path_of("short.flrp");
  std::ofstream(path) << "FLRP";
  ReplayHeader header;
  std::vector<TickInput> inputs;
  std::string error;
  EXPECT_FALSE(read_replay(path, header, inputs, error));
  EXPECT_NE(error.find("at byte 4"), std::string::npos) << error;
  EXPECT_FALSE(read_replay(path_of("missing.flrp"), header, inputs, error));
  EXPECT_NE(error.find("cannot read replay"), std::string::npos) << error;
}

TEST(Replay, CorruptInputFlagsAreCaughtWhereTheyAre) {
  const std::string path = path_of("flags.flrp");
  record(path, 10, 1);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(kReplayHeaderBytes + 3 * kReplayTickBytes + 16));
    f.put(static_cast<char>(0xF0));
  }
  ReplayHeader header;
  std::vector<TickInput> inputs;
  std::string error;
  EXPECT_FALSE(read_replay(path, header, inputs, error));
  EXPECT_NE(error.find("at byte " + std::to_string(kReplayHeaderBytes + 3 * kReplayTickBytes + 16)),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace flatline::app
