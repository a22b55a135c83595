// The bytes of a recording (.flrp), version 4: a file that checks itself.
//
//   header, 56 bytes:  "FLRP" | u32 version | u64 seed | f64 tick_hz | u64 bullet_capacity |
//                      u8 bullet_policy | u8[3] zero | u32 block_ticks | u64 level |
//                      u32 crc | u32 zero
//   blocks:            u32 n (1..block_ticks) | n x 20-byte TickInput | u32 crc
//   end mark:          u32 0 | u64 total ticks | u32 crc
//
// Little-endian, as this machine writes. `level` is the fingerprint of the level the run was
// recorded on (app/replay.hpp). The header's crc is CRC-32 over the bytes before it. The crcs
// are a chain: each block's and the end mark's is CRC-32 over its own bytes before the crc,
// continued from the crc before it (the header's for the first block), so a block is only
// good in its place, after the blocks it was written after: two runs writing one file, or
// blocks spliced from another recording, fail the check where they meet. The file is
// append-only and flushed block by block, so a run killed while recording leaves every
// complete block readable: the reader recovers them and says so, wherever after the last
// complete block the file was cut (inside a block or inside the end mark). A recording with
// a whole end mark is finished; any byte after it is an error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "pool/pool_stats.hpp"
#include "sim/input.hpp"

namespace flatline::app {

struct ReplayHeader {
  std::uint64_t seed = 1;
  double tick_hz = 60.0;
  std::uint64_t bullet_capacity = 0;
  OverflowPolicy bullet_policy = OverflowPolicy::Drop;
  std::uint32_t block_ticks = 256;  // ticks per checksummed block: a kill loses at most these
  std::uint64_t level = 0;          // the level's fingerprint (level_fingerprint in replay.hpp)
};

inline constexpr std::uint32_t kReplayVersion = 4;
inline constexpr std::size_t kReplayHeaderBytes = 56;
inline constexpr std::size_t kReplayTickBytes = 20;
inline constexpr std::uint32_t kMaxBlockTicks = 65536;

// What a read found beside the ticks: whether the recording was finished, and if not,
// where the last complete block ends (the run was killed or the disk filled).
struct ReplayReadNote {
  bool finished = false;
  std::size_t ignored_bytes = 0;  // an unfinished file: the bytes after its last complete block
};

// CRC-32 (IEEE 802.3, the polynomial of zip and PNG), continuing from `crc` (0 to start).
std::uint32_t crc32(const unsigned char* data, std::size_t size, std::uint32_t crc = 0);

// The header's bytes; returns its crc, the first link of the chain.
std::uint32_t encode_header(const ReplayHeader& header, unsigned char out[kReplayHeaderBytes]);
void encode_tick(const TickInput& input, unsigned char out[kReplayTickBytes]);
TickInput decode_tick(const unsigned char in[kReplayTickBytes]);
// A block of `count` encoded ticks framed with its count and crc, the crc continued from
// `chain` (the crc before it); returns its size in bytes and sets `chain` to its own crc.
std::size_t frame_block(const unsigned char* ticks, std::uint32_t count, unsigned char* out,
                        std::uint32_t& chain);
// The end mark after `total` ticks, its crc continued from `chain`; writes 16 bytes.
inline constexpr std::size_t kReplayEndBytes = 16;
void encode_end(std::uint64_t total, std::uint32_t chain, unsigned char out[kReplayEndBytes]);

// Reads a recording of `size` bytes from `file` (a file, or memory through fmemopen). Every
// header field is checked against the command line's own limits, and the file's size bounds
// what is reserved, before any tick is read. False with `error` naming `name`, the byte
// offset, and the field or the tick where the file went wrong.
bool read_replay_from(std::FILE* file, std::size_t size, const std::string& name,
                      ReplayHeader& header, std::vector<TickInput>& inputs, ReplayReadNote& note,
                      std::string& error);

}  // namespace flatline::app
