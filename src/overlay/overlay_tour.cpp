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
// A panel alone beside the strip (its key), scrolled to its end, and closed again.
template <int kPanel>
constexpr Step open_alone() {
  return {"a panel alone (F2..F9)", [](Overlay&, Tunables& t, const Tunables&) {
            t.mode = OverlayMode::Compact;
            t.panels = {};
            t.panels[kPanel] = true;
          }};
}
constexpr Step kScrollToEnd = {
    "scroll to the end", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(1.0f); }};
template <int kPanel>
constexpr Step close_alone() {
  return {"and closed", [](Overlay&, Tunables& t, const Tunables&) { t.panels[kPanel] = false; }};
}
template <int kMenu>
constexpr Step open_menu() {
  return {"a menu of the menu bar",
          [](Overlay& o, Tunables&, const Tunables&) { o.open_menu(kMenu); }};
}
constexpr Step kCloseMenus = {"menus closed",
                              [](Overlay& o, Tunables&, const Tunables&) { o.open_menu(-1); }};

constexpr Step kSteps[] = {
    open_alone<kPanelPools>(),    kScrollToEnd, close_alone<kPanelPools>(),
    open_alone<kPanelHeap>(),     kScrollToEnd, close_alone<kPanelHeap>(),
    open_alone<kPanelFrame>(),    kScrollToEnd, close_alone<kPanelFrame>(),
    open_alone<kPanelLittle>(),   kScrollToEnd, close_alone<kPanelLittle>(),
    open_alone<kPanelControls>(), kScrollToEnd, close_alone<kPanelControls>(),
    open_alone<kPanelLessons>(),  kScrollToEnd, close_alone<kPanelLessons>(),
    open_alone<kPanelSlots>(),    kScrollToEnd, close_alone<kPanelSlots>(),
    open_alone<kPanelSettings>(), kScrollToEnd, close_alone<kPanelSettings>(),
    open_menu<0>(),
    kCloseMenus,
    open_menu<1>(),
    kCloseMenus,
    // Full mode: every panel at once; the switches below are flipped with all of them in view.
    {"full (F1)", [](Overlay&, Tunables& t, const Tunables&) { t.mode = OverlayMode::Full; }},
    {"scroll half", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.5f); }},
    kScrollToEnd,
    inspect<kBullets>(),
    inspect<kSparks>(),
    inspect<kDecals>(),
    inspect<kCasings>(),
    inspect<kDamageNumbers>(),
    inspect<kTracers>(),
    {"slots to the top", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_slots(0.0f); }},
    {"panels to the top", [](Overlay& o, Tunables&, const Tunables&) { o.scroll_panel(0.0f); }},
    // Settings. Fullscreen and back: under Xvfb it allocates nothing on the game's heap
    // (measured with a 1920x1080 screen too); the driver's mallocs are counted apart.
    {"field of view 100", [](Overlay&, Tunables& t, const Tunables&) { t.fov_degrees = 100.0f; }},
    {"field of view back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.fov_degrees = s.fov_degrees; }},
    {"sensitivity 2x", [](Overlay&, Tunables& t, const Tunables&) { t.mouse_sensitivity = 2.0f; }},
    {"fullscreen", [](Overlay&, Tunables& t, const Tunables&) { t.fullscreen = true; }},
    {"windowed", [](Overlay&, Tunables& t, const Tunables& s) { t.fullscreen = s.fullscreen; }},
    {"sensitivity back",
     [](Overlay&, Tunables& t, const Tunables& s) { t.mouse_sensitivity = s.mouse_sensitivity; }},
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
    {"off (F1)", [](Overlay&, Tunables& t, const Tunables&) { t.mode = OverlayMode::Off; }},
    {"compact (F1)", [](Overlay&, Tunables& t, const Tunables&) { t.mode = OverlayMode::Compact; }},
    {"as it was", [](Overlay&, Tunables& t, const Tunables& s) {
       t.mode = s.mode;
       t.panels = s.panels;
     }},
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
