// Recording and replaying a run: the seed, the settings that shape the world, and
// one TickInput per tick. Because step() reads nothing else, playing the inputs
// back reproduces the run bit for bit, and the state hashes prove it.
//
// File layout (little-endian, as written by this machine):
//   "FLRP" | u32 version | u64 seed | f64 tick_hz | u64 bullet_capacity |
//   u8 bullet_policy | u8[7] reserved | u64 tick_count | tick_count x 20-byte TickInput
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/output_file.hpp"
#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline::app {

struct ReplayHeader {
  std::uint64_t seed = 1;
  double tick_hz = 60.0;
  std::uint64_t bullet_capacity = 0;
  OverflowPolicy bullet_policy = OverflowPolicy::Drop;
  std::uint64_t ticks = 0;
};

inline constexpr std::size_t kReplayHeaderBytes = 48;
inline constexpr std::size_t kReplayTickBytes = 20;

// Writes a recording tick by tick. Opened at load; each tick is one fwrite into
// a buffer that was set up at open, so recording allocates nothing per frame.
class ReplayWriter {
 public:
  ReplayWriter() = default;
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;
  ~ReplayWriter();

  bool open(const std::string& path, const ReplayHeader& header, std::string& error);
  void write(const TickInput& input);
  // Writes the final tick count into the header and puts the file in place (output_file.hpp):
  // false with `error` naming the file if any write failed. Not finished: no file is left.
  bool finish(std::string& error);
  bool is_open() const { return file_ != nullptr; }

 private:
  std::vector<char> buffer_;  // the stdio buffer: declared first, so it outlives the file
  OutputFile out_;
  std::FILE* file_ = nullptr;  // out_'s, while open
  std::uint64_t ticks_ = 0;
};

// Reads a whole recording. A missing, corrupt or truncated file is an error that
// names the file and the byte offset where it went wrong.
bool read_replay(const std::string& path, ReplayHeader& header, std::vector<TickInput>& inputs,
                 std::string& error);

// --replay: reads the recording and makes its seed and settings the run's own.
bool apply_replay(Options& options, std::vector<TickInput>& inputs, std::string& error);
// --record: opens the recording with the run's settings in its header.
bool start_recording(const Options& options, ReplayWriter& writer, std::string& error);

// The bytes of one tick, and back (exposed for tests).
void encode_tick(const TickInput& input, unsigned char out[kReplayTickBytes]);
TickInput decode_tick(const unsigned char in[kReplayTickBytes]);

}  // namespace flatline::app
