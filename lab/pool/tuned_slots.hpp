// Why: misuse caught in O(1), live objects walked in O(live), acquisition order, all apart.
//
// TunedPool's bookkeeping lives apart from its objects, as in sokol_gfx's pools: a sparse
// set (as in EnTT) that never touches an object. order_ holds every slot index exactly
// once, in three runs:
//
//     order_ = [ live ............ | idle ............ | vacant .......... ]
//                0             active_             ready_            capacity
//
//   live    checked out by the game;
//   idle    made and reset, ready to vend. This run IS the free stack: its top is
//           order_[active_], so the slot released last is the next one vended;
//   vacant  no object (trimmed, forgotten, destroyed): re-made on demand.
//
// meta_[slot].pos says where a slot sits in order_. So "is slot s live?" is one
// compare (meta_[s].pos < active_), popping the free stack is ++active_, pushing a slot
// back is one swap with the last live slot and --active_, and the live slots are
// order_[0, active_): iterating them costs O(live), not O(capacity).
//
// Layout. meta_ is {pos, generation}, 8 bytes, what release reads and writes; the
// acquisition stamps (8 bytes, written by acquire) live in their own array. An 8-byte
// entry is one scaled address (base + slot * 8) where a 16-byte {pos, generation, stamp}
// needed a shift and an add on every access: 4 instructions per pair fewer, and the
// same 36 bytes per slot in all.
//
// The quiet pop: in steady state an acquire is one compare (active_ < quiet_end_), one
// load, the stamp and ++active_. quiet_end_ folds "a slot is idle", "no new high-water
// mark" and "no acquisition log to write" into one number (docs/perf/pool_features.md
// has what it buys).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pool/handle.hpp"

namespace flatline::lab::detail {

template <unsigned kGenerationBits>
class SlotTable {
 public:
  // Room for `capacity` slots: the only allocation. The pool calls it before the
  // factory runs, so running out of memory here leaves no object behind. The log is
  // reserved under every policy, so switching to RecycleOldest never allocates: in all,
  // 36 bytes of bookkeeping per slot (order_ 4, meta_ 8, stamps_ 8, log 2 x 8).
  void reserve(std::size_t capacity) {
    order_.reserve(capacity);
    meta_.reserve(capacity);
    stamps_.reserve(capacity);
    log_.reserve(log_size(capacity));
  }
  // New slots whose objects were just made: put under the free stack, below the slots
  // already there, so a fresh pool vends slot 0, 1, 2, ... Allocates nothing after reserve().
  void add_idle(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      const auto slot = static_cast<std::uint32_t>(order_.size());
      order_.push_back(slot);
      meta_.push_back(Meta{slot, 1});
      stamps_.push_back(0);
      swap_into(slot, ready_++);  // past the vacant run: swap it to the idle run's end
    }
    capacity_ = static_cast<std::uint32_t>(order_.size());
    log_.resize(log_size(capacity_));
    sync_quiet_end();
  }

  std::size_t capacity() const { return capacity_; }
  // The bookkeeping's memory: what reserve() made room for, in bytes.
  std::size_t reserved_bytes() const {
    return order_.capacity() * sizeof(std::uint32_t) + meta_.capacity() * sizeof(Meta) +
           stamps_.capacity() * sizeof(std::uint64_t) + log_.capacity() * sizeof(Entry);
  }
  std::size_t active() const { return active_; }
  std::size_t peak() const { return peak_; }  // the high-water mark of active()
  std::size_t idle() const { return ready_ - active_; }
  std::size_t vacant() const { return capacity_ - ready_; }
  std::uint64_t acquisitions() const { return clock_; }  // lives begun so far: the last stamp

  // One compare: a negative slot converts to a huge unsigned index.
  bool in_range(int slot) const { return static_cast<std::uint32_t>(slot) < capacity_; }
  // Slots index as unsigned: an in-range slot is the same number, and no sign extension.
  bool live(int slot) const { return meta_[index(slot)].pos < active_; }  // slot in range
  std::uint32_t generation(int slot) const { return meta_[index(slot)].generation; }
  int at(std::size_t pos) const { return static_cast<int>(order_[pos]); }  // pos < capacity

