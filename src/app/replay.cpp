#include "app/replay.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace flatline::app {
namespace {

constexpr char kMagic[4] = {'F', 'L', 'R', 'P'};
constexpr std::uint32_t kVersion = 1;

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

void encode_header(const ReplayHeader& h, unsigned char out[kReplayHeaderBytes]) {
  std::memset(out, 0, kReplayHeaderBytes);
  unsigned char* p = out;
  std::memcpy(p, kMagic, 4);
  p += 4;
  put(p, kVersion);
  put(p, h.seed);
  put(p, h.tick_hz);
  put(p, h.bullet_capacity);
  put(p, static_cast<std::uint8_t>(h.bullet_policy));
  p += 7;
  put(p, h.ticks);
}

}  // namespace

void encode_tick(const TickInput& in, unsigned char out[kReplayTickBytes]) {
  unsigned char* p = out;
  put(p, in.move_forward);
  put(p, in.move_right);
  put(p, in.look_yaw);
  put(p, in.look_pitch);
  put(p, static_cast<std::uint8_t>((in.sprint ? 1 : 0) | (in.fire_held ? 2 : 0)));
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
  t.fire_presses = get<std::uint8_t>(p);
  t.scatter_presses = get<std::uint8_t>(p);
  t.jump_presses = get<std::uint8_t>(p);
  return t;
}

ReplayWriter::~ReplayWriter() = default;

bool ReplayWriter::open(const std::string& path, const ReplayHeader& header, std::string& error) {
  if (!out_.open(path, error)) return false;
  file_ = out_.get();
  buffer_.resize(1 << 16);  // the stdio buffer, set up now rather than on the first write
  std::setvbuf(file_, buffer_.data(), _IOFBF, buffer_.size());
  unsigned char bytes[kReplayHeaderBytes];
  encode_header(header, bytes);
  std::fwrite(bytes, 1, sizeof bytes, file_);
  return true;
}

void ReplayWriter::write(const TickInput& input) {
  unsigned char bytes[kReplayTickBytes];
  encode_tick(input, bytes);
  std::fwrite(bytes, 1, sizeof bytes, file_);
  ++ticks_;
}

bool ReplayWriter::finish(std::string& error) {
  if (file_ == nullptr) return true;
  // The tick count sits at the end of the header.
  // A device written in place (/dev/null) cannot seek: the flush and close still tell.
  if (std::fseek(file_, static_cast<long>(kReplayHeaderBytes - 8), SEEK_SET) == 0)
    std::fwrite(&ticks_, sizeof ticks_, 1, file_);
  file_ = nullptr;
  return out_.commit(error);
}

bool read_replay(const std::string& path, ReplayHeader& header, std::vector<TickInput>& inputs,
                 std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    error = "cannot read replay '" + path + "': " + std::strerror(errno);
    return false;
  }
  auto fail = [&](std::size_t offset, const std::string& what) {
    error = "replay '" + path + "' is corrupt at byte " + std::to_string(offset) + ": " + what;
    std::fclose(f);
    return false;
  };
  unsigned char bytes[kReplayHeaderBytes];
  const std::size_t got = std::fread(bytes, 1, sizeof bytes, f);
  if (got < sizeof bytes)
    return fail(got, "the header is cut short (" + std::to_string(got) + " of 48 bytes)");
  if (std::memcmp(bytes, kMagic, 4) != 0) return fail(0, "not a Flatline replay (no FLRP mark)");
  const unsigned char* p = bytes + 4;
  if (const auto version = get<std::uint32_t>(p); version != kVersion)
    return fail(4, "version " + std::to_string(version) + ", this build reads version 1");
  header.seed = get<std::uint64_t>(p);
  header.tick_hz = get<double>(p);
  if (!(header.tick_hz >= 10.0 && header.tick_hz <= 1000.0))
    return fail(16, "tick rate out of range");
  header.bullet_capacity = get<std::uint64_t>(p);
  const auto policy = get<std::uint8_t>(p);
  if (policy > 2) return fail(32, "unknown overflow policy " + std::to_string(policy));
  header.bullet_policy = static_cast<OverflowPolicy>(policy);
  p += 7;
  header.ticks = get<std::uint64_t>(p);
  inputs.clear();
  inputs.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(header.ticks, 1u << 24)));
  unsigned char tick[kReplayTickBytes];
  for (std::uint64_t i = 0; i < header.ticks; ++i) {
    const std::size_t offset = kReplayHeaderBytes + static_cast<std::size_t>(i) * kReplayTickBytes;
    const std::size_t n = std::fread(tick, 1, sizeof tick, f);
    if (n < sizeof tick)
      return fail(offset + n, "truncated: tick " + std::to_string(i) + " of " +
                                  std::to_string(header.ticks) + " is missing");
    if ((tick[16] & ~3u) != 0) return fail(offset + 16, "bad input flags");
    inputs.push_back(decode_tick(tick));
  }
  std::fclose(f);
  return true;
}

bool apply_replay(Options& o, std::vector<TickInput>& inputs, std::string& error) {
  ReplayHeader header;
  if (!read_replay(o.replay_path, header, inputs, error)) return false;
  o.seed = header.seed;
  o.tick_hz = header.tick_hz;
  o.pool_size = static_cast<std::size_t>(header.bullet_capacity);
  o.overflow = header.bullet_policy;
  o.autofire = false;  // the recording is the input
  const auto ticks = static_cast<std::int64_t>(inputs.size());
  if (o.frames < 0 || o.frames > ticks) o.frames = ticks;
  return true;
}

bool start_recording(const Options& o, ReplayWriter& writer, std::string& error) {
  if (o.record_path.empty()) return true;
  const WorldConfig config = world_config_from(o);
  ReplayHeader header;
  header.seed = config.seed;
  header.tick_hz = o.tick_hz;
  header.bullet_capacity = config.bullet_capacity;
  header.bullet_policy = config.bullet_policy;
  return writer.open(o.record_path, header, error);
}

}  // namespace flatline::app
