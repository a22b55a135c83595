#include "sim/pooled_kinds.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "sim/world.hpp"

namespace flatline {
namespace {

// The names are the stats file's keys and the overlay's labels, in this order: a contract.
TEST(PooledKinds, TheNamesAreTheStatsFilesKeysInPoolIdOrder) {
  const std::vector<std::string_view> expected = {"bullets",        "sparks",  "decals",  "casings",
                                                  "damage_numbers", "tracers", "spheres", "debris"};
  ASSERT_EQ(expected.size(), static_cast<std::size_t>(kPoolCount));
  for (int i = 0; i < kPoolCount; ++i)
    EXPECT_EQ(kPoolNames[static_cast<std::size_t>(i)], expected[static_cast<std::size_t>(i)]);
}

// The two that stay in view: a ring of 100 spheres (three.js games_fps's), and debris, both
// taking back their oldest when full.
TEST(PooledKinds, SpheresAreARingOfAHundredAndDebrisRecyclesToo) {
  const World world(WorldConfig{});
  EXPECT_EQ(world.spheres.pool.capacity(), 100u);
  EXPECT_EQ(world.spheres.pool.policy(), OverflowPolicy::RecycleOldest);
  EXPECT_EQ(world.debris.pool.policy(), OverflowPolicy::RecycleOldest);
  EXPECT_GE(world.debris.pool.capacity(), static_cast<std::size_t>(EffectTimes::kDebrisPerBreak));
}

TEST(PooledKinds, ForEachKindVisitsEveryKindOnceInPoolIdOrder) {
  const World world(WorldConfig{});
  int next = 0;
  for_each_kind(world, [&](const auto& kind) {
    EXPECT_EQ(kind.id, next) << kind.name();
    EXPECT_STREQ(kind.pool.name(), kPoolNames[static_cast<std::size_t>(next)]);
    ++next;
  });
  EXPECT_EQ(next, kPoolCount);
}

TEST(PooledKinds, EachPoolIsMadeAsTheConfigSizesIt) {
  WorldConfig config;
  for (int i = 0; i < kPoolCount; ++i)
    config.pools[static_cast<std::size_t>(i)] = {static_cast<std::size_t>(3 + i),
                                                 OverflowPolicy::RecycleOldest};
  const World world(config);
  for_each_kind(world, [](const auto& kind) {
    EXPECT_EQ(kind.pool.capacity(), static_cast<std::size_t>(3 + kind.id)) << kind.name();
    EXPECT_EQ(kind.pool.stats().allocations, kind.pool.capacity()) << kind.name();
    EXPECT_EQ(kind.pool.policy(), OverflowPolicy::RecycleOldest) << kind.name();
  });
}

TEST(PooledKinds, TheDefaultsAreTheListsRows) {
  const WorldConfig config;
  for (const KindInfo& kind : kKinds) {
    EXPECT_EQ(config.pools[static_cast<std::size_t>(kind.id)].capacity, kind.sizing.capacity);
    EXPECT_EQ(config.pools[static_cast<std::size_t>(kind.id)].policy, kind.sizing.policy);
  }
}

}  // namespace
}  // namespace flatline
