// The game as a child process the test drives: its stdout is a pipe the test reads (or
// leaves unread, so that the run cannot end: its next write blocks), and each wait is for
// an event (a line, the pipe filling, a signal taken, the exit) with a generous ceiling,
// never for a fixed time. A busy machine only makes the waits longer.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace flatline::test {

// Far beyond any wait here on a loaded machine under ASan; a ceiling only ends a broken run.
constexpr std::chrono::seconds kCeiling{240};

class Child {
 public:
  // Starts `exe args...` with stdout on a pipe and stderr into err_path. The stop signals
  // start at their default action (whatever this test inherited), except `ignored`, which
  // the child inherits as ignored, as under nohup(1) or in a shell's background job.
  Child(const std::string& exe, const std::vector<std::string>& args, const std::string& err_path,
        int ignored = 0) {
    std::vector<std::string> words{exe};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words)
      argv.push_back(w.data());
    argv.push_back(nullptr);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return;
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    pid_ = ::fork();
    if (pid_ == 0) {  // the child: only async-signal-safe calls until exec
      for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        std::signal(signal, signal == ignored ? SIG_IGN : SIG_DFL);
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      ::dup2(fds[1], STDOUT_FILENO);
      if (err >= 0) ::dup2(err, STDERR_FILENO);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(fds[1]);
    if (err >= 0) ::close(err);
    out_ = fds[0];
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  ~Child() {
    if (pid_ > 0 && !reaped_) {  // a failed test: never leave a run behind
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) ::close(out_);
  }

  bool started() const { return pid_ > 0 && out_ >= 0; }
  pid_t pid() const { return pid_; }
  const std::string& output() const { return output_; }
  int pipe_capacity() const { return ::fcntl(out_, F_GETPIPE_SZ); }

  // Reads stdout until it holds `text`; false at the end of the output or the ceiling.
  bool read_until(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + kCeiling;
    while (output_.find(text) == std::string::npos)
      if (!read_some(deadline)) return false;
    return true;
  }

  // Leaves stdout unread until the pipe is full and the run is asleep in a write to it:
  // headless, the game sleeps nowhere else. It cannot end now: its summary must be written.
  bool wait_blocked_on_stdout() const {
    const int capacity = pipe_capacity();
    const int page = static_cast<int>(::sysconf(_SC_PAGESIZE));
    return poll_until([&] {
      int unread = 0;
      return ::ioctl(out_, FIONREAD, &unread) == 0 && unread + page >= capacity && state() == 'S';
    });
  }

  // Waits until `signal`, sent to the child, is no longer pending: it was taken (its handler
  // ran) or it ended the child. A second one sent after this is a second delivery.
  bool wait_taken(int signal) const {
    const unsigned long long bit = 1ull << (signal - 1);
    return poll_until([&] {
      const std::string shared = proc_field("ShdPnd:");
      const std::string own = proc_field("SigPnd:");
      if (shared.empty() || own.empty()) return true;  // gone: taken, and fatal
      return (std::stoull(shared, nullptr, 16) & bit) == 0 &&
             (std::stoull(own, nullptr, 16) & bit) == 0;
    });
  }

  // Reads stdout to its end, then reaps the child; its wait status, or -1 at the ceiling.
  int finish() {
    const auto deadline = std::chrono::steady_clock::now() + kCeiling;
    while (read_some(deadline)) {
    }
    int status = 0;
    if (!poll_until([&] { return ::waitpid(pid_, &status, WNOHANG) == pid_; })) return -1;
    reaped_ = true;
    return status;
  }

 private:
  template <typename Done>
  static bool poll_until(Done done) {
    const auto deadline = std::chrono::steady_clock::now() + kCeiling;
    while (!done()) {
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  }

  // One chunk of stdout; false at its end or at the deadline.
  bool read_some(std::chrono::steady_clock::time_point deadline) {
    pollfd p{out_, POLLIN, 0};
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    char chunk[256];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n <= 0) return false;
    output_.append(chunk, static_cast<std::size_t>(n));
    return true;
  }

  std::string proc_text(const char* file) const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/" + file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  // The main thread's state in /proc/<pid>/stat, the letter after "(name) "; 0 if gone.
  char state() const {
    const std::string stat = proc_text("stat");
    const auto name_end = stat.rfind(')');
    return name_end == std::string::npos || name_end + 2 >= stat.size() ? 0 : stat[name_end + 2];
  }

  // The value of a "Field:" line of /proc/<pid>/status ("" if the child is gone).
  std::string proc_field(const std::string& field) const {
    std::istringstream lines(proc_text("status"));
    for (std::string line; std::getline(lines, line);)
      if (line.rfind(field, 0) == 0)
        return line.substr(line.find_first_not_of(" \t", field.size()));
    return "";
  }

  pid_t pid_ = -1;
  int out_ = -1;
  bool reaped_ = false;
  std::string output_;
};

}  // namespace flatline::test
