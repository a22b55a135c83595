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
  void (*run)(Overlay& overlay, Settings& t, Requests& r, const Settings& start);
};

OverflowPolicy next_policy(OverflowPolicy p) {
  return static_cast<OverflowPolicy>((static_cast<int>(p) + 1) % 3);
}

template <int kPool>
constexpr Step policy_away() {
  return {"a pool's policy changes", [](Overlay&, Settings& t, Requests&, const Settings& s) {
            t.sim.policy[kPool] = next_policy(s.sim.policy[kPool]);
          }};
}
template <int kPool>
constexpr Step policy_back() {
  return {"and back", [](Overlay&, Settings& t, Requests&, const Settings& s) {
            t.sim.policy[kPool] = s.sim.policy[kPool];
          }};
}
template <int kPool>
constexpr Step inspect() {
  return {"a pool's slots, scrolled to the end",
          [](Overlay& o, Settings& t, Requests&, const Settings&) {
            t.view.inspect_pool = kPool;
            o.scroll_slots(1.0f);
          }};
}
// A panel alone beside the strip (its key), scrolled to its end, and closed again.
template <int kPanel>
constexpr Step open_alone() {
  return {"a panel alone (F2..F9)", [](Overlay&, Settings& t, Requests&, const Settings&) {
            t.view.mode = OverlayMode::Compact;
            t.view.panels = {};
            t.view.panels[kPanel] = true;
          }};
}
constexpr Step kScrollToEnd = {"scroll to the end", [](Overlay& o, Settings&, Requests&,
                                                       const Settings&) { o.scroll_panel(1.0f); }};
template <int kPanel>
constexpr Step close_alone() {
  return {"and closed",
          [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.panels[kPanel] = false; }};
}
template <int kMenu>
constexpr Step open_menu() {
  return {"a menu of the menu bar",
          [](Overlay& o, Settings&, Requests&, const Settings&) { o.open_menu(kMenu); }};
}
constexpr Step kCloseMenus = {
    "menus closed", [](Overlay& o, Settings&, Requests&, const Settings&) { o.open_menu(-1); }};

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
    {"full (F1)", [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.mode = OverlayMode::Full; }},
    {"scroll half", [](Overlay& o, Settings&, Requests&, const Settings&) { o.scroll_panel(0.5f); }},
    kScrollToEnd,
    inspect<kBullets>(),
    inspect<kSparks>(),
    inspect<kDecals>(),
    inspect<kCasings>(),
    inspect<kDamageNumbers>(),
    inspect<kTracers>(),
    inspect<kSpheres>(),
    inspect<kDebris>(),
    {"slots to the top", [](Overlay& o, Settings&, Requests&, const Settings&) { o.scroll_slots(0.0f); }},
    {"panels to the top", [](Overlay& o, Settings&, Requests&, const Settings&) { o.scroll_panel(0.0f); }},
    // Settings. Fullscreen and back: under Xvfb it allocates nothing on the game's heap
    // (measured with a 1920x1080 screen too); the driver's mallocs are counted apart.
    {"field of view 100", [](Overlay&, Settings& t, Requests&, const Settings&) { t.render.fov_degrees = 100.0f; }},
    {"field of view back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.render.fov_degrees = s.render.fov_degrees; }},
    {"sensitivity 2x", [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.mouse_sensitivity = 2.0f; }},
    {"fullscreen", [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.fullscreen = true; }},
    {"windowed", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.view.fullscreen = s.view.fullscreen; }},
    {"sensitivity back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.view.mouse_sensitivity = s.view.mouse_sensitivity; }},
    {"instancing off", [](Overlay&, Settings& t, Requests&, const Settings&) { t.render.instancing = false; }},
    {"instancing on",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.render.instancing = s.render.instancing; }},
    {"sound muted", [](Overlay&, Settings& t, Requests&, const Settings&) { t.audio.muted = true; }},
    {"sound back", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.audio.muted = s.audio.muted; }},
    {"volume down", [](Overlay&, Settings& t, Requests&, const Settings&) { t.audio.volume = 0.25f; }},
    {"volume back", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.audio.volume = s.audio.volume; }},
    {"interpolation off", [](Overlay&, Settings& t, Requests&, const Settings&) { t.time.interpolate = false; }},
    {"interpolation on",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.time.interpolate = s.time.interpolate; }},
    {"reset off", [](Overlay&, Settings& t, Requests&, const Settings&) { t.sim.reset_on_release = false; }},
    {"reset on",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.sim.reset_on_release = s.sim.reset_on_release; }},
    {"discrete collision",
     [](Overlay&, Settings& t, Requests&, const Settings&) { t.sim.swept_collision = false; }},
    {"swept collision",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.sim.swept_collision = s.sim.swept_collision; }},
    {"slow bullets", [](Overlay&, Settings& t, Requests&, const Settings&) { t.sim.bullet_speed = 30.0f; }},
    {"bullet speed back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.sim.bullet_speed = s.sim.bullet_speed; }},
    {"time scale half", [](Overlay&, Settings& t, Requests&, const Settings&) { t.time.time_scale = 0.5f; }},
    {"time scale back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.time.time_scale = s.time.time_scale; }},
    {"tick rate 30 Hz", [](Overlay&, Settings& t, Requests&, const Settings&) { t.time.tick_hz = 30.0; }},
    {"tick rate back", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.time.tick_hz = s.time.tick_hz; }},
    {"rifle rate 20/s", [](Overlay&, Settings& t, Requests&, const Settings&) { t.sim.rifle_rate = 20.0f; }},
    {"rifle rate back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.sim.rifle_rate = s.sim.rifle_rate; }},
    {"frame clamp 0.1 s",
     [](Overlay&, Settings& t, Requests&, const Settings&) { t.time.max_frame_seconds = 0.1f; }},
    {"frame clamp back",
     [](Overlay&, Settings& t, Requests&, const Settings& s) { t.time.max_frame_seconds = s.time.max_frame_seconds; }},
    {"Double release", [](Overlay&, Settings&, Requests& r, const Settings&) { ++r.double_releases; }},
    {"Stale handle release",
     [](Overlay&, Settings&, Requests& r, const Settings&) { ++r.stale_releases; }},
    {"Seeker on next shot",
     [](Overlay&, Settings&, Requests& r, const Settings&) { r.seeker = true; }},
    {"pause", [](Overlay&, Settings& t, Requests&, const Settings&) { t.time.paused = true; }},
    {"single step", [](Overlay&, Settings&, Requests& r, const Settings&) { ++r.steps; }},
    {"pooling off (paused)", [](Overlay&, Settings& t, Requests&, const Settings&) { t.sim.pooling = false; }},
    {"pooling on", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.sim.pooling = s.sim.pooling; }},
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
    {"unpause", [](Overlay&, Settings& t, Requests&, const Settings& s) { t.time.paused = s.time.paused; }},
    {"off (F1)", [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.mode = OverlayMode::Off; }},
    {"compact (F1)", [](Overlay&, Settings& t, Requests&, const Settings&) { t.view.mode = OverlayMode::Compact; }},
    {"as it was", [](Overlay&, Settings& t, Requests&, const Settings& s) {
       t.view.mode = s.view.mode;
       t.view.panels = s.view.panels;
     }},
};

}  // namespace

int OverlayTour::step_count() {
  return static_cast<int>(std::size(kSteps));
}

bool OverlayTour::step(Overlay& overlay, Settings& settings, Requests& requests) {
  if (next_ >= step_count()) return false;
  if (next_ == 0) start_ = settings;
  kSteps[next_].run(overlay, settings, requests, start_);
  ++next_;
  return true;
}

}  // namespace flatline::overlay
