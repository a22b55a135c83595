// Mouse look: pixels of mouse motion become radians of turn. No GLFW here, so it is tested
// on its own.
#pragma once

namespace flatline::platform {

// At sensitivity 1, a sweep across a 1920-pixel screen turns about 240 degrees.
inline constexpr float kMouseRadiansPerPixel = 0.0022f;

// The bounds that keep every turn a finite number, whatever a setting or an event holds: a
// TickInput is then always finite, and a recording of it readable. Far beyond any mouse.
inline constexpr double kMaxLookPixels = 1e6;         // one cursor event's motion
inline constexpr float kMaxLookSensitivity = 100.0f;  // the settings panel stops at 5
inline constexpr float kMinLookSensitivity = 1e-6f;

// The turn for `pixels` of motion: right or down is negative yaw or pitch. Motion that is
// not a number or beyond kMaxLookPixels turns nothing; the sensitivity is held within
// [kMinLookSensitivity, kMaxLookSensitivity], and one that is not a number turns nothing.
constexpr float look_radians(double pixels, float sensitivity) {
  if (!(pixels >= -kMaxLookPixels && pixels <= kMaxLookPixels)) return 0.0f;
  if (!(sensitivity == sensitivity)) return 0.0f;  // NaN
  const float held = sensitivity < kMinLookSensitivity   ? kMinLookSensitivity
                     : sensitivity > kMaxLookSensitivity ? kMaxLookSensitivity
                                                         : sensitivity;
  return static_cast<float>(-pixels) * kMouseRadiansPerPixel * held;
}

}  // namespace flatline::platform
