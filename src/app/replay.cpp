#include "app/replay.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace flatline::app {

bool ReplayWriter::open(const std::string& path, const ReplayHeader& header, std::string& error) {
  if (!out_.open(path, error, OutputFile::Mode::Journal)) return false;
  block_ticks_ = header.block_ticks;
  ticks_.resize(block_ticks_ * kReplayTickBytes);
  framed_.resize(ticks_.size() + 8);
  unsigned char bytes[kReplayHeaderBytes];
  encode_header(header, bytes);
  std::fwrite(bytes, 1, sizeof bytes, out_.get());
  std::fflush(out_.get());
  return true;
}

void ReplayWriter::write(const TickInput& input) {
  encode_tick(input, ticks_.data() + in_block_ * kReplayTickBytes);
  ++total_;
  if (++in_block_ == block_ticks_) flush_block();
}

// A complete block goes to the file now: a kill from here on cannot take it.
void ReplayWriter::flush_block() {
  if (in_block_ == 0) return;
  const std::size_t n = frame_block(ticks_.data(), in_block_, framed_.data());
  std::fwrite(framed_.data(), 1, n, out_.get());
  std::fflush(out_.get());
  in_block_ = 0;
}

bool ReplayWriter::finish(std::string& error) {
  if (!is_open()) return true;
  flush_block();
  unsigned char end[kReplayEndBytes];
  encode_end(total_, end);
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

bool apply_replay(Options& o, std::vector<TickInput>& inputs, std::string& error) {
  ReplayHeader header;
  ReplayReadNote note;
  if (!read_replay(o.replay_path, header, inputs, note, error)) return false;
  if (!note.finished)
    std::fprintf(stderr,
                 "flatline: replay '%s' has no end mark (the recording run was cut short): "
                 "playing the %zu ticks of its complete blocks, %zu bytes after them ignored\n",
                 o.replay_path.c_str(), inputs.size(), note.ignored_bytes);
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
