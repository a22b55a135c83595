#include "platform/window.hpp"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>

#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#endif

namespace flatline::platform {
namespace {

std::string g_glfw_error;

void on_glfw_error(int, const char* description) {
  g_glfw_error = description;
}

#ifndef FLATLINE_GLES  // WebGL has no debug output
void APIENTRY on_gl_debug(GLenum, GLenum, GLuint, GLenum severity, GLsizei, const GLchar* message,
                          const void*) {
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;  // chatter, not problems
  std::fprintf(stderr, "flatline: GL: %s\n", message);
}
#endif

Window* self(GLFWwindow* w) {
  return static_cast<Window*>(glfwGetWindowUserPointer(w));
}

}  // namespace

std::unique_ptr<Window> Window::open(const WindowOptions& options, std::string& error) {
  glfwSetErrorCallback(on_glfw_error);
  if (glfwInit() == GLFW_FALSE) {
    error = "cannot open a window: " + g_glfw_error +
            ". With no display, run under Xvfb (xvfb-run -a flatline ...) or use --no-window";
    return nullptr;
  }
#ifdef FLATLINE_GLES  // the browser: a WebGL 2 context (OpenGL ES 3.0) on the page's canvas
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#endif
  glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, options.debug_context ? GLFW_TRUE : GLFW_FALSE);
  glfwWindowHint(GLFW_VISIBLE, options.hidden ? GLFW_FALSE : GLFW_TRUE);
  // Depth, no stencil: nothing draws with one, and a packed depth-stencil buffer costs a
  // software rasteriser about a tenth of the frame (docs/performance.md).
  glfwWindowHint(GLFW_DEPTH_BITS, 24);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  std::unique_ptr<Window> window(new Window());
  window->window_ = glfwCreateWindow(options.width, options.height, "Flatline", nullptr, nullptr);
  if (window->window_ == nullptr) {
    error = "cannot create an OpenGL 3.3 core context: " + g_glfw_error +
            " (the driver needs OpenGL 3.3 or newer)";
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window->window_);
#ifndef FLATLINE_GLES  // the browser's GL functions are linked in: nothing to load
  const int version = gladLoadGL(glfwGetProcAddress);
  if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    error =
        "OpenGL 3.3 is required, the driver offers " +
        std::string(version == 0 ? "none" : reinterpret_cast<const char*>(glGetString(GL_VERSION)));
    return nullptr;  // the destructor destroys the window and terminates GLFW
  }
#endif
  window->gl_version_ = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  window->gl_renderer_ = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
#ifndef FLATLINE_GLES
  if (options.debug_context && GLAD_GL_KHR_debug) {
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_gl_debug, nullptr);
  }
#endif
  glfwSwapInterval(options.hidden ? 0 : 1);
  glfwSetWindowUserPointer(window->window_, window.get());
  // Installed before ImGui's backend, which chains to them.
  glfwSetKeyCallback(window->window_, on_key);
  glfwSetMouseButtonCallback(window->window_, on_mouse_button);
  glfwSetCursorPosCallback(window->window_, on_cursor);
#ifdef __EMSCRIPTEN__
  window->watch_pointer_lock();
#endif
  return window;
}

Window::~Window() {
  if (window_ != nullptr) glfwDestroyWindow(window_);
  glfwTerminate();
}

