// Tests for src/pool/pool_lease.hpp: a Lease owns one pooled object, gives it back
// on scope exit, moves but never copies, and never releases an object it lost.
// pool_lease.hpp is included first, alone: it must compile on its own (it includes
// pool.hpp, which includes it back at its end; #pragma once ends the cycle).
#include "pool/pool_lease.hpp"

#include <gtest/gtest.h>

#include <type_traits>
#include <utility>

namespace flatline {
namespace {

struct Casing {
  int bounces = 0;
};

using CasingPool = Pool<Casing>;
using Lease = CasingPool::Lease;

CasingPool make_casings(std::size_t capacity, OverflowPolicy policy = OverflowPolicy::Drop) {
  return CasingPool([] { return Casing{}; }, capacity, [](Casing& c) { c = Casing{}; }, policy);
}

static_assert(!std::is_copy_constructible_v<Lease>);
static_assert(!std::is_copy_assignable_v<Lease>);
static_assert(std::is_nothrow_move_constructible_v<Lease>);
static_assert(std::is_nothrow_move_assignable_v<Lease>);

TEST(PoolLease, OwnsALiveObjectAndReleasesItOnScopeExit) {
  CasingPool pool = make_casings(2);
  int slot = -1;
  {
    Lease lease = pool.lease();
    ASSERT_TRUE(lease);
    slot = lease.slot();
    EXPECT_TRUE(pool.is_active(slot));
    EXPECT_EQ(lease.get(), &pool[slot]);
    lease->bounces = 3;
    EXPECT_EQ((*lease).bounces, 3);
    EXPECT_EQ(lease.handle(), pool.handle_of(slot));
    EXPECT_EQ(pool.active_count(), 1u);
  }
  EXPECT_FALSE(pool.is_active(slot));
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.stats().released, 1u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolLease, ReleasesWhenTheScopeIsLeftByAnException) {
  CasingPool pool = make_casings(1);
  try {
    Lease lease = pool.lease();
    ASSERT_TRUE(lease);
    throw 1;
  } catch (int) {
  }
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_GE(pool.acquire(), 0) << "the slot was not leaked";
}

TEST(PoolLease, MoveConstructionTransfersOwnership) {
  CasingPool pool = make_casings(2);
  Lease first = pool.lease();
  const int slot = first.slot();
  {
    Lease second = std::move(first);
    EXPECT_FALSE(first);  // NOLINT(bugprone-use-after-move): moved-from is empty by contract
    EXPECT_EQ(first.get(), nullptr);
    EXPECT_EQ(first.slot(), -1);
    EXPECT_EQ(second.slot(), slot);
    EXPECT_TRUE(pool.is_active(slot));
  }
  EXPECT_FALSE(pool.is_active(slot)) << "the new owner released it";
  first.reset();  // the moved-from lease has nothing to give back
  EXPECT_EQ(pool.stats().released, 1u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolLease, MoveAssignmentReleasesWhatTheTargetHeldAndTakesTheSource) {
  CasingPool pool = make_casings(2);
  Lease target = pool.lease();
  Lease source = pool.lease();
  const int target_slot = target.slot();
  const int source_slot = source.slot();
  target = std::move(source);
  EXPECT_FALSE(pool.is_active(target_slot));
  EXPECT_TRUE(pool.is_active(source_slot));
  EXPECT_EQ(target.slot(), source_slot);
  EXPECT_FALSE(source);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(pool.active_count(), 1u);
}

TEST(PoolLease, DetachStopsOwningWithoutReleasing) {
  CasingPool pool = make_casings(2);
  Handle handle;
  {
    Lease lease = pool.lease();
    handle = lease.detach();
    EXPECT_FALSE(lease);
  }
  EXPECT_TRUE(pool.alive(handle));
  EXPECT_EQ(pool.active_count(), 1u);
  pool.release(handle);
  EXPECT_EQ(pool.active_count(), 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolLease, ResetReleasesNowAndOnlyOnce) {
  CasingPool pool = make_casings(2);
  Lease lease = pool.lease();
  const int slot = lease.slot();
  lease.reset();
  EXPECT_FALSE(lease);
  EXPECT_FALSE(pool.is_active(slot));
  lease.reset();
  EXPECT_EQ(pool.stats().released, 1u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolLease, IsEmptyWhenThePoolDropsTheRequest) {
  CasingPool pool = make_casings(1);
  Lease held = pool.lease();
  ASSERT_TRUE(held);
  {
    Lease empty = pool.lease();
    EXPECT_FALSE(empty);
    EXPECT_EQ(empty.get(), nullptr);
    EXPECT_EQ(empty.slot(), -1);
    EXPECT_TRUE(empty.handle().is_null());
  }
  EXPECT_EQ(pool.stats().dropped, 1u);
  EXPECT_TRUE(held) << "the empty lease released nothing";
  EXPECT_EQ(pool.stats().released, 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
}

TEST(PoolLease, WhoseObjectWasRecycledDoesNotReleaseTheNewOwner) {
  CasingPool pool = make_casings(1, OverflowPolicy::RecycleOldest);
  int new_owner = -1;
  {
    Lease lease = pool.lease();
    new_owner = pool.acquire();  // takes the lease's object back by policy
    ASSERT_EQ(new_owner, static_cast<int>(lease.handle().index));
    EXPECT_FALSE(lease);
    EXPECT_EQ(lease.get(), nullptr);
  }
  EXPECT_TRUE(pool.is_active(new_owner));
  EXPECT_EQ(pool.stats().released, 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u) << "losing an object by policy is not misuse";
}

TEST(PoolLease, WhoseObjectWasForgottenReleasesNothing) {
  CasingPool pool = make_casings(2);
  {
    Lease lease = pool.lease();
    pool.forget(lease.handle());
    EXPECT_FALSE(lease);
  }
  EXPECT_EQ(pool.stats().released, 0u);
  EXPECT_EQ(pool.stats().misuse(), 0u);
  EXPECT_EQ(pool.stats().forgotten, 1u);
}

TEST(PoolLease, DefaultConstructedLeaseIsEmpty) {
  Lease lease;
  EXPECT_FALSE(lease);
  EXPECT_EQ(lease.get(), nullptr);
  EXPECT_TRUE(lease.detach().is_null());
}

}  // namespace
}  // namespace flatline
