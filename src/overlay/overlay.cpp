// The overlay's frame: ImGui context and backends, the per-frame history. The windows are in
// overlay_windows.cpp and overlay_compact.cpp, the panels' bodies in overlay_panel.cpp and its
// neighbours. The HUD is not here: src/hud/ draws it into the same frame.
//
// The overlay proves "no allocation per frame", so it must not allocate either:
// ImGui allocates from its own arena reserved at load (imgui_arena.hpp), the plots'
// samples live in fixed arrays made in init, text is formatted into stack buffers, and
// the draw buffers are kept with headroom so a number gaining a digit does not grow them.
#include "overlay/overlay.hpp"

#include <cfloat>
#include <cstdio>
#include <new>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "overlay/overlay_internal.hpp"
#include "render/shader.hpp"

namespace flatline::overlay {
namespace {

static_assert(rgba(10, 20, 30, 40) == IM_COL32(10, 20, 30, 40), "rgba() must pack like IM_COL32");

// ImGui's memory: its own arena, reserved at load (imgui_arena.hpp), so the panel's work
// never reads as a game heap allocation. Sized well above the high-water mark of a tour of
// every panel, the font atlas included, the HUD's font with it (`--overlay-tour` measures it:
// the overlay and the stats' overlay.imgui_arena show both; docs/pooling.md has the figure).
constexpr std::size_t kArenaBytes = std::size_t{16} << 20;

// Between two overlays (tests make several), ImGui's few allocations outside a context go to
// the heap, where the counter sees them.
void* heap_alloc(std::size_t size, void* /*user_data*/) {
  return ::operator new(size);
}
void heap_free(void* ptr, void* /*user_data*/) {
  ::operator delete(ptr);
}

// Draw-buffer headroom: ImVector grows like std::vector, by reallocating when it
// is full, and text reserves room for every character before giving back the
// blanks. After each frame every buffer keeps twice its size plus some slack, so
// steady-state jitter (a count gaining a digit, a number more on screen) never
// reaches a reallocation; only real growth does, once.
template <class T>
void keep_headroom(ImVector<T>& v, int slack) {
  if (v.Capacity < v.Size + v.Size / 2 + slack / 2) v.reserve(v.Size * 2 + slack);
}
constexpr int kCmdSlack = 16;         // draw commands
constexpr int kGeometrySlack = 2048;  // vertices and indices: ~340 characters

void keep_headroom(ImDrawList& list) {
  keep_headroom(list.CmdBuffer, kCmdSlack);
  keep_headroom(list.IdxBuffer, kGeometrySlack);
  keep_headroom(list.VtxBuffer, kGeometrySlack);
}

}  // namespace

Overlay::~Overlay() {
  // Shutdown in reverse order of init: renderer backend, platform backend, context.
  if (has_backend_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
  }
  if (initialised_) ImGui::DestroyContext();
  delete history_;
  if (arena_ != nullptr) {  // after the context: everything ImGui held goes back first
    ImGui::SetAllocatorFunctions(&heap_alloc, &heap_free);
    delete arena_;
  }
}

const ArenaStats& Overlay::arena_stats() const {
  static const ArenaStats kNone;
  return arena_ != nullptr ? arena_->stats() : kNone;
}

bool Overlay::init(GLFWwindow* window, std::string& error, const AddFonts& add_fonts) {
  if (initialised_) return true;
  IMGUI_CHECKVERSION();
  arena_ = new Arena(kArenaBytes);  // before the context: creating it allocates
  ImGui::SetAllocatorFunctions(&Arena::imgui_alloc, &Arena::imgui_free, arena_);
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini: the layout is code, runs are reproducible
  io.LogFilename = nullptr;
  // Keep a hidden window's buffers, so F1 never allocates. Not -1: in 1.86 that
  // compacts every idle window at once, the implicit "Debug" one every frame.
  io.ConfigMemoryCompactTimer = FLT_MAX;
  ImGui::StyleColorsDark();
  history_ = new History();  // every plot's samples, made once

  if (window != nullptr) {
    if (!ImGui_ImplGlfw_InitForOpenGL(window, true)) {
      error = "ImGui: the GLFW backend failed to initialise";
      ImGui::DestroyContext();
      return false;
    }
    if (!ImGui_ImplOpenGL3_Init(render::glsl_version())) {
      error = "ImGui: the OpenGL 3 backend failed to initialise";
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
      return false;
    }
    has_backend_ = true;
    window_ = window;
  }
  // The font atlas, built on the CPU now (the GL backend uploads it on its first frame), so a
  // frame can run before any GL is touched: the warm-up below, and tests with no GL at all.
  io.Fonts->AddFontDefault();  // the panel's, first: ImGui's default font
  if (add_fonts) add_fonts(*io.Fonts);
  unsigned char* pixels = nullptr;
  int atlas_w = 0, atlas_h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &atlas_w, &atlas_h);
  warm_table_channels(io);
  initialised_ = true;
  return true;
}

