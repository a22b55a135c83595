// Tests for src/audio/audio.hpp through OpenAL Soft's loopback device (no sound card needed):
// voices are made at load and stolen by priority when all are busy, a missing sound is one
// error naming it, the mix is rendered tick by tick, and muted means silent.
#include "audio/audio.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

namespace flatline::audio {
namespace {

AudioOptions loopback() {
  AudioOptions o;
  o.sounds_dir = std::string(FLATLINE_ASSET_DIR) + "/sounds";
  o.loopback = true;
  return o;
}

struct Rig {
  std::unique_ptr<World> world = std::make_unique<World>(WorldConfig{});
  Audio audio;
  explicit Rig(const AudioOptions& options = loopback()) {
    std::string error, note;
    EXPECT_TRUE(audio.init(options, error, note)) << error;
    EXPECT_TRUE(audio.running()) << note;
  }
  // `n` events of one kind this tick, each far from the others (no merging).
  void emit(EventKind kind, int n, Surface surface = Surface::None) {
    for (int i = 0; i < n; ++i)
      world->events.emit(kind, surface, {10.0f * static_cast<float>(i), 1.0f, 5.0f}, world->tick);
  }
  void tick() {
    ++world->tick;
    audio.after_tick(*world);
  }
};

bool silent(std::span<const std::int16_t> samples) {
  return std::all_of(samples.begin(), samples.end(), [](std::int16_t s) { return s == 0; });
}

TEST(Audio, EveryVoiceIsMadeAtLoad) {
  Rig rig;
  const PoolReport r = rig.audio.report();
  EXPECT_STREQ(r.name, "voices");
  EXPECT_EQ(r.stats.capacity, Audio::kVoices);
  EXPECT_EQ(r.stats.allocations, Audio::kVoices);
  EXPECT_EQ(r.stats.active, 0u);
}

TEST(Audio, AFullMixerStealsTheOldestOfTheLeastImportant) {
  Rig rig;
  rig.emit(EventKind::CasingBounce, 40);  // 40 tinks for 32 voices: the 8 oldest are taken
  rig.tick();
  EXPECT_EQ(rig.audio.report().stats.active, Audio::kVoices);
  EXPECT_EQ(rig.audio.stolen(), 8u);
  rig.emit(EventKind::RifleShot, 1);  // a shot outranks a casing: it steals one more
  rig.tick();
  EXPECT_EQ(rig.audio.stolen(), 9u);
  EXPECT_EQ(rig.audio.report().stats.dropped, 0u);
}

TEST(Audio, ASoundThatEveryVoiceOutranksIsDropped) {
  Rig rig;
  rig.emit(EventKind::TargetBroken, 32, Surface::Target);
  rig.tick();
  rig.emit(EventKind::CasingBounce, 1);
  rig.tick();
  const PoolReport r = rig.audio.report();
  EXPECT_EQ(rig.audio.stolen(), 0u);
  EXPECT_EQ(r.stats.dropped, 1u);
  // Every life ends one way: steals count as recycles, not releases.
  EXPECT_EQ(r.stats.acquired, r.stats.released + r.stats.recycled + r.stats.active);
}

TEST(Audio, VoicesGoBackWhenTheirSoundEnds) {
  Rig rig;
  rig.emit(EventKind::CasingBounce, 3);  // a casing's tink lasts 0.12 s
  rig.tick();
  EXPECT_EQ(rig.audio.report().stats.active, 3u);
  for (int i = 0; i < 30; ++i)  // half a second
    rig.tick();
  EXPECT_EQ(rig.audio.report().stats.active, 0u);
  EXPECT_EQ(rig.audio.report().stats.released, 3u);
}

TEST(Audio, EachTickRendersItsShareOfTheSamples) {
  Rig rig;
  rig.tick();
  EXPECT_EQ(rig.audio.rendered().size(), 2u * 800u);  // 48 kHz / 60 Hz, stereo
  EXPECT_TRUE(silent(rig.audio.rendered())) << "nothing played yet";
  rig.world->events.emit(EventKind::RifleShot, Surface::None, eye_position(rig.world->player), 1);
  rig.tick();
  EXPECT_FALSE(silent(rig.audio.rendered()));
}

TEST(Audio, MutedIsSilentWhileVoicesStillPlay) {
  AudioOptions options = loopback();
  options.muted = true;
  Rig rig(options);
  rig.world->events.emit(EventKind::RifleShot, Surface::None, eye_position(rig.world->player), 1);
  rig.tick();
  EXPECT_EQ(rig.audio.report().stats.active, 1u);
  EXPECT_TRUE(silent(rig.audio.rendered()));
}

TEST(Audio, AMissingSoundIsOneErrorNamingTheFile) {
  AudioOptions options = loopback();
  options.sounds_dir = "/nonexistent/sounds";
  Audio audio;
  std::string error, note;
  EXPECT_FALSE(audio.init(options, error, note));
  EXPECT_NE(error.find("/nonexistent/sounds/rifle.wav"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace flatline::audio
