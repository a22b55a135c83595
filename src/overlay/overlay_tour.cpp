// The overlay tour's steps (overlay_tour.hpp), one table row each.
//
// NOTE: the steps that would allocate by design run while the world is paused: pooling off
// news every object spawned, and a Grow policy on a full pool grows it. Paused, no tick
// runs, so the tour measures what the panel costs, not what those lessons cost (they have
// their own figures: docs/ab.md). "Apply sizes" is left out: a new round makes new pools,
// load-time work by design.
#include "overlay/overlay_tour.hpp"

#include <iterator>

namespace flatline::overlay {
namespace {

struct Step {
  const char* what;  // for a reader of the table; the tour does not print it
  void (*run)(Overlay& overlay, Tunables& t, const Tunables& start);
};

OverflowPolicy next_policy(OverflowPolicy p) {
  return static_cast<OverflowPolicy>((static_cast<int>(p) + 1) % 3);
}

template <int kPool>
constexpr Step policy_away() {
  return {"a pool's policy changes", [](Overlay&, Tunables& t, const Tunables& s) {
            t.policy[kPool] = next_policy(s.policy[kPool]);
          }};
}
template <int kPool>
constexpr Step policy_back() {
  return {"and back",
          [](Overlay&, Tunables& t, const Tunables& s) { t.policy[kPool] = s.policy[kPool]; }};
}
template <int kPool>
constexpr Step inspect() {
  return {"a pool's slots, scrolled to the end", [](Overlay& o, Tunables& t, const Tunables&) {
            t.inspect_pool = kPool;
            o.scroll_slots(1.0f);
          }};
}

constexpr Step kSteps[] = {
    {"close every section",
     [](Overlay& o, Tunables&, const Tunables&) { o.set_sections_open(false); }},
    {"open every section",
     [](Overlay& o, Tunables&, const Tunables&) { o.set_sections_open(true); }},
    {"scroll a quarter", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.25f); }},
    {"scroll half", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.5f); }},
    {"scroll three quarters",
     [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.75f); }},
    {"scroll to the end", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(1.0f); }},
    inspect<kBullets>(),
    inspect<kSparks>(),
    inspect<kDecals>(),
    inspect<kCasings>(),
    inspect<kDamageNumbers>(),
    inspect<kTracers>(),
    {"slots to the top", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_slots(0.0f); }},
    {"instancing off", [](Overlay&, Tunables& t, const Tunables&) { t.instancing = false; }},
    {"instancing on",
     [](Overlay&, Tunables& t, const Tunables& s) { t.instancing = s.instancing; }},
    {"sound muted", [](Overlay&, Tunables& t, const Tunables&) { t.muted = true; }},
    {"sound back", [](Overlay&, Tunables& t, const Tunables& s) { t.muted = s.muted; }},
    {"volume down", [](Overlay&, Tunables& t, const Tunables&) { t.volume = 0.25f; }},
    {"volume back", [](Overlay&, Tunables& t, const Tunables& s) { t.volume = s.volume; }},
    {"interpolation off", [](Overlay&, Tunables& t, const Tunables&) { t.interpolate = false; }},
    {"interpolation on",
     [](Overlay&, Tunables& t, const Tunables& s) { t.interpolate = s.interpolate; }},
    {"reset off", [](Overlay&, Tunables& t, const Tunables&) { t.reset_on_release = false; }},
    {"reset on",
     [](Overlay&, Tunables& t, const Tunables& s) { t.reset_on_release = s.reset_on_release; }},
    {"discrete collision",
     [](Overlay&, Tunables& t, const Tunables&) { t.swept_collision = false; }},
    {"swept collision",
     [](Overlay&, Tunables& t, const Tunables& s) { t.swept_collision = s.swept_collision; }},
    {"slow bullets", [](Overlay&, Tunables& t, const Tunables&) { t.bullet_speed = 30.0f; }},
    {"bullet speed back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.bullet_speed = s.bullet_speed; }},
    {"time scale half", [](Overlay&, Tunables& t, const Tunables&) { t.time_scale = 0.5f; }},
    {"time scale back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.time_scale = s.time_scale; }},
    {"tick rate 30 Hz", [](Overlay&, Tunables& t, const Tunables&) { t.tick_hz = 30.0; }},
    {"tick rate back", [](Overlay&, Tunables& t, const Tunables& s) { t.tick_hz = s.tick_hz; }},
    {"rifle rate 20/s", [](Overlay&, Tunables& t, const Tunables&) { t.rifle_rate = 20.0f; }},
    {"rifle rate back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.rifle_rate = s.rifle_rate; }},
    {"frame clamp 0.1 s",
     [](Overlay&, Tunables& t, const Tunables&) { t.max_frame_seconds = 0.1f; }},
    {"frame clamp back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.max_frame_seconds = s.max_frame_seconds; }},
    {"Double release", [](Overlay&, Tunables& t, const Tunables&) { ++t.double_release_requests; }},
    {"Stale handle release",
     [](Overlay&, Tunables& t, const Tunables&) { ++t.stale_release_requests; }},
    {"Seeker on next shot",
     [](Overlay&, Tunables& t, const Tunables&) { t.seeker_requested = true; }},
    {"pause", [](Overlay&, Tunables& t, const Tunables&) { t.paused = true; }},
    {"single step", [](Overlay&, Tunables& t, const Tunables&) { ++t.step_requests; }},
    {"pooling off (paused)", [](Overlay&, Tunables& t, const Tunables&) { t.pooling = false; }},
    {"pooling on", [](Overlay&, Tunables& t, const Tunables& s) { t.pooling = s.pooling; }},
    policy_away<kBullets>(),
    policy_back<kBullets>(),
    policy_away<kSparks>(),
    policy_back<kSparks>(),
    policy_away<kDecals>(),
    policy_back<kDecals>(),
    policy_away<kCasings>(),
    policy_back<kCasings>(),
    policy_away<kDamageNumbers>(),
    policy_back<kDamageNumbers>(),
    policy_away<kTracers>(),
    policy_back<kTracers>(),
    {"unpause", [](Overlay&, Tunables& t, const Tunables& s) { t.paused = s.paused; }},
    {"hide the panel (F1)", [](Overlay&, Tunables& t, const Tunables&) { t.show_panel = false; }},
    {"show the panel (F1)", [](Overlay&, Tunables& t, const Tunables&) { t.show_panel = true; }},
    {"scroll to the top", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.0f); }},
};

}  // namespace

int OverlayTour::step_count() {
  return static_cast<int>(std::size(kSteps));
}

bool OverlayTour::step(Overlay& overlay, Tunables& tunables) {
  if (next_ >= step_count()) return false;
  if (next_ == 0) start_ = tunables;
  kSteps[next_].run(overlay, tunables, start_);
  ++next_;
  return true;
}

}  // namespace flatline::overlay
