// The level the renderer tests draw: the committed assets/, as the game loads them.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "assets/level.hpp"
#include "render/renderer.hpp"

namespace flatline::render {

inline const assets::Level& test_level() {
  static const assets::Level level = [] {
    assets::Level loaded;
    std::string error;
    if (!assets::load_level(FLATLINE_ASSET_DIR, loaded, error)) ADD_FAILURE() << error;
    return loaded;
  }();
  return level;
}

inline RendererConfig test_config(const std::string& shader_dir = FLATLINE_SHADER_DIR) {
  RendererConfig config;
  config.shader_dir = shader_dir;
  return config;
}

}  // namespace flatline::render
