// What the level tests share: a folder per test, and the one-line error every bad file gets.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "assets/level.hpp"
#include "tiny_level.hpp"

namespace flatline::assets::testing {

// A folder per test: ctest runs the tests of this executable in parallel processes.
inline std::filesystem::path test_dir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  return std::filesystem::temp_directory_path() / "flatline_level_test" /
         (std::string(test->test_suite_name()) + "." + test->name());
}

// "n7": a name and a number (appended: GCC 12 misreads "n" + std::to_string(i) as an overlap).
inline std::string numbered(std::string name, std::size_t i) {
  name += std::to_string(i);
  return name;
}

inline bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Loading `dir` fails with one line that names `file` and says `what` (the field and its
// value), and leaves the level empty.
inline void expect_one_line_error(const std::filesystem::path& dir,
                                  const std::filesystem::path& file, const std::string& what) {
  Level level;
  std::string error;
  EXPECT_FALSE(load_level(dir.string(), level, error));
  EXPECT_TRUE(has(error, file.string() + ": ")) << error;
  EXPECT_TRUE(has(error, what)) << error << "\n  wanted: " << what;
  EXPECT_FALSE(has(error, "\n")) << error;
  EXPECT_TRUE(level.parts.empty() && level.collision.solids.empty() && level.images.empty());
}

// The tiny level with `edit` applied is refused, naming arena.gltf and saying `what`.
inline void expect_refused(const std::function<void(nlohmann::json&)>& edit,
                           const std::string& what) {
  const std::filesystem::path dir = test_dir();
  write_edited_level(dir, edit);
  expect_one_line_error(dir, dir / "arena.gltf", what);
}

}  // namespace flatline::assets::testing
