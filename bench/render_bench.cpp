// Rendering at scale: what instancing and the upload strategy cost, frame by frame.
//
// N cubes (10^3, 10^4, 10^5), all inside the view, drawn with the game's shaders
// (shaders/mesh.*) and instance layout (render::Instance, 64 bytes) through the render
// layer's RAII GL objects, in a hidden 1280x720 window (platform::Window). Every frame
// rewrites every instance (the cubes spin), uploads them, draws, and ends in glFinish.
//   draw modes: one glDrawArraysInstanced, against one glDrawArrays per cube (pointing
//               the instance attributes at each record, as the game's --no-instancing);
//   uploads:    glBufferSubData; orphaning (glBufferData NULL, then SubData);
//               glMapBufferRange + INVALIDATE_BUFFER; glMapBufferRange + UNSYNCHRONIZED
//               + INVALIDATE_RANGE (safe here only because each frame ends in glFinish:
//               a streaming renderer would write a ring of regions guarded by fences).
// Reported per configuration, medians over frames interleaved across configurations:
// frame time (start to glFinish), CPU submission time (start until the last GL call is
// issued, before glFinish) and GL calls per frame. After warm-up no frame may reallocate
// the instance buffer (change its size): checked, and a failure exits non-zero.
// Prints Markdown tables; scripts/bench_render.sh runs it under xvfb-run.
#include <glad/gl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>

#include "platform/window.hpp"
#include "render/cube.hpp"
#include "render/gl_object.hpp"
#include "render/scene.hpp"
#include "render/shader.hpp"
#include "render/vertex_layout.hpp"

namespace {

using flatline::render::Instance;
using namespace flatline::render;  // the attribute locations (vertex_layout.hpp)
namespace gl = flatline::gl;
using Clock = std::chrono::steady_clock;

constexpr std::array<int, 3> kCounts = {1000, 10000, 100000};
constexpr int kWarmupFrames = 3;
constexpr float kAspect = 1280.0f / 720.0f;

enum Mode : int { kSubData, kOrphan, kMapInvalidate, kMapUnsync, kPerCube, kModeCount };
constexpr std::array<const char*, kModeCount> kModeNames = {
    "glBufferSubData", "orphan + SubData", "map INVALIDATE_BUFFER", "map UNSYNC + INV_RANGE",
    "per-cube draws"};

struct Sample {
  double frame_ms = 0.0, submit_ms = 0.0;
  double upload_ms = 0.0;  // writing the instances and handing them to GL
  int gl_calls = 0;
};

// Cubes on a lattice of layers 12 to 60 m in front of the camera, each layer spread over
// 80% of the view at its depth: every cube is in the frustum (checked in main).
class Scene {
 public:
  explicit Scene(int n) : base_(static_cast<std::size_t>(n)) {
    const int layers = n >= 10000 ? 10 : 4;
    const int per_layer = (n + layers - 1) / layers;
    const int cols = static_cast<int>(std::ceil(std::sqrt(per_layer * kAspect)));
    const int rows = (per_layer + cols - 1) / cols;
    const float tan_half = std::tan(glm::radians(35.0f));
    for (int i = 0; i < n; ++i) {
      const int layer = i / per_layer, cell = i % per_layer;
      const float depth = 12.0f + 48.0f * static_cast<float>(layer) / static_cast<float>(layers);
      const float half_h = 0.8f * depth * tan_half, half_w = half_h * kAspect;
      const float x = -half_w + 2.0f * half_w * (static_cast<float>(cell % cols) + 0.5f) / cols;
      const float y = -half_h + 2.0f * half_h * (static_cast<float>(cell / cols) + 0.5f) / rows;
      // A third of the spacing: the cubes stay apart, so fill rate does not swamp the
      // per-cube costs that instancing changes.
      const float size = 0.35f * 2.0f * half_w / static_cast<float>(cols);
      Instance& inst = base_[static_cast<std::size_t>(i)];
      inst.position = {x, y, -depth, 0.0f};
      inst.scale = {size, size, size, 0.0f};
      inst.forward = {0.3f, 0.4f, 1.0f, 0.0f};
      inst.color = {0.3f + 0.7f * static_cast<float>(layer) / layers, 0.5f, 0.8f, 1.0f};
    }
  }
  // The per-frame CPU work: every instance rewritten (a roll that advances each frame).
  void write(Instance* out, int frame) const {
    const float roll = 0.05f * static_cast<float>(frame);
    for (std::size_t i = 0; i < base_.size(); ++i) {
      out[i] = base_[i];
      out[i].forward.w = roll + 0.001f * static_cast<float>(i);
    }
  }
  const std::vector<Instance>& base() const { return base_; }
  std::size_t size() const { return base_.size(); }

