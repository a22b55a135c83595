// The command line's teaching flags beside options.cpp: each pool by its name (--pool-size
// KIND=N, --overflow KIND=POLICY; a bare value still means the bullets'), every lesson the
// overlay's buttons give (--lesson, --lesson-at, --no-interpolation), misuse located
// (--strict-pools, --leak-report) and the pool's other ways out of play in the game
// (--forget-lost, --trim-on-pause, --restart-at); and where the player starts (--spawn), to
// put the camera anywhere in the level.
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>

#include "app/error_line.hpp"
#include "app/options.hpp"

namespace flatline::app {
namespace {

bool parse_count(std::string_view text, std::int64_t& out) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

std::string quoted(std::string_view text) {
  std::string out(1, '\'');
  out += one_line(text);
  out += '\'';
  return out;
}

// "sparks=64": the pool (by its name in kPoolNames) and what follows '='. No '=': the bullets.
bool split_kind(std::string_view text, int& kind, std::string_view& rest) {
  const std::size_t eq = text.find('=');
  kind = kBullets;
  rest = text;
  if (eq == std::string_view::npos) return true;
  rest = text.substr(eq + 1);
  const std::string_view name = text.substr(0, eq);
  for (int id = 0; id < kPoolCount; ++id)
    if (name == kPoolNames[static_cast<std::size_t>(id)]) return kind = id, true;
  return false;
}

constexpr const char* kKindList =
    "bullets, sparks, decals, casings, damage_numbers, tracers, spheres or debris";

bool parse_policy(std::string_view v, OverflowPolicy& out) {
  if (v == "drop") return out = OverflowPolicy::Drop, true;
  if (v == "recycle-oldest") return out = OverflowPolicy::RecycleOldest, true;
  if (v == "grow") return out = OverflowPolicy::Grow, true;
  return false;
}

std::string pool_size(std::string_view v, Options& o) {
  int kind = kBullets;
  std::string_view n;
  std::int64_t size = 0;
  if (!split_kind(v, kind, n))
    return "--pool-size KIND=N needs a pool: " + std::string(kKindList) + ", not " + quoted(v);
  if (!parse_count(n, size) || size < 1 || size > static_cast<std::int64_t>(kMaxPoolSize))
    return kind == kBullets && n == v ? "--pool-size needs a bullet count from 1 to 10000000"
                                      : "--pool-size KIND=N needs N from 1 to 10000000";
  if (kind == kBullets)
    o.pool_size = static_cast<std::size_t>(size);
  else
    o.kind_pool_size[static_cast<std::size_t>(kind)] = static_cast<std::size_t>(size);
  return {};
}

std::string overflow(std::string_view v, Options& o) {
  int kind = kBullets;
  std::string_view name;
  OverflowPolicy policy = OverflowPolicy::Drop;
  if (!split_kind(v, kind, name))
    return "--overflow KIND=POLICY needs a pool: " + std::string(kKindList) + ", not " + quoted(v);
  if (!parse_policy(name, policy))
    return "--overflow needs drop, recycle-oldest or grow, not " + quoted(name);
  if (kind == kBullets)
    o.overflow = policy;
  else
    o.kind_overflow[static_cast<std::size_t>(kind)] = policy;
  return {};
}

// "X,Y,Z[,YAW[,PITCH]]": three to five finite numbers; coordinates within any level's reach,
// the yaw a turn either way, the pitch short of straight up or down. Whether the point is
// inside the level read at start is checked once it is loaded (Session::load).
std::string spawn(std::string_view v, Options& o) {
  const std::string what =
      "--spawn needs X,Y,Z[,YAW_DEG[,PITCH_DEG]]: metres within 1000, Y >= 0, yaw -360..360, "
      "pitch -89..89";
  double n[5] = {0, 0, 0, 0, 0};
  int count = 0;
  for (std::string_view rest = v;; ++count) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    const char* end = part.data() + part.size();
    if (count == 5) return what + ", not " + quoted(v);
    auto [ptr, ec] = std::from_chars(part.data(), end, n[count]);
    if (part.empty() || ec != std::errc() || ptr != end || !std::isfinite(n[count]))
      return what + ", not " + quoted(v);
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  const bool near = std::abs(n[0]) <= kMaxSpawnCoordinate && n[1] >= 0.0 &&
                    n[1] <= kMaxSpawnCoordinate && std::abs(n[2]) <= kMaxSpawnCoordinate;
  if (count < 2 || !near || std::abs(n[3]) > 360.0 || std::abs(n[4]) > kMaxSpawnPitch)
    return what + ", not " + quoted(v);
  o.spawn =
      SpawnPoint{{static_cast<float>(n[0]), static_cast<float>(n[1]), static_cast<float>(n[2])},
                 static_cast<float>(n[3]),
                 static_cast<float>(n[4])};
  return {};
}

}  // namespace

const char* to_string(Lesson lesson) {
  switch (lesson) {
    case Lesson::None:
      return "none";
    case Lesson::DoubleRelease:
      return "double-release";
    case Lesson::StaleHandle:
      return "stale-handle";
    case Lesson::Seeker:
      return "seeker";
  }
  return "?";
}

const char* lesson_usage() {
  return "  --pool-size KIND=N   any pool's capacity by name: bullets sparks decals casings\n"
         "                       damage_numbers tracers spheres debris (1..10000000; a bare\n"
         "                       N: the bullets')\n"
         "  --overflow KIND=POLICY  any pool's overflow policy by name (bare: the bullets')\n"
         "  --lesson NAME        fire one misuse lesson once: double-release | stale-handle |\n"
         "                       seeker (at the end of the warm-up, or --lesson-at)\n"
         "  --lesson-at TICK     the tick --lesson fires at (>= 0)\n"
         "  --no-interpolation   draw the last tick as it is (no blending between ticks)\n"
         "  --strict-pools       a refused release prints the pool, the misuse and the\n"
         "                       caller's file:line (default on in Debug builds)\n"
         "  --no-strict-pools    refused releases are only counted\n"
         "  --leak-report        at exit, list each pool's live objects: acquirer and age\n"
         "  --forget-lost        bullets lost to the world (out of the level) are forgotten:\n"
         "                       destroyed, their slots re-made on demand\n"
         "  --trim-on-pause      pausing trims the idle effect objects; resuming re-makes them\n"
         "  --restart-at TICK    the level restarts at TICK: every pool destroyed and re-made\n"
         "  --spawn X,Y,Z[,YAW[,PITCH]]  start the player's feet at X,Y,Z (metres, inside the\n"
         "                       level), looking YAW degrees left of north, PITCH up (-89..89)\n";
}

bool parse_lesson_flag(std::string_view flag, const std::function<bool(std::string_view&)>& value,
                       Options& o, std::string& error) {
  std::string_view v;
  if (flag == "--pool-size") {
    error = value(v) ? pool_size(v, o) : "--pool-size needs a bullet count from 1 to 10000000";
  } else if (flag == "--overflow") {
    error = value(v) ? overflow(v, o) : "--overflow needs drop, recycle-oldest or grow";
  } else if (flag == "--lesson") {
    const bool given = value(v);
    o.lesson = v == "double-release" ? Lesson::DoubleRelease
               : v == "stale-handle" ? Lesson::StaleHandle
               : v == "seeker"       ? Lesson::Seeker
                                     : Lesson::None;
    if (!given || o.lesson == Lesson::None)
      error = "--lesson needs double-release, stale-handle or seeker" +
              (given ? ", not " + quoted(v) : std::string());
  } else if (flag == "--lesson-at") {
    if (!value(v) || !parse_count(v, o.lesson_at) || o.lesson_at < 0)
      error = "--lesson-at needs a tick >= 0";
  } else if (flag == "--restart-at") {
    if (!value(v) || !parse_count(v, o.restart_at) || o.restart_at < 1)
      error = "--restart-at needs a tick >= 1";
  } else if (flag == "--spawn") {
    error = value(v) ? spawn(v, o) : spawn("", o);
  } else if (flag == "--no-interpolation") {
    o.no_interpolation = true;
  } else if (flag == "--strict-pools" || flag == "--no-strict-pools") {
    o.strict_pools = flag == "--strict-pools";
  } else if (flag == "--leak-report") {
    o.leak_report = true;
  } else if (flag == "--forget-lost") {
    o.forget_lost = true;
  } else if (flag == "--trim-on-pause") {
    o.trim_on_pause = true;
  } else {
    return false;
  }
  return true;
}

}  // namespace flatline::app
