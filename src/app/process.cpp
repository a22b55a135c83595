#include "app/process.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>

namespace flatline::app {
namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) {
  g_stop = 1;
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
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  std::signal(SIGHUP, on_stop_signal);  // the terminal went away: end the run as for SIGTERM
  std::signal(SIGPIPE, SIG_IGN);  // a reader that quit: writes to stdout fail, the run goes on
}

bool stop_requested() {
  return g_stop != 0;
}

}  // namespace flatline::app
