#include "app/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <utility>
#include <vector>

namespace flatline::app {
namespace {

bool is_regular_or_missing(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

std::string failed(const char* what, const std::string& path, int err) {
  return std::string("cannot ") + what + " '" + path + "': " + std::strerror(err);
}

std::string directory_of(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

}  // namespace

OutputFile::~OutputFile() {
  if (file_ != nullptr) std::fclose(file_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

bool OutputFile::open(const std::string& path, std::string& error, Mode mode) {
  path_ = path;
  if (mode == Mode::Journal || !is_regular_or_missing(path)) {  // written in place
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) error = failed("write", path, errno);
    return file_ != nullptr;
  }
  std::vector<char> name(path.begin(), path.end());  // a sibling: rename stays in one directory
  for (const char c : std::string(".tmp-XXXXXX"))
    name.push_back(c);
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    error = failed("write", path, errno);
    return false;
  }
  temp_ = name.data();
  ::fchmod(fd, 0644);  // mkstemp makes it 0600; an output is as readable as any file
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    error = failed("write", path, errno);
    ::close(fd);
  }
  return file_ != nullptr;
}

bool OutputFile::commit(std::string& error) {
  if (file_ == nullptr) return true;
  // The first failure wins: a write that failed already (its errno, usually ENOSPC), then
  // the flush, the close, the rename.
  int err = std::ferror(file_) != 0 ? (errno != 0 ? errno : EIO) : 0;
  if (err == 0 && std::fflush(file_) != 0) err = errno != 0 ? errno : EIO;
  if (std::fclose(file_) != 0 && err == 0) err = errno != 0 ? errno : EIO;
  file_ = nullptr;
  if (err == 0 && !temp_.empty() && std::rename(temp_.c_str(), path_.c_str()) != 0) err = errno;
  if (err != 0) {
    error = failed("write", path_, err);
    return false;
  }
  temp_.clear();  // renamed: nothing left to remove
  return true;
}

std::string check_output_path(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return failed("write", path, EISDIR);
    if (::access(path.c_str(), W_OK) != 0) return failed("write", path, errno);
    return {};
  }
  if (::access(directory_of(path).c_str(), W_OK | X_OK) != 0) return failed("write", path, errno);
  return {};
}

std::string check_outputs(const Options& o) {
  const std::pair<const char*, const std::string*> outputs[] = {
      {"--stats", &o.stats_path},
      {"--screenshot", &o.screenshot_path},
      {"--record", &o.record_path},
      {"--audio-out", &o.audio_out_path}};
  for (std::size_t i = 0; i < std::size(outputs); ++i) {
    const auto& [flag, path] = outputs[i];
    if (path->empty()) continue;
    if (!o.replay_path.empty() && same_file(*path, o.replay_path))
      return std::string(flag) + " '" + *path + "' is the --replay input: it would be overwritten";
    for (std::size_t j = 0; j < i; ++j) {
      if (!outputs[j].second->empty() && same_file(*path, *outputs[j].second))
        return std::string(flag) + " and " + outputs[j].first + " name the same file '" + *path +
               "'";
    }
    if (std::string why = check_output_path(*path); !why.empty()) return why;
  }
  return {};
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  std::error_code ec_a, ec_b;
  const auto ca = std::filesystem::weakly_canonical(a, ec_a);
  const auto cb = std::filesystem::weakly_canonical(b, ec_b);
  return !ec_a && !ec_b && ca == cb;
}

}  // namespace flatline::app
