#include "app/process.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

namespace flatline::app {
namespace {

volatile std::sig_atomic_t g_stop = 0;

// The first stop signal asks the loop to stop at the next tick and write its stats; a second
// one (the loop is stuck in a frame that does not end) restores the default action and
// re-raises, so the process ends at once, killed by that signal.
extern "C" void on_stop_signal(int signal) {
  if (g_stop == 0) {
    g_stop = 1;
    return;
  }
  struct sigaction fallback = {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  raise(signal);  // pending while this handler runs; delivered, fatal, as it returns
}

bool inherited_ignore(int signal) {
  struct sigaction current = {};
  return sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

void catch_stop(int signal) {
  struct sigaction stop = {};
  stop.sa_handler = on_stop_signal;
  sigemptyset(&stop.sa_mask);
  stop.sa_flags = SA_RESTART;  // a write the signal interrupts goes on; the loop checks the flag
  sigaction(signal, &stop, nullptr);
}

}  // namespace

std::uint64_t resident_kb() {
  const int fd = ::open("/proc/self/statm", O_RDONLY);
  if (fd < 0) return 0;
  char text[128] = {};
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  char* end = nullptr;
  std::strtoull(text, &end, 10);                                // total program size, skipped
  const std::uint64_t pages = std::strtoull(end, nullptr, 10);  // resident pages
  return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE)) / 1024;
}

void install_stop_handlers() {
  catch_stop(SIGTERM);
  // An ignored SIGINT or SIGHUP stays ignored, as nohup(1) and a shell's background job (`&`)
  // ask: the run was told to outlive the terminal or the Ctrl-C meant for its foreground.
  if (!inherited_ignore(SIGINT)) catch_stop(SIGINT);
  if (!inherited_ignore(SIGHUP)) catch_stop(SIGHUP);  // the terminal went away: as SIGTERM
  std::signal(SIGPIPE, SIG_IGN);  // a reader that quit: writes to stdout fail, the run goes on
}

bool stop_requested() {
  return g_stop != 0;
}

}  // namespace flatline::app
