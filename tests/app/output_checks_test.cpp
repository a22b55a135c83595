// Tests for src/app/output_checks.hpp: an output is refused at startup when it is another
// output by another name, or any input of the run (a file of the level, the replay, the
// executable), or when its place cannot take a file.
#include "app/output_checks.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace flatline::app {
namespace {

namespace fs = std::filesystem;
const fs::path kDir =
    fs::temp_directory_path() /
    ("flatline_output_checks_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side

// A folder like --assets: arena.gltf, arena.bin (a link to a file elsewhere), textures/.
fs::path make_assets() {
  const fs::path assets = kDir / "assets";
  fs::remove_all(kDir);
  fs::create_directories(assets / "textures");
  fs::create_directories(kDir / "elsewhere");
  std::ofstream(assets / "arena.gltf") << "{}";
  std::ofstream(assets / "textures" / "floor.png") << "png";
  std::ofstream(kDir / "elsewhere" / "arena.bin") << "bin";
  fs::create_symlink(kDir / "elsewhere" / "arena.bin", assets / "arena.bin");
  return assets;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct Cwd {  // relative names are resolved from kDir for the test's span
  fs::path was = fs::current_path();
  explicit Cwd(const fs::path& to) { fs::current_path(to); }
  ~Cwd() { fs::current_path(was); }
};

TEST(SameFile, TwoNamesForOneEntryAreOneFileWhetherOrNotItExists) {
  make_assets();
  const Cwd cwd(kDir);
  EXPECT_TRUE(same_file("x.json", "./x.json"));
  EXPECT_TRUE(same_file("x.json", "elsewhere/../x.json"));
  EXPECT_FALSE(same_file("x.json", "y.json"));
  EXPECT_TRUE(same_file("assets/arena.bin", "elsewhere/arena.bin"));  // a link: one inode
}

TEST(CheckOutputs, TwoOutputsByDifferentNamesAreRefused) {
  const fs::path assets = make_assets();
  const Cwd cwd(kDir);
  Options o;
  o.assets_dir = assets.string();
  o.stats_path = "./x.json";
  o.record_path = "x.json";
  EXPECT_TRUE(has(check_outputs(o, ""), "name the same file"));
  o.record_path.clear();
  o.audio_out_path = "x.json";
  EXPECT_TRUE(has(check_outputs(o, ""), "name the same file"));
  o.audio_out_path = "y.wav";
  EXPECT_EQ(check_outputs(o, ""), "");
}

TEST(CheckOutputs, AnythingInAnInputFolderIsRefused) {
  const fs::path assets = make_assets();
  Options o;
  o.assets_dir = assets.string();
  for (const char* name : {"arena.gltf", "textures/floor.png", "new.json"}) {
    o.stats_path = (assets / name).string();
    const std::string why = check_outputs(o, "");
    EXPECT_TRUE(has(why, "is inside the --assets folder '" + assets.string() + "'")) << why;
  }
  o.stats_path.clear();
  o.record_path = (kDir / "elsewhere" / "arena.bin").string();  // what assets/arena.bin reads
  const std::string why = check_outputs(o, "");
  EXPECT_TRUE(has(why, "is the input '" + (assets / "arena.bin").string() + "'")) << why;
  EXPECT_EQ(fs::file_size(kDir / "elsewhere" / "arena.bin"), 3u) << "the input is untouched";
  // The shaders folder is an input of a windowed run.
  o.record_path = (kDir / "elsewhere" / "mesh.vert").string();
  EXPECT_TRUE(has(check_outputs(o, (kDir / "elsewhere").string()), "the shaders folder"));
}

TEST(CheckOutputs, TheExecutableAndTheReplayAreRefused) {
  const fs::path assets = make_assets();
  Options o;
  o.assets_dir = assets.string();
  o.stats_path = fs::read_symlink("/proc/self/exe").string();
  EXPECT_TRUE(has(check_outputs(o, ""), "is the flatline executable"));
  std::ofstream(kDir / "r.flrp") << "FLRP";
  o.stats_path = (kDir / "." / "r.flrp").string();
  o.replay_path = (kDir / "r.flrp").string();
  EXPECT_TRUE(has(check_outputs(o, ""), "is the --replay input"));
}

// The temporary file is really made (and removed): what the run does at its end, now.
TEST(CheckOutputs, APlaceThatTakesNoFileIsRefusedBeforeTheRun) {
  const fs::path assets = make_assets();
  Options o;
  o.assets_dir = assets.string();
  o.stats_path = (kDir / std::string(300, 'n')).string();
  EXPECT_TRUE(has(check_outputs(o, ""), "File name too long"));
  o.stats_path = (kDir / std::string(250, 'n')).string();
  EXPECT_EQ(check_outputs(o, ""), "");
  EXPECT_FALSE(fs::exists(o.stats_path)) << "the check leaves nothing behind";
  for (const char* place : {"/proc/flatline.json", "/sys/flatline.json"}) {
    o.stats_path = place;
    EXPECT_TRUE(has(check_outputs(o, ""), std::string("cannot write '") + place)) << place;
  }
  for (const auto& entry : fs::directory_iterator(kDir))
    EXPECT_FALSE(has(entry.path().string(), ".tmp-")) << entry.path();
}

}  // namespace
}  // namespace flatline::app
