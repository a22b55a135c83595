#include "app/options.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/settings_from.hpp"

namespace flatline::app {
namespace {

ParseResult parse(std::vector<const char*> args) {
  args.insert(args.begin(), "flatline");
  return parse_options(static_cast<int>(args.size()), args.data());
}

TEST(Options, ParseEveryHarnessFlag) {
  const ParseResult r = parse({"--no-window", "--frames", "3600", "--seed", "9", "--autofire",
                               "--stats", "out.json", "--pool-size", "500", "--overflow",
                               "recycle-oldest", "--warmup", "30", "--tick-hz", "120"});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.options.no_window);
  EXPECT_EQ(r.options.frames, 3600);
  EXPECT_EQ(r.options.seed, 9u);
  EXPECT_TRUE(r.options.autofire);
  EXPECT_EQ(r.options.stats_path, "out.json");
  EXPECT_EQ(r.options.pool_size, 500u);
  EXPECT_EQ(r.options.overflow, OverflowPolicy::RecycleOldest);
  EXPECT_EQ(r.options.warmup, 30);
  EXPECT_DOUBLE_EQ(r.options.tick_hz, 120.0);
}

TEST(Options, ParseTheWindowFlags) {
  const ParseResult r = parse({"--hidden", "--fixed-dt", "--no-instancing", "--screenshot", "s.png",
                               "--shaders", "dir", "--record", "r.flrp", "--hash-every", "60"});
  ASSERT_EQ(r.error, "");
  EXPECT_TRUE(r.options.hidden);
  EXPECT_TRUE(r.options.fixed_dt);
  EXPECT_TRUE(r.options.no_instancing);
  EXPECT_EQ(r.options.screenshot_path, "s.png");
  EXPECT_EQ(r.options.shaders_dir, "dir");
  EXPECT_EQ(r.options.record_path, "r.flrp");
  EXPECT_EQ(r.options.hash_every, 60);
}

TEST(Options, RejectAnUnknownFlag) {
  EXPECT_EQ(parse({"--turbo"}).error, "unknown option '--turbo'");
}

// A typed value is echoed in the error: control characters in it are escaped, so the
// reason stays one line whatever was typed.
TEST(Options, AnErrorIsOneLineWhateverWasTyped) {
  EXPECT_EQ(parse({"--no-win\n"}).error, "unknown option '--no-win\\n'");
  EXPECT_EQ(parse({"--overflow", "grow\r\n\x01"}).error,
            "--overflow needs drop, recycle-oldest or grow, not 'grow\\r\\n\\x01'");
  EXPECT_EQ(parse({"--turbo\tmode"}).error, "unknown option '--turbo\\tmode'");
}

TEST(Options, RejectBadOrMissingValues) {
  for (const auto& args : std::vector<std::vector<const char*>>{{"--frames"},
                                                                {"--frames", "-1"},
                                                                {"--frames", "0"},
                                                                {"--frames", "12x"},
                                                                {"--pool-size", "0"},
                                                                {"--pool-size", "99999999999"},
                                                                {"--overflow", "sometimes"},
                                                                {"--seed", "-3"},
                                                                {"--warmup", "-1"},
                                                                {"--tick-hz", "5"},
                                                                {"--stats"}}) {
    EXPECT_NE(parse(args).error, "") << args[0] << (args.size() > 1 ? args[1] : "");
  }
}

TEST(Options, FireRateSetsTheRifleRate) {
  const ParseResult r = parse({"--fire-rate", "750000", "--pool-size", "1000000"});
  ASSERT_EQ(r.error, "");
  EXPECT_DOUBLE_EQ(r.options.fire_rate, 750000.0);
  EXPECT_FLOAT_EQ(world_config_from(r.options).rifle_rate, 750000.0f);
  EXPECT_FLOAT_EQ(world_config_from(parse({}).options).rifle_rate, WorldConfig{}.rifle_rate);
  for (const auto& args :
       std::vector<std::vector<const char*>>{{"--fire-rate"},
                                             {"--fire-rate", "0"},
                                             {"--fire-rate", "-5"},
                                             {"--fire-rate", "fast"},
                                             {"--fire-rate", "nan"},
                                             {"--fire-rate", "20000000"},
                                             {"--fire-rate", "100", "--record", "r.flrp"},
                                             {"--replay", "r.flrp", "--fire-rate", "100"}}) {
    EXPECT_NE(parse(args).error, "") << args[0] << (args.size() > 1 ? args[1] : "");
  }
}

TEST(Options, ThreadsAreCountedAndBounded) {
  EXPECT_EQ(parse({}).options.threads, 0);  // the machine's cores, chosen at load
  const ParseResult r = parse({"--kernel", "fast", "--threads", "3"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.threads, 3);
  for (const char* bad : {"0", "-1", "65", "two", ""})
    EXPECT_NE(parse({"--threads", bad}).error, "") << bad;
  EXPECT_NE(parse({"--threads"}).error, "");
}

TEST(Options, TheTeachingSwitchesTurnPartsOfThePatternOff) {
  const ParseResult r = parse({"--no-pooling", "--no-reset", "--discrete", "--bullet-speed", "1500",
                               "--no-warmup", "--no-clear-on-reuse"});
  ASSERT_EQ(r.error, "");
  const WorldConfig config = world_config_from(r.options);
  EXPECT_FALSE(config.pooling);
  EXPECT_FALSE(config.reset_on_release);
  EXPECT_FALSE(config.clear_on_reuse);
  EXPECT_FLOAT_EQ(config.scatter_speed, 1100.0f);  // pellets too, in proportion (220 at 300)
  EXPECT_FALSE(config.swept_collision);
  EXPECT_FALSE(config.prewarm_pools);
  EXPECT_FLOAT_EQ(config.rifle_speed, 1500.0f);

  const WorldConfig as_designed = world_config_from(parse({}).options);
  EXPECT_TRUE(as_designed.pooling);
  EXPECT_TRUE(as_designed.reset_on_release);
  EXPECT_TRUE(as_designed.clear_on_reuse);
  EXPECT_FLOAT_EQ(as_designed.scatter_speed, WorldConfig{}.scatter_speed);
  EXPECT_TRUE(as_designed.swept_collision);
  EXPECT_TRUE(as_designed.prewarm_pools);
  EXPECT_FLOAT_EQ(as_designed.rifle_speed, WorldConfig{}.rifle_speed);
}

TEST(Options, RejectABadBulletSpeedAndSwitchesInARecording) {
  for (const auto& args :
       std::vector<std::vector<const char*>>{{"--bullet-speed"},
                                             {"--bullet-speed", "0"},
                                             {"--bullet-speed", "2001"},
                                             {"--bullet-speed", "warp"},
                                             {"--no-pooling", "--record", "r.flrp"},
                                             {"--replay", "r.flrp", "--discrete"}}) {
    EXPECT_NE(parse(args).error, "") << args[0] << (args.size() > 1 ? args[1] : "");
  }
}

TEST(Options, TheFullVisualCapIsASettingOfItsOwn) {
  EXPECT_EQ(world_config_from(parse({}).options).full_visual_cap, WorldConfig::kFullVisualCap);
  const ParseResult r = parse({"--full-visual-cap", "4"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(world_config_from(r.options).full_visual_cap, 4u);
  EXPECT_EQ(world_config_from(parse({"--full-visual-cap", "0"}).options).full_visual_cap, 0u);
  for (const auto& args :
       std::vector<std::vector<const char*>>{{"--full-visual-cap"},
                                             {"--full-visual-cap", "-1"},
                                             {"--full-visual-cap", "10000001"},
                                             {"--full-visual-cap", "many"},
                                             {"--full-visual-cap", "4", "--record", "r.flrp"}}) {
    EXPECT_NE(parse(args).error, "") << args[0] << (args.size() > 1 ? args[1] : "");
  }
}

TEST(Options, OverlayTakesAModeOrAPanelAndNothingElse) {
  EXPECT_EQ(parse({}).options.overlay, "compact");
  for (const std::string_view view : kOverlayViews) {
    const std::string text(view);
    const ParseResult r = parse({"--overlay", text.c_str()});
    EXPECT_EQ(r.error, "") << view;
    EXPECT_EQ(r.options.overlay, view);
  }
  EXPECT_EQ(parse({"--overlay", "sometimes"}).error,
            "--overlay needs off, compact, full or a panel (pools, heap, frame, little, controls, "
            "lessons, slots, settings), not 'sometimes'");
  for (const auto& args : std::vector<std::vector<const char*>>{
           {"--overlay"}, {"--overlay", ""}, {"--overlay", "FULL"}, {"--overlay", "pool"}}) {
    EXPECT_NE(parse(args).error, "") << (args.size() > 1 ? args[1] : "(none)");
  }
}

TEST(Options, AntialiasingIsAutoByDefaultOrOneOfTheNamedModes) {
  const Options defaults = parse({}).options;
  EXPECT_TRUE(defaults.aa_auto);
  EXPECT_FALSE(defaults.fxaa);
  EXPECT_EQ(defaults.msaa, 0);
  EXPECT_TRUE(parse({"--aa", "auto"}).options.aa_auto);
  const Options fxaa = parse({"--aa", "fxaa"}).options;
  EXPECT_FALSE(fxaa.aa_auto);
  EXPECT_TRUE(fxaa.fxaa);
  for (const auto& [mode, samples] : {std::pair{"msaa2", 2}, {"msaa4", 4}, {"msaa8", 8}}) {
    const ParseResult r = parse({"--aa", mode});
    EXPECT_EQ(r.error, "") << mode;
    EXPECT_EQ(r.options.msaa, samples) << mode;
    EXPECT_FALSE(r.options.aa_auto) << mode;
  }
  const Options off = parse({"--aa", "off"}).options;
  EXPECT_FALSE(off.aa_auto || off.fxaa || off.msaa > 0);
  EXPECT_EQ(parse({"--aa", "msaa16"}).error, "--aa needs auto, fxaa, msaa2, msaa4, msaa8 or off");
  EXPECT_NE(parse({"--aa"}).error, "");
}

TEST(Options, TheViewSettingsTakeValuesInRange) {
  const ParseResult r = parse({"--fov", "90", "--sensitivity", "0.5", "--fullscreen"});
  ASSERT_EQ(r.error, "");
  EXPECT_DOUBLE_EQ(r.options.fov, 90.0);
  EXPECT_DOUBLE_EQ(r.options.sensitivity, 0.5);
  EXPECT_TRUE(r.options.fullscreen);
  EXPECT_EQ(parse({"--fov", "40"}).error, "");
  EXPECT_EQ(parse({"--fov", "110"}).error, "");
  for (const auto& args : std::vector<std::vector<const char*>>{{"--fov"},
                                                                {"--fov", "39.9"},
                                                                {"--fov", "111"},
                                                                {"--fov", "wide"},
                                                                {"--fov", "nan"},
                                                                {"--sensitivity"},
                                                                {"--sensitivity", "0"},
                                                                {"--sensitivity", "5.1"},
                                                                {"--sensitivity", "-1"}}) {
    EXPECT_NE(parse(args).error, "") << args[0] << (args.size() > 1 ? args[1] : "");
  }
}

// allocations_after_warmup counts from the end of the warm-up: a run no longer than it
// would report 0, even with --no-pooling. The default warm-up is not an error on short runs.
TEST(Options, RejectAWarmupAsLongAsTheRun) {
  EXPECT_NE(parse({"--frames", "10", "--warmup", "10"}).error.find("--warmup 10 must be less"),
            std::string::npos);
  EXPECT_NE(parse({"--no-window", "--frames", "10", "--warmup", "500", "--no-pooling"}).error, "");
  EXPECT_EQ(parse({"--frames", "11", "--warmup", "10"}).error, "");
  EXPECT_EQ(parse({"--warmup", "500"}).error, "") << "without --frames the run may be longer";
  EXPECT_EQ(parse({"--frames", "10"}).error, "");
}

// Headless without --frames the run is kHeadlessFrames (3600) long: a warm-up that long measures
// nothing either. A replay's length is known once it is read (Session::load checks it).
TEST(Options, RejectAWarmupAsLongAsTheHeadlessDefault) {
  const ParseResult r = parse({"--no-window", "--warmup", "5000"});
  EXPECT_NE(r.error.find("--warmup 5000 must be less than the 3600 frames"), std::string::npos)
      << r.error;
  EXPECT_NE(parse({"--no-window", "--warmup", "3600"}).error, "");
  EXPECT_EQ(parse({"--no-window", "--warmup", "3599"}).error, "");
  EXPECT_EQ(parse({"--no-window", "--warmup", "5000", "--frames", "6000"}).error, "");
  EXPECT_EQ(parse({"--no-window", "--warmup", "5000", "--replay", "r.flrp"}).error, "");
  EXPECT_TRUE(parse({"--warmup", "5000"}).options.warmup_given);
  EXPECT_FALSE(parse({"--no-window"}).options.warmup_given);
}

TEST(Options, RejectAHeadlessScreenshot) {
  EXPECT_NE(parse({"--no-window", "--screenshot", "x.png"}).error.find("needs a window"),
            std::string::npos);
  EXPECT_EQ(parse({"--hidden", "--screenshot", "x.png"}).error, "");
}

// The tour needs the overlay (a window), and flips the switches a recording cannot hold.
TEST(Options, TheOverlayTourNeedsAWindowAndNoRecording) {
  const ParseResult ok = parse({"--hidden", "--overlay-tour"});
  EXPECT_EQ(ok.error, "");
  EXPECT_TRUE(ok.options.overlay_tour);
  EXPECT_FALSE(parse({"--hidden"}).options.overlay_tour);
  EXPECT_NE(parse({"--no-window", "--overlay-tour"}).error.find("needs a window"),
            std::string::npos);
  EXPECT_NE(parse({"--overlay-tour", "--record", "r.txt"}).error, "");
  EXPECT_NE(parse({"--overlay-tour", "--replay", "r.txt"}).error, "");
}

// Any pool by its name; a bare value is still the bullets'.
TEST(Options, PoolSizeAndOverflowTakeAnyPoolByName) {
  const ParseResult r = parse({"--overflow", "sparks=grow", "--pool-size", "sparks=64",
                               "--pool-size", "bullets=300", "--overflow", "decals=drop"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.kind_overflow[kSparks], OverflowPolicy::Grow);
  EXPECT_EQ(r.options.kind_pool_size[kSparks], 64u);
  EXPECT_EQ(r.options.kind_overflow[kDecals], OverflowPolicy::Drop);
  EXPECT_EQ(r.options.pool_size, 300u);  // bullets=N is the bullets' as ever
  const WorldConfig config = world_config_from(r.options);
  EXPECT_EQ(config.pools[kSparks].capacity, 64u);
  EXPECT_EQ(config.pools[kSparks].policy, OverflowPolicy::Grow);
  EXPECT_EQ(config.pools[kDecals].policy, OverflowPolicy::Drop);
  EXPECT_EQ(config.pools[kBullets].capacity, 300u);
  EXPECT_EQ(config.pools[kCasings].capacity, kKinds[kCasings].sizing.capacity);  // untouched
  const ParseResult bare = parse({"--overflow", "grow", "--pool-size", "40"});
  EXPECT_EQ(bare.options.overflow, OverflowPolicy::Grow);
  EXPECT_EQ(bare.options.pool_size, 40u);
  EXPECT_FALSE(bare.options.kind_overflow[kSparks]);
}

TEST(Options, RejectBadPoolNamesAndValues) {
  for (const auto& args :
       std::vector<std::vector<const char*>>{{"--overflow", "spark=grow"},
                                             {"--overflow", "sparks=sometimes"},
                                             {"--overflow", "=grow"},
                                             {"--pool-size", "sparks=0"},
                                             {"--pool-size", "sparks="},
                                             {"--pool-size", "nope=5"},
                                             {"--pool-size", "sparks=99999999999"},
                                             {"--lesson", "triple-release"},
                                             {"--lesson"},
                                             {"--lesson-at", "-1"},
                                             {"--lesson-at", "5"},  // without --lesson
                                             {"--restart-at", "0"},
                                             {"--restart-at", "x"}}) {
    const std::string error = parse(args).error;
    EXPECT_NE(error, "") << args[0] << (args.size() > 1 ? args[1] : "");
    EXPECT_EQ(error.find('\n'), std::string::npos);
  }
}

TEST(Options, EveryLessonHasAFlag) {
  const ParseResult r =
      parse({"--lesson", "stale-handle", "--lesson-at", "90", "--no-interpolation", "--leak-report",
             "--forget-lost", "--trim-on-pause", "--restart-at", "300"});
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.options.lesson, Lesson::StaleHandle);
  EXPECT_EQ(r.options.lesson_at, 90);
  EXPECT_TRUE(r.options.no_interpolation);
  EXPECT_TRUE(r.options.leak_report);
  EXPECT_TRUE(r.options.forget_lost);
  EXPECT_TRUE(r.options.trim_on_pause);
  EXPECT_EQ(r.options.restart_at, 300);
  EXPECT_EQ(parse({"--lesson", "seeker"}).options.lesson, Lesson::Seeker);
  EXPECT_EQ(parse({"--lesson", "double-release"}).options.lesson, Lesson::DoubleRelease);
  EXPECT_EQ(parse({}).options.lesson, Lesson::None);
  const Settings s = settings_from(r.options);
  EXPECT_FALSE(s.time.interpolate);
  EXPECT_TRUE(s.sim.note_acquirers);  // the leak report needs each acquirer
  EXPECT_TRUE(s.sim.forget_lost);
  EXPECT_TRUE(s.sim.trim_on_pause);
  EXPECT_TRUE(settings_from(parse({}).options).time.interpolate);
}

TEST(Options, StrictPoolsDefaultToTheBuildAndBothWaysAreFlags) {
  EXPECT_EQ(parse({}).options.strict_pools, kStrictPoolsByDefault);
  EXPECT_TRUE(parse({"--strict-pools"}).options.strict_pools);
  EXPECT_FALSE(parse({"--no-strict-pools"}).options.strict_pools);
  const WorldConfig config = world_config_from(parse({"--strict-pools"}).options);
  EXPECT_TRUE(config.strict_pools);
  EXPECT_TRUE(config.note_acquirers);
}

// What a recording does not store cannot be used with one.
TEST(Options, LessonsAndOtherPoolsDoNotMixWithARecording) {
  for (const auto& extra : std::vector<std::vector<const char*>>{{"--lesson", "seeker"},
                                                                 {"--forget-lost"},
                                                                 {"--trim-on-pause"},
                                                                 {"--restart-at", "10"},
                                                                 {"--overflow", "sparks=grow"},
                                                                 {"--pool-size", "decals=9"}}) {
    std::vector<const char*> args = extra;
    args.insert(args.end(), {"--record", "r.txt"});
    EXPECT_NE(parse(args).error, "") << extra[0];
  }
  EXPECT_EQ(parse({"--pool-size", "bullets=64", "--record", "r.txt"}).error, "");
  EXPECT_EQ(parse({"--no-interpolation", "--strict-pools", "--record", "r.txt"}).error, "");
}

TEST(Options, HelpIsAFlagNotAnError) {
  const ParseResult r = parse({"--help"});
  EXPECT_EQ(r.error, "");
  EXPECT_TRUE(r.options.help);
}

}  // namespace
}  // namespace flatline::app