FrameKeys Window::poll(InputQueue& input) {
  input_ = &input;
  keys_ = {};
  glfwPollEvents();
  input_ = nullptr;
  // Held keys are sampled once per frame; presses arrived through the callbacks.
  auto down = [&](int key) { return glfwGetKey(window_, key) == GLFW_PRESS; };
  const bool keys_live = captured_;  // with the cursor free, the keyboard is the overlay's
  input.set_move(keys_live ? static_cast<float>(down(GLFW_KEY_W) - down(GLFW_KEY_S)) : 0.0f,
                 keys_live ? static_cast<float>(down(GLFW_KEY_D) - down(GLFW_KEY_A)) : 0.0f);
  input.set_sprint(keys_live && (down(GLFW_KEY_LEFT_SHIFT) || down(GLFW_KEY_RIGHT_SHIFT)));
  input.set_throw_held(keys_live && down(GLFW_KEY_E));  // hold to charge, release to throw
  input.set_fire_held(captured_ &&
                      glfwGetMouseButton(window_, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS);
  return keys_;
}

void Window::on_key(GLFWwindow* w, int key, int, int action, int) {
  Window* me = self(w);
  if (action != GLFW_PRESS) return;
  switch (key) {
    case GLFW_KEY_TAB:
      ++me->keys_.toggle_cursor;
      break;
    case GLFW_KEY_P:
      ++me->keys_.pause;
      break;
    case GLFW_KEY_N:
      ++me->keys_.single_step;
      break;
    case GLFW_KEY_F12:
      ++me->keys_.screenshot;
      break;
    case GLFW_KEY_ESCAPE:
      ++me->keys_.quit;
      break;
    case GLFW_KEY_SPACE:
      if (me->input_ != nullptr && me->captured_) me->input_->press_jump();
      break;
    default:
      if (key >= GLFW_KEY_F1 && key <= GLFW_KEY_F9)  // counted: a tap within a frame counts
        ++me->keys_.function_presses[static_cast<std::size_t>(key - GLFW_KEY_F1)];
      break;
  }
}

void Window::on_mouse_button(GLFWwindow* w, int button, int action, int) {
  Window* me = self(w);
  if (action != GLFW_PRESS || me->input_ == nullptr) return;
  if (!me->captured_ && me->ui_wants_mouse_) return;  // the overlay's click
  if (!me->captured_) {
    me->set_cursor_captured(true);  // a click in the game takes the mouse back
    return;
  }
  if (button == GLFW_MOUSE_BUTTON_LEFT) me->input_->press_fire();
  if (button == GLFW_MOUSE_BUTTON_RIGHT) me->input_->press_scatter();
}

void Window::on_cursor(GLFWwindow* w, double x, double y) {
  Window* me = self(w);
  if (me->captured_ && me->have_cursor_ && me->input_ != nullptr) {
    me->input_->add_look(look_radians(x - me->last_x_, me->look_sensitivity_),
                         look_radians(y - me->last_y_, me->look_sensitivity_));
  }
  me->last_x_ = x;
  me->last_y_ = y;
  me->have_cursor_ = true;
}

#ifdef __EMSCRIPTEN__
// The browser: the cursor is captured by pointer lock, which a page may only ask for while
// it handles a click: a request made elsewhere waits for the next mouse button release
// (Emscripten runs deferred requests in its own event handlers, hence the one below). The
// cursor counts as captured once the lock is on; Esc is the browser's and ends the lock.
void Window::set_cursor_captured(bool captured) {
  have_cursor_ = false;  // the jump of the cursor on capture is not a look
  if (captured) {
    emscripten_request_pointerlock("#canvas", EM_TRUE);
    return;
  }
  captured_ = false;
  emscripten_exit_pointerlock();
}

void Window::watch_pointer_lock() {
  emscripten_set_pointerlockchange_callback(
      EMSCRIPTEN_EVENT_TARGET_DOCUMENT, this, EM_FALSE,
      [](int, const EmscriptenPointerlockChangeEvent* event, void* me) -> EM_BOOL {
        static_cast<Window*>(me)->captured_ = event->isActive != 0;
        static_cast<Window*>(me)->have_cursor_ = false;
        return EM_FALSE;
      });
  emscripten_set_mouseup_callback("#canvas", this, EM_FALSE,
                                  [](int, const EmscriptenMouseEvent*, void*) -> EM_BOOL {
                                    return EM_FALSE;  // its wrapper runs the deferred request
                                  });
}
#else
void Window::set_cursor_captured(bool captured) {
  captured_ = captured;
  have_cursor_ = false;  // the jump of the cursor on capture is not a look
  glfwSetInputMode(window_, GLFW_CURSOR, captured ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
}
#endif

bool Window::set_fullscreen(bool fullscreen) {
  if (fullscreen == fullscreen_) return true;
  if (fullscreen) {
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
    if (mode == nullptr) return false;  // no monitor (a headless X server may have none)
    glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
    glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_w_, windowed_h_,
                         GLFW_DONT_CARE);
  }
  fullscreen_ = fullscreen;
  return true;
}

void Window::swap() {
  glfwSwapBuffers(window_);
}
bool Window::should_close() const {
  return glfwWindowShouldClose(window_) != 0;
}
void Window::framebuffer_size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
}
double Window::time() const {
  return glfwGetTime();
}

}  // namespace flatline::platform