  // --- The free stack: the idle run, its top at order_[active_].
  bool free_empty() const { return active_ == ready_; }
  int free_top() const { return static_cast<int>(order_[active_]); }
  // A pop with nothing to note, the steady state: the stack is not empty, this acquire
  // does not raise the high-water mark, and no acquisition log is kept. One compare, as
  // quiet_end_ folds the three in (see sync_quiet_end).
  bool can_pop_quietly() const { return active_ < quiet_end_; }
  // idle -> live: the live run takes in the top, and the new life gets its stamp.
  void pop_free_quietly() {
    const std::uint32_t slot = order_[active_++];
    stamps_[slot] = ++clock_;
  }
  // The same pop, noting a new high-water mark and RecycleOldest's log. !free_empty()
  void pop_free() {
    begin_life(order_[active_]);
    ++active_;
    raise_peak();
  }
  // live -> idle: the last live slot fills the hole, the live run shrinks by one, and
  // the slot lands on top of the free stack. Its generation moves on.
  void push_free(int slot) {
    const std::uint32_t last_pos = --active_;
    const std::uint32_t pos = meta_[index(slot)].pos;
    if (pos != last_pos) {  // already last (LIFO use, like a burst of one): nothing to swap
      const std::uint32_t last = order_[last_pos];
      order_[pos] = last;
      meta_[last].pos = pos;
      order_[last_pos] = index(slot);
      meta_[index(slot)].pos = last_pos;
    }
    bump(slot);
  }
  // Where an idle slot sits on the free stack: 0 is its top. -1 for any other slot.
  int free_depth(int slot) const {
    if (!in_range(slot)) return -1;
    const std::uint32_t pos = meta_[index(slot)].pos;
    return pos >= active_ && pos < ready_ ? static_cast<int>(pos - active_) : -1;
  }

  // --- Vacant slots, when the free stack is empty: the pool makes the object first.
  int vacant_top() const { return static_cast<int>(order_[ready_]); }
  void pop_vacant() {
    begin_life(order_[ready_]);
    ++ready_;  // with no idle run, the first vacant slot sits right at the live run's end
    ++active_;
    raise_peak();
    sync_quiet_end();  // ready_ moved: a trimmed pool goes back to quiet pops
  }
  // live -> vacant (forget): onto the free stack, then swapped with its bottom.
  void vacate(int slot) {
    push_free(slot);
    swap_into(index(slot), --ready_);
    sync_quiet_end();
  }
  // idle -> vacant (trim): the bottom of the free stack, released longest ago.
  int vacate_idle() {
    const int slot = static_cast<int>(order_[--ready_]);
    sync_quiet_end();
    return slot;
  }
  // everything -> vacant (destroy): live generations move on, every handle goes stale.
  void vacate_all() {
    for (std::uint32_t pos = 0; pos < active_; ++pos)
      bump(static_cast<int>(order_[pos]));
    active_ = ready_ = 0;
    log_head_ = log_tail_ = 0;
    sync_quiet_end();
  }
  // live -> live (RecycleOldest): a new life in the same slot. The old owner's
  // handles go stale, and the slot becomes the newest in acquisition order.
  void renew(int slot) {
    bump(slot);
    begin_life(index(slot));
  }

  // --- Acquisition order, without a linked list.
  //
  // Every life begins with a stamp, the acquisition number (1, 2, 3, ...): the
  // earliest-acquired live slot is the live slot with the smallest stamp. Scanning
  // the live run for it costs O(live). RecycleOldest needs it on every acquire of a
  // full pool, so while that policy is on (set_logging), each new life is also
  // appended to a log as {slot, stamp}; a release writes nothing there. An entry is
  // current while its slot is live with the same stamp; a release, recycle or forget
  // makes it stale. The oldest live slot is the first current entry: oldest() drops
  // the stale ones before it for good, so each entry is skipped once: O(1) amortized.
  // (Dropping stale entries changes nothing observable, so oldest() stays const:
  // log_head_ is mutable.)
  int oldest() const {
    if (logging_) {
      for (; log_head_ < log_tail_; ++log_head_) {
        const Entry e = log_[log_head_];
        if (current(e)) return static_cast<int>(e.slot);
      }
      return -1;
    }
    int oldest = -1;
    std::uint64_t oldest_stamp = UINT64_MAX;
    for (std::uint32_t pos = 0; pos < active_; ++pos) {
      const std::uint32_t slot = order_[pos];
      if (stamps_[slot] < oldest_stamp) {
        oldest_stamp = stamps_[slot];
        oldest = static_cast<int>(slot);
      }
    }
    return oldest;
  }
  // Turning the log on fills it with the live slots, sorted by stamp: O(live log live),
  // once per policy switch. std::sort works in place: no allocation.
  void set_logging(bool on) {
    if (on && !logging_) {
      for (std::uint32_t pos = 0; pos < active_; ++pos)
        log_[pos] = entry(order_[pos]);
      std::sort(log_.begin(), log_.begin() + active_, [this](const Entry& a, const Entry& b) {
        return stamps_[a.slot] < stamps_[b.slot];
      });
      log_head_ = 0;
      log_tail_ = active_;
    }
    logging_ = on;
    sync_quiet_end();
  }

