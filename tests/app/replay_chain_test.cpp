// Tests for the recording's chain of checksums and its level (app/replay_format.hpp,
// app/replay.hpp): a block is only good in its place, a cut anywhere after the last complete
// block plays those blocks, a recording names the level it was made on, and an existing
// recording is left as it was until a run starts writing it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/replay.hpp"

namespace flatline::app {
namespace {

const std::filesystem::path kDir =
    std::filesystem::temp_directory_path() /
    ("flatline_chain_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side
constexpr std::size_t kBlock = 8 + 256 * kReplayTickBytes;  // a full block's bytes

std::string path_of(const char* name) {
  std::filesystem::create_directories(kDir);
  return (kDir / name).string();
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

// `ticks` ticks of one input, recorded with the default settings on the built-in level.
void record_steady(const std::string& path, int ticks, float forward) {
  Options o;
  o.record_path = path;
  ReplayWriter writer;
  std::string error;
  ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
  TickInput input;
  input.move_forward = forward;
  for (int i = 0; i < ticks; ++i)
    writer.write(input);
  ASSERT_TRUE(writer.finish(error)) << error;
}

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

// Two runs with the same settings write the same header; their blocks, each whole, do not
// chain into each other: a file holding both fails where they meet.
TEST(ReplayChain, ABlockFromAnotherRecordingFailsWhereItIsSpliced) {
  const std::string a = path_of("a.flrp"), b = path_of("b.flrp"), spliced = path_of("ab.flrp");
  record_steady(a, 600, 0.0f);
  record_steady(b, 600, 0.5f);
  ASSERT_TRUE(read(a).ok && read(b).ok);
  const std::vector<char> ba = bytes_of(a), bb = bytes_of(b);
  ASSERT_TRUE(std::equal(ba.begin(), ba.begin() + kReplayHeaderBytes, bb.begin()));
  std::vector<char> mixed(ba.begin(), ba.begin() + kReplayHeaderBytes + kBlock);
  mixed.insert(mixed.end(), bb.begin() + kReplayHeaderBytes + kBlock, bb.end());
  write_bytes(spliced, mixed);
  const Read r = read(spliced);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, "block at tick 256 fails its checksum") &&
              has(r.error, "at byte " + std::to_string(kReplayHeaderBytes + kBlock)))
      << r.error;
}

TEST(ReplayChain, TwoBlocksSwappedFailAtTheFirst) {
  const std::string path = path_of("swapped.flrp");
  record_steady(path, 600, 0.25f);
  std::vector<char> bytes = bytes_of(path);
  const auto first = bytes.begin() + kReplayHeaderBytes;
  std::swap_ranges(first, first + kBlock, first + kBlock);  // identical ticks, swapped places
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, "block at tick 0 fails its checksum")) << r.error;
}

// A kill can land inside the end mark as well as inside a block: every tick before it plays.
TEST(ReplayChain, ACutInsideTheEndMarkPlaysEveryBlock) {
  const std::string path = path_of("cut_end.flrp");
  record_steady(path, 512, 0.0f);  // two full blocks, then the end mark
  const std::vector<char> whole = bytes_of(path);
  ASSERT_EQ(whole.size(), kReplayHeaderBytes + 2 * kBlock + kReplayEndBytes);
  for (std::size_t extra = 0; extra < kReplayEndBytes; ++extra) {
    const std::size_t size = kReplayHeaderBytes + 2 * kBlock + extra;
    write_bytes(path, std::vector<char>(whole.begin(), whole.begin() + static_cast<long>(size)));
    const Read r = read(path);
    ASSERT_TRUE(r.ok) << "cut " << extra << " bytes into the end mark: " << r.error;
    EXPECT_FALSE(r.note.finished);
    EXPECT_EQ(r.inputs.size(), 512u);
    EXPECT_EQ(r.note.ignored_bytes, extra);
  }
}

TEST(ReplayChain, AWholeEndMarkThatFailsItsChecksumIsAnError) {
  const std::string path = path_of("bad_end.flrp");
  record_steady(path, 300, 0.0f);
  std::vector<char> bytes = bytes_of(path);
  bytes[bytes.size() - 2] ^= 0x10;
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.error, "the end mark fails its checksum")) << r.error;
}

TEST(ReplayChain, AVersion2RecordingIsRefusedByName) {
  const std::string path = path_of("v2.flrp");
  record_steady(path, 10, 0.0f);
  std::vector<char> bytes = bytes_of(path);
  bytes[4] = 2;
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_TRUE(!r.ok && has(r.error, "at byte 4") && has(r.error, "version 2, an older format"))
      << r.error;
}

