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
#include "sim/arena.hpp"
#include "sim/input.hpp"
#include "sim/world.hpp"

namespace flatline::app {

// The level's fingerprint, kept in a recording's header: FNV-1a (Fowler, Noll, Vo), 64 bits,
// over the collider layout (each solid's corners, the floor, the thin wall, the half extent),
// float bits as they are. The layout is all the simulation reads from the level (the World's
// arena): meshes, materials and textures are only drawn, so a level re-textured replays the
// same and keeps its fingerprint, while a moved box, which changes every hash from the first
// shot that meets it, changes the fingerprint too.
std::uint64_t level_fingerprint(const ArenaLayout& layout);

// Writes a recording tick by tick into a block made at open; each full block is framed with
// its checksum and flushed, so a killed run leaves every complete block on disk. Nothing is
// allocated per tick.
class ReplayWriter {
 public:
  ReplayWriter() = default;
  ReplayWriter(const ReplayWriter&) = delete;
  ReplayWriter& operator=(const ReplayWriter&) = delete;

  // Opens (and locks) the file without changing it: an existing recording stays as it was
  // until start(), and one this opened is removed again if the run never starts.
  bool open(const std::string& path, const ReplayHeader& header, std::string& error);
  // The run has started: the file is emptied and the header written. write() and finish()
  // start it themselves if need be.
  void start();
  void write(const TickInput& input);
  // Writes the last block and the end mark and closes the file: false with `error` naming
  // the file if any write failed. The file is written in place (a journal: what a kill
  // leaves must be readable), so a failed recording keeps its complete blocks.
  bool finish(std::string& error);
  bool is_open() const { return out_.get() != nullptr; }

 private:
  void flush_block();

  OutputFile out_;
  unsigned char header_[kReplayHeaderBytes] = {};
  bool started_ = false;
  std::uint32_t chain_ = 0;            // the crc of the last thing written: the next continues it
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

// The level a run plays on, as a recording names it: its fingerprint and its file.
struct LevelId {
  std::uint64_t fingerprint = 0;
  std::string named;  // how an error names it: the .gltf read, quoted
};
// The built-in layout's (WorldConfig's default arena): for runs with no level file.
LevelId builtin_level();

// --replay: reads the recording and makes its seed and settings the run's own. A recording
// made on another level is refused, naming both. An unfinished recording plays its complete
// blocks, with one line on stderr saying how many ticks.
bool apply_replay(Options& options, const LevelId& level, std::vector<TickInput>& inputs,
                  std::string& error);
// --record: opens the recording with the run's settings and level in its header.
bool start_recording(const Options& options, const LevelId& level, ReplayWriter& writer,
                     std::string& error);

}  // namespace flatline::app
