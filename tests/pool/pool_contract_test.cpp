// The pool contract (pool_contract.hpp) over src/pool's pools: the core over the textbook
// pool and flatline::Pool, the rest over flatline::Pool. lab/tests/ runs it over the lab's.
#include "pool_contract.hpp"

#include <memory>

#include "pool/pool.hpp"
#include "pool/textbook_pool.hpp"

namespace flatline::contract {
namespace {

struct TextbookKind {
  using Pool = TextbookPool<Probe, ResetProbe>;
  static std::unique_ptr<Pool> make(std::size_t capacity, CountingFactory factory) {
    return std::make_unique<Pool>(factory, static_cast<int>(capacity));
  }
};
using ShippedKind = PoolKind<flatline::Pool<Probe>>;

using CorePools = ::testing::Types<TextbookKind, ShippedKind>;
INSTANTIATE_TYPED_TEST_SUITE_P(Src, PoolCoreContract, CorePools);
INSTANTIATE_TYPED_TEST_SUITE_P(Src, PoolFullContract, ::testing::Types<ShippedKind>);

}  // namespace
}  // namespace flatline::contract
