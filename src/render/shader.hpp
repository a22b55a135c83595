// Shaders are files under shaders/, loaded and compiled at start-up. A missing
// file, a compile error or a link error comes back as one message naming the
// file, with the driver's info log rewritten to point at file:line.
#pragma once

#include <initializer_list>
#include <string>

#include "render/gl_object.hpp"

namespace flatline::render {

struct ProgramSource {
  std::string vertex_path;
  std::string fragment_path;
  std::string defines;  // "#define NAME VALUE" lines put before both files' text
};

// Returns a linked program, or an empty one with `error` set.
gl::Program load_program(const ProgramSource& source, std::string& error);

// The GLSL the shaders are compiled as. They are written once, as GLSL 3.30 core; for
// OpenGL ES 3.0 (WebGL 2: the browser build defines FLATLINE_GLES) the loader swaps their
// #version line for ES's, with default precisions (three.js's WebGLProgram prefixes its
// shaders the same way).
enum class Glsl { kCore330, kEs300 };
#ifdef FLATLINE_GLES
inline constexpr Glsl kGlsl = Glsl::kEs300;
#else
inline constexpr Glsl kGlsl = Glsl::kCore330;
#endif
// "#version 330 core" or "#version 300 es" (Dear ImGui's GL backend takes it too).
const char* glsl_version(Glsl glsl = kGlsl);

// Replaces the #version line with the dialect's preamble and puts the attribute locations
// (vertex_layout.hpp) after it, then `defines` (a program variant's, ProgramSource).
std::string with_attribute_defines(const std::string& text, Glsl glsl = kGlsl,
                                   const std::string& defines = {});

// Looks up each uniform the renderer sets; a missing one is an error naming the program,
// checked at load rather than silently ignored by glUniform* every frame.
struct UniformSlot {
  const char* name;
  GLint* location;
};
bool find_uniforms(const gl::Program& program, const std::string& name,
                   std::initializer_list<UniformSlot> uniforms, std::string& error);

// "0:12(3): error: ..." (Mesa) or "0(12) : error ..." (NVIDIA) -> "path:12(3): error: ...".
std::string point_log_at_file(const std::string& log, const std::string& path);

}  // namespace flatline::render
