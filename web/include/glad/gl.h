// The browser build's stand-in for glad's <glad/gl.h>: WebGL 2 is OpenGL ES 3.0, which
// Emscripten provides as <GLES3/gl3.h> with every function already linked (no loader).
// The few GL 3.3 calls the game makes that ES 3.0 lacks are named here, each with what
// stands in for it (the sources mark the same places with FLATLINE_GLES).
#pragma once

#include <GLES3/gl3.h>

#ifndef FLATLINE_GLES
#define FLATLINE_GLES 1
#endif
#ifndef APIENTRY
#define APIENTRY
#endif

// KHR_debug (object labels, the debug callback): WebGL has none.
#define GLAD_GL_KHR_debug 0
#define GL_BUFFER 0x82E0  // an object kind named to glObjectLabel
inline void glObjectLabel(GLenum, GLuint, GLsizei, const GLchar*) {}

// Base-vertex draws: ES 3.0 has none. The mesh buffer rebases its indices at load
// (render/gpu_mesh.cpp), so every base vertex is 0 and the plain draws do the same.
inline void glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void* indices,
                                     GLint /*base_vertex: always 0 here*/) {
  glDrawElements(mode, count, type, indices);
}
inline void glDrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                              const void* indices, GLsizei instances,
                                              GLint /*base_vertex: always 0 here*/) {
  glDrawElementsInstanced(mode, count, type, indices, instances);
}