 private:
  std::vector<Instance> base_;
};

class Bench {
 public:
  bool init(std::string& error) {
    program_ = flatline::render::load_program(
        {FLATLINE_SHADER_DIR "/mesh.vert", FLATLINE_SHADER_DIR "/mesh.frag",
         "#define SHADOW_LOOKUPS 1\n"},  // one PCF lookup a pixel (programs.hpp)
        error);
    if (!program_) return false;
    const char* names[] = {"u_view_proj", "u_sun_dir",   "u_eye",
                           "u_emissive",  "u_sun_color", "u_fog_color"};
    for (std::size_t i = 0; i < u_.size(); ++i)
      u_[i] = glGetUniformLocation(program_.id(), names[i]);
    bind_samplers();
    const auto cube = flatline::render::unit_cube();  // a unit box, as the renderer's
    cube_ = gl::make_buffer();
    glBindBuffer(GL_ARRAY_BUFFER, cube_.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(cube.size() * sizeof(float)), cube.data(),
                 GL_STATIC_DRAW);
    vao_ = gl::make_vertex_array();
    instances_ = gl::make_buffer();
    glBindVertexArray(vao_.id());
    glEnableVertexAttribArray(kAttrPosition);
    glVertexAttribPointer(kAttrPosition, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
    glEnableVertexAttribArray(kAttrNormal);
    glVertexAttribPointer(kAttrNormal, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                          reinterpret_cast<const void*>(3 * sizeof(float)));
    glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
    for (GLuint a = 0; a < kInstanceAttributes; ++a) {
      glEnableVertexAttribArray(kAttrInstancePosition + a);
      point_instance_attribute(a, 0);
      glVertexAttribDivisor(kAttrInstancePosition + a, 1);
    }
    return true;
  }

  // The instance buffer holds the largest scene, allocated once (as Renderer does).
  void allocate(std::size_t capacity) {
    capacity_bytes_ = static_cast<GLsizeiptr>(capacity * sizeof(Instance));
    glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
    glBufferData(GL_ARRAY_BUFFER, capacity_bytes_, nullptr, GL_STREAM_DRAW);
    staging_.resize(capacity);
  }

  Sample frame(const Scene& scene, Mode mode, int frame_index, const glm::mat4& view_proj) {
    Sample s;
    int& calls = s.gl_calls;
    const auto start = Clock::now();
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glUseProgram(program_.id());
    glUniformMatrix4fv(u_[0], 1, GL_FALSE, glm::value_ptr(view_proj));
    glUniform3f(u_[1], -0.36f, -0.89f, -0.27f);  // the sun
    glUniform3f(u_[2], 0.0f, 0.0f, 0.0f);        // the eye
    glUniform1f(u_[3], 0.0f);                    // lit, not emissive
    glUniform3f(u_[4], 1.0f, 1.0f, 1.0f);        // white sunlight
    glUniform3f(u_[5], 0.55f, 0.70f, 0.88f);     // fog: the sky
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
    calls += 10;
    const auto bytes = static_cast<GLsizeiptr>(scene.size() * sizeof(Instance));
    const auto upload_start = Clock::now();
    if (mode == kMapInvalidate || mode == kMapUnsync) {
      const GLbitfield flags =
          mode == kMapInvalidate
              ? GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT
              : GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_UNSYNCHRONIZED_BIT;
      void* dst = glMapBufferRange(GL_ARRAY_BUFFER, 0, bytes, flags);
      scene.write(static_cast<Instance*>(dst), frame_index);  // straight into GL's memory
      glUnmapBuffer(GL_ARRAY_BUFFER);
      calls += 2;
    } else {
      scene.write(staging_.data(), frame_index);
      if (mode == kOrphan) {  // same size: new storage for the driver, not a reallocation
        glBufferData(GL_ARRAY_BUFFER, capacity_bytes_, nullptr, GL_STREAM_DRAW);
        ++calls;
      }
      glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, staging_.data());
      ++calls;
    }
    s.upload_ms = ms_since(upload_start);
    if (mode != kPerCube) {
      glDrawArraysInstanced(GL_TRIANGLES, 0, 36, static_cast<GLsizei>(scene.size()));
      ++calls;
    } else {
      for (std::size_t i = 0; i < scene.size(); ++i) {
        for (GLuint a = 0; a < 4; ++a)
          point_instance_attribute(a, i);
        glDrawArrays(GL_TRIANGLES, 0, 36);
        calls += 5;
      }
      for (GLuint a = 0; a < 4; ++a)
        point_instance_attribute(a, 0);
      calls += 4;
    }
    s.submit_ms = ms_since(start);
    glFinish();
    s.frame_ms = ms_since(start);
    return s;
  }

