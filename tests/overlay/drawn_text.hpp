// Test helper: the text a frame drew, read back from ImGui's draw data.
#pragma once

#include <imgui.h>

#include <cmath>
#include <string>

namespace flatline::overlay {

inline const ImFontGlyph* glyph_at(const ImFont& font, const ImVec2& uv0, const ImVec2& uv1) {
  for (const ImFontGlyph& g : font.Glyphs) {
    if (g.U0 == uv0.x && g.V0 == uv0.y && g.U1 == uv1.x && g.V1 == uv1.y) return &g;
  }
  return nullptr;
}

// The text the frame drew, read back from the draw data: each visible character
// is a quad of 4 vertices whose 1st and 3rd UVs are its glyph's corners in the
// font atlas. A gap between characters becomes a space, a new line a newline.
// `font`: the atlas's font to read (0: the panel's; the HUD's is the next).
inline std::string drawn_text(int font_index = 0) {
  const ImFont& font = *ImGui::GetIO().Fonts->Fonts[font_index];
  const ImDrawData& data = *ImGui::GetDrawData();
  std::string out;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImVector<ImDrawVert>& v = data.CmdLists[l]->VtxBuffer;
    float pen = 0.0f, top = -1.0f;
    for (int i = 0; i + 3 < v.Size; ++i) {
      const ImFontGlyph* g = glyph_at(font, v[i].uv, v[i + 2].uv);
      if (g == nullptr || g->X1 <= g->X0) continue;
      const float scale = (v[i + 2].pos.x - v[i].pos.x) / (g->X1 - g->X0);
      const float x = v[i].pos.x - g->X0 * scale, y = v[i].pos.y - g->Y0 * scale;
      if (std::abs(y - top) > 0.5f) {
        out += '\n';
      } else if (std::abs(x - pen) > 0.5f) {
        out += ' ';
      }
      out += static_cast<char>(g->Codepoint);
      pen = x + g->AdvanceX * scale;
      top = y;
      i += 3;
    }
    out += '\n';
  }
  return out;
}

}  // namespace flatline::overlay
