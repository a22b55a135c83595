// Tests for src/pool/pool.hpp against a reference model: 10^6 random operations
// (every kind of acquire, release and misuse, forget, trim, leases, policy switches,
// destroy), each followed by a comparison of every count and every slot's state.
// The seed is FLATLINE_SEED if set, else a fixed default; a failure prints it.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "pool/pool.hpp"

namespace flatline {
namespace {

constexpr std::uint64_t kDefaultSeed = 0x0F1A7E5EEDull;
constexpr int kEpochs = 40;  // a fresh pool, initial capacity and policy per epoch
constexpr int kOperationsPerEpoch = 25'000;
constexpr std::size_t kGrowLimit = 32;  // Grow is switched off beyond this capacity

// Not trivially copyable (no poisoning), counts its instances, carries a tag per life.
struct Item {
  static inline std::int64_t alive = 0;
  std::uint64_t tag = 0;  // 0: reset or fresh; otherwise the model's id for this life
  Item() { ++alive; }
  Item(const Item& other) : tag(other.tag) { ++alive; }
  Item& operator=(const Item&) = default;
  ~Item() { --alive; }
};

std::uint64_t seed_from_env() {
  const char* text = std::getenv("FLATLINE_SEED");
  return text != nullptr ? std::strtoull(text, nullptr, 0) : kDefaultSeed;
}

// What the pool should be, kept with plain containers. Per slot: live or not,
// generation, tag; live slots in acquisition order (what RecycleOldest and
// oldest_active() must follow, whatever the policy was when they were acquired). Idle
// and vacant (object destroyed) slots are only counted: which idle objects trim()
// takes is the pool's choice, and so is the order for_each_active visits live ones in.
struct Model {
  std::vector<unsigned char> live;  // not vector<bool>: this runs 10^8 times in Debug
  std::vector<std::uint32_t> generation;
  std::vector<std::uint64_t> tag;
  std::vector<int> order;  // live slots, earliest-acquired first
  std::size_t idle = 0, vacant = 0, resets = 0;
  std::uint64_t next_tag = 0;
  OverflowPolicy policy = OverflowPolicy::Drop;
  PoolStats stats;

  std::size_t capacity() const { return live.size(); }
  void add_slots(std::size_t n) {
    live.resize(live.size() + n, false);
    generation.resize(live.size(), 1);
    tag.resize(live.size(), 0);
    idle += n;
    stats.allocations += n;
  }
  void make_live(int slot) {
    live[slot] = true;
    order.push_back(slot);
    ++stats.acquired;
    stats.peak_active = std::max(stats.peak_active, order.size());
  }
  void end_life(int slot) {  // release, recycle, forget, destroy: the slot leaves play
    live[slot] = false;
    ++generation[slot];  // 32 bits never wrap in this test
    tag[slot] = 0;
    order.erase(std::find(order.begin(), order.end(), slot));
  }
  PoolStats expected() const {
    PoolStats s = stats;
    s.capacity = capacity();
    s.active = order.size();
    s.idle = idle;
    return s;
  }
};

bool same(const PoolStats& a, const PoolStats& b) {
  return a.capacity == b.capacity && a.active == b.active && a.idle == b.idle &&
         a.allocations == b.allocations && a.peak_active == b.peak_active &&
         a.acquired == b.acquired && a.released == b.released && a.dropped == b.dropped &&
         a.recycled == b.recycled && a.grown == b.grown && a.double_releases == b.double_releases &&
         a.foreign_releases == b.foreign_releases && a.stale_releases == b.stale_releases &&
         a.forgotten == b.forgotten && a.trimmed == b.trimmed && a.destroyed == b.destroyed &&
         a.poison_violations == b.poison_violations;
}

class Harness {
 public:
  Harness(std::mt19937_64& rng, std::size_t capacity, OverflowPolicy policy)
      : rng_(rng),
        pool_(
            [this] {
              ++factory_calls_;
              return Item{};
            },
            capacity,
            [this](Item& item) {
              ++reset_calls_;
              item.tag = 0;
            },
            policy) {
    pool_.set_log(+[](const char*) {});
    model_.add_slots(capacity);
    model_.policy = policy;
    foreign_ = other_.acquire_handle();
  }

  bool failed() const { return failed_; }

