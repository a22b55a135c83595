#include "app/leak_report.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstring>
#include <vector>

namespace flatline::app {
namespace {

// One acquiring line of one pool: how many of its objects are live, the youngest and oldest.
struct SiteRow {
  const char* file = nullptr;  // null: acquired while noting was off
  std::uint32_t line = 0;
  std::size_t live = 0;
  std::uint64_t youngest = UINT64_MAX, oldest = 0;
};

template <class PoolT>
std::vector<SiteRow> rows_of(const PoolT& pool) {
  std::vector<SiteRow> rows;  // after the run: allocating here is not the frame loop's
  pool.for_each_active([&](int slot, const auto&) {
    const AcquireSite* site = pool.acquired_at(slot);
    const char* file = site != nullptr ? site->file : nullptr;
    const std::uint32_t line = site != nullptr ? site->line : 0;
    auto row = std::find_if(rows.begin(), rows.end(), [&](const SiteRow& r) {
      return r.line == line && (r.file == file || (r.file != nullptr && file != nullptr &&
                                                   std::strcmp(r.file, file) == 0));
    });
    if (row == rows.end()) row = rows.insert(rows.end(), SiteRow{file, line});
    ++row->live;
    if (site != nullptr) {
      const std::uint64_t age = pool.now() - site->tick;
      row->youngest = std::min(row->youngest, age);
      row->oldest = std::max(row->oldest, age);
    }
  });
  std::sort(rows.begin(), rows.end(),
            [](const SiteRow& a, const SiteRow& b) { return a.live > b.live; });
  return rows;
}

}  // namespace

void print_leak_report(const World& world, std::FILE* out) {
  std::size_t live = 0;
  for_each_kind(world, [&](const auto& kind) { live += kind.pool.active_count(); });
  std::fprintf(out, "flatline: leak report at tick %" PRIu64 ": %zu objects live in the pools\n",
               world.tick, live);
  for_each_kind(world, [&](const auto& kind) {
    if (kind.pool.active_count() == 0) return;
    std::fprintf(out, "  %s: %zu live\n", kind.name(), kind.pool.active_count());
    for (const SiteRow& r : rows_of(kind.pool)) {
      if (r.file == nullptr) {
        std::fprintf(out, "    (acquirer not noted)  %zu objects\n", r.live);
        continue;
      }
      std::fprintf(out, "    %s:%u  %zu objects, age %" PRIu64 "..%" PRIu64 " ticks\n",
                   project_path(r.file), static_cast<unsigned>(r.line), r.live, r.youngest,
                   r.oldest);
    }
  });
}

}  // namespace flatline::app
