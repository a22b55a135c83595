// Why: a slot that cannot leak: the lease releases it on scope exit, early return included.
//
// A lease is RAII ownership of one pooled object: an early return or an exception cannot
// leak its slot. Move-only: one owner at a time.
#pragma once

#include <utility>

#include "pool/handle.hpp"
#include "pool/pool.hpp"  // pool.hpp includes this file at its end; #pragma once breaks the cycle

namespace flatline {

template <class T, unsigned kGenerationBits, class ResetFn>
class PoolLease {
 public:
  using PoolType = Pool<T, kGenerationBits, ResetFn>;

  PoolLease() = default;
  PoolLease(PoolType& pool, Handle handle) : pool_(&pool), handle_(handle) {}
  PoolLease(const PoolLease&) = delete;
  PoolLease& operator=(const PoolLease&) = delete;
  PoolLease(PoolLease&& other) noexcept
      : pool_(std::exchange(other.pool_, nullptr)), handle_(std::exchange(other.handle_, {})) {}
  PoolLease& operator=(PoolLease&& other) noexcept {
    if (this != &other) {
      reset();
      pool_ = std::exchange(other.pool_, nullptr);
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  ~PoolLease() { reset(); }

  // Gives the object back now. If the pool already took it back (RecycleOldest
  // re-vended it, or it was forgotten), the lease lost it by policy: nothing to do.
  void reset() {
    if (pool_ != nullptr && pool_->alive(handle_)) pool_->release(handle_);
    pool_ = nullptr;
    handle_ = {};
  }
  // Stops owning without releasing: the caller now holds the handle.
  Handle detach() {
    pool_ = nullptr;
    return std::exchange(handle_, {});
  }

  T* get() const { return pool_ != nullptr ? pool_->get(handle_) : nullptr; }
  T* operator->() const { return get(); }
  T& operator*() const { return *get(); }
  explicit operator bool() const { return get() != nullptr; }
  Handle handle() const { return handle_; }
  int slot() const { return get() != nullptr ? static_cast<int>(handle_.index) : -1; }

 private:
  PoolType* pool_ = nullptr;
  Handle handle_;
};

template <class T, unsigned kGenerationBits, class ResetFn>
PoolLease<T, kGenerationBits, ResetFn> Pool<T, kGenerationBits, ResetFn>::lease(
    SourceLocation where) {
  const Handle handle = acquire_handle(where);
  if (handle.is_null()) return {};
  return PoolLease<T, kGenerationBits, ResetFn>(*this, handle);
}

}  // namespace flatline