  void step(long long index) {
    step_ = index;
    const unsigned op = pick(100);
    if (op < 30) {
      acquire();
    } else if (op < 55) {
      release_live();
    } else if (op < 59) {
      const int slot = random_slot();  // live or not: the model decides what it was
      pool_.release(slot);
      release_by_int(slot);
    } else if (op < 62) {
      const int slots[] = {-1, -1 - static_cast<int>(pick(9)), INT_MIN, INT_MAX,
                           static_cast<int>(model_.capacity() + pick(5))};
      pool_.release(slots[pick(5)]);
      ++model_.stats.foreign_releases;
    } else if (op < 64) {
      const Handle wrong_pool = foreign_;
      const Handle past_end{static_cast<std::uint32_t>(model_.capacity() + pick(3)), 1, pool_.id()};
      pool_.release(pick(2) == 0 ? wrong_pool : past_end);
      ++model_.stats.foreign_releases;
    } else if (op < 70) {
      if (!history_.empty()) release_handle(history_[pick(history_.size())]);
    } else if (op < 75) {
      forget();
    } else if (op < 78) {
      const std::size_t keep = pick(model_.idle + 2);
      const std::size_t destroyed = model_.idle > keep ? model_.idle - keep : 0;
      expect(pool_.trim(keep) == destroyed, "trim returns how many idle objects it destroyed");
      model_.idle -= destroyed;
      model_.vacant += destroyed;
      model_.stats.trimmed += destroyed;
    } else if (op < 93) {
      lease();
    } else if (op < 95) {
      switch_policy();
    } else if (op < 99) {
      iterate();
    } else if (pick(500) == 0) {
      destroy();
    }
    verify();
  }

 private:
  unsigned pick(std::size_t n) { return static_cast<unsigned>(rng_() % n); }
  int random_slot() { return static_cast<int>(pick(model_.capacity() + 1)) - 1; }
  Handle model_handle(int slot) const {
    return Handle{static_cast<std::uint32_t>(slot), model_.generation[slot], pool_.id()};
  }
  void expect(bool ok, const char* what) {
    if (ok || failed_) return;
    failed_ = true;
    ADD_FAILURE() << "operation " << step_ << ": " << what;
  }

  void keep_capacity_bounded() {
    if (model_.policy == OverflowPolicy::Grow && model_.capacity() >= kGrowLimit) switch_policy();
  }

  void acquire() {
    keep_capacity_bounded();
    if (pick(2) == 0) {
      on_acquire(pool_.acquire());
      return;
    }
    const Handle handle = pool_.acquire_handle();
    const int slot = handle.is_null() ? -1 : static_cast<int>(handle.index);
    on_acquire(slot);
    if (slot >= 0) expect(handle == model_handle(slot), "acquire_handle names slot and generation");
  }

  // Checks that `slot` was a legal answer to an acquire, then applies it to the model.
  void on_acquire(int slot) {
    const bool in_range = slot >= 0 && static_cast<std::size_t>(slot) < pool_.capacity();
    if (model_.idle > 0 || model_.vacant > 0) {
      expect(in_range && !model_.live[slot], "an idle or vacant slot is vended first");
      if (model_.idle > 0) {
        --model_.idle;
      } else {
        --model_.vacant;
        ++model_.stats.allocations;
      }
    } else if (model_.policy == OverflowPolicy::RecycleOldest && !model_.order.empty()) {
      expect(slot == model_.order.front(), "RecycleOldest takes the oldest live slot");
      if (failed_) return;
      model_.end_life(slot);
      ++model_.stats.recycled;
      ++model_.resets;
    } else if (model_.policy == OverflowPolicy::Grow) {
      const std::size_t before = model_.capacity();
      expect(pool_.capacity() > before && slot >= static_cast<int>(before),
             "Grow adds slots and vends a new one");
      if (failed_) return;
      model_.add_slots(pool_.capacity() - before);
      --model_.idle;
      ++model_.stats.grown;
    } else {
      expect(slot == -1, "a full pool drops under Drop");
      ++model_.stats.dropped;
      return;
    }
    if (failed_) return;
    expect(pool_[slot].tag == 0, "a vended object is fresh or reset");
    model_.make_live(slot);
    model_.tag[slot] = pool_[slot].tag = ++model_.next_tag;
    history_.push_back(model_handle(slot));
    if (history_.size() > 32) history_.erase(history_.begin());
  }

