#include "render/shader.hpp"

#include <fstream>
#include <sstream>

#include "render/vertex_layout.hpp"

namespace flatline::render {
namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

gl::Shader compile(GLenum type, const std::string& path, const std::string& defines,
                   std::string& error) {
  std::string text;
  if (!read_file(path, text)) {
    error = "cannot read shader '" + path + "' (is the shaders/ folder there? see --shaders)";
    return {};
  }
  text = with_attribute_defines(text, kGlsl, defines);
  gl::Shader shader(glCreateShader(type));
  const char* source = text.c_str();
  glShaderSource(shader.id(), 1, &source, nullptr);
  glCompileShader(shader.id());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
  if (ok == GL_TRUE) return shader;
  GLint length = 0;
  glGetShaderiv(shader.id(), GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetShaderInfoLog(shader.id(), length, nullptr, log.data());
  log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
  error = "shader '" + path + "' failed to compile:\n" + point_log_at_file(log, path);
  return {};
}

}  // namespace

const char* glsl_version(Glsl glsl) {
  return glsl == Glsl::kEs300 ? "#version 300 es" : "#version 330 core";
}

std::string with_attribute_defines(const std::string& text, Glsl glsl, const std::string& defines) {
  const std::size_t first_line_end = text.find('\n');
  if (text.rfind("#version", 0) != 0 || first_line_end == std::string::npos) return text;
  std::string preamble = std::string(glsl_version(glsl)) + "\n";
  if (glsl == Glsl::kEs300) {
    // ES has no default float precision in fragment shaders, nor for shadow samplers.
    // noperspective is desktop only: the shaders use it where w is 1 at every vertex, so
    // perspective-correct interpolation gives the same values without it.
    preamble +=
        "precision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
        "precision highp sampler2DShadow;\n#define noperspective\n";
  }
  // "#line 2": the driver's messages keep counting the file's own lines (GLSL 3.30 4.1.9
  // in Mesa: the line after the directive is the number given).
  return preamble + attribute_defines() + defines + "#line 2\n" + text.substr(first_line_end + 1);
}

bool find_uniforms(const gl::Program& program, const std::string& name,
                   std::initializer_list<UniformSlot> uniforms, std::string& error) {
  for (const UniformSlot& u : uniforms) {
    *u.location = glGetUniformLocation(program.id(), u.name);
    if (*u.location >= 0) continue;
    error = "shader program '" + name + "' has no active uniform '" + u.name +
            "' (misspelt, or unused and optimised out)";
    return false;
  }
  return true;
}

std::string point_log_at_file(const std::string& log, const std::string& path) {
  std::istringstream lines(log);
  std::string line, out;
  while (std::getline(lines, line)) {
    if (line.rfind("0:", 0) == 0) {  // Mesa: "0:LINE(COL): error: ..."
      line = path + ":" + line.substr(2);
    } else if (const auto close = line.find(')');
               line.rfind("0(", 0) == 0 && close != std::string::npos) {
      // NVIDIA: "0(LINE) : error ..."
      std::string rest = line.substr(close + 1);
      rest.erase(0, rest.find_first_not_of(" :"));
      line = path + ":" + line.substr(2, close - 2) + ": " + rest;
    }
    if (!line.empty()) out += line + "\n";
  }
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

gl::Program load_program(const ProgramSource& source, std::string& error) {
  const gl::Shader vertex = compile(GL_VERTEX_SHADER, source.vertex_path, source.defines, error);
  if (!vertex) return {};
  const gl::Shader fragment =
      compile(GL_FRAGMENT_SHADER, source.fragment_path, source.defines, error);
  if (!fragment) return {};
  gl::Program program(glCreateProgram());
  glAttachShader(program.id(), vertex.id());
  glAttachShader(program.id(), fragment.id());
  glLinkProgram(program.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
  if (ok == GL_TRUE) return program;
  GLint length = 0;
  glGetProgramiv(program.id(), GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  glGetProgramInfoLog(program.id(), length, nullptr, log.data());
  error = "program (" + source.vertex_path + ", " + source.fragment_path + ") failed to link:\n" +
          log.c_str();
  return {};
}

}  // namespace flatline::render
