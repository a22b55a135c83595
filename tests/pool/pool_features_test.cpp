// Tests for bench/pool_features.hpp: every stage that pool_bench prices does its job (a
// stage that did not would price nothing), here under ctest and the sanitizers too.
#include <gtest/gtest.h>

#include <string>

#include "../../bench/pool_features_checks.hpp"

namespace pool_features {
namespace {

TEST(PoolFeatureStages, BareIsALifoStackThatResetsAndChecksNothing) {
  std::string failure;
  EXPECT_TRUE(bare_is_a_lifo_stack_that_resets(&failure)) << failure;
}

TEST(PoolFeatureStages, GenerationsMakeOldHandlesStale) {
  std::string failure;
  EXPECT_TRUE(generations_make_old_handles_stale(&failure)) << failure;
}

TEST(PoolFeatureStages, MisuseIsCountedAndIgnored) {
  std::string failure;
  EXPECT_TRUE(misuse_is_counted_and_ignored(&failure)) << failure;
}

TEST(PoolFeatureStages, LiveWalkVisitsExactlyTheLive) {
  std::string failure;
  EXPECT_TRUE(live_walk_visits_exactly_the_live(&failure)) << failure;
}

TEST(PoolFeatureStages, AcquisitionOrderFindsTheOldest) {
  std::string failure;
  EXPECT_TRUE(acquisition_order_finds_the_oldest(&failure)) << failure;
}

TEST(PoolFeatureStages, ReentryGuardRefusesCallsFromReset) {
  std::string failure;
  EXPECT_TRUE(reentry_guard_refuses_calls_from_reset(&failure)) << failure;
}

TEST(PoolFeatureStages, PoisoningCatchesAWriteAfterRelease) {
  std::string failure;
  EXPECT_TRUE(poisoning_catches_a_write_after_release(&failure)) << failure;
}

// The checks can fail: a stage without the guarantee fails the check of the stage with it.
TEST(PoolFeatureStages, TheChecksFailAStageWithoutTheGuarantee) {
  Bare<Probe, ResetProbe> bare(4);
  const int a = bare.acquire();
  bare.acquire();  // room on the stack for the second push (past its end would be a write out
                   // of bounds: what a double release does to a full bare pool)
  bare.release(a);
  bare.release(a);  // nothing stops it
  EXPECT_EQ(bare.acquire(), bare.acquire()) << "a double release hands one slot to two owners";
  MisuseChecks<Probe, ResetProbe> checked(4);
  const int b = checked.acquire();
  checked.release(b);
  checked.release(b);
  EXPECT_NE(checked.acquire(), checked.acquire());
}

}  // namespace
}  // namespace pool_features
