// Tests for src/audio/cues.hpp: events become cues, a burst merges into one voice, and the
// stealing policy takes the lowest-priority, oldest voice or none.
#include "audio/cues.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace flatline::audio {
namespace {

GameEvent impact(Surface surface, glm::vec3 pos) {
  return GameEvent{EventKind::Impact, surface, pos, 0};
}

TEST(Cues, EachEventMakesItsSound) {
  EXPECT_EQ(sound_of(GameEvent{EventKind::RifleShot}), Sound::Rifle);
  EXPECT_EQ(sound_of(GameEvent{EventKind::ScatterShot}), Sound::Scatter);
  EXPECT_EQ(sound_of(GameEvent{EventKind::CasingBounce}), Sound::Casing);
  EXPECT_EQ(sound_of(GameEvent{EventKind::TargetBroken, Surface::Target}), Sound::TargetBreak);
  EXPECT_EQ(sound_of(impact(Surface::Glass, {})), Sound::ImpactGlass);
  EXPECT_EQ(sound_of(impact(Surface::Target, {})), Sound::ImpactTarget);
  EXPECT_EQ(sound_of(impact(Surface::Wall, {})), Sound::ImpactWall);
}

TEST(Cues, AScatterBurstOfImpactsTakesOneVoice) {
  CueList list;
  for (int i = 0; i < 8; ++i)  // eight pellets landing within a metre of each other
    add_event(list, impact(Surface::Wall, {0.1f * static_cast<float>(i), 1.0f, 10.0f}));
  ASSERT_EQ(list.size, 1u);
  EXPECT_EQ(list.cues[0].merged, 8);
  EXPECT_EQ(list.merged, 7u);
  EXPECT_GT(list.cues[0].gain, kCueGain);  // a burst sounds louder than one pellet
  EXPECT_LE(list.cues[0].gain, kMaxCueGain);
}

TEST(Cues, FarApartOrDifferentSoundsStaySeparate) {
  CueList list;
  add_event(list, impact(Surface::Wall, {0, 1, 0}));
  add_event(list, impact(Surface::Wall, {0, 1, kMergeMetres + 0.5f}));  // too far to merge
  add_event(list, impact(Surface::Glass, {0, 1, 0}));                   // another sound
  EXPECT_EQ(list.size, 3u);
  EXPECT_EQ(list.merged, 0u);
}

TEST(Cues, ABatchPastItsCapacityCountsTheRest) {
  CueList list;
  for (std::size_t i = 0; i < CueList::kCapacity + 5; ++i)
    add_event(list, impact(Surface::Wall, {10.0f * static_cast<float>(i), 1, 0}));
  EXPECT_EQ(list.size, CueList::kCapacity);
  EXPECT_EQ(list.overflow, 5u);
}

TEST(Cues, CollectingReadsEachEventOnceAndCountsWhatWasLapped) {
  EventLog log;
  std::uint64_t cursor = 0;
  CueList list;
  log.emit(EventKind::RifleShot, Surface::None, {0, 1, 0}, 1);
  log.emit(EventKind::CasingBounce, Surface::None, {0, 0, 0}, 1);
  EXPECT_EQ(collect_cues(log, cursor, list), 0u);
  EXPECT_EQ(list.size, 2u);
  EXPECT_EQ(cursor, 2u);
  EXPECT_EQ(collect_cues(log, cursor, list), 0u);
  EXPECT_EQ(list.size, 0u) << "nothing new: nothing played twice";
  for (std::size_t i = 0; i < EventLog::kCapacity + 10; ++i)
    log.emit(EventKind::CasingBounce, Surface::None, {100.0f * static_cast<float>(i), 0, 0}, 2);
  EXPECT_EQ(collect_cues(log, cursor, list), 10u);  // the reader fell behind by 10
  EXPECT_EQ(cursor, log.written());
}

TEST(Stealing, TakesTheLowestPriorityThenTheOldest) {
  const std::vector<VoiceView> busy = {
      {0, priority_of(Sound::Rifle), 5},
      {1, priority_of(Sound::Casing), 9},
      {2, priority_of(Sound::Casing), 3},  // the oldest casing
      {3, priority_of(Sound::ImpactWall), 1},
  };
  EXPECT_EQ(choose_victim(busy, priority_of(Sound::TargetBreak)), 2);
  EXPECT_EQ(choose_victim(busy, priority_of(Sound::Casing)), 2) << "an equal may take the oldest";
}

TEST(Stealing, NothingIsTakenFromSoundsThatMatterMore) {
  const std::vector<VoiceView> busy = {{0, priority_of(Sound::TargetBreak), 1},
                                       {1, priority_of(Sound::Rifle), 2}};
  EXPECT_EQ(choose_victim(busy, priority_of(Sound::Casing)), -1);
  EXPECT_EQ(choose_victim(busy, priority_of(Sound::Rifle)), 1);
  EXPECT_EQ(choose_victim(std::vector<VoiceView>{}, priority_of(Sound::Rifle)), -1);
}

TEST(Stealing, PrioritiesRankBreakAboveShotAboveImpactAboveCasing) {
  EXPECT_GT(priority_of(Sound::TargetBreak), priority_of(Sound::Rifle));
  EXPECT_GT(priority_of(Sound::Rifle), priority_of(Sound::ImpactTarget));
  EXPECT_GT(priority_of(Sound::ImpactWall), priority_of(Sound::Casing));
}

}  // namespace
}  // namespace flatline::audio