  // The mesh shader samples a texture (unit 0) and a shadow map (unit 1): a white texel
  // and a depth texel of 1 (nothing in shadow), so the bench draws what the game does.
  void bind_samplers() {
    glUseProgram(program_.id());
    glUniform1i(glGetUniformLocation(program_.id(), "u_texture"), 0);
    glUniform1i(glGetUniformLocation(program_.id(), "u_shadow_map"), 1);
    const unsigned char white[4] = {255, 255, 255, 255};
    const float far = 1.0f;
    white_ = gl::make_texture();
    depth_ = gl::make_texture();
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, depth_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
                 &far);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, white_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glUniform4f(glGetUniformLocation(program_.id(), "u_base_color"), 1.0f, 1.0f, 1.0f, 1.0f);
  }

  // A reallocation is the buffer's storage changing size after warm-up.
  bool buffer_size_unchanged() const {
    GLint64 size = 0;
    glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
    glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
    return size == capacity_bytes_;
  }

 private:
  static double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
  }
  static void point_instance_attribute(GLuint a, std::size_t instance) {
    glVertexAttribPointer(
        kAttrInstancePosition + a, 4, GL_FLOAT, GL_FALSE, sizeof(Instance),
        reinterpret_cast<const void*>(instance * sizeof(Instance) + a * sizeof(glm::vec4)));
  }

  gl::Program program_;
  std::array<GLint, 6> u_{};
  gl::Buffer cube_;
  gl::Texture white_, depth_;
  gl::Buffer instances_;
  gl::VertexArray vao_;
  GLsizeiptr capacity_bytes_ = 0;
  std::vector<Instance> staging_;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

int in_view(const Scene& scene, const glm::mat4& view_proj) {
  int n = 0;
  for (const Instance& inst : scene.base()) {
    const glm::vec4 c = view_proj * glm::vec4(glm::vec3(inst.position), 1.0f);
    n += std::fabs(c.x) < c.w && std::fabs(c.y) < c.w && c.z > -c.w && c.z < c.w;
  }
  return n;
}

// On this renderer, the most cubes one instanced draw keeps within a 60 Hz frame: counts
// from 1,000 up in steps of 1,000 until a frame's median passes the budget.
void print_largest_within_budget(Bench& bench, const glm::mat4& view_proj) {
  constexpr double kBudgetMs = 1000.0 / 60.0;
  std::printf(
      "\nThe most cubes one instanced draw keeps within %.1f ms (each count the median of 5 "
      "frames after 2 warm-up)\n\n| cubes | frame ms, instanced |\n|---|---|\n",
      kBudgetMs);
  int largest = 0;
  for (int n = 1000; n <= 100000; n += 1000) {
    const Scene scene(n);
    bench.allocate(scene.size());
    std::vector<double> ms;
    for (int f = 0; f < 7; ++f) {
      const Sample s = bench.frame(scene, kSubData, f, view_proj);
      if (f >= 2) ms.push_back(s.frame_ms);
    }
    const double frame_ms = median(ms);
    std::printf("| %d | %.2f |\n", n, frame_ms);
    if (frame_ms > kBudgetMs) break;
    largest = n;
  }
  std::printf("\nLargest within the budget: %d cubes\n", largest);
}

}  // namespace