 private:
  struct Meta {
    std::uint32_t pos;         // where the slot sits in order_
    std::uint32_t generation;  // moves on each time the slot's object leaves play; never 0
  };
  // The stamp's low 32 bits are enough to tell lives apart here: the log is compacted
  // whenever it fills, so no entry stays in it for 2^32 acquires.
  struct Entry {
    std::uint32_t slot;
    std::uint32_t stamp;
  };
  Entry entry(std::uint32_t slot) const {
    return Entry{slot, static_cast<std::uint32_t>(stamps_[slot])};
  }
  bool current(Entry e) const {
    return meta_[e.slot].pos < active_ && static_cast<std::uint32_t>(stamps_[e.slot]) == e.stamp;
  }
  static std::uint32_t index(int slot) { return static_cast<std::uint32_t>(slot); }

  void raise_peak() {
    if (active_ > peak_) {
      peak_ = active_;
      sync_quiet_end();
    }
  }
  // quiet_end_ is where quiet pops stop: at the free stack's bottom or the high-water
  // mark, whichever comes first, and at 0 (never) while the log is kept. Every change to
  // ready_, peak_ or logging_ calls this.
  void sync_quiet_end() { quiet_end_ = logging_ ? 0 : std::min(ready_, peak_); }
  void begin_life(std::uint32_t slot) {
    stamps_[slot] = ++clock_;
    if (logging_) [[unlikely]]
      append(slot);
  }
  void append(std::uint32_t slot) {
    if (log_tail_ == log_.size()) [[unlikely]]
      compact_log();
    log_[log_tail_++] = entry(slot);
  }
  // The log is full: keep only the current entries, in order, at its front. That is
  // at most one per live slot, and the log holds 2 x capacity + 16 entries, so at
  // least capacity + 16 appends come between two compactions: O(1) amortized.
  [[gnu::noinline]] void compact_log() {
    std::size_t kept = 0;
    for (std::size_t i = log_head_; i < log_tail_; ++i) {
      const Entry e = log_[i];
      log_[kept] = e;  // written either way, kept only if current: no branch to mispredict
      kept += current(e);
    }
    log_head_ = 0;
    log_tail_ = kept;
  }
  static std::size_t log_size(std::size_t capacity) { return 2 * capacity + 16; }

  // Puts `slot` at position `pos` of order_; whichever slot was there takes its old place.
  void swap_into(std::uint32_t slot, std::uint32_t pos) {
    const std::uint32_t from = meta_[slot].pos;
    const std::uint32_t other = order_[pos];
    order_[from] = other;
    meta_[other].pos = from;
    order_[pos] = slot;
    meta_[slot].pos = pos;
  }
  void bump(int slot) {
    const std::uint32_t generation = meta_[index(slot)].generation;  // read once
    meta_[index(slot)].generation = next_generation<kGenerationBits>(generation);
  }

  // The hot fields first, on one cache line.
  std::uint32_t active_ = 0;           // end of the live run: the free stack's top
  std::uint32_t quiet_end_ = 0;        // pop_free_quietly() while active_ is below it
  std::uint64_t clock_ = 0;            // the last stamp handed out
  std::vector<std::uint32_t> order_;   // every slot once: [live | idle | vacant]
  std::vector<Meta> meta_;             // per slot
  std::vector<std::uint64_t> stamps_;  // per slot: acquisition number of its current (or last) life
  std::uint32_t ready_ = 0;            // end of the idle run: below the free stack's bottom
  std::uint32_t capacity_ = 0;
  std::uint32_t peak_ = 0;  // the most slots ever live at once
  bool logging_ = false;
  std::vector<Entry> log_;            // while logging: lives in acquisition order, some stale
  mutable std::size_t log_head_ = 0;  // every entry before it is stale
  std::size_t log_tail_ = 0;          // where the next entry goes
};

}  // namespace flatline::lab::detail
