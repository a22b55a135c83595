// Recording and replaying a run: the seed, the settings that shape the world, and
// one TickInput per tick. Because step() reads nothing else, playing the inputs
// back reproduces the run bit for bit, and the state hashes prove it.
// The file format, checksummed block by block, is in app/replay_format.hpp.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/output_file.hpp"
#include "app/replay_format.hpp"
#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// Writes a recording tick by tick into a block made at open; each full block is framed with
// its checksum and flushed, so a killed run leaves every complete block on disk. Nothing is
// allocated per tick.
class ReplayWriter {
 public:
  ReplayWriter() = default;
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;

  bool open(const std::string& path, const ReplayHeader& header, std::string& error);
  void write(const TickInput& input);
  // Writes the last block and the end mark and closes the file: false with `error` naming
  // the file if any write failed. The file is written in place (a journal: what a kill
  // leaves must be readable), so a failed recording keeps its complete blocks.
  bool finish(std::string& error);
  bool is_open() const { return out_.get() != nullptr; }

 private:
  void flush_block();

  OutputFile out_;
  std::vector<unsigned char> ticks_;   // the block being filled: block_ticks x 20 bytes
  std::vector<unsigned char> framed_;  // the same block with its count and checksum
  std::uint32_t block_ticks_ = 0;
  std::uint32_t in_block_ = 0;
  std::uint64_t total_ = 0;
};

// Reads a whole recording. A missing, corrupt or truncated file is an error that names the
// file and the byte offset where it went wrong; an unfinished one (a killed run) gives its
// complete blocks, and `note` says so.
bool read_replay(const std::string& path, ReplayHeader& header, std::vector<TickInput>& inputs,
                 ReplayReadNote& note, std::string& error);

// --replay: reads the recording and makes its seed and settings the run's own. An unfinished
// recording plays its complete blocks, with one line on stderr saying how many ticks.
bool apply_replay(Options& options, std::vector<TickInput>& inputs, std::string& error);
// --record: opens the recording with the run's settings in its header.
bool start_recording(const Options& options, ReplayWriter& writer, std::string& error);

}  // namespace flatline::app