int main(int argc, char** argv) {
  // Measured frames per configuration at 10^5 cubes; smaller scenes (cheaper frames) get
  // proportionally more, up to 3x, for steadier medians.
  const int frames = argc > 1 ? std::atoi(argv[1]) : 9;
  std::string error;
  flatline::platform::WindowOptions options;
  options.hidden = true;
  const auto window = flatline::platform::Window::open(options, error);
  Bench bench;
  if (!window || !bench.init(error)) {
    std::fprintf(stderr, "render_bench: %s\n", error.c_str());
    return 1;
  }
  int width = 0, height = 0;
  window->framebuffer_size(width, height);
  glViewport(0, 0, width, height);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  glClearColor(0.55f, 0.70f, 0.88f, 1.0f);
  const glm::mat4 view_proj = glm::perspective(glm::radians(70.0f), kAspect, 0.05f, 500.0f);

  std::printf(
      "GL_RENDERER: %s\nGL_VERSION: %s\nframebuffer %dx%d; per configuration the median "
      "of %d frames at 10^5 cubes, 2x at 10^4, 3x at 10^3 (after %d warm-up), configurations "
      "interleaved frame by frame\n",
      reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
      reinterpret_cast<const char*>(glGetString(GL_VERSION)), width, height, frames, kWarmupFrames);
  std::array<std::array<Sample, kModeCount>, kCounts.size()> results{};  // medians
  bool ok = true;
  for (std::size_t c = 0; c < kCounts.size(); ++c) {
    const Scene scene(kCounts[c]);
    if (in_view(scene, view_proj) != kCounts[c]) {
      std::fprintf(stderr, "render_bench: a cube is outside the view\n");
      return 1;
    }
    bench.allocate(scene.size());  // like a pool: the buffer holds this capacity, once
    std::array<std::vector<double>, kModeCount> frame_ms, submit_ms, upload_ms;
    const int measured = frames * (c == 0 ? 3 : c == 1 ? 2 : 1);
    for (int f = 0; f < kWarmupFrames + measured; ++f)
      for (int m = 0; m < kModeCount; ++m) {
        const Sample s = bench.frame(scene, static_cast<Mode>(m), f, view_proj);
        if (f < kWarmupFrames) continue;
        frame_ms[m].push_back(s.frame_ms);
        submit_ms[m].push_back(s.submit_ms);
        upload_ms[m].push_back(s.upload_ms);
        results[c][m].gl_calls = s.gl_calls;
        ok = bench.buffer_size_unchanged() && ok;
      }
    for (int m = 0; m < kModeCount; ++m) {
      results[c][m].frame_ms = median(frame_ms[m]);
      results[c][m].submit_ms = median(submit_ms[m]);
      results[c][m].upload_ms = median(upload_ms[m]);
    }
  }

  std::printf(
      "\nInstanced (one glDrawArraysInstanced, glBufferSubData) vs one draw per cube\n\n"
      "| cubes | frame ms, instanced | frame ms, per cube | instancing speed-up | submit ms, "
      "instanced | submit ms, per cube | submit ratio | us per extra draw | GL calls "
      "per frame (instanced / per cube) |\n|---|---|---|---|---|---|---|---|---|\n");
  for (std::size_t c = 0; c < kCounts.size(); ++c) {
    const Sample& in = results[c][kSubData];
    const Sample& per = results[c][kPerCube];
    std::printf("| %d | %.2f | %.2f | %.2fx | %.2f | %.2f | %.2fx | %.2f | %d / %d |\n", kCounts[c],
                in.frame_ms, per.frame_ms, per.frame_ms / in.frame_ms, in.submit_ms, per.submit_ms,
                per.submit_ms / in.submit_ms,
                1000.0 * (per.submit_ms - in.submit_ms) / (kCounts[c] - 1), in.gl_calls,
                per.gl_calls);
  }
  std::printf(
      "\nInstance-buffer upload strategies (instanced draw): frame ms (ratio to "
      "glBufferSubData) / write+upload ms\n\n| cubes | MB per frame |");
  for (int m = 0; m < kPerCube; ++m)
    std::printf(" %s |", kModeNames[m]);
  std::printf("\n|---|---|---|---|---|---|\n");
  for (std::size_t c = 0; c < kCounts.size(); ++c) {
    std::printf("| %d | %.2f |", kCounts[c], kCounts[c] * sizeof(Instance) / 1e6);
    for (int m = 0; m < kPerCube; ++m)
      std::printf(" %.2f (%.2fx) / %.3f |", results[c][m].frame_ms,
                  results[c][m].frame_ms / results[c][kSubData].frame_ms, results[c][m].upload_ms);
    std::printf("\n");
  }
  print_largest_within_budget(bench, view_proj);
  const GLenum gl_error = glGetError();
  std::printf(
      "\nInstance buffer reallocations (size changes) per frame after warm-up: %s "
      "(orphaning re-specifies the same size: 1 glBufferData per frame by design)\n"
      "GL errors: %s\n",
      ok ? "0 (PASS)" : "NONZERO (FAIL)", gl_error == GL_NO_ERROR ? "none" : "FAIL");
  return ok && gl_error == GL_NO_ERROR ? 0 : 1;
}