TEST(ReplayChain, AVersion3RecordingIsRefusedByName) {
  const std::string path = path_of("v3.flrp");
  record_steady(path, 10, 0.0f);
  std::vector<char> bytes = bytes_of(path);
  bytes[4] = 3;
  write_bytes(path, bytes);
  const Read r = read(path);
  EXPECT_TRUE(!r.ok && has(r.error, "at byte 4") && has(r.error, "version 3") &&
              has(r.error, "throw key"))
      << r.error;
  EXPECT_EQ(r.error.find('\n'), std::string::npos) << "one line";
}

TEST(ReplayLevel, TheFingerprintFollowsTheCollidersAndNothingElse) {
  const ArenaLayout layout = builtin_arena_layout();
  const std::uint64_t base = level_fingerprint(layout);
  EXPECT_EQ(level_fingerprint(ArenaLayout(layout)), base);
  ArenaLayout moved = layout;
  moved.solids.back().min.x += 0.01f;
  ArenaLayout floor = layout;
  floor.floor = layout.thin_wall;
  ArenaLayout bigger = layout;
  bigger.half_extent += 1.0f;
  ArenaLayout fewer = layout;
  fewer.solids.pop_back();
  for (const ArenaLayout* other : {&moved, &floor, &bigger, &fewer})
    EXPECT_NE(level_fingerprint(*other), base);
}

TEST(ReplayLevel, AReplayOnAnotherLevelIsRefusedNamingBoth) {
  const std::string path = path_of("level.flrp");
  record_steady(path, 300, 0.0f);
  ArenaLayout moved = builtin_arena_layout();
  moved.solids.front().max.y += 1.0f;
  const LevelId other{level_fingerprint(moved), "'other/arena.gltf'"};
  Options o;
  o.replay_path = path;
  std::vector<TickInput> inputs;
  std::string error;
  EXPECT_FALSE(apply_replay(o, other, inputs, error));
  char theirs[20], ours[20];
  std::snprintf(theirs, sizeof theirs, "%016llx",
                static_cast<unsigned long long>(builtin_level().fingerprint));
  std::snprintf(ours, sizeof ours, "%016llx", static_cast<unsigned long long>(other.fingerprint));
  EXPECT_TRUE(has(error, path) && has(error, "another level") && has(error, "'other/arena.gltf'") &&
              has(error, theirs) && has(error, ours))
      << error;
  o = Options{};
  o.replay_path = path;
  EXPECT_TRUE(apply_replay(o, builtin_level(), inputs, error)) << error;
}

// The file is opened (and locked) at load, but a run that never starts leaves it be.
TEST(ReplayWriter, AnExistingRecordingIsUntouchedUntilTheRunStarts) {
  const std::string path = path_of("kept.flrp");
  record_steady(path, 300, 0.5f);
  const std::vector<char> before = bytes_of(path);
  Options o;
  o.record_path = path;
  {
    ReplayWriter writer;
    std::string error;
    ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
    EXPECT_EQ(bytes_of(path), before);
  }
  EXPECT_EQ(bytes_of(path), before) << "a run that never started changed the recording";
  ReplayWriter writer;
  std::string error;
  ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
  writer.start();
  EXPECT_EQ(bytes_of(path).size(), kReplayHeaderBytes) << "the run started: a new recording";
}

TEST(ReplayWriter, ANewRecordingOfARunThatNeverStartsLeavesNoFile) {
  const std::string path = path_of("never.flrp");
  std::filesystem::remove(path);
  Options o;
  o.record_path = path;
  {
    ReplayWriter writer;
    std::string error;
    ASSERT_TRUE(start_recording(o, builtin_level(), writer, error)) << error;
    EXPECT_TRUE(std::filesystem::exists(path));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

// Two writers would interleave their blocks: the second is refused while the first holds it.
TEST(ReplayWriter, ASecondWriterIsRefused) {
  const std::string path = path_of("two.flrp");
  Options o;
  o.record_path = path;
  ReplayWriter first, second;
  std::string error;
  ASSERT_TRUE(start_recording(o, builtin_level(), first, error)) << error;
  o.record_path = (kDir / "." / "two.flrp").string();  // another name for the same file
  EXPECT_FALSE(start_recording(o, builtin_level(), second, error));
  EXPECT_TRUE(has(error, "another run is recording to it")) << error;
  ASSERT_TRUE(first.finish(error)) << error;
  ReplayWriter third;
  EXPECT_TRUE(start_recording(o, builtin_level(), third, error)) << "the lock ends with the run";
}

}  // namespace
}  // namespace flatline::app
