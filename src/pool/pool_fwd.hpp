// Why: the pool's names declared ahead, so that pool.hpp opens on the pattern itself.
//
// Pool and PoolLease refer to each other, and InlinePool is an alias of Pool.
#pragma once

#include <functional>

namespace flatline {

// ResetFn is what release() calls. std::function (the default) takes any callable, for one
// indirect call per release; a callable's own type is inlined (InlinePool, below).
template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class Pool;
template <class T, unsigned kGenerationBits = 32, class ResetFn = std::function<void(T&)>>
class PoolLease;

// The reset most pools want, as a type: `object = T{}`.
template <class T>
struct ResetToDefault {
  void operator()(T& object) const { object = T{}; }
};

// A pool whose reset is inlined: InlinePool<Bullet, ResetToDefault<Bullet>>, or
// InlinePool<Bullet, decltype(reset_lambda)>. The recommended form for hot pools.
template <class T, class ResetFn, unsigned kGenerationBits = 32>
using InlinePool = Pool<T, kGenerationBits, ResetFn>;

namespace detail {
// True for the scope of a reset call, false again however it ends (a reset may throw).
class ResetScope {
 public:
  explicit ResetScope(bool& flag) : flag_(flag) { flag_ = true; }
  ~ResetScope() { flag_ = false; }
  ResetScope(const ResetScope&) = delete;
  ResetScope& operator=(const ResetScope&) = delete;

 private:
  bool& flag_;
};
}  // namespace detail

}  // namespace flatline
