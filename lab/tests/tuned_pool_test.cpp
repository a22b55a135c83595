// Tests for lab/pool/tuned_pool.hpp: the pool contract (tests/pool/pool_contract.hpp), so
// the tuned pool keeps flatline::Pool's promises and its vending and walking order, and the
// quiet pop of its slot table (tuned_slots.hpp) comes back and stays away when it must.
#include "lab/pool/tuned_pool.hpp"

#include <gtest/gtest.h>

#include "pool_contract.hpp"

namespace flatline::contract {
namespace {

using TunedKind = PoolKind<lab::TunedPool<Probe>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Lab, PoolCoreContract, ::testing::Types<TunedKind>);
INSTANTIATE_TYPED_TEST_SUITE_P(Lab, PoolFullContract, ::testing::Types<TunedKind>);

}  // namespace
}  // namespace flatline::contract

namespace flatline {
namespace {

// White-box: the one-compare quiet pop (tuned_slots.hpp) must come back whenever the pool
// is back in steady state, whatever happened before; it is never taken when it must not
// be (no idle slot, the RecycleOldest log on, a new high-water mark).
TEST(PoolFastPath, IsTakenInSteadyStateAgainAfterTrimForgetAndDestroy) {
  lab::detail::SlotTable<32> slots;
  slots.reserve(4);
  slots.add_idle(4);
  const auto vend = [&slots] {
    const int slot = slots.free_top();
    if (slots.can_pop_quietly())
      slots.pop_free_quietly();
    else
      slots.pop_free();
    return slot;
  };
  EXPECT_FALSE(slots.can_pop_quietly()) << "a fresh pool: every acquire is a new peak";
  const int a = vend();
  const int b = vend();
  slots.push_free(b);
  EXPECT_TRUE(slots.can_pop_quietly()) << "below the peak with an idle slot";
  slots.push_free(a);
  while (slots.idle() > 0)
    slots.vacate_idle();  // trim(0)
  EXPECT_FALSE(slots.can_pop_quietly()) << "no idle slot";
  slots.pop_vacant();
  slots.pop_vacant();
  slots.push_free(slots.at(1));
  EXPECT_TRUE(slots.can_pop_quietly()) << "re-made objects count as idle again";
  slots.set_logging(true);
  EXPECT_FALSE(slots.can_pop_quietly()) << "every acquire must be logged";
  slots.set_logging(false);
  EXPECT_TRUE(slots.can_pop_quietly());
  slots.vacate_all();  // destroy()
  EXPECT_FALSE(slots.can_pop_quietly());
  EXPECT_EQ(slots.peak(), 2u) << "the peak survives everything";
}

}  // namespace
}  // namespace flatline
