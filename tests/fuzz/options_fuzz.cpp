// libFuzzer target for the command line: bytes split on '\0' into arguments after
// "flatline". parse_options either fails with one line, or gives options within the limits
// that usage() documents, with every cross-option rule kept. Build and run: scripts/fuzz.sh.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/options.hpp"
#include "app/settings_from.hpp"

namespace {

using flatline::app::Options;

[[noreturn]] void fail(const char* what, int line) {
  std::fprintf(stderr, "options_fuzz: invariant broken at line %d: %s\n", line, what);
  std::abort();
}
#define CHECK(cond) \
  if (!(cond)) fail(#cond, __LINE__)

// The flags that take a value: the parser's own table, written out again from usage().
bool takes_value(std::string_view flag) {
  static constexpr std::string_view kWithValue[] = {
      "--frames",     "--seed",    "--stats",        "--pool-size", "--overflow",   "--fire-rate",
      "--warmup",     "--tick-hz", "--record",       "--replay",    "--hash-every", "--stall-at",
      "--screenshot", "--shaders", "--bullet-speed", "--lesson",    "--lesson-at",  "--restart-at"};
  for (std::string_view f : kWithValue)
    if (f == flag) return true;
  return false;
}

// Which flags a successful parse saw as flags (not as another flag's value).
struct Seen {
  bool frames = false, warmup = false, fire_rate = false, bullet_speed = false;
};
Seen flags_seen(const std::vector<std::string>& args) {
  Seen seen;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view flag = args[i];
    seen.frames |= flag == "--frames";
    seen.warmup |= flag == "--warmup";
    seen.fire_rate |= flag == "--fire-rate";
    seen.bullet_speed |= flag == "--bullet-speed";
    if (takes_value(flag)) ++i;
  }
  return seen;
}

void check_accepted(const Options& o, const Seen& seen) {
  using namespace flatline::app;
  CHECK(o.frames == -1 || o.frames >= 1);
  CHECK(seen.frames || o.frames == -1);
  CHECK(o.pool_size <= kMaxPoolSize);
  CHECK(o.tick_hz >= kMinTickHz && o.tick_hz <= kMaxTickHz);
  CHECK(o.fire_rate == 0.0 || (o.fire_rate > 0.0 && o.fire_rate <= kMaxFireRate));
  CHECK(seen.fire_rate || o.fire_rate == 0.0);
  CHECK(o.bullet_speed == 0.0 || (o.bullet_speed >= 1.0 && o.bullet_speed <= kMaxBulletSpeed));
  CHECK(seen.bullet_speed || o.bullet_speed == 0.0);
  CHECK(o.warmup >= 0);
  CHECK(!(seen.warmup && seen.frames) || o.warmup < o.frames);
  CHECK(o.hash_every >= 0);
  CHECK(o.stall_at >= -1);
  CHECK(!(o.no_window && !o.screenshot_path.empty()));
  const bool recording = !o.record_path.empty() || !o.replay_path.empty();
  CHECK(!(recording && o.fire_rate > 0.0));
  CHECK(!(recording && o.lessons_used()));
  if (o.overflow) CHECK(static_cast<int>(*o.overflow) >= 0 && static_cast<int>(*o.overflow) <= 2);
  const flatline::WorldConfig config = world_config_from(o);  // what the game is built from
  CHECK(o.pool_size == 0 || config.pools[flatline::kBullets].capacity == o.pool_size);
  CHECK(config.seed == o.seed);
  for (int id = 0; id < flatline::kPoolCount; ++id) {  // --pool-size / --overflow KIND=...
    const auto i = static_cast<std::size_t>(id);
    CHECK(o.kind_pool_size[i] <= kMaxPoolSize);
    CHECK(id != flatline::kBullets || (o.kind_pool_size[i] == 0 && !o.kind_overflow[i]));
    CHECK(o.kind_pool_size[i] == 0 || config.pools[i].capacity == o.kind_pool_size[i]);
    CHECK(!o.kind_overflow[i] || config.pools[i].policy == *o.kind_overflow[i]);
  }
  CHECK(o.lesson_at == -1 || (o.lesson_at >= 0 && o.lesson != Lesson::None));
  CHECK(o.restart_at == -1 || o.restart_at >= 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args{"flatline"};
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      args.push_back(current);
      current.clear();
    } else {
      current.push_back(static_cast<char>(data[i]));
    }
  }
  if (!current.empty()) args.push_back(current);
  std::vector<const char*> argv;
  for (const std::string& a : args)
    argv.push_back(a.c_str());
  argv.push_back(nullptr);

  const flatline::app::ParseResult result =
      flatline::app::parse_options(static_cast<int>(args.size()), argv.data());
  if (!result.error.empty()) {
    CHECK(result.error.find_first_of("\n\r") == std::string::npos);  // one line, whatever was typed
    return 0;
  }
  check_accepted(result.options, flags_seen(args));
  return 0;
}
