#include "app/replay_format.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "app/options.hpp"

namespace flatline::app {
namespace {

constexpr char kMagic[4] = {'F', 'L', 'R', 'P'};
constexpr std::size_t kHeaderCrcAt = 48;  // the header's crc covers the bytes before it

template <class T>
void put(unsigned char*& p, const T& value) {
  std::memcpy(p, &value, sizeof value);
  p += sizeof value;
}
template <class T>
T get(const unsigned char*& p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  p += sizeof value;
  return value;
}
template <class T>
T get_at(const unsigned char* bytes, std::size_t at) {
  const unsigned char* p = bytes + at;
  return get<T>(p);
}

constexpr std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1u) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr std::array<std::uint32_t, 256> kCrcTable = make_crc_table();

// One reading pass: the file, its size, where we are, and how an error is worded.
struct Reader {
  std::FILE* file;
  std::size_t size;
  const std::string& name;
  std::string& error;
  std::size_t at = 0;

  bool fail(std::size_t offset, const std::string& what) {
    error = "replay '" + name + "' is corrupt at byte " + std::to_string(offset) + ": " + what;
    return false;
  }
  std::size_t left() const { return size - at; }
  bool read(unsigned char* out, std::size_t n) {
    if (std::fread(out, 1, n, file) != n) return fail(at, "the file could not be read");
    at += n;
    return true;
  }
};

std::string shortest(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

bool check_header(Reader& r, const unsigned char* b, ReplayHeader& h) {
  if (std::memcmp(b, kMagic, 4) != 0) return r.fail(0, "not a Flatline replay (no FLRP mark)");
  const auto version = get_at<std::uint32_t>(b, 4);
  if (version == 1)
    return r.fail(4, "version 1, an older format without checksums: record it again");
  if (version == 2)
    return r.fail(4,
                  "version 2, an older format without the level's fingerprint and chained "
                  "checksums: record it again");
  if (version == 3)
    return r.fail(4, "version 3, an older format without the throw key: record it again");
  if (version != kReplayVersion)
    return r.fail(4, "version " + std::to_string(version) + ", this build reads version " +
                         std::to_string(kReplayVersion));
  h.seed = get_at<std::uint64_t>(b, 8);
  h.tick_hz = get_at<double>(b, 16);
  if (!(h.tick_hz >= kMinTickHz && h.tick_hz <= kMaxTickHz))
    return r.fail(16, "tick_hz " + shortest(h.tick_hz) + " is outside 10..1000");
  h.bullet_capacity = get_at<std::uint64_t>(b, 24);
  if (h.bullet_capacity < 1 || h.bullet_capacity > kMaxPoolSize)
    return r.fail(
        24, "bullet_capacity " + std::to_string(h.bullet_capacity) + " is outside 1..10000000");
  const auto policy = b[32];
  if (policy > 2) return r.fail(32, "bullet_policy " + std::to_string(policy) + " is unknown");
  h.bullet_policy = static_cast<OverflowPolicy>(policy);
  if (b[33] != 0 || b[34] != 0 || b[35] != 0) return r.fail(33, "reserved bytes are not zero");
  h.block_ticks = get_at<std::uint32_t>(b, 36);
  if (h.block_ticks < 1 || h.block_ticks > kMaxBlockTicks)
    return r.fail(36, "block_ticks " + std::to_string(h.block_ticks) + " is outside 1..65536");
  h.level = get_at<std::uint64_t>(b, 40);
  if (get_at<std::uint32_t>(b, kHeaderCrcAt) != crc32(b, kHeaderCrcAt))
    return r.fail(kHeaderCrcAt, "the header fails its checksum (a field was changed)");
  if (get_at<std::uint32_t>(b, kHeaderCrcAt + 4) != 0)
    return r.fail(kHeaderCrcAt + 4, "reserved bytes are not zero");
  return true;
}

// One tick's input as the simulation may take it: finite, sticks within -1..1, known flags.
bool check_tick(Reader& r, const unsigned char* bytes, std::size_t offset, std::uint64_t tick,
                TickInput& out) {
  if ((bytes[16] & ~7u) != 0)
    return r.fail(offset + 16, "tick " + std::to_string(tick) + ": unknown input flags");
  out = decode_tick(bytes);
  const bool finite = std::isfinite(out.move_forward) && std::isfinite(out.move_right) &&
                      std::isfinite(out.look_yaw) && std::isfinite(out.look_pitch);
  if (!finite) return r.fail(offset, "tick " + std::to_string(tick) + ": a non-finite input");
  if (std::fabs(out.move_forward) > 1.0f || std::fabs(out.move_right) > 1.0f)
    return r.fail(offset, "tick " + std::to_string(tick) + ": a stick past -1..1");
  return true;
}

// The end mark, once its 4 zero bytes are read: its crc continues the chain, its total must
// match the ticks read, and nothing may follow it. A mark cut short is a cut like any other:
// `cut` is set and the blocks before it stand.
bool read_end(Reader& r, std::uint64_t ticks, std::uint32_t chain, const unsigned char zero[4],
              bool& cut) {
  const std::size_t mark_at = r.at - 4;
  cut = r.left() < kReplayEndBytes - 4;
  if (cut) return true;
  unsigned char mark[kReplayEndBytes];
  std::memcpy(mark, zero, 4);
  if (!r.read(mark + 4, kReplayEndBytes - 4)) return false;
  if (get_at<std::uint32_t>(mark, 12) != crc32(mark, 12, chain))
    return r.fail(mark_at, "the end mark fails its checksum");
  if (const auto total = get_at<std::uint64_t>(mark, 4); total != ticks)
    return r.fail(mark_at + 4, "the end mark says " + std::to_string(total) +
                                   " ticks, the blocks hold " + std::to_string(ticks));
  if (r.left() > 0)
    return r.fail(r.at, std::to_string(r.left()) + " bytes after the end of the recording");
  return true;
}

}  // namespace

std::uint32_t crc32(const unsigned char* data, std::size_t size, std::uint32_t crc) {
  crc = ~crc;
  for (std::size_t i = 0; i < size; ++i)
    crc = kCrcTable[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
  return ~crc;
}

std::uint32_t encode_header(const ReplayHeader& h, unsigned char out[kReplayHeaderBytes]) {
  std::memset(out, 0, kReplayHeaderBytes);
  unsigned char* p = out;
  std::memcpy(p, kMagic, 4);
  p += 4;
  put(p, kReplayVersion);
  put(p, h.seed);
  put(p, h.tick_hz);
  put(p, h.bullet_capacity);
  put(p, static_cast<std::uint8_t>(h.bullet_policy));
  p += 3;
  put(p, h.block_ticks);
  put(p, h.level);
  const std::uint32_t crc = crc32(out, kHeaderCrcAt);
  put(p, crc);
  return crc;
}

void encode_tick(const TickInput& in, unsigned char out[kReplayTickBytes]) {
  unsigned char* p = out;
  put(p, in.move_forward);
  put(p, in.move_right);
  put(p, in.look_yaw);
  put(p, in.look_pitch);
  put(p, static_cast<std::uint8_t>((in.sprint ? 1 : 0) | (in.fire_held ? 2 : 0) |
                                   (in.throw_held ? 4 : 0)));
  put(p, in.fire_presses);
  put(p, in.scatter_presses);
  put(p, in.jump_presses);
}

TickInput decode_tick(const unsigned char in[kReplayTickBytes]) {
  const unsigned char* p = in;
  TickInput t;
  t.move_forward = get<float>(p);
  t.move_right = get<float>(p);
  t.look_yaw = get<float>(p);
  t.look_pitch = get<float>(p);
  const auto flags = get<std::uint8_t>(p);
  t.sprint = (flags & 1) != 0;
  t.fire_held = (flags & 2) != 0;
  t.throw_held = (flags & 4) != 0;
  t.fire_presses = get<std::uint8_t>(p);
  t.scatter_presses = get<std::uint8_t>(p);
  t.jump_presses = get<std::uint8_t>(p);
  return t;
}

std::size_t frame_block(const unsigned char* ticks, std::uint32_t count, unsigned char* out,
                        std::uint32_t& chain) {
  unsigned char* p = out;
  put(p, count);
  const std::size_t payload = count * kReplayTickBytes;
  std::memmove(p, ticks, payload);
  p += payload;
  chain = crc32(out, 4 + payload, chain);  // the chain: this block follows the one before
  put(p, chain);
  return 8 + payload;
}

void encode_end(std::uint64_t total, std::uint32_t chain, unsigned char out[kReplayEndBytes]) {
  unsigned char* p = out;
  put(p, std::uint32_t{0});
  put(p, total);
  put(p, crc32(out, 12, chain));
}

bool read_replay_from(std::FILE* file, std::size_t size, const std::string& name,
                      ReplayHeader& header, std::vector<TickInput>& inputs, ReplayReadNote& note,
                      std::string& error) {
  Reader r{file, size, name, error};
  note = ReplayReadNote{};
  inputs.clear();
  unsigned char head[kReplayHeaderBytes];
  if (size < kReplayHeaderBytes)
    return r.fail(size, "the header is cut short (" + std::to_string(size) + " of " +
                            std::to_string(kReplayHeaderBytes) + " bytes)");
  if (!r.read(head, sizeof head) || !check_header(r, head, header)) return false;
  std::uint32_t chain = get_at<std::uint32_t>(head, kHeaderCrcAt);
  inputs.reserve((size - kReplayHeaderBytes) / kReplayTickBytes);  // bounded by the file
  // A block's room, no larger than what the file holds (a tiny file may claim big blocks).
  std::vector<unsigned char> block(
      std::min<std::size_t>(header.block_ticks * kReplayTickBytes + 4, size - kReplayHeaderBytes));
  std::size_t last_good = r.at;  // where the last complete block ends
  while (r.left() >= 4) {
    const std::size_t block_at = r.at;
    unsigned char count_bytes[4];
    if (!r.read(count_bytes, 4)) return false;
    const auto count = get_at<std::uint32_t>(count_bytes, 0);
    if (count == 0) {  // the end mark: a finished recording, which must hold a tick
      bool cut = false;
      if (!read_end(r, inputs.size(), chain, count_bytes, cut)) return false;
      if (cut) break;  // cut inside the end mark: the blocks before it stand
      if (inputs.empty()) return r.fail(block_at, "the recording holds no ticks");
      return note.finished = true;
    }
    const std::string where = "the block at tick " + std::to_string(inputs.size());
    if (count > header.block_ticks)
      return r.fail(block_at, where + " claims " + std::to_string(count) + " ticks");
    if (r.left() < count * kReplayTickBytes + 4) break;  // cut short: the run ended here
    if (!r.read(block.data(), count * kReplayTickBytes + 4)) return false;
    chain = crc32(count_bytes, 4, chain);
    chain = crc32(block.data(), count * kReplayTickBytes, chain);
    if (get_at<std::uint32_t>(block.data(), count * kReplayTickBytes) != chain)
      return r.fail(block_at, where + " fails its checksum (changed, or not in its place)");
    for (std::uint32_t i = 0; i < count; ++i) {
      TickInput input;
      const std::size_t offset = block_at + 4 + i * kReplayTickBytes;
      if (!check_tick(r, block.data() + i * kReplayTickBytes, offset, inputs.size(), input))
        return false;
      inputs.push_back(input);
    }
    last_good = r.at;
  }
  note.ignored_bytes = size - last_good;  // no whole end mark: the recording stopped mid-run
  if (inputs.empty())
    return r.fail(last_good, "no complete block of ticks (the recording was cut short)");
  return true;
}

}  // namespace flatline::app