  void on_release(int slot) {  // the pool released a live slot
    expect(model_.live[slot], "only a live slot is released");
    model_.end_life(slot);
    ++model_.idle;
    ++model_.stats.released;
    ++model_.resets;
  }
  void release_by_int(int slot) {
    if (slot < 0) {
      ++model_.stats.foreign_releases;
    } else if (model_.live[slot]) {
      on_release(slot);
    } else {
      ++model_.stats.double_releases;
    }
  }
  void release_live() {
    if (model_.order.empty()) return acquire();
    const int slot = model_.order[pick(model_.order.size())];
    expect(pool_[slot].tag == model_.tag[slot], "a live object keeps what its owner wrote");
    if (pick(2) == 0) {
      pool_.release(slot);
    } else {
      expect(pool_.handle_of(slot) == model_handle(slot), "handle_of matches the model");
      pool_.release(model_handle(slot));
    }
    on_release(slot);
  }
  void release_handle(Handle handle) {  // any handle of this pool: live, stale or double
    const int slot = static_cast<int>(handle.index);
    const bool current = model_.live[slot] && model_.generation[slot] == handle.generation;
    expect(pool_.alive(handle) == current, "alive() agrees with the model");
    pool_.release(handle);
    if (current) {
      on_release(slot);
    } else if (model_.live[slot]) {
      ++model_.stats.stale_releases;
    } else {
      ++model_.stats.double_releases;
    }
  }

  void forget() {
    const bool by_handle = pick(2) == 0;
    const Handle handle = history_.empty() ? Handle{} : history_[pick(history_.size())];
    const int slot = by_handle ? static_cast<int>(handle.index) : random_slot();
    const bool live = by_handle ? !handle.is_null() && model_.live[slot] &&
                                      model_.generation[slot] == handle.generation
                                : slot >= 0 && model_.live[slot];
    if (by_handle) {
      pool_.forget(handle);
    } else {
      pool_.forget(slot);
    }
    if (!live) return;
    model_.end_life(slot);
    ++model_.vacant;
    ++model_.stats.forgotten;
  }

  void lease() {
    keep_capacity_bounded();
    Handle handle;
    {
      auto lease = pool_.lease();
      on_acquire(lease ? lease.slot() : -1);
      if (!lease || failed_) return;
      handle = lease.handle();
      expect(handle == model_handle(lease.slot()), "a lease holds its slot's handle");
      switch (pick(4)) {
        case 0:
          expect(lease.detach() == handle, "detach hands over the handle");
          return;  // the slot stays live, owned by nobody here
        case 1:
          lease.reset();
          break;
        case 2: {
          auto moved = std::move(lease);
        } break;
        default:  // more acquires while the lease is held: RecycleOldest may take its object
          for (unsigned i = pick(3) + 1; i > 0; --i) {
            acquire();
          }
      }
    }
    const int slot = static_cast<int>(handle.index);
    if (model_.live[slot] && model_.generation[slot] == handle.generation) on_release(slot);
  }

  void switch_policy() {
    const unsigned choices = model_.capacity() < kGrowLimit ? 3 : 2;
    const OverflowPolicy policies[] = {OverflowPolicy::Drop, OverflowPolicy::RecycleOldest,
                                       OverflowPolicy::Grow};
    model_.policy = policies[pick(choices)];
    pool_.set_policy(model_.policy);
  }

  void iterate() {
    std::size_t visits = 0;
    bool ok = true;
    std::vector<unsigned char>& seen = seen_;
    seen.assign(model_.capacity(), 0);
    pool_.for_each_active([&](int slot, Item& item) {
      const bool fresh = slot >= 0 && static_cast<std::size_t>(slot) < seen.size() && !seen[slot];
      ok = ok && fresh && model_.live[slot] && item.tag == model_.tag[slot];
      if (fresh) seen[slot] = 1;
      ++visits;
    });
    expect(ok && visits == model_.order.size(), "for_each_active: every live slot, once");
    const int oldest = model_.order.empty() ? -1 : model_.order.front();
    expect(pool_.oldest_active() == oldest, "oldest_active: the earliest-acquired live slot");
  }

