#include "app/replay.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cinttypes>
#include <cstring>

#include "app/error_line.hpp"
#include "app/settings_from.hpp"

namespace flatline::app {
namespace {

// FNV-1a, 64 bits (Fowler, Noll, Vo): each byte of a value, as this machine stores it.
struct Fnv1a {
  std::uint64_t hash = 0xcbf29ce484222325u;
  template <class T>
  void add(const T& value) {
    unsigned char bytes[sizeof value];
    std::memcpy(bytes, &value, sizeof value);
    for (const unsigned char b : bytes)
      hash = (hash ^ b) * 0x100000001b3u;
  }
};

std::string hex(std::uint64_t value) {
  char text[20];
  std::snprintf(text, sizeof text, "%016" PRIx64, value);
  return text;
}

}  // namespace

std::uint64_t level_fingerprint(const ArenaLayout& layout) {
  Fnv1a f;
  f.add(static_cast<std::uint64_t>(layout.solids.size()));
  for (const Aabb& box : layout.solids) {
    for (int axis = 0; axis < 3; ++axis)
      f.add(box.min[axis]);
    for (int axis = 0; axis < 3; ++axis)
      f.add(box.max[axis]);
  }
  f.add(static_cast<std::uint64_t>(layout.triangles.size()));  // what the level collides with
  for (const Triangle& tri : layout.triangles) {
    for (const glm::vec3& v : {tri.a, tri.b, tri.c})
      for (int axis = 0; axis < 3; ++axis)
        f.add(v[axis]);
  }
  f.add(static_cast<std::int32_t>(layout.floor));
  f.add(static_cast<std::int32_t>(layout.thin_wall));
  f.add(layout.half_extent);
  return f.hash;
}

LevelId builtin_level() {
  return {level_fingerprint(builtin_arena_layout()), "the built-in arena"};
}

bool ReplayWriter::open(const std::string& path, const ReplayHeader& header, std::string& error) {
  if (!out_.open(path, error, OutputFile::Mode::Journal)) return false;
  block_ticks_ = header.block_ticks;
  ticks_.resize(block_ticks_ * kReplayTickBytes);
  framed_.resize(ticks_.size() + 8);
  chain_ = encode_header(header, header_);
  return true;
}

// Only now is the old file replaced: a run that fails before its first frame leaves it be.
void ReplayWriter::start() {
  if (started_ || !is_open()) return;
  started_ = true;
  out_.start_journal();
  std::fwrite(header_, 1, sizeof header_, out_.get());
  std::fflush(out_.get());
}

void ReplayWriter::write(const TickInput& input) {
  if (!started_) start();
  encode_tick(input, ticks_.data() + in_block_ * kReplayTickBytes);
  ++total_;
  if (++in_block_ == block_ticks_) flush_block();
}

// A complete block goes to the file now: a kill from here on cannot take it.
void ReplayWriter::flush_block() {
  if (in_block_ == 0) return;
  const std::size_t n = frame_block(ticks_.data(), in_block_, framed_.data(), chain_);
  std::fwrite(framed_.data(), 1, n, out_.get());
  std::fflush(out_.get());
  in_block_ = 0;
}

bool ReplayWriter::finish(std::string& error) {
  if (!is_open()) return true;
  start();
  flush_block();
  unsigned char end[kReplayEndBytes];
  encode_end(total_, chain_, end);
  std::fwrite(end, 1, sizeof end, out_.get());
  return out_.commit(error);
}

bool read_replay(const std::string& path, ReplayHeader& header, std::vector<TickInput>& inputs,
                 ReplayReadNote& note, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  struct stat st {};
  if (f == nullptr || ::fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    error = "cannot read replay '" + path +
            "': " + (f == nullptr ? std::strerror(errno) : "not a regular file");
    if (f != nullptr) std::fclose(f);
    return false;
  }
  const bool ok =
      read_replay_from(f, static_cast<std::size_t>(st.st_size), path, header, inputs, note, error);
  std::fclose(f);
  return ok;
}

bool apply_replay(Options& o, const LevelId& level, std::vector<TickInput>& inputs,
                  std::string& error) {
  ReplayHeader header;
  ReplayReadNote note;
  if (!read_replay(o.replay_path, header, inputs, note, error)) return false;
  if (header.level != level.fingerprint) {
    error = "replay '" + o.replay_path + "' was recorded on another level (fingerprint " +
            hex(header.level) + "), not on " + level.named + " (fingerprint " +
            hex(level.fingerprint) + "): it would play differently";
    return false;
  }
  if (!note.finished)
    print_error("replay '" + o.replay_path +
                "' has no end mark (the recording run was cut short): playing the " +
                std::to_string(inputs.size()) + " ticks of its complete blocks, " +
                std::to_string(note.ignored_bytes) + " bytes after them ignored");
  o.seed = header.seed;
  o.tick_hz = header.tick_hz;
  o.pool_size = static_cast<std::size_t>(header.bullet_capacity);
  o.overflow = header.bullet_policy;
  o.autofire = false;  // the recording is the input
  const auto ticks = static_cast<std::int64_t>(inputs.size());
  if (o.frames < 0 || o.frames > ticks) o.frames = ticks;
  return true;
}

bool start_recording(const Options& o, const LevelId& level, ReplayWriter& writer,
                     std::string& error) {
  if (o.record_path.empty()) return true;
  const WorldConfig config = world_config_from(o);
  ReplayHeader header;
  header.seed = config.seed;
  header.tick_hz = o.tick_hz;
  header.bullet_capacity = config.pools[kBullets].capacity;
  header.bullet_policy = config.pools[kBullets].policy;
  header.level = level.fingerprint;
  return writer.open(o.record_path, header, error);
}

}  // namespace flatline::app
