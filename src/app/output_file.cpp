#include "app/output_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace flatline::app {
namespace {

constexpr std::size_t kMaxNameBytes = 255;  // NAME_MAX of ext4, xfs, btrfs, tmpfs, if unsaid
constexpr char kTempSuffix[] = ".tmp-XXXXXX";

JournalLock* g_held = nullptr;  // the process's journal lock (main's --record), if any

bool is_regular_or_missing(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode);
}

std::string failed(const char* what, const std::string& path, int err) {
  return std::string("cannot ") + what + " '" + path + "': " + std::strerror(err);
}

int errno_or_eio() {
  return errno != 0 ? errno : EIO;
}

// The journal opened as it is, created if missing (`created`), and locked for this process
// alone. -1 with `error` set if it cannot be opened or another process holds the lock.
int open_locked(const std::string& path, bool& created, std::string& error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  created = fd >= 0;
  if (fd < 0 && errno == EEXIST) fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    error = failed("write", path, errno);
    return -1;
  }
  // One writer per journal: two runs writing one recording would interleave their blocks.
  // A device or a pipe (/dev/null, /dev/stdout) is not a file to splice: not locked.
  struct stat st {};
  const bool regular = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (regular && ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
    error = "cannot record to '" + path +
            "': another run is recording to it (a recording has one writer)";
    ::close(fd);  // never removed here: the run holding the lock may have created it
    return -1;
  }
  return fd;
}

}  // namespace

int make_temp_beside(const std::string& path, std::string& temp) {
  const std::filesystem::path p(path);
  const std::string folder = p.parent_path().empty() ? "." : p.parent_path().string();
  const long limit = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  const std::size_t max_name = limit > 0 ? static_cast<std::size_t>(limit) : kMaxNameBytes;
  std::string name = p.filename().string();
  if (name.size() > max_name) {  // the rename at the end would fail: fail now
    errno = ENAMETOOLONG;
    return -1;
  }
  const std::size_t room = max_name - std::min(max_name, sizeof kTempSuffix - 1);
  if (name.size() > room) name.resize(room);
  std::string full = (p.parent_path() / (name + kTempSuffix)).string();
  std::vector<char> buffer(full.begin(), full.end());
  buffer.push_back('\0');
  const int fd = ::mkstemp(buffer.data());
  if (fd < 0) return -1;
  temp = buffer.data();
  ::fchmod(fd, 0644);  // mkstemp makes it 0600; an output is as readable as any file
  return fd;
}

OutputFile::~OutputFile() {
  if (created_ && !started_) ::unlink(path_.c_str());  // a journal no run wrote: as before
  if (file_ != nullptr) std::fclose(file_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

bool OutputFile::open(const std::string& path, std::string& error, Mode mode) {
  path_ = path;
  if (mode == Mode::Journal) {
    const int held = JournalLock::held_fd(path);
    const int fd = held >= 0 ? ::dup(held) : open_locked(path, created_, error);
    if (fd < 0 && held >= 0) error = failed("write", path, errno);
    file_ = fd < 0 ? nullptr : ::fdopen(fd, "wb");  // fdopen truncates nothing
    if (fd >= 0 && file_ == nullptr) {
      error = failed("write", path, errno);
      ::close(fd);
    }
    return file_ != nullptr;
  }
  if (!is_regular_or_missing(path)) {  // a device or a pipe: written in place
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) error = failed("write", path, errno);
    return file_ != nullptr;
  }
  const int fd = make_temp_beside(path, temp_);  // a sibling: rename stays in one directory
  if (fd < 0) {
    error = failed("write", path, errno);
    return false;
  }
  file_ = ::fdopen(fd, "wb");
  if (file_ == nullptr) {
    error = failed("write", path, errno);
    ::close(fd);
  }
  return file_ != nullptr;
}

void OutputFile::start_journal() {
  if (file_ == nullptr || started_) return;
  started_ = true;
  const int fd = ::fileno(file_);
  struct stat st {};
  // Not emptied, the old bytes would trail the new recording: commit reports it.
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::ftruncate(fd, 0) != 0) failed_ = errno;
}

bool OutputFile::commit(std::string& error) {
  if (file_ == nullptr) return true;
  // The first failure wins: a write that failed already (its errno, usually ENOSPC), then
  // the flush, the close, the rename.
  int err = failed_ != 0 ? failed_ : std::ferror(file_) != 0 ? errno_or_eio() : 0;
  if (err == 0 && std::fflush(file_) != 0) err = errno_or_eio();
  if (std::fclose(file_) != 0 && err == 0) err = errno_or_eio();
  file_ = nullptr;
  if (err == 0 && !temp_.empty() && std::rename(temp_.c_str(), path_.c_str()) != 0) err = errno;
  if (err != 0) {
    error = failed("write", path_, err);
    return false;
  }
  temp_.clear();  // renamed: nothing left to remove
  return true;
}

JournalLock::~JournalLock() {
  if (fd_ < 0) return;
  // Created here and still empty: no run started, so the path is left as it was (absent).
  struct stat mine {
  }, now{};
  if (created_ && ::fstat(fd_, &mine) == 0 && mine.st_size == 0 &&
      ::stat(path_.c_str(), &now) == 0 && now.st_dev == mine.st_dev && now.st_ino == mine.st_ino)
    ::unlink(path_.c_str());
  ::close(fd_);
  if (g_held == this) g_held = nullptr;
}

bool JournalLock::acquire(const std::string& path, std::string& error) {
  if (g_held != nullptr) {
    error = "cannot record to '" + path + "': this process already holds a recording";
    return false;
  }
  fd_ = open_locked(path, created_, error);
  if (fd_ < 0) return false;
  path_ = path;
  g_held = this;
  return true;
}

int JournalLock::held_fd(const std::string& path) {
  return g_held != nullptr && g_held->path_ == path ? g_held->fd_ : -1;
}

}  // namespace flatline::app
