#include "lab/kernel/bullet_clearance.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <vector>

#include <glm/geometric.hpp>

#include "lab/kernel/fast_kernel.hpp"
#include "sim/systems.hpp"
#include "sim/world.hpp"

namespace flatline {
namespace {

constexpr int kSegments = 120'000;
constexpr float kDt = 1.0f / 60.0f;

// The ClearanceGrid the fast kernel builds for `world` at load.
std::shared_ptr<const ClearanceGrid> grid_of(const World& world) {
  return lab::FastBulletKernel(world).clearance();
}

// Everything a bullet could ever touch, worked out here rather than by bullet_obstacles():
// the arena's boxes, and for each target every place its box can be (home ± |sway|).
std::vector<Aabb> everything_hittable(const World& world) {
  std::vector<Aabb> boxes = world.arena.solids;
  for (const Target& t : world.targets) {
    const glm::vec3 reach = glm::abs(t.sway) + t.half_size;
    boxes.push_back({t.home - reach, t.home + reach});
  }
  return boxes;
}

// Random segments in and around the arena (x, z in ±36 m, y from -3 to 10 m; the walls
// stand at ±31 and 6 m high): most of them a tick long or less, some much longer, and
// a third of them starting just off the face of some box, where a wrong "clear" would be.
class SegmentSource {
 public:
  SegmentSource(const World& world, unsigned seed)
      : boxes_(everything_hittable(world)), rng_(seed) {}

  void next(glm::vec3& p0, glm::vec3& p1) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    if (unit(rng_) < 0.33f) {
      const Aabb& box =
          boxes_[std::uniform_int_distribution<std::size_t>(0, boxes_.size() - 1)(rng_)];
      const glm::vec3 u(unit(rng_), unit(rng_), unit(rng_));
      p0 = box.min + (box.max - box.min) * u;
      const int axis = std::uniform_int_distribution<int>(0, 2)(rng_);
      const float off = std::uniform_real_distribution<float>(0.0f, 0.2f)(rng_);
      p0[axis] = unit(rng_) < 0.5f ? box.min[axis] - off : box.max[axis] + off;
    } else {
      p0 = {std::uniform_real_distribution<float>(-36.0f, 36.0f)(rng_),
            std::uniform_real_distribution<float>(-3.0f, 10.0f)(rng_),
            std::uniform_real_distribution<float>(-36.0f, 36.0f)(rng_)};
    }
    glm::vec3 dir;
    do {
      dir = {std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng_),
             std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng_),
             std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng_)};
    } while (glm::dot(dir, dir) < 1e-4f || glm::dot(dir, dir) > 1.0f);
    if (unit(rng_) < 0.2f) dir.y *= 0.01f;  // level flight: long and flat, as most bullets fly
    const float length = unit(rng_) < 0.85f
                             ? std::uniform_real_distribution<float>(0.0f, 6.0f)(rng_)
                             : std::uniform_real_distribution<float>(6.0f, 30.0f)(rng_);
    p1 = p0 + glm::normalize(dir) * length;
  }

 private:
  std::vector<Aabb> boxes_;
  std::mt19937 rng_;
};

// Puts every target somewhere along its sway, as update_targets would, and breaks some.
void scatter_targets(World& world, std::mt19937& rng) {
  std::uniform_real_distribution<float> phase(0.0f, 6.2831853f);
  for (Target& t : world.targets) {
    t.phase = phase(rng);
    t.pos = t.home + t.sway * std::sin(t.phase);
    t.broken = std::uniform_int_distribution<int>(0, 3)(rng) == 0;
  }
}

