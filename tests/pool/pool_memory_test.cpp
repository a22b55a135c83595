// Tests for Pool::memory_bytes(): what a pool holds in CPU memory, the objects and the
// bookkeeping reserved for every slot, as the overlay and the stats file report it.
#include <gtest/gtest.h>

#include <cstddef>

#include "pool/pool.hpp"

namespace flatline {
namespace {

struct Blob {
  char bytes[100] = {};
};
static_assert(sizeof(Blob) == 100);

Pool<Blob> make_blobs(std::size_t capacity, OverflowPolicy policy) {
  return Pool<Blob>([] { return Blob{}; }, capacity, [](Blob& b) { b = Blob{}; }, policy);
}

// The bookkeeping per slot (pool.hpp): a Slot {generation 4, state 1 (+3 padding), index 4
// (+4 padding), born 8} and an int in each of the free stack, the live list and the vacant
// stack.
constexpr std::size_t bookkeeping(std::size_t slots) {
  return slots * (24 + 3 * 4);
}

TEST(PoolMemory, CountsEveryObjectAndItsBookkeeping) {
  const Pool<Blob> pool = make_blobs(50, OverflowPolicy::Drop);
  const std::size_t least = 50 * sizeof(Blob) + bookkeeping(50);
  EXPECT_GE(pool.memory_bytes(), least);
  EXPECT_LE(pool.memory_bytes(), least + 50);  // debug builds: one poison flag per slot
}

TEST(PoolMemory, StaysPutInPlayAndGrowsWithThePool) {
  Pool<Blob> pool = make_blobs(50, OverflowPolicy::Grow);
  pool.set_log(nullptr);
  const std::size_t at_load = pool.memory_bytes();
  for (int i = 0; i < 50; ++i)
    pool.release(pool.acquire());
  EXPECT_EQ(pool.memory_bytes(), at_load);  // acquire and release allocate nothing
  for (int i = 0; i < 51; ++i)
    pool.acquire();  // the 51st grows the pool
  ASSERT_GT(pool.capacity(), 50u);
  EXPECT_GE(pool.memory_bytes(), pool.capacity() * sizeof(Blob) + bookkeeping(pool.capacity()));
  EXPECT_GT(pool.memory_bytes(), at_load);
}

}  // namespace
}  // namespace flatline
