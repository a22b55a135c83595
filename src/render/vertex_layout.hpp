// Where each vertex attribute lives: one definition for C++ and GLSL. The shader loader
// writes these numbers into every shader as #defines (shader.cpp), and the shaders say
// `layout(location = ATTR_POSITION)`, so the two sides cannot drift apart.
#pragma once

#include <glad/gl.h>

#include <string>

namespace flatline::render {

enum Attribute : GLuint {
  kAttrPosition = 0,  // per vertex (assets::Vertex)
  kAttrNormal = 1,
  kAttrUv = 2,
  kAttrInstancePosition = 3,  // per instance (Instance, divisor 1)
  kAttrInstanceScale = 4,
  kAttrInstanceForward = 5,
  kAttrInstanceColor = 6,
};
inline constexpr GLuint kInstanceAttributes = 4;

// The #define block the loader puts after each shader's #version line.
inline std::string attribute_defines() {
  return "#define ATTR_POSITION " + std::to_string(kAttrPosition) + "\n" + "#define ATTR_NORMAL " +
         std::to_string(kAttrNormal) + "\n" + "#define ATTR_UV " + std::to_string(kAttrUv) + "\n" +
         "#define ATTR_INSTANCE_POSITION " + std::to_string(kAttrInstancePosition) + "\n" +
         "#define ATTR_INSTANCE_SCALE " + std::to_string(kAttrInstanceScale) + "\n" +
         "#define ATTR_INSTANCE_FORWARD " + std::to_string(kAttrInstanceForward) + "\n" +
         "#define ATTR_INSTANCE_COLOR " + std::to_string(kAttrInstanceColor) + "\n";
}

}  // namespace flatline::render
