// Random triangle soups and queries for the BVH's tests: a seeded generator, so a failure
// names a round that replays.
#pragma once

#include <random>
#include <vector>

#include <glm/vec3.hpp>

#include "physics/triangles.hpp"

namespace flatline::test {

class RandomSoup {
 public:
  explicit RandomSoup(unsigned seed, float extent = 20.0f) : rng_(seed), extent_(extent) {}

  glm::vec3 point() {
    std::uniform_real_distribution<float> coord(-extent_, extent_);
    return {coord(rng_), coord(rng_), coord(rng_)};
  }
  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }

  // Mostly small triangles scattered about, a few large ones across the level (floors).
  std::vector<Triangle> triangles(int count) {
    std::vector<Triangle> out;
    out.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      const glm::vec3 centre = point();
      const float size = (i % 50 == 0) ? extent_ : uniform(0.2f, 2.0f);
      const auto corner = [&] {
        return centre + glm::vec3(uniform(-size, size), uniform(-size, size), uniform(-size, size));
      };
      out.push_back({corner(), corner(), corner()});
    }
    return out;
  }

 private:
  std::mt19937 rng_;
  float extent_;
};

}  // namespace flatline::test
