#include "render/lighting.hpp"

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

namespace flatline::render {

Lighting default_lighting() {
  Lighting l;
  l.sun_dir = glm::normalize(glm::vec3(0.6f, -0.75f, 0.4f));
  l.sun_color = glm::vec3(1.0f, 0.93f, 0.82f) * 1.3f;
  l.sky_color = glm::vec3(0.50f, 0.62f, 0.78f);
  l.ground_color = glm::vec3(0.26f, 0.23f, 0.20f);
  l.zenith_color = {0.13f, 0.32f, 0.68f};
  l.fog_color = {0.42f, 0.60f, 0.80f};  // near three.js games_fps's 0x88ccee, a little greyer
  l.fog_near = 10.0f;                   // the firing line stays clear...
  l.fog_far = 90.0f;  // ...and the far corners (about 85 m away) melt into the horizon
  return l;
}

glm::mat4 sun_view_proj(const Lighting& lighting, float half_extent, float height) {
  const glm::vec3 centre{0.0f, height * 0.5f, 0.0f};
  const float radius = glm::length(glm::vec3(half_extent + 2.0f, height, half_extent + 2.0f));
  const glm::vec3 up =
      std::abs(lighting.sun_dir.y) > 0.99f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::mat4 view = glm::lookAt(centre - lighting.sun_dir * radius, centre, up);
  return glm::ortho(-radius, radius, -radius, radius, 0.0f, 2.0f * radius) * view;
}

}  // namespace flatline::render
