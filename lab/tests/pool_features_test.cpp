// Tests for lab/pool/pool_features.hpp, the ladder: every rung that pool_bench prices does
// its job (a rung that did not would price nothing), here under ctest and the sanitizers too.
#include <gtest/gtest.h>

#include <string>

#include "lab/pool/pool_features_checks.hpp"

namespace pool_features {
namespace {

TEST(PoolFeatureStages, TextbookIsALifoStackThatResetsAndCannotTellAStaleIndex) {
  std::string failure;
  EXPECT_TRUE(textbook_is_a_lifo_stack_that_resets(&failure)) << failure;
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

// The checks can fail: a rung without the guarantee fails the check of the rung with it.
TEST(PoolFeatureStages, TheChecksFailAStageWithoutTheGuarantee) {
  Textbook<Probe, ResetProbe> textbook(4);
  const int a = textbook.acquire();
  textbook.release(a);
  const int b = textbook.acquire();  // a's slot, another owner
  textbook.object(b).value = 3;
  textbook.release(a);  // nothing tells the old owner's index from the new owner's
  EXPECT_EQ(textbook.object(b).value, 0) << "a stale index released the new owner's object";
  Generations<Probe, ResetProbe> generations(4);
  const int c = generations.acquire();
  const auto handle = generations.handle_of(c);
  generations.release(c);
  generations.acquire();
  EXPECT_FALSE(generations.alive(handle)) << "a generation tells the two lives apart";
}

}  // namespace
}  // namespace pool_features
