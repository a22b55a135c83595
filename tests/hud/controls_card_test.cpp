// Tests for src/hud/controls_card.hpp: the card lists every control at start, stays while the
// player has done nothing, fades once they first look, move or fire (or after its time), and
// a setting hides it. Read back from the HUD's draw list, no GL (hud_rig.hpp).
#include "hud/controls_card.hpp"

#include <gtest/gtest.h>

#include <string>

#include "../overlay/drawn_text.hpp"
#include "hud_rig.hpp"
#include "sim/world.hpp"

namespace flatline::hud {
namespace {

constexpr float kDt = 1.0f / 60.0f;

using ControlsCardTest = HudRig;

bool card_drawn() {
  return overlay::drawn_text(1).find("CONTROLS") != std::string::npos;  // the HUD's font
}

// Steps the world `seconds` with `input` every tick, noting the card's opacity each tick as
// the HUD would each frame; returns the last.
float play(World& world, ControlsCard& card, float seconds, const TickInput& input) {
  float opacity = card.opacity(world, 60.0);
  for (int i = 0; i < static_cast<int>(seconds * 60.0f); ++i) {
    step(world, input, kDt);
    opacity = card.opacity(world, 60.0);
  }
  return opacity;
}

TEST_F(ControlsCardTest, ListsEveryControlAtStart) {
  hud_frame();
  const std::string text = overlay::drawn_text(1);
  for (const char* what :
       {"CONTROLS", "W A S D", "move", "mouse", "look", "left click", "fire", "right click",
        "scatter", "E", "throw", "Space", "jump", "F1", "overlay", "Tab"})
    EXPECT_NE(text.find(what), std::string::npos) << what << " in:\n" << text;
}

TEST_F(ControlsCardTest, ASettingHidesIt) {
  controls_card = false;
  hud_frame();
  EXPECT_FALSE(card_drawn());
}

TEST_F(ControlsCardTest, StaysWhileThePlayerDoesNothing) {
  ControlsCard card;
  EXPECT_EQ(play(*world, card, 5.0f, TickInput{}), 1.0f);  // standing, settling on the floor
}

TEST_F(ControlsCardTest, FadesOnceThePlayerLooksMovesOrFires) {
  TickInput look, move, fire;
  look.look_yaw = 0.01f;
  move.move_forward = 1.0f;
  fire.fire_held = true;
  for (const TickInput& input : {look, move, fire}) {
    World w(WorldConfig{});
    ControlsCard card;
    EXPECT_EQ(play(w, card, 0.5f, TickInput{}), 1.0f);
    const float fading = play(w, card, 0.2f, input);
    EXPECT_LT(fading, 1.0f);
    EXPECT_GT(fading, 0.0f);  // a fade, not a blink
    EXPECT_EQ(play(w, card, static_cast<float>(ControlsCard::kFadeSeconds), TickInput{}), 0.0f);
  }
}

TEST_F(ControlsCardTest, FadesAfterItsTimeWithoutInput) {
  ControlsCard card;
  const auto shown = static_cast<float>(ControlsCard::kShownSeconds + ControlsCard::kFadeSeconds);
  EXPECT_EQ(play(*world, card, shown + 0.1f, TickInput{}), 0.0f);
}

TEST_F(ControlsCardTest, TheHudStopsDrawingItOnceFaded) {
  hud_frame();
  EXPECT_TRUE(card_drawn());
  TickInput fire;
  fire.fire_held = true;
  for (int i = 0; i < 60; ++i) {  // a second of fire: past the fade
    step(*world, fire, kDt);
    hud_frame();
  }
  EXPECT_FALSE(card_drawn());
}

}  // namespace
}  // namespace flatline::hud
