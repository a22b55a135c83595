// The lab's bullet streaks four at a time (lab/render/bullet_streaks.hpp) write exactly the
// records the renderer's build_scene() writes, bullet for bullet, bit for bit.
#include "lab/render/bullet_streaks.hpp"

#include <gtest/gtest.h>

#include <cstring>

#include "sim/autopilot.hpp"

namespace flatline {
namespace {

constexpr float kDt = 1.0f / 60.0f;

bool same_bits(const render::Instance& a, const render::Instance& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

TEST(BulletStreaks, WritesTheRecordsBuildSceneWrites) {
  WorldConfig cfg;
  cfg.rifle_rate = 60.0f;
  cfg.full_visual_cap = 40;  // some bullets past the cap: drawn by their tracers, no record
  World world(cfg);
  render::SceneInstances game, lab;
  game.reserve_for(world);
  lab.reserve_for(world);
  std::size_t compared = 0;
  for (int tick = 0; tick < 900; ++tick) {
    world.config.pooling = !(tick >= 600 && tick < 700);  // heap bullets too, for a while
    step(world, autofire_input(world, 60.0), kDt);
    if (game.reserve_for(world) | lab.reserve_for(world)) continue;  // heap bullets grew it
    for (const float alpha : {0.0f, 0.37f, 1.0f}) {
      render::build_scene(world, alpha, game);
      lab::write_bullet_streaks(world, alpha, lab);
      const auto want = game.of(render::kDrawBullets), got = lab.of(render::kDrawBullets);
      ASSERT_EQ(got.size(), want.size()) << "tick " << tick;
      for (std::size_t i = 0; i < want.size(); ++i)
        ASSERT_TRUE(same_bits(got[i], want[i])) << "tick " << tick << ", record " << i;
      compared += want.size();
    }
  }
  EXPECT_GT(compared, 10'000u);  // many streaks, lingering and flying, were compared
}

}  // namespace
}  // namespace flatline
