// Tests for src/app/session.hpp, the run both modes share, and its headless driver
// (src/app/headless.hpp), run in process: a replay ends with its last recorded tick however
// many ticks a frame asks for, and the heap accounting sets a screenshot's allocations apart.
#include "app/session.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/headless.hpp"
#include "app/process.hpp"
#include "sim/stats.hpp"

namespace flatline::app {
namespace {

const std::filesystem::path kDir =
    std::filesystem::temp_directory_path() /
    ("flatline_session_test_" +
     std::to_string(::getpid()));  // one per process: ctest runs tests side by side

std::string path_of(const std::string& name) {
  std::filesystem::create_directories(kDir);
  return (kDir / name).string();
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of the first `"key": value` in a stats file, quotes kept.
std::string json_value(const std::string& json, const std::string& key) {
  const std::string mark = "\"" + key + "\": ";
  const auto at = json.find(mark);
  if (at == std::string::npos) return "(no " + key + ")";
  const auto begin = at + mark.size();
  return json.substr(begin, json.find_first_of(",\n}", begin) - begin);
}

// `flatline --no-window --frames N --autofire --seed 5 --record PATH --stats ...`.
std::string record(const std::string& path, std::int64_t ticks) {
  Options o;
  o.no_window = true;
  o.frames = ticks;
  o.autofire = true;
  o.seed = 5;
  o.record_path = path;
  o.stats_path = path + ".json";
  EXPECT_EQ(run_headless(o), 0);
  return read_text(o.stats_path);
}

TEST(HeadlessReplay, AStallNearTheEndPlaysExactlyTheRecordedTicks) {
  constexpr std::int64_t kTicks = 300;
  const std::string recording = path_of("stall.flrp");
  const std::string recorded = record(recording, kTicks);
  ASSERT_EQ(json_value(recorded, "ticks"), "300");
  // The stall frame asks for 15 ticks (0.25 s at 60 Hz): more than the recording has left.
  for (const std::int64_t stall_at : {kTicks - 5, kTicks - 1}) {
    Options o;
    o.no_window = true;
    o.replay_path = recording;
    o.stall_at = stall_at;
    o.stats_path = path_of("stall_replay.json");
    ASSERT_EQ(run_headless(o), 0) << "--stall-at " << stall_at;
    const std::string replayed = read_text(o.stats_path);
    EXPECT_EQ(json_value(replayed, "ticks"), "300") << "--stall-at " << stall_at;
    EXPECT_EQ(json_value(replayed, "state_hash"), json_value(recorded, "state_hash"));
    EXPECT_EQ(json_value(replayed, "frames"), std::to_string(stall_at + 1));
    EXPECT_EQ(json_value(replayed, "interrupted"), "false");
  }
}

TEST(Session, AReplayEndsWithItsLastTickInAWindowToo) {
  const std::string recording = path_of("window.flrp");
  const std::string recorded = record(recording, 100);
  Options o;  // windowed: the window's clock may ask for several ticks a frame
  o.replay_path = recording;
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  int frames = 0;
  while (session.begin_frame()) {
    for (int i = 0; i < 7; ++i)
      session.tick(60.0);
    session.end_frame();
    ++frames;
  }
  EXPECT_EQ(session.world().tick, 100u);
  EXPECT_EQ(frames, 15);  // 14 frames of 7 ticks, then the last 2
  EXPECT_FALSE(session.tick(60.0));
  EXPECT_EQ(session.world().tick, 100u);
  char hash[32];
  std::snprintf(hash, sizeof hash, "\"%016llx\"",
                static_cast<unsigned long long>(state_hash(session.world())));
  EXPECT_EQ(hash, json_value(recorded, "state_hash"));
}

TEST(Session, TheStallFrameFeedsTheClockFiveSecondsInBothModes) {
  for (const bool headless : {true, false}) {
    Options o;
    o.no_window = headless;
    o.stall_at = 2;
    Session session;
    std::string error;
    ASSERT_TRUE(session.load(o, error)) << error;
    for (int frame = 0; frame < 4 && session.begin_frame(); ++frame) {
      const double want = frame == 2 ? Session::kStallSeconds : 0.016;
      EXPECT_EQ(session.frame_seconds(0.016), want) << "frame " << frame;
      session.end_frame();
    }
  }
}

// A stop signal ends a frame between two ticks, not after all of them: a frame of many
// long ticks (a pool growing under a huge fire rate) still stops at once. Run in a child
// process, as the stop flag stays raised.
TEST(SessionDeathTest, AStopSignalEndsTheFrameAtTheNextTick) {
  EXPECT_EXIT(
      {
        install_stop_handlers();
        Options o;
        o.no_window = true;
        Session session;
        std::string error;
        if (!session.load(o, error) || !session.begin_frame()) std::exit(3);
        const bool before = session.tick(60.0);
        std::raise(SIGTERM);
        const bool after = session.tick(60.0);
        std::exit(before && !after && session.world().tick == 1 ? 0 : 4);
      },
      ::testing::ExitedWithCode(0), "");
}

// The longest frame the clock allows (the fastest rate, the longest clamp, an infinite frame
// time: a time scale of 1e999) asks for its ticks; a stop signal raised during them ends the
// frame at the next one, as the drivers' loops run them.
TEST(SessionDeathTest, AStopSignalEndsTheLongestFrameTheClockAllows) {
  EXPECT_EXIT(
      {
        install_stop_handlers();
        Options o;
        o.no_window = true;
        o.autofire = true;
        Session session;
        std::string error;
        if (!session.load(o, error) || !session.begin_frame()) std::exit(3);
        FixedStep& clock = session.clock();
        clock.set_tick_hz(1e99);
        clock.set_max_frame_seconds(1e99);
        const int ticks = clock.advance(std::numeric_limits<double>::infinity());
        if (ticks < 900 || ticks > FixedStep::kMaxTicksPerAdvance) std::exit(4);  // about 1000
        for (int i = 0; i < ticks; ++i) {
          if (i == 3) std::raise(SIGTERM);
          if (!session.tick(clock.tick_hz())) break;
        }
        std::exit(session.world().tick == 3 && !session.begin_frame() ? 0 : 5);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(Session, WindowedTheScriptedPlayerWaitsForTheWarmUp) {
  for (const bool headless : {true, false}) {
    Options o;
    o.no_window = headless;
    o.autofire = true;
    o.warmup = 30;
    Session session;
    std::string error;
    ASSERT_TRUE(session.load(o, error)) << error;
    for (int frame = 0; frame < 30 && session.begin_frame(); ++frame) {
      session.tick(60.0);
      session.end_frame();
    }
    if (headless)
      EXPECT_GT(session.world().shots_fired, 0u) << "headless fires from the first tick";
    else
      EXPECT_EQ(session.world().shots_fired, 0u) << "windowed waits for the warm-up frames";
  }
}

TEST(Session, AllocationsSetAsideAreReportedApartFromTheSteadyState) {
  Options o;
  o.no_window = true;
  o.frames = 5;
  o.warmup = 1;
  o.stats_path = path_of("set_aside.json");
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  while (session.begin_frame()) {
    session.tick(60.0);
    if (session.frame() == 3) {  // what a screenshot does: a capture the player asked for
      static std::unique_ptr<char[]> capture_buffer;  // kept, so the allocation is not elided
      const heap::Mark capture;
      capture_buffer = std::make_unique<char[]>(4096);
      session.set_aside(capture.since());
      // The overlay's "since warm-up" leaves it out too: it has its own line.
      EXPECT_EQ(session.heap_since_warmup().allocations, 0u);
      EXPECT_EQ(session.heap_set_aside().allocations, 1u);
    }
    session.end_frame();
  }
  ASSERT_EQ(session.finish(RunReport{}), 0);
  const std::string json = read_text(o.stats_path);
  EXPECT_EQ(json_value(json, "allocations_after_warmup"), "0") << json;
  EXPECT_EQ(json_value(json, "screenshot_allocations"), "1") << json;
}

// --lesson fires once, at --lesson-at (else the end of the warm-up), before that tick is
// stepped; --restart-at destroys and re-makes the pools at its tick. Both in the stats file.
TEST(Session, TheLessonFiresOnceAtItsTickAndARestartAtItsOwn) {
  Options o;
  o.no_window = true;
  o.frames = 40;
  o.warmup = 5;
  o.lesson = Lesson::DoubleRelease;
  o.lesson_at = 20;
  o.restart_at = 30;
  o.strict_pools = false;  // counted only: nothing on stderr
  o.stats_path = path_of("lesson.json");
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  while (session.begin_frame()) {
    session.tick(60.0);
    const std::size_t doubles = pool_stats(session.world(), kBullets).double_releases;
    EXPECT_EQ(doubles, session.world().tick > 20 ? 1u : 0u) << "tick " << session.world().tick;
    EXPECT_EQ(lifecycle_counts(session.world()).restarts, session.world().tick > 30 ? 1u : 0u);
    session.end_frame();
  }
  ASSERT_EQ(session.finish(RunReport{}), 0);
  const nlohmann::json j = nlohmann::json::parse(read_text(o.stats_path));
  EXPECT_EQ(j["lessons"]["lesson"], "double-release");
  EXPECT_EQ(j["lessons"]["lesson_at"], 20);
  EXPECT_EQ(j["lessons"]["lesson_fired"], true);
  EXPECT_EQ(j["lessons"]["restart_at"], 30);
  EXPECT_EQ(j["lifecycle"]["restarts"], 1);
  EXPECT_EQ(j["pools"]["bullets"]["double_releases"], 1);
}

// The level's colliders are the world's arena, in the first round and every new one (new
// pool sizes make new pools, never a new level). The level here is the committed one with
// the glass moved 1 m east, so the world cannot be using the built-in boxes.
TEST(SessionLevel, TheLoadedCollidersAreEveryRoundsArena) {
  const std::filesystem::path dir = kDir / "moved_assets";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(kDir);
  std::filesystem::copy(FLATLINE_ASSET_DIR, dir, std::filesystem::copy_options::recursive);
  nlohmann::json gltf = nlohmann::json::parse(std::ifstream(dir / "arena.gltf"));
  for (auto& node : gltf["nodes"])
    if (node["name"] == "UBX_glass") node["translation"][0] = 1.0;
  std::ofstream(dir / "arena.gltf") << gltf.dump();

  Options o;
  o.no_window = true;
  o.frames = 10;
  o.assets_dir = dir.string();
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  const ArenaLayout builtin = builtin_arena_layout();
  const auto glass = static_cast<std::size_t>(session.world().arena.thin_wall);
  const Aabb moved = session.world().arena.solids[glass];
  EXPECT_EQ(moved.min.x, builtin.solids[static_cast<std::size_t>(builtin.thin_wall)].min.x + 1.0f);
  EXPECT_EQ(session.world().arena.solids, session.level().collision.solids);

  WorldConfig bigger = session.config();
  bigger.pools[kBullets].capacity *= 2;
  bigger.arena = builtin;  // a round may not bring its own level
  session.new_round(bigger);
  EXPECT_EQ(session.world().bullets.pool.capacity(), 2 * WorldConfig{}.pools[kBullets].capacity);
  EXPECT_EQ(session.world().arena.solids[glass].min.x, moved.min.x);
  EXPECT_EQ(session.config().arena, session.level().collision);
}

// --spawn: the player starts where it says, looking where it says; outside the level's
// playable square it is refused with one line.
TEST(Session, SpawnsThePlayerInsideTheLevelOnly) {
  Options o;
  o.no_window = true;
  o.frames = 10;
  o.spawn = SpawnPoint{{-28.0f, 3.0f, 0.0f}, 90.0f, -10.0f};
  Session session;
  std::string error;
  ASSERT_TRUE(session.load(o, error)) << error;
  EXPECT_EQ(session.world().player.pos, glm::vec3(-28.0f, 3.0f, 0.0f));
  EXPECT_NEAR(session.world().player.yaw, 3.14159265f / 2.0f, 1e-5f);
  EXPECT_NEAR(session.world().player.pitch, -10.0f * 3.14159265f / 180.0f, 1e-5f);
  const float edge = session.level().collision.half_extent;
  ASSERT_GT(edge, 0.0f);
  for (const glm::vec3 outside :
       {glm::vec3(edge + 1.0f, 0.0f, 0.0f), glm::vec3(0.0f, 0.0f, -edge)}) {
    o.spawn->feet = outside;
    Session refused;
    EXPECT_FALSE(refused.load(o, error));
    EXPECT_NE(error.find("--spawn"), std::string::npos) << error;
    EXPECT_NE(error.find("outside the level"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace flatline::app