  void destroy() {
    pool_.destroy();
    while (!model_.order.empty()) {
      model_.end_life(model_.order.back());
      ++model_.vacant;
      ++model_.stats.destroyed;
    }
    model_.stats.trimmed += model_.idle;
    model_.vacant += model_.idle;
    model_.idle = 0;
  }

  void verify() {
    const PoolStats actual = pool_.stats();
    const PoolStats want = model_.expected();
    expect(same(actual, want), "stats() matches the model");
    expect(pool_.capacity() == want.capacity && pool_.active_count() == want.active &&
               pool_.allocations() == want.allocations && pool_.peak_active() == want.peak_active,
           "capacity, active_count, allocations and peak_active match the model");
    expect(pool_.policy() == model_.policy, "policy() reports the last set_policy");
    expect(factory_calls_ == want.allocations, "allocations counts every factory call");
    expect(reset_calls_ == model_.resets, "reset runs once per release and per recycle");
    expect(Item::alive == static_cast<std::int64_t>(want.capacity - model_.vacant + 1),
           "objects alive: one per non-vacant slot (plus the foreign pool's)");
    const int capacity = static_cast<int>(model_.capacity());
    const unsigned char* live = model_.live.data();
    const std::uint32_t* generation = model_.generation.data();
    int bad_state = -1;
    int bad_generation = -1;
    for (int s = 0; s < capacity; ++s) {
      if (pool_.is_active(s) != (live[s] != 0)) bad_state = s;
    }
    // Every handle the test makes is checked against the model's generation; the full
    // sweep runs every 8th operation to keep the test fast in a sanitized Debug build.
    for (int s = 0; s < capacity && step_ % 8 == 0; ++s) {
      if (pool_.generation(s) != generation[s]) bad_generation = s;
    }
    expect(bad_state < 0, "is_active matches the model for every slot");
    expect(bad_generation < 0, "generation matches the model for every slot");
    if (failed_ && !same(actual, want)) {
      EXPECT_EQ(actual.active, want.active);
      EXPECT_EQ(actual.idle, want.idle);
      EXPECT_EQ(actual.allocations, want.allocations);
      EXPECT_EQ(actual.acquired, want.acquired);
      EXPECT_EQ(actual.released, want.released);
      EXPECT_EQ(actual.double_releases, want.double_releases);
      EXPECT_EQ(actual.foreign_releases, want.foreign_releases);
      EXPECT_EQ(actual.stale_releases, want.stale_releases);
      EXPECT_EQ(actual.trimmed, want.trimmed);
    }
  }

  std::mt19937_64& rng_;
  std::size_t factory_calls_ = 0;
  std::size_t reset_calls_ = 0;
  Pool<Item> pool_;
  Pool<Item> other_{[] { return Item{}; }, 1, [](Item&) {}};  // source of foreign handles
  Model model_;
  Handle foreign_;
  std::vector<Handle> history_;      // recent handles: live, stale or released
  std::vector<unsigned char> seen_;  // iterate(): slots visited so far
  long long step_ = 0;
  bool failed_ = false;
};

TEST(PoolModel, MillionRandomOperationsMatchTheReferenceModel) {
  const std::uint64_t seed = seed_from_env();
  SCOPED_TRACE(testing::Message() << "FLATLINE_SEED=" << seed << " reproduces this run");
  std::mt19937_64 rng(seed);
  for (int epoch = 0; epoch < kEpochs; ++epoch) {
    const std::size_t capacity = rng() % 17;  // 0 included
    const OverflowPolicy policies[] = {OverflowPolicy::Drop, OverflowPolicy::RecycleOldest,
                                       OverflowPolicy::Grow};
    const OverflowPolicy policy = policies[rng() % 3];
    auto harness = std::make_unique<Harness>(rng, capacity, policy);
    for (int i = 0; i < kOperationsPerEpoch && !harness->failed(); ++i) {
      harness->step(static_cast<long long>(epoch) * kOperationsPerEpoch + i);
    }
    ASSERT_FALSE(harness->failed()) << "epoch " << epoch;
    harness.reset();
    EXPECT_EQ(Item::alive, 0) << "~Pool destroyed every object exactly once (epoch " << epoch
                              << ")";
  }
}

}  // namespace
}  // namespace flatline
