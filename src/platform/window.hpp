// The platform layer: a GLFW window with an OpenGL 3.3 core context, and input
// turned into data. Mouse and keyboard events are collected into the sim's
// InputQueue (per-tick input) and a few per-frame key presses; nothing else in
// the game sees GLFW.
#pragma once

#include <memory>
#include <string>

#include "platform/mouse_look.hpp"
#include "sim/input.hpp"

struct GLFWwindow;

namespace flatline::platform {

struct WindowOptions {
  int width = 1280;
  int height = 720;
  bool hidden = false;         // render to an invisible window (tests, screenshots)
  bool debug_context = false;  // KHR_debug messages to stderr
};

// Keys that act on the frame, not on the simulation, counted since the last poll.
struct FrameKeys {
  int toggle_cursor = 0;  // Tab
  int pause = 0;          // P
  int single_step = 0;    // N
  int screenshot = 0;     // F12
  int quit = 0;           // Esc
};

class Window {
 public:
  // Opens the window and loads GL. Returns null with `error` set: no display,
  // no 3.3 context, or a driver below 3.3.
  static std::unique_ptr<Window> open(const WindowOptions& options, std::string& error);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Processes events: fills `input` for the coming ticks and returns the frame keys.
  FrameKeys poll(InputQueue& input);
  void swap();
  bool should_close() const;
  void framebuffer_size(int& width, int& height) const;
  double time() const;  // seconds, for the frame clock only: the simulation never reads it

  // Captured: the cursor is hidden and mouse motion turns the view. Free: it
  // drives the overlay.
  void set_cursor_captured(bool captured);
  bool cursor_captured() const { return captured_; }
  // Mouse look: radians per pixel times `sensitivity` (the settings panel's).
  void set_look_sensitivity(float sensitivity) { look_sensitivity_ = sensitivity; }
  // Fullscreen on the primary monitor at its current video mode, or back to the window as
  // it was. False, and nothing changed, when there is no monitor to go to.
  bool set_fullscreen(bool fullscreen);
  bool fullscreen() const { return fullscreen_; }
  // Set by the overlay while ImGui wants the mouse: clicks then do not fire.
  void set_ui_wants_mouse(bool wants) { ui_wants_mouse_ = wants; }
  GLFWwindow* handle() const { return window_; }
  const std::string& gl_version() const { return gl_version_; }
  const std::string& gl_renderer() const { return gl_renderer_; }  // GL_RENDERER: the driver

 private:
  Window() = default;
  static void on_key(GLFWwindow* w, int key, int scancode, int action, int mods);
  static void on_mouse_button(GLFWwindow* w, int button, int action, int mods);
  static void on_cursor(GLFWwindow* w, double x, double y);
#ifdef __EMSCRIPTEN__
  void watch_pointer_lock();  // the browser's pointer lock: window.cpp
#endif

  GLFWwindow* window_ = nullptr;
  InputQueue* input_ = nullptr;  // valid during poll()
  FrameKeys keys_;
  bool captured_ = false;
  bool ui_wants_mouse_ = false;
  bool have_cursor_ = false;
  double last_x_ = 0.0, last_y_ = 0.0;
  float look_sensitivity_ = 1.0f;
  bool fullscreen_ = false;
  int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;  // to come back to
  std::string gl_version_;
  std::string gl_renderer_;
};

}  // namespace flatline::platform
