// libFuzzer target for the recording reader: any bytes, read through fmemopen as a file of
// that size. A read either fails with one error naming the file and the byte, or gives a
// header within the command line's limits and finite ticks that survive a round trip:
// encoded again, they read back the same; a finished one cut inside its end mark gives the
// same ticks. Build and run: scripts/fuzz.sh [seconds].
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/replay_format.hpp"

namespace {

using flatline::TickInput;
using flatline::app::ReplayHeader;
using flatline::app::ReplayReadNote;

const std::string kName = "fuzz.flrp";

[[noreturn]] void fail(const char* what, int line) {
  std::fprintf(stderr, "replay_fuzz: invariant broken at line %d: %s\n", line, what);
  std::abort();
}
#define CHECK(cond) \
  if (!(cond)) fail(#cond, __LINE__)

struct ReadResult {
  bool ok = false;
  ReplayHeader header;
  std::vector<TickInput> inputs;
  ReplayReadNote note;
  std::string error;
};

// fmemopen needs a non-null buffer even for an empty file.
ReadResult read_bytes(const std::uint8_t* data, std::size_t size) {
  static std::uint8_t empty = 0;
  ReadResult r;
  std::FILE* file = fmemopen(size > 0 ? const_cast<std::uint8_t*>(data) : &empty, size, "rb");
  CHECK(file != nullptr);
  r.ok = flatline::app::read_replay_from(file, size, kName, r.header, r.inputs, r.note, r.error);
  std::fclose(file);
  return r;
}

bool same_tick(const TickInput& a, const TickInput& b) {
  unsigned char ea[flatline::app::kReplayTickBytes];
  unsigned char eb[flatline::app::kReplayTickBytes];
  flatline::app::encode_tick(a, ea);
  flatline::app::encode_tick(b, eb);
  return std::memcmp(ea, eb, sizeof ea) == 0;  // bit for bit: -0.0f is not 0.0f here
}

bool same_header(const ReplayHeader& a, const ReplayHeader& b) {
  return a.seed == b.seed && std::memcmp(&a.tick_hz, &b.tick_hz, sizeof a.tick_hz) == 0 &&
         a.bullet_capacity == b.bullet_capacity && a.bullet_policy == b.bullet_policy &&
         a.block_ticks == b.block_ticks && a.level == b.level;
}

void check_accepted(const ReadResult& r, std::size_t size) {
  using namespace flatline::app;
  CHECK(r.error.empty());
  CHECK(!r.inputs.empty());
  CHECK(r.header.tick_hz >= kMinTickHz && r.header.tick_hz <= kMaxTickHz);
  CHECK(r.header.bullet_capacity >= 1 && r.header.bullet_capacity <= kMaxPoolSize);
  CHECK(static_cast<int>(r.header.bullet_policy) >= 0 &&
        static_cast<int>(r.header.bullet_policy) <= 2);
  CHECK(r.header.block_ticks >= 1 && r.header.block_ticks <= kMaxBlockTicks);
  // The ticks came out of the file: never more than its bytes can hold.
  CHECK(r.inputs.size() <= (size - kReplayHeaderBytes) / kReplayTickBytes);
  CHECK(!r.note.finished || r.note.ignored_bytes == 0);
  for (const TickInput& t : r.inputs) {
    CHECK(std::isfinite(t.move_forward) && std::isfinite(t.move_right));
    CHECK(std::isfinite(t.look_yaw) && std::isfinite(t.look_pitch));
    CHECK(std::fabs(t.move_forward) <= 1.0f && std::fabs(t.move_right) <= 1.0f);
  }
}

// What the recorder would write for this header and these ticks: blocks of block_ticks, the
// last one shorter, then the end mark, each checksum continuing the chain.
std::vector<std::uint8_t> encode(const ReplayHeader& header, const std::vector<TickInput>& inputs) {
  using namespace flatline::app;
  std::vector<std::uint8_t> out(kReplayHeaderBytes);
  std::uint32_t chain = encode_header(header, out.data());
  std::vector<unsigned char> ticks(header.block_ticks * kReplayTickBytes);
  std::vector<unsigned char> framed(ticks.size() + 8);
  for (std::size_t first = 0; first < inputs.size(); first += header.block_ticks) {
    const std::size_t count = std::min<std::size_t>(header.block_ticks, inputs.size() - first);
    for (std::size_t i = 0; i < count; ++i)
      encode_tick(inputs[first + i], ticks.data() + i * kReplayTickBytes);
    const std::size_t n =
        frame_block(ticks.data(), static_cast<std::uint32_t>(count), framed.data(), chain);
    out.insert(out.end(), framed.begin(), framed.begin() + static_cast<std::ptrdiff_t>(n));
  }
  unsigned char end[kReplayEndBytes];
  encode_end(inputs.size(), chain, end);
  out.insert(out.end(), end, end + kReplayEndBytes);
  return out;
}

// Checksums stop almost every mutation at the first block. A second read of each input
// with every checksum made right again (the chain followed from the header) reaches the
// checks behind them: header ranges, tick values, the end mark's total, trailing bytes.
std::vector<std::uint8_t> with_checksums_repaired(const std::uint8_t* data, std::size_t size) {
  using namespace flatline::app;
  constexpr std::size_t kHeaderCrcAt = kReplayHeaderBytes - 8;
  std::vector<std::uint8_t> b(data, data + size);
  if (size < kReplayHeaderBytes) return b;
  std::uint32_t chain = 0;
  auto put_crc = [&](std::size_t at, std::size_t from, std::uint32_t seed) {
    chain = crc32(b.data() + from, at - from, seed);
    std::memcpy(b.data() + at, &chain, 4);
  };
  put_crc(kHeaderCrcAt, 0, 0);
  std::uint32_t block_ticks = 0;
  std::memcpy(&block_ticks, b.data() + 36, 4);
  for (std::size_t at = kReplayHeaderBytes; at + 4 <= size;) {
    std::uint32_t count = 0;
    std::memcpy(&count, b.data() + at, 4);
    if (count == 0) {  // the end mark
      if (at + kReplayEndBytes <= size) put_crc(at + 12, at, chain);
      break;
    }
    if (count > block_ticks || count > kMaxBlockTicks) break;
    const std::size_t crc_at = at + 4 + std::size_t{count} * kReplayTickBytes;
    if (crc_at + 4 > size) break;
    put_crc(crc_at, at, chain);
    at = crc_at + 4;
  }
  return b;
}

void check_one(const std::uint8_t* data, std::size_t size) {
  const ReadResult r = read_bytes(data, size);
  if (!r.ok) {  // one line naming the file and where it went wrong
    CHECK(r.error.find("'" + kName + "'") != std::string::npos);
    CHECK(r.error.find("at byte ") != std::string::npos);
    CHECK(r.error.find('\n') == std::string::npos);
    return;
  }
  check_accepted(r, size);

  // Round trip: the same header and ticks, written afresh, read back unchanged and finished.
  const std::vector<std::uint8_t> again = encode(r.header, r.inputs);
  const ReadResult back = read_bytes(again.data(), again.size());
  CHECK(back.ok);
  CHECK(back.note.finished && back.note.ignored_bytes == 0);
  CHECK(same_header(back.header, r.header));
  CHECK(back.inputs.size() == r.inputs.size());
  for (std::size_t i = 0; i < r.inputs.size(); ++i)
    CHECK(same_tick(back.inputs[i], r.inputs[i]));

  // A finished recording cut inside its end mark (a kill as it was written) still plays
  // every tick, unfinished, the cut mark's bytes ignored.
  if (r.note.finished) {
    using flatline::app::kReplayEndBytes;
    for (const std::size_t kept : {std::size_t{1}, kReplayEndBytes - 1}) {
      const ReadResult cut = read_bytes(data, size - kReplayEndBytes + kept);
      CHECK(cut.ok && !cut.note.finished);
      CHECK(cut.inputs.size() == r.inputs.size());
      CHECK(cut.note.ignored_bytes == kept);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_one(data, size);
  const std::vector<std::uint8_t> repaired = with_checksums_repaired(data, size);
  if (size > 0 && std::memcmp(repaired.data(), data, size) != 0) check_one(repaired.data(), size);
  return 0;
}
