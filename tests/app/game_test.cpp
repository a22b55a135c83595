// The game end to end, as a player's machine runs it: the flatline executable in
// a hidden window under Xvfb (this test executable runs under xvfb-run).
#include <gtest/gtest.h>
#include <stb_image.h>  // implementation is in Debian's libstb

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>

namespace {

const std::string kExe = FLATLINE_EXE;
const std::filesystem::path kOut = std::filesystem::temp_directory_path() / "flatline_game_test";

struct RunResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

RunResult run(const std::string& args, const std::string& env = "") {
  std::filesystem::create_directories(kOut);
  const std::string log = (kOut / "log.txt").string();
  const std::string cmd = env + " " + kExe + " " + args + " > " + log + " 2>&1";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  r.output = text.str();
  return r;
}

// The number after "key": in a JSON text (keys in this file are unique enough).
double json_number(const std::string& json, const std::string& key) {
  const auto at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return -1.0;
  return std::strtod(json.c_str() + at + key.size() + 3, nullptr);
}

// The text between quotes after "key": in a JSON text.
std::string json_string(const std::string& json, const std::string& key) {
  const auto at = json.find("\"" + key + "\": \"");
  if (at == std::string::npos) return "(missing)";
  const auto begin = at + key.size() + 5;
  return json.substr(begin, json.find('"', begin) - begin);
}

TEST(Game, AnAutofireRunDrawsBulletsInOneCallAndAllocatesNothingAfterWarmup) {
  const std::string shot = (kOut / "shot.png").string();
  const std::string stats = (kOut / "s.json").string();
  const RunResult r =
      run("--frames 600 --autofire --hidden --fixed-dt --screenshot " + shot + " --stats " + stats);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(stats);
  std::stringstream json;
  json << in.rdbuf();
  EXPECT_EQ(json_number(json.str(), "bullet_draw_calls_per_frame"), 1.0) << json.str();
  EXPECT_EQ(json_number(json.str(), "allocations_after_warmup"), 0.0) << json.str();
  EXPECT_EQ(json_number(json.str(), "buffer_reallocations_after_warmup"), 0.0) << json.str();
  EXPECT_EQ(json_number(json.str(), "frames"), 600.0);
  // The play command's payoff: the scripted player breaks targets in these 600 frames. Fixed
  // frames (one tick each) end the run 7.6 s into its hunt; with the wall clock's, a run at
  // 4.5 to 20 ms a frame ends in one too (autopilot_test.cpp).
  EXPECT_GE(json_number(json.str(), "targets_broken"), 1.0) << json.str();
  EXPECT_GE(json_number(json.str(), "damage_numbers_on_screen"), 1.0) << json.str();
  // --aa auto, the default: off where the CPU rasterises (llvmpipe under Xvfb), FXAA on a GPU.
  const std::string driver = json_string(json.str(), "gl_renderer");
  EXPECT_NE(driver, "(missing)");
  const bool cpu = driver.find("llvmpipe") != std::string::npos;
  EXPECT_EQ(json_string(json.str(), "antialiasing"), cpu ? "off" : "fxaa") << driver;

  int w = 0, h = 0, channels = 0;
  unsigned char* px = stbi_load(shot.c_str(), &w, &h, &channels, 4);
  ASSERT_NE(px, nullptr) << "no PNG at " << shot;
  EXPECT_EQ(w, 1280);
  EXPECT_EQ(h, 720);
  int glowing = 0, panel = 0, arena = 0;
  for (int i = 0; i < w * h; ++i) {
    const int r8 = px[i * 4], g8 = px[i * 4 + 1], b8 = px[i * 4 + 2];
    glowing += r8 > 235 && g8 > 150 && b8 < 200;  // bullets, tracers, sparks
    panel += r8 < 45 && g8 < 45 && b8 < 55;       // the overlay's dark panel
    arena += i % w > 720 && r8 + g8 + b8 > 150;   // right of the panel: lit arena
  }
  stbi_image_free(px);
  EXPECT_GT(glowing, 20) << "no bullets in flight on the screenshot";
  EXPECT_GT(panel, 40000) << "no overlay panel on the screenshot";
  EXPECT_GT(arena, 200000) << "no arena on the screenshot";
}

TEST(Game, WithInstancingOffEveryBulletCostsADrawCall) {
  const std::string stats = (kOut / "one_by_one.json").string();
  const RunResult r =
      run("--frames 120 --autofire --hidden --fixed-dt --no-instancing --stats " + stats);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(stats);
  std::stringstream json;
  json << in.rdbuf();
  EXPECT_GT(json_number(json.str(), "bullet_draw_calls_per_frame"), 10.0) << json.str();
  EXPECT_GT(json_number(json.str(), "draw_calls_per_frame"), 50.0) << json.str();
}

TEST(Game, WithoutADisplayItSaysSoInOneLineAndExitsNonZero) {
  const RunResult r = run("--frames 10 --hidden", "env -u DISPLAY -u WAYLAND_DISPLAY");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("flatline: cannot open a window"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--no-window"), std::string::npos) << r.output;
}

TEST(Game, AMissingShaderFolderIsNamedAndExitsNonZero) {
  const RunResult r = run("--frames 10 --hidden --shaders /nonexistent/shaders");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("/nonexistent/shaders/mesh.vert"), std::string::npos) << r.output;
}

TEST(Game, ADriverBelowGl33IsRefusedWithAClearLine) {
  const RunResult r = run("--frames 10 --hidden", "MESA_GL_VERSION_OVERRIDE=3.0");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.output.find("3.3"), std::string::npos) << r.output;
}

// The harness needs no display; these run here because they drive the same executable.
TEST(Harness, AFiveSecondStallIsClampedAndTheDroppedTimeCounted) {
  const std::string stats = (kOut / "stall.json").string();
  const RunResult r = run("--no-window --frames 120 --stall-at 60 --stats " + stats);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream in(stats);
  std::stringstream json;
  json << in.rdbuf();
  EXPECT_EQ(json_number(json.str(), "ticks"), 119.0 + 15.0);  // 0.25 s of ticks, not 300
  EXPECT_NEAR(json_number(json.str(), "dropped_seconds"), 4.75, 1e-6);
}

// SIGHUP too: the terminal that started a long run was closed (an ssh session dropped).
TEST(Harness, SigtermSigintAndSighupEndTheRunCleanlyAndStillWriteTheStats) {
  for (const std::string signal : {"TERM", "INT", "HUP"}) {
    const std::string stats = (kOut / ("signal_" + signal + ".json")).string();
    std::filesystem::remove(stats);
    const RunResult r = run("--no-window --frames 100000000 --autofire --stats " + stats,
                            "timeout --preserve-status -s " + signal + " 3");
    EXPECT_EQ(r.exit_code, 130) << signal << ": " << r.output;
    std::ifstream in(stats);
    std::stringstream json;
    json << in.rdbuf();
    EXPECT_NE(json.str().find("\"interrupted\": true"), std::string::npos) << signal << json.str();
    EXPECT_GT(json_number(json.str(), "ticks"), 0.0) << signal;  // stopped mid-run, not before
  }
}

}  // namespace