void Overlay::begin_frame(float delta_seconds, int width, int height) {
  if (!initialised_) return;
  ImGuiIO& io = ImGui::GetIO();
  if (has_backend_) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();  // display size from the window, delta from the wall clock...
    if (delta_seconds > 0.0f) io.DeltaTime = delta_seconds;  // ...unless a fixed delta is given
    // Mouse look captures the cursor: the panel must not react to it (Tab frees it).
    if (glfwGetInputMode(window_, GLFW_CURSOR) == GLFW_CURSOR_DISABLED) {
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      for (bool& down : io.MouseDown)
        down = false;
      io.MouseWheel = io.MouseWheelH = 0.0f;
    }
  } else {
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DeltaTime = delta_seconds > 0.0f ? delta_seconds : 1.0f / 60.0f;
  }
  ImGui::NewFrame();
  width_ = static_cast<int>(io.DisplaySize.x);
  height_ = static_cast<int>(io.DisplaySize.y);
}

void Overlay::build(const World& world, const WorldStats& stats, const render::RenderStats& render,
                    const FrameInfo& frame, Settings& settings, Requests& requests) {
  if (!initialised_) return;
  record(stats, frame);  // history keeps running while the panels are hidden
  read_keys(settings.view);
  if (settings.view.mode == OverlayMode::Off) {
    placed_for_ = OverlayMode::Off;
    return;
  }
  const Inputs in{world, stats, render, frame, settings, requests};
  menu_bar(settings.view);
  if (settings.view.mode == OverlayMode::Compact) compact_strip(in);
  panel_windows(in);
}

void Overlay::end_frame() {
  if (!initialised_) return;
  ImGui::Render();
  if (has_backend_) ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  // After drawing: reserve() moves buffers, which must not happen while they are read.
  ImDrawData* data = ImGui::GetDrawData();
  for (int i = 0; data != nullptr && i < data->CmdListsCount; ++i)
    keep_headroom(*data->CmdLists[i]);
}

bool Overlay::wants_mouse() const {
  return initialised_ && ImGui::GetIO().WantCaptureMouse;
}

void Overlay::record(const WorldStats& stats, const FrameInfo& frame) {
  History& h = *history_;
  h.frame_ms.push(frame.frame_ms);
  // The load's allocations are not plotted: a warm-up spike would flatten all that follows.
  h.heap_allocations.push(frame.warmed_up ? static_cast<float>(frame.heap_frame.allocations)
                                          : 0.0f);
  h.heap_since_warmup.push(static_cast<float>(frame.heap_since_warmup.allocations));
  for (std::size_t i = 0; i < kPoolCount; ++i) {
    h.pool_allocations[i].push(static_cast<float>(stats.pools[i].stats.allocations));
  }
}

}  // namespace flatline::overlay
