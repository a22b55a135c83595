// Textures against a real GL context (Mesa llvmpipe under Xvfb in CI): an image larger than
// the driver's GL_MAX_TEXTURE_SIZE is refused at upload with one line naming it and both
// sizes (it was drawn black with no message), and the renderer's init fails with that line.
#include "render/textures.hpp"

#include <gtest/gtest.h>

#include "level_fixture.hpp"
#include "platform/window.hpp"

namespace flatline::render {
namespace {

assets::Image image_of(int width, int height) {
  assets::Image image;
  image.name = "assets/textures/wide.png";
  image.width = width;
  image.height = height;
  image.rgba.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 200);
  return image;
}

TEST(Textures, TheLimitCheckNamesTheImageAndBothSizes) {
  std::string error;
  EXPECT_TRUE(fits_texture_limit(image_of(1024, 1024), 1024, error));
  EXPECT_FALSE(fits_texture_limit(image_of(2048, 4), 1024, error));
  EXPECT_EQ(error,
            "assets/textures/wide.png: 2048x4 is larger than this GL driver's "
            "GL_MAX_TEXTURE_SIZE, 1024");
  EXPECT_FALSE(fits_texture_limit(image_of(4, 2048), 1024, error));
}

class TexturesGl : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string error;
    platform::WindowOptions options;
    options.hidden = true;
    window_ = platform::Window::open(options, error).release();
    ASSERT_NE(window_, nullptr) << error;
  }
  static void TearDownTestSuite() { delete window_; }

  void SetUp() override {
    ASSERT_NE(window_, nullptr);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size_);
    ASSERT_GE(max_size_, 1024);  // what GL 3.3 promises
  }
  static inline platform::Window* window_ = nullptr;
  GLint max_size_ = 0;
};

TEST_F(TexturesGl, AnImageWiderThanTheDriverTakesIsRefusedAtUpload) {
  assets::Level level = test_level();
  level.images.push_back(image_of(2 * max_size_, 1));  // a power of two, one texel high
  Textures textures;
  std::string error;
  EXPECT_FALSE(upload_textures(level, textures, error));
  EXPECT_EQ(error, "assets/textures/wide.png: " + std::to_string(2 * max_size_) +
                       "x1 is larger than this GL driver's GL_MAX_TEXTURE_SIZE, " +
                       std::to_string(max_size_));
  EXPECT_TRUE(textures.images.empty());  // nothing made before the check

  // The renderer reports it as it reports any load failure: false and the line.
  Renderer renderer;
  const World world{WorldConfig{}};
  std::string init_error;
  EXPECT_FALSE(renderer.init(world, level, test_config(), init_error));
  EXPECT_EQ(init_error, error);
}

TEST_F(TexturesGl, TheCommittedLevelsImagesAllUpload) {
  Textures textures;
  std::string error;
  ASSERT_TRUE(upload_textures(test_level(), textures, error)) << error;
  EXPECT_EQ(textures.images.size(), test_level().images.size());
  EXPECT_NE(textures.of(0), textures.white.id());
}

}  // namespace
}  // namespace flatline::render
