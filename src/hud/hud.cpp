// The HUD (hud.hpp), drawn every frame the full overlay does not cover, on ImGui's background
// list (over the scene, under the panels): the crosshair, a hit marker when a bullet strikes
// a target, the score, PAUSED while paused, the damage numbers, sized by distance, and the
// controls card at start. It allocates
// nothing per frame: text goes through stack buffers and the background list is reserved for a full
// damage-number pool.
#include "hud/hud.hpp"

#include <cfloat>
#include <cstdio>

#include <imgui.h>
#include <glm/geometric.hpp>

#include "hud/hud_math.hpp"
#include "sim/effects.hpp"

namespace flatline::hud {
namespace {

// The HUD's text: each damage number is at most this many characters, drawn twice
// (shadow, then colour), 4 vertices and 6 indices per character.
constexpr int kDamageTextChars = 16;
constexpr int kHudFixedVertices = 4096;  // crosshair, marker, score, the card, and slack
constexpr float kHudFontPx = 26.0f;      // the HUD font's raster size: twice the panel's

constexpr float kHitMarkerSeconds = 0.25f;
constexpr float kBreakMarkerSeconds = 0.45f;  // a broken target's marker: longer, red, larger

constexpr ImU32 kHudWhite = IM_COL32(235, 245, 235, 230);
constexpr ImU32 kDamageColour = IM_COL32(255, 214, 90, 255);

ImU32 with_alpha(ImU32 colour, float alpha) {
  const auto a = static_cast<ImU32>(alpha * static_cast<float>(colour >> IM_COL32_A_SHIFT));
  return (colour & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

// Reserves the background list for a full damage-number pool, so a storm of hits
// never grows it mid-game; reserve() allocates only when the pool itself grew.
void reserve_hud(ImDrawList& list, std::size_t damage_capacity) {
  const int glyphs = static_cast<int>(damage_capacity) * kDamageTextChars * 2;
  const int vertices = glyphs * 4 + kHudFixedVertices;
  if (list.VtxBuffer.Capacity < vertices) list.VtxBuffer.reserve(vertices);
  if (list.IdxBuffer.Capacity < glyphs * 6 + kHudFixedVertices * 2) {
    list.IdxBuffer.reserve(glyphs * 6 + kHudFixedVertices * 2);
  }
}

// The crosshair: four short arms around a gap at the screen centre, outlined dark.
void draw_crosshair(ImDrawList& draw, ImVec2 c) {
  constexpr float kGap = 4.0f, kArm = 7.0f;
  const ImVec2 arms[4][2] = {{{c.x - kGap - kArm, c.y}, {c.x - kGap, c.y}},
                             {{c.x + kGap, c.y}, {c.x + kGap + kArm, c.y}},
                             {{c.x, c.y - kGap - kArm}, {c.x, c.y - kGap}},
                             {{c.x, c.y + kGap}, {c.x, c.y + kGap + kArm}}};
  for (const auto& arm : arms)
    draw.AddLine(arm[0], arm[1], IM_COL32(0, 0, 0, 160), 4.0f);
  for (const auto& arm : arms)
    draw.AddLine(arm[0], arm[1], kHudWhite, 2.0f);
  draw.AddCircleFilled(c, 1.5f, kHudWhite);
}

// The hit marker: an X around the crosshair, between its arms, outlined dark.
void draw_hit_marker(ImDrawList& draw, ImVec2 c, float alpha, bool broke) {
  const float inner = broke ? 7.0f : 6.0f, outer = broke ? 17.0f : 13.0f;
  const ImU32 colour = with_alpha(broke ? IM_COL32(255, 70, 50, 255) : kHudWhite, alpha);
  const ImU32 shadow = with_alpha(IM_COL32(0, 0, 0, 170), alpha);
  for (const float sx : {-1.0f, 1.0f}) {
    for (const float sy : {-1.0f, 1.0f}) {
      const ImVec2 a(c.x + sx * inner, c.y + sy * inner), b(c.x + sx * outer, c.y + sy * outer);
      draw.AddLine(a, b, shadow, 4.5f);
      draw.AddLine(a, b, colour, 2.5f);
    }
  }
}

// Text with a dark drop shadow, so it reads on sky and floor alike.
void shadowed_text(ImDrawList& draw, ImFont* font, float size, ImVec2 at, ImU32 colour, float alpha,
                   const char* text) {
  draw.AddText(font, size, ImVec2(at.x + 1.5f, at.y + 1.5f), with_alpha(IM_COL32_BLACK, alpha),
               text);
  draw.AddText(font, size, at, with_alpha(colour, alpha), text);
}

// The score, top right, out of the panel's way: the count of broken targets, big, and
// under it the same count named, with the hits that broke them.
void draw_score(ImDrawList& draw, ImFont* font, const World& world, float w) {
  char big[32], small[64];  // stack buffers: no std::string per frame
  std::snprintf(big, sizeof big, "SCORE %u", world.score);
  std::snprintf(small, sizeof small, "%u targets broken  |  %llu hits", world.score,
                static_cast<unsigned long long>(world.target_hits));
  const float big_px = kHudFontPx, small_px = kHudFontPx * 0.6f;
  const ImVec2 big_size = font->CalcTextSizeA(big_px, FLT_MAX, 0.0f, big);
  const ImVec2 small_size = font->CalcTextSizeA(small_px, FLT_MAX, 0.0f, small);
  shadowed_text(draw, font, big_px, ImVec2(w - 16.0f - big_size.x, 12.0f), kHudWhite, 1.0f, big);
  shadowed_text(draw, font, small_px, ImVec2(w - 16.0f - small_size.x, 14.0f + big_size.y),
                kHudWhite, 1.0f, small);
}

// PAUSED, big, a little above the crosshair, and how to go on: the world is frozen, not hung.
void draw_paused(ImDrawList& draw, ImFont* font, ImVec2 c) {
  constexpr const char* kBig = "PAUSED";
  constexpr const char* kSmall = "P resumes, N steps one tick";
  const float big_px = kHudFontPx * 1.5f, small_px = kHudFontPx * 0.6f;
  const ImVec2 big = font->CalcTextSizeA(big_px, FLT_MAX, 0.0f, kBig);
  const ImVec2 small = font->CalcTextSizeA(small_px, FLT_MAX, 0.0f, kSmall);
  const float top = c.y - 40.0f - big.y - small.y;
  shadowed_text(draw, font, big_px, ImVec2(c.x - big.x * 0.5f, top), kHudWhite, 1.0f, kBig);
  shadowed_text(draw, font, small_px, ImVec2(c.x - small.x * 0.5f, top + big.y + 2.0f), kHudWhite,
                1.0f, kSmall);
}

}  // namespace

void Hud::add_font(ImFontAtlas& atlas) {
  ImFontConfig config;
  config.SizePixels = kHudFontPx;  // ProggyClean at twice its size: crisp pixels, not a blur
  font_ = atlas.AddFontDefault(&config);
}

void Hud::draw(const World& world, const render::Camera& camera, double tick_hz, bool paused,
               bool controls_card) {
  IM_ASSERT(ImGui::GetCurrentContext() != nullptr &&
            "The HUD draws into an open ImGui frame: begin the overlay's frame first");
  ImDrawList& draw = *ImGui::GetBackgroundDrawList();  // over the scene, under the panels
  reserve_hud(draw, world.damage_numbers.pool.capacity() + world.damage_numbers.heap.size());
  const ImVec2 display = ImGui::GetIO().DisplaySize;  // window coordinates, whole pixels
  const float w = static_cast<float>(static_cast<int>(display.x));
  const float h = static_cast<float>(static_cast<int>(display.y));
  const ImVec2 centre(w * 0.5f, h * 0.5f);
  ImFont* font = font_ != nullptr ? font_ : ImGui::GetFont();

  draw_crosshair(draw, centre);
  if (world.target_hits > 0 && world.tick > world.last_target_hit_tick) {
    // A hit in tick T is seen once step() has moved the world to T + 1.
    const bool broke =
        world.score > 0 && world.last_target_broken_tick == world.last_target_hit_tick;
    const float alpha = hit_marker_alpha(world.tick - 1 - world.last_target_hit_tick, tick_hz,
                                         broke ? kBreakMarkerSeconds : kHitMarkerSeconds);
    if (alpha > 0.0f) draw_hit_marker(draw, centre, alpha, broke);
  }
  draw_score(draw, font, world, w);
  if (paused) draw_paused(draw, font, centre);
  const float card = card_.opacity(world, tick_hz);  // noted even while hidden
  if (controls_card) ControlsCard::draw(draw, font, kHudFontPx, w, h, card);

  numbers_on_screen_ = 0;

  const auto number = [&](const DamageNumber& d, int key) {
    glm::vec2 at;
    if (!project_to_screen(camera.view_proj, d.pos, w, h, at)) return;
    const float alpha = fade(d.life, Linger::kDamageNumber);  // opaque while live, then fades
    if (alpha <= 0.0f) return;
    if (alpha >= 0.5f) ++numbers_on_screen_;  // counted while readable: half opaque or more
    const float size = damage_number_px(glm::length(d.pos - camera.eye), h);
    at += damage_number_spread(key, size);
    char text[kDamageTextChars];  // a stack buffer: no std::string per frame
    std::snprintf(text, sizeof text, "%.0f", static_cast<double>(d.value));
    const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
    shadowed_text(draw, font, size, ImVec2(at.x - extent.x * 0.5f, at.y - extent.y * 0.5f),
                  kDamageColour, alpha, text);
  };
  // Keyed by slot, so a number keeps its place while others come and go.
  world.damage_numbers.pool.for_each_active(
      [&](int slot, const DamageNumber& d) { number(d, slot); });
  int heap_key = 0;  // pooling off: by place in the list
  world.damage_numbers.heap.for_each([&](const DamageNumber& d) { number(d, heap_key++); });
}

}  // namespace flatline::hud
