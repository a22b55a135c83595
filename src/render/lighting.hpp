// The light of the scene, as three.js's games_fps sets it: a hemisphere light (a sky
// colour from above, a ground colour from below), a directional sun that casts shadows,
// and fog that fades distance into the horizon's colour. Colours are linear.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace flatline::render {

struct Lighting {
  glm::vec3 sun_dir{0.0f, -1.0f, 0.0f};  // the direction the light travels
  glm::vec3 sun_color{1.0f};
  glm::vec3 sky_color{0.5f};     // hemisphere, from above
  glm::vec3 ground_color{0.2f};  // hemisphere, from below
  glm::vec3 zenith_color{0.2f, 0.4f, 0.8f};
  glm::vec3 fog_color{0.6f, 0.7f, 0.8f};  // also the sky at the horizon
  // Linear fog, as three.js's Fog(color, near, far): none nearer than fog_near metres along
  // the view, rising evenly to all fog at fog_far (docs/rendering.md says why linear).
  float fog_near = 0.0f;
  float fog_far = 100.0f;
};

Lighting default_lighting();

// The sun's view and orthographic projection, covering a square arena of `half_extent`
// (and walls up to `height`): every box that can cast a shadow is inside it.
glm::mat4 sun_view_proj(const Lighting& lighting, float half_extent, float height);

}  // namespace flatline::render
