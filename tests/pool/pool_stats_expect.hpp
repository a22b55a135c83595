// For the pool tests: two PoolStats equal field by field (each field its own failure line).
#pragma once

#include <gtest/gtest.h>

#include "pool/pool_stats.hpp"

namespace flatline {

// Everything PoolStats reports, so "unchanged" means every field.
inline void expect_same_stats(const PoolStats& a, const PoolStats& b) {
  EXPECT_EQ(a.capacity, b.capacity);
  EXPECT_EQ(a.active, b.active);
  EXPECT_EQ(a.idle, b.idle);
  EXPECT_EQ(a.allocations, b.allocations);
  EXPECT_EQ(a.peak_active, b.peak_active);
  EXPECT_EQ(a.acquired, b.acquired);
  EXPECT_EQ(a.released, b.released);
  EXPECT_EQ(a.dropped, b.dropped);
  EXPECT_EQ(a.recycled, b.recycled);
  EXPECT_EQ(a.grown, b.grown);
  EXPECT_EQ(a.misuse(), b.misuse());
  EXPECT_EQ(a.forgotten, b.forgotten);
  EXPECT_EQ(a.trimmed, b.trimmed);
  EXPECT_EQ(a.destroyed, b.destroyed);
}

}  // namespace flatline
