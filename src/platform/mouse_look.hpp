// Mouse look: pixels of mouse motion become radians of turn. No GLFW here, so it is tested
// on its own.
#pragma once

namespace flatline::platform {

// At sensitivity 1, a sweep across a 1920-pixel screen turns about 240 degrees.
inline constexpr float kMouseRadiansPerPixel = 0.0022f;

// The turn for `pixels` of motion: right or down is negative yaw or pitch.
constexpr float look_radians(double pixels, float sensitivity) {
  return static_cast<float>(-pixels) * kMouseRadiansPerPixel * sensitivity;
}

}  // namespace flatline::platform