// Over many segments: clear() never claims a segment that could touch anything.
void expect_clear_is_never_wrong(const World& world, unsigned seed) {
  const std::shared_ptr<const ClearanceGrid> held = grid_of(world);
  const ClearanceGrid& grid = *held;
  const std::vector<Aabb> hittable = everything_hittable(world);
  const float r = world.config.bullet_radius;
  SegmentSource source(world, seed);
  int clear = 0, wrong = 0;
  for (int i = 0; i < kSegments; ++i) {
    glm::vec3 p0, p1;
    source.next(p0, p1);
    if (!grid.clear(p0, p1)) continue;
    ++clear;
    if (first_hit_brute_force(hittable, p0, p1, r) && ++wrong <= 5)
      ADD_FAILURE() << "clear() but it hits: (" << p0.x << ", " << p0.y << ", " << p0.z << ") -> ("
                    << p1.x << ", " << p1.y << ", " << p1.z << ")";
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(clear, kSegments / 4);  // and it proves a good share clear: not vacuous
}

TEST(BulletClearance, ASegmentItCallsClearTouchesNothingWhereverTheTargetsAre) {
  const World world(WorldConfig{});
  ASSERT_TRUE(grid_of(world));
  expect_clear_is_never_wrong(world, 11);
}

TEST(BulletClearance, AWiderBulletGetsAGridOfItsOwnThatIsJustAsSafe) {
  WorldConfig wide;
  wide.bullet_radius = 0.4f;
  const World fat(wide);
  const World thin(WorldConfig{});
  EXPECT_NE(grid_of(fat), grid_of(thin));
  expect_clear_is_never_wrong(fat, 12);
}

TEST(BulletClearance, WorldsWithTheSameArenaTargetsAndRadiusShareOneGrid) {
  const World a(WorldConfig{});
  WorldConfig other;
  other.seed = 99;  // a different seed moves target phases, not their range
  other.pools[kBullets].capacity = 16;
  const World b(other);
  EXPECT_EQ(grid_of(a), grid_of(b));
}

TEST(BulletClearance, FirstHitNearFindsExactlyTheHitOfTheFullQuery) {
  World world(WorldConfig{});
  const std::shared_ptr<const ClearanceGrid> held = grid_of(world);
  const ClearanceGrid& grid = *held;
  const float r = world.config.bullet_radius;
  SegmentSource source(world, 13);
  std::mt19937 rng(14);
  int valid = 0, hits = 0, target_hits = 0, differ = 0;
  for (int i = 0; i < kSegments; ++i) {
    if (i % 64 == 0) scatter_targets(world, rng);
    glm::vec3 p0, p1;
    source.next(p0, p1);
    const ClearanceGrid::Candidates near = grid.candidates(p0, p1);
    if (!near.valid) continue;
    ++valid;
    const BulletHit want = first_hit(world, p0, p1, r);  // the game's query
    const BulletHit got = first_hit_near(world, near, p0, p1, r);
    hits += want.any ? 1 : 0;
    target_hits += want.target >= 0 ? 1 : 0;
    // Bit for bit: replays hash the state these feed.
    if ((got.any != want.any || got.t != want.t || got.normal != want.normal ||
         got.target != want.target) &&
        ++differ <= 5)
      ADD_FAILURE() << "segment " << i << ": near t " << got.t << " target " << got.target
                    << ", full query t " << want.t << " target " << want.target;
  }
  EXPECT_EQ(differ, 0);
  EXPECT_GT(valid, kSegments / 2);  // most segments of a tick or less have a valid list
  EXPECT_GT(hits, valid / 10);      // and many of those do hit something
  EXPECT_GT(target_hits, 100);
}

// The probe that spares first_hit_near() most exact tests: it may let a miss through, never
// drop a hit. Checked against the exact slab test on every obstacle, each also at the half
// margin clearance_applies() lets a target stand outside its obstacle.
TEST(BulletClearance, ItsProbeNeverRulesOutAnObstacleTheExactTestHits) {
  const World world(WorldConfig{});
  const std::shared_ptr<const ClearanceGrid> held = grid_of(world);
  const ClearanceGrid& grid = *held;
  const std::span<const Aabb> obstacles = grid.obstacles();
  SegmentSource source(world, 15);
  int hits = 0, dropped_hits = 0, misses = 0, misses_ruled_out = 0;
  for (int i = 0; i < kSegments / 4; ++i) {
    glm::vec3 p0, p1;
    source.next(p0, p1);
    const ClearanceGrid::Probe probe = ClearanceGrid::probe(p0, p1);
    for (std::size_t o = 0; o < obstacles.size(); ++o) {
      const bool may = grid.may_hit(probe, o);
      const bool hit = segment_vs_aabb(p0, p1, obstacles[o].grown(0.005f)).has_value();
      hits += hit;
      if (hit && !may && ++dropped_hits <= 5)
        ADD_FAILURE() << "obstacle " << o << " ruled out but hit: (" << p0.x << ", " << p0.y << ", "
                      << p0.z << ") -> (" << p1.x << ", " << p1.y << ", " << p1.z << ")";
      misses += !hit;
      misses_ruled_out += !hit && !may;
    }
  }
  EXPECT_EQ(dropped_hits, 0);
  EXPECT_GT(hits, 1000);                         // segments that do hit were tried
  EXPECT_GT(misses_ruled_out, misses * 9 / 10);  // and it spares most exact tests
}

// update_bullets runs two passes (the branch-free common case, then the listed few); one
// pass of the whole tick over every bullet must end in the same state, bit for bit, tick
// after tick: hits, breaks, impacts, retirements and the pool's free stack included.
// The bullet tick's first pass asks four segments at once (Batch::clear, structure of
// arrays): every lane must answer what clear() answers for that segment alone, on the
// grid, off it, above the arena, and for points that are not finite.
TEST(BulletClearance, ItsBatchAnswersWhatClearAnswersForEachOfFourSegments) {
  const World world(WorldConfig{});
  const std::shared_ptr<const ClearanceGrid> held = grid_of(world);
  const ClearanceGrid& grid = *held;
  const ClearanceGrid::Batch batch(grid);
  SegmentSource source(world, 23);
  std::mt19937 rng(24);
  const float odd[] = {std::nanf(""), INFINITY, -INFINITY, 1e30f, -1e30f};
  int answers[2] = {0, 0};
  for (int round = 0; round < kSegments / 4; ++round) {
    glm::vec3 p0[4], p1[4];
    for (int i = 0; i < 4; ++i) {
      source.next(p0[i], p1[i]);
      if (std::uniform_int_distribution<int>(0, 99)(rng) == 0)  // now and then, a wild point
        p0[i][std::uniform_int_distribution<int>(0, 2)(rng)] =
            odd[std::uniform_int_distribution<int>(0, 4)(rng)];
    }
    const auto lanes = [](const glm::vec3(&p)[4]) {
      return ClearanceGrid::Points4{{p[0].x, p[1].x, p[2].x, p[3].x},
                                    {p[0].y, p[1].y, p[2].y, p[3].y},
                                    {p[0].z, p[1].z, p[2].z, p[3].z}};
    };
    const int bits = batch.clear(lanes(p0), lanes(p1));
    for (int i = 0; i < 4; ++i) {
      const bool one = grid.clear(p0[i], p1[i]);
      ++answers[one];
      ASSERT_EQ((bits >> i) & 1, one ? 1 : 0)
          << "lane " << i << ": (" << p0[i].x << ", " << p0[i].y << ", " << p0[i].z << ") -> ("
          << p1[i].x << ", " << p1[i].y << ", " << p1[i].z << ")";
    }
  }
  EXPECT_GT(answers[0], kSegments / 10);  // both answers were given, often
  EXPECT_GT(answers[1], kSegments / 10);
}

// With nothing to hit, every segment is clear, wherever it is and whatever its numbers,
// and asking reads nothing that is not there (the sanitizer build runs this).
TEST(BulletClearance, AGridWithNoObstaclesCallsEverySegmentClear) {
  const ClearanceGrid grid(std::span<const Aabb>{}, {2.0f, 0.5f, 2.0f});
  const ClearanceGrid::Batch batch(grid);
  const float nan = std::nanf("");
  const glm::vec3 points[] = {{0, 0, 0}, {5, 1, -3}, {-1e30f, 2, 1e30f}, {nan, 0, 0}};
  for (const glm::vec3& p0 : points)
    for (const glm::vec3& p1 : points)
      EXPECT_TRUE(grid.clear(p0, p1));
  const ClearanceGrid::Points4 a{{0, 5, -1e30f, nan}, {0, 1, 2, 0}, {0, -3, 1e30f, 0}};
  const ClearanceGrid::Points4 b{{5, 0, nan, 0}, {1, 0, 0, 2}, {-3, 0, 0, 1e30f}};
  EXPECT_EQ(batch.clear(a, b), 0xF);
}

// 3000 bullets everywhere in the arena, and the player firing: the fast kernel's two passes
// end every tick where the game's scalar tick does.
TEST(BulletClearance, TheTwoPassBulletTickEndsWhereTheGamesTickWould) {
  WorldConfig cfg;
  cfg.pools[kBullets].capacity = 4096;
  cfg.rifle_rate = 120.0f;
  World two_pass(cfg), one_pass(cfg);
  two_pass.bullet_kernel = lab::make_fast_kernel(two_pass);  // one_pass: the game's own
  std::mt19937 rng(16);
  std::uniform_real_distribution<float> xz(-29.0f, 29.0f), y(0.3f, 5.5f), unit(-1.0f, 1.0f);
  for (World* w : {&two_pass, &one_pass}) {  // the same 3000 bullets in both, everywhere
    std::mt19937 same(rng);
    for (int i = 0; i < 3000; ++i) {
      const int slot = w->bullets.pool.acquire();
      ASSERT_GE(slot, 0);
      Bullet& b = w->bullets.pool[slot];
      b.pos = b.prev_pos = {xz(same), y(same), xz(same)};
      b.vel = glm::normalize(glm::vec3(unit(same), unit(same) * 0.2f, unit(same))) * 300.0f;
      b.damage = 10.0f;
      b.full_visual = true;
      ++w->full_visual_live;
    }
  }
  TickInput input;
  input.fire_held = true;
  input.look_yaw = 0.01f;
  for (int tick = 0; tick < 300; ++tick) {
    input.scatter_presses = tick % 20 == 0 ? 1 : 0;
    step(two_pass, input, kDt);
    step(one_pass, input, kDt);
    ASSERT_EQ(state_hash(two_pass), state_hash(one_pass)) << "tick " << tick;
  }
  EXPECT_EQ(two_pass.bullet_hits, one_pass.bullet_hits);
  EXPECT_GT(two_pass.bullet_hits, 1000u);  // the bullets did hit things: not a quiet sky
  EXPECT_EQ(two_pass.bullets.pool.active_count(), one_pass.bullets.pool.active_count());
  for (int slot = 0; slot < static_cast<int>(cfg.pools[kBullets].capacity); ++slot)
    ASSERT_EQ(two_pass.bullets.pool.free_depth(slot), one_pass.bullets.pool.free_depth(slot))
        << slot;
}

TEST(BulletClearance, KeepsApplyingWhileTheTargetsSwayForMinutes) {
  World world(WorldConfig{});
  const std::shared_ptr<const ClearanceGrid> grid = grid_of(world);
  for (int tick = 0; tick < 60 * 60 * 3; ++tick) {
    update_targets(world, kDt);
    ASSERT_TRUE(clearance_applies(world, grid.get())) << "tick " << tick;
  }
}

TEST(BulletClearance, StopsApplyingWhenATargetLeavesItsRangeOrTheRadiusGrows) {
  World world(WorldConfig{});
  const std::shared_ptr<const ClearanceGrid> grid = grid_of(world);
  ASSERT_TRUE(clearance_applies(world, grid.get()));
  world.targets[1].home.x += 5.0f;  // a target moved to where the grid saw free air
  update_targets(world, kDt);
  EXPECT_FALSE(clearance_applies(world, grid.get()));
  world.targets[1].broken = true;  // a broken target cannot be hit: it no longer matters
  EXPECT_TRUE(clearance_applies(world, grid.get()));
  world.config.bullet_radius *= 2.0f;
  EXPECT_FALSE(clearance_applies(world, grid.get()));
}

// The fallback end to end: a target moved after load is still hit (the tick asks the
// exact query), where the grid alone would have let the bullet through.
TEST(BulletClearance, ABulletStillHitsATargetMovedAfterLoad) {
  World world(WorldConfig{});
  world.bullet_kernel = lab::make_fast_kernel(world);  // its grid: the targets as loaded
  const auto& kernel = static_cast<const lab::FastBulletKernel&>(*world.bullet_kernel);
  Target& target = world.targets[1];
  target.home = {0.0f, 3.0f, 0.0f};  // mid-air in the open, where the grid has free boxes
  target.sway = glm::vec3(0.0f);
  update_targets(world, kDt);
  ASSERT_TRUE(kernel.clearance()->clear({0.0f, 3.0f, 2.0f}, {0.0f, 3.0f, -2.0f}));
  world.player.pos = world.player.prev_pos = {0.0f, 3.0f - kEyeHeight, 10.0f};
  world.player.vel = glm::vec3(0.0f);
  world.player.yaw = 0.0f;  // looks down -z, at the target
  world.player.pitch = 0.0f;
  TickInput click;
  click.fire_presses = 1;
  for (int i = 0; i < 10; ++i)
    step(world, i == 0 ? click : TickInput{}, kDt);
  EXPECT_EQ(world.bullet_hits, 1u);
  EXPECT_LT(target.health, 100.0f);
}

}  // namespace
}  // namespace flatline
