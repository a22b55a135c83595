// Test helper: resizes the game's window as a person dragging its edge would, then closes
// it, paced by the game's own output, not by time. Run with the game's stdout on its stdin:
//
//   flatline --hidden --fixed-dt --hash-every 10 ... | resize_window AFTER_TICK WxH [WxH ...]
//
// It waits for the line "tick N hash ..." with N >= AFTER_TICK, resizes the window named
// "Flatline" to each size in turn, two hash lines apart (the game has drawn frames at that
// size), then asks the window to close (WM_DELETE_WINDOW, as a window manager's close
// button does) and reads the game's output to its end. Exit 0, or 1 with a line on stderr.
#include <X11/Xlib.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

namespace {

// The next "tick N hash" line's N; -1 at the end of the input. Other lines pass through.
std::int64_t next_tick() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::int64_t tick = 0;
    if (std::sscanf(line.c_str(), "tick %" SCNd64 " hash", &tick) == 1) return tick;
  }
  return -1;
}

Window find_window(Display* display, Window parent, const char* name) {
  Window root = 0, up = 0, *children = nullptr;
  unsigned count = 0;
  if (XQueryTree(display, parent, &root, &up, &children, &count) == 0) return 0;
  Window found = 0;
  for (unsigned i = 0; i < count && found == 0; ++i) {
    char* title = nullptr;
    if (XFetchName(display, children[i], &title) != 0 && title != nullptr) {
      if (std::strcmp(title, name) == 0) found = children[i];
      XFree(title);
    }
    if (found == 0) found = find_window(display, children[i], name);
  }
  if (children != nullptr) XFree(children);
  return found;
}

void ask_to_close(Display* display, Window window) {
  XEvent event{};
  event.xclient.type = ClientMessage;
  event.xclient.window = window;
  event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
  event.xclient.format = 32;
  event.xclient.data.l[0] = static_cast<long>(XInternAtom(display, "WM_DELETE_WINDOW", False));
  event.xclient.data.l[1] = CurrentTime;
  XSendEvent(display, window, False, NoEventMask, &event);
  XSync(display, False);
}

int fail(const char* what) {
  std::fprintf(stderr, "resize_window: %s\n", what);
  while (next_tick() >= 0) {  // let the game finish writing
  }
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return fail("usage: resize_window AFTER_TICK WxH [WxH ...]");
  const std::int64_t after = std::atoll(argv[1]);
  std::int64_t tick = 0;
  while ((tick = next_tick()) >= 0 && tick < after) {
  }
  if (tick < 0) return fail("the game ended before the tick to start at");
  Display* display = XOpenDisplay(nullptr);
  if (display == nullptr) return fail("cannot open the display");
  const Window window = find_window(display, DefaultRootWindow(display), "Flatline");
  if (window == 0) return fail("no window named Flatline");
  for (int i = 2; i < argc; ++i) {
    unsigned width = 0, height = 0;
    if (std::sscanf(argv[i], "%ux%u", &width, &height) != 2 || width == 0 || height == 0)
      return fail("a size is WxH, both at least 1");
    XResizeWindow(display, window, width, height);
    XSync(display, False);
    if (next_tick() < 0 || next_tick() < 0) return fail("the game ended while resizing");
  }
  ask_to_close(display, window);
  XCloseDisplay(display);
  while (next_tick() >= 0) {
  }
  return 0;
}
