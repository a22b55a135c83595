// The game end to end, as a player's machine runs it: the flatline executable in
// a hidden window under Xvfb (this test executable runs under xvfb-run).
#include <gtest/gtest.h>
#include <stb_image.h>  // implementation is in Debian's libstb

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include "child_process.hpp"

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

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A headless run whose stdout is the test's pipe; --hash-every 1 prints a line a tick, so the
// first line says the run is ticking, and a run left unread soon blocks on its stdout.
std::vector<std::string> ticking_run(std::int64_t frames, const std::string& stats,
                                     bool autofire = true) {
  std::filesystem::create_directories(kOut);
  std::filesystem::remove(stats);
  std::vector<std::string> args{
      "--no-window", "--frames", std::to_string(frames), "--hash-every", "1", "--stats", stats};
  if (autofire) args.push_back("--autofire");
  return args;
}

const std::map<std::string, int> kStopSignals = {
    {"TERM", SIGTERM}, {"INT", SIGINT}, {"HUP", SIGHUP}};

// SIGHUP too: the terminal that started a long run was closed (an ssh session dropped). The
// signal is sent once the run has printed its first tick, however long its start took.
TEST(Harness, SigtermSigintAndSighupEndTheRunCleanlyAndStillWriteTheStats) {
  for (const auto& [name, signal] : kStopSignals) {
    const std::string stats = (kOut / ("signal_" + name + ".json")).string();
    flatline::test::Child game(kExe, ticking_run(100000000, stats), (kOut / "err.txt").string());
    ASSERT_TRUE(game.started()) << name;
    ASSERT_TRUE(game.read_until("\n")) << name << ": no tick line: " << game.output();
    ASSERT_EQ(game.output().rfind("tick ", 0), 0u) << name << ": " << game.output();
    const std::uint64_t first_tick = std::stoull(game.output().substr(5));  // "tick N hash"
    ::kill(game.pid(), signal);
    const int status = game.finish();
    ASSERT_TRUE(WIFEXITED(status)) << name << ": status " << status;
    EXPECT_EQ(WEXITSTATUS(status), 130) << name << ": " << read_file((kOut / "err.txt").string());
    const std::string json = read_file(stats);
    EXPECT_NE(json.find("\"interrupted\": true"), std::string::npos) << name << json;
    // Stopped mid-run, not before its first tick.
    EXPECT_GE(json_number(json, "ticks"), static_cast<double>(first_tick)) << name;
    EXPECT_GT(first_tick, 0u) << name;
  }
}

// `nohup flatline ...` and `flatline ... &` in a script start the run with SIGHUP or SIGINT
// ignored: it keeps them ignored, and a signal sent while it runs does not end it.
TEST(Harness, AnInheritedIgnoredSighupOrSigintStaysIgnored) {
  constexpr std::int64_t kFrames = 10000;  // its tick lines: "tick N hash H", 20 bytes or more
  for (const auto& [name, signal] : kStopSignals) {
    if (signal == SIGTERM) continue;
    const std::string stats = (kOut / ("ignored_" + name + ".json")).string();
    flatline::test::Child game(kExe, ticking_run(kFrames, stats, false),
                               (kOut / "err.txt").string(), signal);
    ASSERT_TRUE(game.started()) << name;
    ASSERT_GT(kFrames * 20, 2 * game.pipe_capacity()) << "the run could end unread";
    ASSERT_TRUE(game.wait_blocked_on_stdout()) << name << ": never blocked on its stdout";
    ::kill(game.pid(), signal);  // mid-run: it cannot end before its stdout is read
    ASSERT_TRUE(game.wait_taken(signal)) << name;
    const int status = game.finish();
    ASSERT_TRUE(WIFEXITED(status)) << name << ": status " << status;
    EXPECT_EQ(WEXITSTATUS(status), 0) << name << ": " << read_file((kOut / "err.txt").string());
    const std::string json = read_file(stats);
    EXPECT_NE(json.find("\"interrupted\": false"), std::string::npos) << name << json;
    EXPECT_EQ(json_number(json, "ticks"), static_cast<double>(kFrames)) << name;
  }
}

// A frame that never ends (here: stuck writing to a stdout nobody reads) must not make
// SIGTERM useless: the first asks for a clean stop, which the stuck frame never reaches; the
// second ends the process at once, killed by that signal. (Were it still alive, reading its
// stdout would let it go on and end cleanly, exit 130: not killed.)
TEST(Harness, ASecondStopSignalEndsARunStuckInAFrame) {
  for (const auto& [name, signal] : kStopSignals) {
    const std::string stats = (kOut / ("stuck_" + name + ".json")).string();
    flatline::test::Child game(kExe, ticking_run(100000000, stats), (kOut / "err.txt").string());
    ASSERT_TRUE(game.started()) << name;
    ASSERT_TRUE(game.wait_blocked_on_stdout()) << name << ": never blocked on its stdout";
    ::kill(game.pid(), signal);
    ASSERT_TRUE(game.wait_taken(signal)) << name;
    ::kill(game.pid(), signal);
    const int status = game.finish();
    ASSERT_TRUE(WIFSIGNALED(status)) << name << ": status " << status;
    EXPECT_EQ(WTERMSIG(status), signal) << name;
  }
}

}  // namespace
