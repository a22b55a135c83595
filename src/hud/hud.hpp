// The HUD: what the player sees over the scene whatever the teaching overlay shows. The
// crosshair, a hit marker when a bullet strikes a target, the score, PAUSED while paused, the
// damage numbers, sized by distance, and a card of the controls at start (controls_card.hpp). It
// reads the World and writes nothing back.
//
// It draws with Dear ImGui's draw lists (lines, and text from ImGui's font atlas) into the
// background list of the ImGui frame that is open: over the scene, under any panel, whichever
// is built first. The frame loop opens that frame (the overlay owns ImGui's context), builds
// the panels and draws the HUD. NOTE: the HUD has no GL of its own; ImGui's GL backend draws
// it with the panels.
#pragma once

#include "hud/controls_card.hpp"
#include "render/scene.hpp"
#include "sim/world.hpp"

struct ImFont;
struct ImFontAtlas;

namespace flatline::hud {

class Hud {
 public:
  // Adds the HUD's font (ImGui's default, rasterised large) to ImGui's font atlas. Call it
  // once, before the atlas is built: Overlay::init() takes it as one of its fonts.
  void add_font(ImFontAtlas& atlas);

  // Draws this frame's HUD on the open ImGui frame's background list, seen through `camera`
  // (the renderer's: damage numbers project where the scene draws them). No heap allocation:
  // text goes through stack buffers, and the list is reserved for a full damage-number pool.
  // `paused`: the timestep is paused (P), and the HUD says so. `controls_card`: show the card
  // of the controls at start (ViewSettings::controls_card).
  void draw(const World& world, const render::Camera& camera, double tick_hz, bool paused = false,
            bool controls_card = true);

  // A frame without the HUD (the full overlay covers the scene): nothing drawn, none counted.
  void hide() { numbers_on_screen_ = 0; }

  // The damage numbers the last draw() left readable (on screen, at least half opaque): the
  // stats file's overlay.damage_numbers_on_screen.
  int damage_numbers_on_screen() const { return numbers_on_screen_; }

 private:
  ImFont* font_ = nullptr;  // the HUD's large text, in the atlas beside the panel's
  int numbers_on_screen_ = 0;
  ControlsCard card_;
};

}  // namespace flatline::hud
